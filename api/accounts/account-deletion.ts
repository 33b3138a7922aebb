// Deleting an account, by the member (DELETE /me) or by an administrator (DELETE /admin/members/:id):
// one function, so both leave the same thing behind (docs/decisions/0080-my-data.md, docs/rules.md
// "Leaving the club"). What happens to each table is one line of ACCOUNT_TABLES; a new table that
// holds anything of a member is a new line there (and in MY_DATA_TABLES, api/privacy/my-data.ts).
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  announcementDismissals,
  absenceLog,
  attendanceSubmissions,
  eventRsvps,
  idempotencyKeys,
  passkeyChallenges,
  passkeys,
  passwordResets,
  memberPrices,
  paymentReminders,
  paymentRequestMembers,
  paymentRequests,
  payments,
  pollChoices,
  pollResponders,
  dutyHolders,
  postTombstoneMembers,
  refunds,
  pushSubscriptions,
  raceEntryReleases,
  raceSignups,
  raceLifts,
  raceLiftPlaces,
  raceLiftSeekers,
  raceResults,
  renewalRequests,
  roleChangeNotifications,
  users,
  waiverSignatures,
  type UserRow,
} from '../../db/schema';
import { verifyPassword } from '../../db/passwords';
import { DELETE_WRONG_PASSWORD, FORMER_MEMBER, LAST_ADMIN_ERROR } from '../../domain/contract/members/privacy';
import type { AppDeps } from '../platform/context';
import { forgetPersonInStoredAnswers } from '../platform/middleware/idempotency';
import { refuseLimitedSignIn, signInFailed, signInKeys } from './auth';
import { ServiceError } from '../platform/errors';
import { removeUpload } from '../media/uploads';
import { findUserById } from '../platform/users';
import { releaseComingPlaces } from '../forum/workouts/workouts';
import { forgetRecipient } from '../messaging/queue/records';
import { forgetSafetyOf } from '../safety/retention';
import { MEMBER_NOT_FOUND } from '../../domain/contract/members/admin';

interface Leaving {
  deps: AppDeps;
  db: Db;
  user: UserRow;
}

/**
 * Every table of the database and what deleting an account does there, in this order. `keep` says
 * why a table is left as it is. The order matters once: the waitlist places and the places still to
 * come go before the account, so the freed places are offered to the next in line.
 */
export const ACCOUNT_TABLES: Record<string, ((leaving: Leaving) => void) | { keep: string }> = {
  // Places in workouts to come are cancelled (no absence) and offered to the waitlist; places in
  // workouts that have started stay, nameless, so the club's counts and reports still add up.
  waitlist_entries: ({ deps, user }) => releaseComingPlaces(deps, user.id),
  workout_signups: { keep: 'handled with waitlist_entries: started workouts keep the place, without a name' },
  attendance_records: { keep: 'present or absent per account number; no name, shown as Former member' },
  attendance_submissions: ({ db, user }) =>
    db
      .update(attendanceSubmissions)
      .set({ submittedByName: FORMER_MEMBER, submittedBy: null })
      .where(eq(attendanceSubmissions.submittedBy, user.id))
      .run(),
  event_rsvps: ({ db, user }) => db.delete(eventRsvps).where(eq(eventRsvps.userId, user.id)).run(),
  race_signups: ({ db, user }) => db.delete(raceSignups).where(eq(raceSignups.userId, user.id)).run(),
  race_entry_releases: ({ db, user }) => db.delete(raceEntryReleases).where(eq(raceEntryReleases.userId, user.id)).run(),
  // A leaving driver's lifts go (with their riders' places); the riders see the lift gone on the race page.
  race_lifts: ({ db, user }) => db.delete(raceLifts).where(eq(raceLifts.driverId, user.id)).run(),
  race_lift_places: ({ db, user }) => db.delete(raceLiftPlaces).where(eq(raceLiftPlaces.userId, user.id)).run(),
  race_lift_seekers: ({ db, user }) => db.delete(raceLiftSeekers).where(eq(raceLiftSeekers.userId, user.id)).run(),
  // Results are the member's own times: they go, and the club's places and season table are counted without them.
  race_results: ({ db, user }) => {
    db.delete(raceResults).where(eq(raceResults.userId, user.id)).run();
    db.update(raceResults).set({ enteredBy: null }).where(eq(raceResults.enteredBy, user.id)).run();
  },
  absence_log: ({ db, user }) => db.delete(absenceLog).where(eq(absenceLog.userId, user.id)).run(),
  renewal_requests: ({ db, user }) =>
    db.delete(renewalRequests).where(eq(renewalRequests.userId, user.id)).run(),
  role_change_notifications: ({ db, user }) =>
    db.delete(roleChangeNotifications).where(eq(roleChangeNotifications.userId, user.id)).run(),
  push_subscriptions: ({ db, user }) =>
    db.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, user.id)).run(),
  passkeys: ({ db, user }) => db.delete(passkeys).where(eq(passkeys.userId, user.id)).run(),
  passkey_challenges: ({ db, user }) =>
    db.delete(passkeyChallenges).where(eq(passkeyChallenges.userId, user.id)).run(),
  password_resets: ({ db, user }) =>
    db.delete(passwordResets).where(eq(passwordResets.userId, user.id)).run(),
  // The member's own stored answers go; anyone else's that names them is rewritten without them.
  idempotency_keys: ({ db, user }) => {
    db.delete(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id)).run();
    forgetPersonInStoredAnswers(db, { name: user.name, email: user.email, phone: user.phoneNumber });
  },
  // Emails and pushes to the member: the waiting ones are dropped, all of them lose address and text.
  message_queue: ({ deps, user }) => forgetRecipient(deps.database.db, user.email),
  post_tombstone_members: ({ db, user }) =>
    db.delete(postTombstoneMembers).where(eq(postTombstoneMembers.userId, user.id)).run(),
  announcement_dismissals: ({ db, user }) =>
    db.delete(announcementDismissals).where(eq(announcementDismissals.userId, user.id)).run(),
  // The member's named answers and that they answered go; the counts per option stay (poll_tallies),
  // and so does the poll's number of answers.
  poll_choices: ({ db, user }) => db.delete(pollChoices).where(eq(pollChoices.userId, user.id)).run(),
  poll_responders: ({ db, user }) => db.delete(pollResponders).where(eq(pollResponders.userId, user.id)).run(),
  // The member's duty places go (a duty to come has a free place again).
  duty_holders: ({ db, user }) => db.delete(dutyHolders).where(eq(dutyHolders.userId, user.id)).run(),
  duties: { keep: 'a duty stays on its session; who added it is forgotten (created_by set null)' },
  // The card and the record of who opened it go (a count of the openings stays, nobody in it); the
  // cards a leaving exec opened stay recorded for their members, under Former member.
  safety_cards: ({ deps, user }) => forgetSafetyOf(deps, user.id),
  safety_openings: { keep: 'handled with safety_cards: the member’s go, those they made stay as Former member' },
  safety_openings_removed: { keep: 'counts of openings that went, nobody in them' },
  waiver_signatures: ({ db, user }) => db.delete(waiverSignatures).where(eq(waiverSignatures.userId, user.id)).run(),
  poll_tallies: { keep: "counts per option; nobody's answer in them" },
  polls: { keep: 'a poll stays for the club; who posted it is forgotten (user_id set null)' },
  announcements: { keep: 'an announcement stays until its date; its author is forgotten (user_id set null)' },
  post_tombstones: { keep: 'a deleted item kept 30 days for calendars; no account in it' },
  workout_lanes: { keep: "a workout's lanes; no account in them (a member's lane is on their sign-up or waitlist place)" },
  club_documents: { keep: 'a version of a club setting or page stays in its history; who published it is forgotten (published_by set null)' },
  posts: { keep: 'a post stays for the club; its author becomes Former member (user_id set null)' },
  races: { keep: 'a race stays; who created it is forgotten (created_by set null)' },
  team_profiles: { keep: "the club's positions, written by administrators; not tied to an account" },
  // The club's books must add up after a member leaves: their payments stay, under Former member,
  // and a treasurer who leaves is forgotten from what they recorded and refunded.
  payments: ({ db, user }) => {
    db.update(payments).set({ memberName: FORMER_MEMBER }).where(eq(payments.userId, user.id)).run();
    db.update(payments).set({ recordedByName: FORMER_MEMBER }).where(eq(payments.recordedBy, user.id)).run();
  },
  refunds: ({ db, user }) => db.update(refunds).set({ createdByName: FORMER_MEMBER }).where(eq(refunds.createdBy, user.id)).run(),
  stripe_events: { keep: 'the ids of the Stripe events handled; no account in them' },
  payment_requests: ({ db, user }) => db.update(paymentRequests).set({ createdByName: FORMER_MEMBER }).where(eq(paymentRequests.createdBy, user.id)).run(),
  payment_request_members: ({ db, user }) => db.delete(paymentRequestMembers).where(eq(paymentRequestMembers.userId, user.id)).run(),
  payment_reminders: ({ db, user }) => db.delete(paymentReminders).where(eq(paymentReminders.userId, user.id)).run(),
  member_prices: ({ db, user }) => {
    db.delete(memberPrices).where(eq(memberPrices.userId, user.id)).run();
    db.update(memberPrices).set({ setByName: FORMER_MEMBER }).where(eq(memberPrices.setBy, user.id)).run();
  },
  // Last: the account itself (the calendar link's secret and the picture's address go with it).
  users: ({ db, user }) => db.delete(users).where(eq(users.id, user.id)).run(),
};

function refuseLastAdministrator(db: Db, user: UserRow): void {
  if (user.role !== 'administrator') return;
  const others = db
    .select({ n: sql<number>`count(*)` })
    .from(users)
    .where(and(eq(users.role, 'administrator'), ne(users.id, user.id)))
    .get()!.n;
  if (others === 0) throw new ServiceError(409, LAST_ADMIN_ERROR);
}

/**
 * Deletes the account `id` and everything of it (ACCOUNT_TABLES), in the caller's transaction or its
 * own. Every session ends with it: a token names an account that no longer exists. Answers the
 * picture's address: the caller removes the file after commit (removeAccountPicture).
 */
export function deleteAccount(deps: AppDeps, id: number): { profilePictureUrl: string | null } {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const user = findUserById(db, id);
    if (!user) throw new ServiceError(404, MEMBER_NOT_FOUND);
    refuseLastAdministrator(db, user);
    for (const step of Object.values(ACCOUNT_TABLES)) {
      if (typeof step === 'function') step({ deps, db, user });
    }
    return { profilePictureUrl: user.profilePictureUrl };
  });
}

/** The file goes only once the row is gone for good (never inside the transaction). */
export async function removeAccountPicture(
  deps: AppDeps,
  url: string | null,
  log?: Parameters<typeof removeUpload>[2],
): Promise<void> {
  if (url) await removeUpload(deps.uploadsDir, url, log);
}

/**
 * The member's own deletion: the password confirms it, even after a passkey sign-in (a phone left
 * unlocked must not be enough). Wrong passwords count with the account's sign-in limits.
 */
export async function deleteOwnAccount(
  deps: AppDeps,
  user: UserRow,
  password: string,
  ip: string,
): Promise<{ profilePictureUrl: string | null }> {
  const keys = signInKeys(ip, user.email);
  refuseLimitedSignIn(deps, keys);
  if (!(await verifyPassword(password, user.passwordHash, deps.hosted?.address))) {
    signInFailed(deps, keys);
    throw new ServiceError(403, DELETE_WRONG_PASSWORD);
  }
  return deleteAccount(deps, user.id);
}
