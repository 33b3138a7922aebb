// "Download my data" (GET /me/export): one ZIP with my-data.json, everything the club's database
// holds about the signed-in member, and their picture. docs/decisions/0080-my-data.md.
// What each table gives is one line of MY_DATA_TABLES; secrets (password hash, calendar-feed secret,
// push keys, passkey public keys, reset tokens) are never part of it, only that they exist.
import { readFile } from 'node:fs/promises';
import { extname } from 'node:path';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import type { Db } from '../../db/client';
import {
  absenceLog,
  announcementDismissals,
  announcements,
  clubDocuments,
  attendanceRecords,
  attendanceSubmissions,
  eventRsvps,
  messageQueue,
  passkeys,
  memberPrices,
  paymentReminders,
  paymentRequestMembers,
  paymentRequests,
  payments,
  dutyHolders,
  duties,
  pollChoices,
  pollResponders,
  polls,
  posts,
  postTombstoneMembers,
  postTombstones,
  pushSubscriptions,
  raceEntryReleases,
  raceSignups,
  raceLifts,
  raceLiftPlaces,
  raceLiftSeekers,
  raceResults,
  races,
  refunds,
  renewalRequests,
  roleChangeNotifications,
  safetyCards,
  safetyOpenings,
  waiverSignatures,
  waitlistEntries,
  workoutSignups,
  type UserRow,
} from '../../db/schema';
import { clubToday } from '../../domain/clock';
import { EXPORT_LIMIT_ERROR, EXPORTS_PER_DAY } from '../../domain/contract/members/privacy';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { uploadPath } from '../media/uploads';
import { waitlistPosition } from '../forum/workouts/workouts';
import { storedSplitsOf } from '../races/results';
import { clubTimeZone } from '../platform/club-time-zone';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Epoch ms as an ISO instant (null stays null): a file a person reads. */
const at = (ms: number | null | undefined) =>
  ms === null || ms === undefined ? null : new Date(ms).toISOString();

interface Reading {
  db: Db;
  user: UserRow;
}

/**
 * Every table of the database and what the export takes from it for one member; `skip` says why a
 * table gives nothing. Each query is filtered by the member's own id (or address): nothing of
 * another member can be in the file.
 */
export const MY_DATA_TABLES: Record<string, ((r: Reading) => unknown) | { skip: string }> = {
  users: ({ user }) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    role: user.role,
    phone_number: user.phoneNumber,
    bio: user.bio,
    picture: user.profilePictureUrl ? `picture${extname(user.profilePictureUrl) || '.webp'}` : null,
    join_date: user.joinDate,
    expiry_date: user.expiryDate,
    absences: user.absences,
    suspended_until: at(user.suspendedUntil),
    charter_accepted_at: at(user.charterAcceptedAt),
    charter_version: user.charterVersion,
    reminders_enabled: user.remindersEnabled,
    swim_pace_seconds_per_100m: user.swimPace,
    run_pace_seconds_per_km: user.runPace,
    ride_speed_kmh: user.rideSpeed,
    row_pace_seconds_per_500m: user.rowPace,
    qualifications: user.qualifications,
    // The feed's address is a secret: only whether there is one.
    calendar_link: user.calendarToken !== null,
    account_created_at: at(user.createdAt),
  }),
  role_change_notifications: ({ db, user }) =>
    db
      .select()
      .from(roleChangeNotifications)
      .where(eq(roleChangeNotifications.userId, user.id))
      .all()
      .map((r) => ({ from: r.oldRole, to: r.newRole, changed_at: at(r.createdAt), seen_at: at(r.readAt) })),
  workout_signups: ({ db, user }) =>
    db
      .select({ s: workoutSignups, p: posts })
      .from(workoutSignups)
      .innerJoin(posts, eq(posts.id, workoutSignups.postId))
      .where(eq(workoutSignups.userId, user.id))
      .all()
      .map(({ s, p }) => ({
        workout_id: p.id,
        title: p.title,
        date: p.workoutDate,
        time: p.workoutTime,
        signed_up_at: at(s.signupTime),
      })),
  waitlist_entries: ({ db, user }) =>
    db
      .select({ w: waitlistEntries, p: posts })
      .from(waitlistEntries)
      .innerJoin(posts, eq(posts.id, waitlistEntries.postId))
      .where(eq(waitlistEntries.userId, user.id))
      .all()
      .map(({ w, p }) => ({
        workout_id: p.id,
        title: p.title,
        date: p.workoutDate,
        time: p.workoutTime,
        joined_at: at(w.joinedAt),
        position: waitlistPosition(db, p.id, user.id),
      })),
  attendance_records: ({ db, user }) =>
    db
      .select({ r: attendanceRecords, p: posts })
      .from(attendanceRecords)
      .innerJoin(posts, eq(posts.id, attendanceRecords.postId))
      .where(eq(attendanceRecords.userId, user.id))
      .all()
      .map(({ r, p }) => ({ workout_id: p.id, title: p.title, date: p.workoutDate, present: r.present })),
  absence_log: ({ db, user }) =>
    db
      .select({ a: absenceLog, p: posts })
      .from(absenceLog)
      .leftJoin(posts, eq(posts.id, absenceLog.postId))
      .where(eq(absenceLog.userId, user.id))
      .all()
      .map(({ a, p }) => ({
        workout_id: a.postId,
        title: p?.title ?? null,
        reason: a.reason,
        counted_at: at(a.createdAt),
      })),
  event_rsvps: ({ db, user }) =>
    db
      .select({ r: eventRsvps, p: posts })
      .from(eventRsvps)
      .innerJoin(posts, eq(posts.id, eventRsvps.postId))
      .where(eq(eventRsvps.userId, user.id))
      .all()
      .map(({ r, p }) => ({
        event_id: p.id,
        title: p.title,
        date: p.eventDate,
        status: r.status,
        answered_at: at(r.rsvpTime),
      })),
  race_signups: ({ db, user }) =>
    db
      .select({ s: raceSignups, r: races })
      .from(raceSignups)
      .innerJoin(races, eq(races.id, raceSignups.raceId))
      .where(eq(raceSignups.userId, user.id))
      .all()
      .map(({ s, r }) => ({ race_id: r.id, name: r.name, date: r.date, signed_up_at: at(s.signupTime), distance: s.distance, wave: s.wave })),
  race_entry_releases: ({ db, user }) =>
    db
      .select({ e: raceEntryReleases, r: races })
      .from(raceEntryReleases)
      .innerJoin(races, eq(races.id, raceEntryReleases.raceId))
      .where(eq(raceEntryReleases.userId, user.id))
      .all()
      .map(({ e, r }) => ({ race_id: r.id, name: r.name, let_go_at: at(e.releasedAt), why: 'its entry fee was not paid within the club’s hold' })),
  race_lifts: ({ db, user }) =>
    db
      .select()
      .from(raceLifts)
      .where(eq(raceLifts.driverId, user.id))
      .all()
      .map((l) => ({ race_id: l.raceId, leaving_from: l.leavingFrom, leaving_at: l.leavingAt, seats: l.seats, bike_spots: l.bikeSpots, note: l.note })),
  race_lift_places: ({ db, user }) =>
    db
      .select({ p: raceLiftPlaces, l: raceLifts })
      .from(raceLiftPlaces)
      .innerJoin(raceLifts, eq(raceLifts.id, raceLiftPlaces.liftId))
      .where(eq(raceLiftPlaces.userId, user.id))
      .all()
      .map(({ p, l }) => ({ race_id: l.raceId, lift_id: l.id, place: p.kind, taken_at: at(p.takenAt) })),
  race_lift_seekers: ({ db, user }) =>
    db
      .select()
      .from(raceLiftSeekers)
      .where(eq(raceLiftSeekers.userId, user.id))
      .all()
      .map((s) => ({ race_id: s.raceId, since: at(s.since) })),
  race_results: ({ db, user }) =>
    db
      .select()
      .from(raceResults)
      .where(eq(raceResults.userId, user.id))
      .all()
      .map((r) => ({
        race_id: r.raceId,
        distance: r.distance,
        finish_seconds: r.finishSeconds,
        splits: storedSplitsOf(r.splits),
        placing: r.placing,
        entered_at: at(r.enteredAt),
      })),
  posts: ({ db, user }) =>
    db
      .select()
      .from(posts)
      .where(eq(posts.userId, user.id))
      .all()
      .map((p) => ({ id: p.id, type: p.type, title: p.title, text: p.content, created_at: at(p.createdAt) })),
  races: ({ db, user }) =>
    db
      .select()
      .from(races)
      .where(eq(races.createdBy, user.id))
      .all()
      .map((r) => ({ id: r.id, name: r.name, date: r.date, created_at: at(r.createdAt) })),
  attendance_submissions: ({ db, user }) =>
    db
      .select()
      .from(attendanceSubmissions)
      .where(eq(attendanceSubmissions.submittedBy, user.id))
      .all()
      .map((s) => ({ workout_id: s.postId, submitted_at: at(s.submittedAt) })),
  // Devices: their names and choices, never the push keys or the endpoint.
  push_subscriptions: ({ db, user }) =>
    db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, user.id))
      .all()
      .map((d) => ({
        device: d.label,
        place_freed: d.placeFreed,
        reminders: d.reminders,
        new_workouts: d.newWorkouts,
        announcements: d.announcements,
        added_at: at(d.createdAt),
      })),
  passkeys: ({ db, user }) =>
    db
      .select()
      .from(passkeys)
      .where(eq(passkeys.userId, user.id))
      .all()
      .map((k) => ({
        name: k.name,
        synced: k.deviceType === 'multiDevice',
        added_at: at(k.createdAt),
        last_used_at: at(k.lastUsedAt),
      })),
  // Emails and pushes to the member: what and when, not the text (a reset email's link is a secret).
  message_queue: ({ db, user }) =>
    db
      .select()
      .from(messageQueue)
      .where(eq(messageQueue.to, user.email))
      .all()
      .map((m) => ({
        channel: m.channel,
        subject: m.subject,
        status: m.status,
        queued_at: at(m.createdAt),
        sent_at: at(m.sentAt),
      })),
  renewal_requests: ({ db, user }) =>
    db
      .select()
      .from(renewalRequests)
      .where(eq(renewalRequests.userId, user.id))
      .all()
      .map((r) => ({
        session: r.session,
        status: r.status,
        reason: r.reason,
        asked_at: at(r.createdAt),
        decided_at: at(r.decidedAt),
      })),
  announcements: ({ db, user }) =>
    db
      .select()
      .from(announcements)
      .where(eq(announcements.userId, user.id))
      .all()
      .map((a) => ({ id: a.id, title: a.title, body: a.body, until: a.until, posted_at: at(a.createdAt) })),
  club_documents: ({ db, user }) =>
    db
      .select({ key: clubDocuments.key, version: clubDocuments.version, publishedAt: clubDocuments.publishedAt, note: clubDocuments.note })
      .from(clubDocuments)
      .where(eq(clubDocuments.publishedBy, user.id))
      .all()
      .map((d) => ({ setting: d.key, version: d.version, published_at: at(d.publishedAt), note: d.note })),
  polls: ({ db, user }) =>
    db
      .select()
      .from(polls)
      .where(eq(polls.userId, user.id))
      .all()
      .map((p) => ({ id: p.id, question: p.question, options: JSON.parse(p.options) as string[], closes_at: at(p.closesAt), posted_at: at(p.createdAt) })),
  // The polls the member answered; what they chose only where the poll was named (an anonymous
  // poll's server never knew).
  poll_responders: ({ db, user }) =>
    db
      .select({ r: pollResponders, question: polls.question, anonymous: polls.anonymous })
      .from(pollResponders)
      .innerJoin(polls, eq(polls.id, pollResponders.pollId))
      .where(eq(pollResponders.userId, user.id))
      .all()
      .map(({ r, question, anonymous }) => ({ poll_id: r.pollId, question, anonymous, answered_at: at(r.answeredAt) })),
  poll_choices: ({ db, user }) =>
    db
      .select({ c: pollChoices, question: polls.question, options: polls.options })
      .from(pollChoices)
      .innerJoin(polls, eq(polls.id, pollChoices.pollId))
      .where(eq(pollChoices.userId, user.id))
      .all()
      .map(({ c, question, options }) => ({ poll_id: c.pollId, question, chose: (JSON.parse(options) as string[])[c.option] ?? null })),
  duty_holders: ({ db, user }) =>
    db
      .select({ h: dutyHolders, d: duties })
      .from(dutyHolders)
      .innerJoin(duties, eq(duties.id, dutyHolders.dutyId))
      .where(eq(dutyHolders.userId, user.id))
      .all()
      .map(({ h, d }) => ({
        duty_id: d.id,
        kind: d.kind,
        on: `${d.place} ${d.placeId}`,
        starts_at: at(d.startsAt),
        taken_at: at(h.takenAt),
        swap_offered_at: at(h.swapOfferedAt),
      })),
  duties: ({ db, user }) =>
    db
      .select()
      .from(duties)
      .where(eq(duties.createdBy, user.id))
      .all()
      .map((d) => ({ id: d.id, kind: d.kind, on: `${d.place} ${d.placeId}`, places: d.places, added_at: at(d.createdAt) })),
  poll_tallies: { skip: "counts per option, nobody's answer in them" },
  announcement_dismissals: ({ db, user }) =>
    db
      .select({ d: announcementDismissals, title: announcements.title })
      .from(announcementDismissals)
      .innerJoin(announcements, eq(announcements.id, announcementDismissals.announcementId))
      .where(eq(announcementDismissals.userId, user.id))
      .all()
      .map(({ d, title }) => ({ announcement_id: d.announcementId, title, dismissed_at: at(d.dismissedAt) })),
  post_tombstone_members: ({ db, user }) =>
    db
      .select({ p: postTombstones })
      .from(postTombstoneMembers)
      .innerJoin(postTombstones, eq(postTombstones.postId, postTombstoneMembers.postId))
      .where(eq(postTombstoneMembers.userId, user.id))
      .all()
      .map(({ p }) => ({ deleted_item: p.postId, title: p.title, date: p.date })),
  post_tombstones: {
    skip: 'deleted items kept 30 days for calendars; the ones you had answered are under post_tombstone_members',
  },
  password_resets: { skip: 'reset links are secrets; they expire within an hour' },
  passkey_challenges: { skip: 'one-time sign-in challenges, gone within minutes' },
  idempotency_keys: { skip: `the server's copy of answers to your offline changes, kept for 30 days` },
  workout_lanes: { skip: "the lanes of the club's workouts; your own lane is with your sign-ups and waitlist places" },
  team_profiles: { skip: "the club's positions, written by administrators; not tied to an account" },
  payments: ({ db, user }) =>
    db
      .select()
      .from(payments)
      .where(eq(payments.userId, user.id))
      .all()
      .map((p) => ({
        payment: p.id,
        for: p.item,
        before_tax_cents: p.subtotalCents,
        tax_cents: p.taxCents,
        tax: p.taxName,
        amount_cents: p.amountCents,
        currency: p.currency,
        method: p.method,
        status: p.status,
        receipt: p.receipt,
        made_at: at(p.createdAt),
        paid_at: at(p.paidAt),
      })),
  refunds: ({ db, user }) =>
    db
      .select({ r: refunds })
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.userId, user.id))
      .all()
      .map(({ r }) => ({ payment: r.paymentId, amount_cents: r.amountCents, reason: r.reason, status: r.status, at: at(r.createdAt) })),
  stripe_events: { skip: 'the ids of the Stripe events the club handled; your payments above say what they did' },
  safety_cards: ({ db, user }) =>
    db
      .select()
      .from(safetyCards)
      .where(eq(safetyCards.userId, user.id))
      .all()
      .map((c) => ({
        contacts: JSON.parse(c.contacts) as unknown,
        health_flags: JSON.parse(c.flags) as unknown,
        health_notes: c.notes,
        shared_with_execs: c.consentMark !== null,
        confirmed_for_term: c.confirmedTerm,
        updated_at: at(c.updatedAt),
      })),
  waiver_signatures: ({ db, user }) =>
    db
      .select()
      .from(waiverSignatures)
      .where(eq(waiverSignatures.userId, user.id))
      .all()
      .map((w) => ({ version: w.version, term: w.termId, full_name: w.fullName, signed_at: at(w.signedAt) })),
  // Who opened your card, when and how: you are owed that list. The cards you opened are on their members' lists.
  safety_openings: ({ db, user }) =>
    db
      .select()
      .from(safetyOpenings)
      .where(eq(safetyOpenings.memberId, user.id))
      .all()
      .map((o) => ({ opened_by: o.openedByName, opened_at: at(o.openedAt), how: o.how })),
  safety_openings_removed: { skip: 'counts of openings of cards that were removed, nobody in them' },
  payment_requests: { skip: 'the club’s requests for a payment; the ones made to you are under payment_request_members' },
  payment_request_members: ({ db, user }) =>
    db
      .select({ r: paymentRequests })
      .from(paymentRequestMembers)
      .innerJoin(paymentRequests, eq(paymentRequests.id, paymentRequestMembers.requestId))
      .where(eq(paymentRequestMembers.userId, user.id))
      .all()
      .map(({ r }) => ({ request: r.id, for: r.title, amount_cents: r.amountCents, currency: r.currency, due: r.dueDate })),
  payment_reminders: ({ db, user }) =>
    db
      .select()
      .from(paymentReminders)
      .where(eq(paymentReminders.userId, user.id))
      .all()
      .map((r) => ({ last_reminded_at: at(r.sentAt) })),
  member_prices: ({ db, user }) =>
    db
      .select()
      .from(memberPrices)
      .where(eq(memberPrices.userId, user.id))
      .all()
      .map((p) => ({ exempt: p.priceCents === null, price_cents: p.priceCents, reason: p.reason, set_at: at(p.setAt) })),
};

/** The member's data as one object, keyed by table (the keys of MY_DATA_TABLES that give something). */
export function myData(deps: AppDeps, user: UserRow): Record<string, unknown> {
  const { db } = deps.database;
  return deps.database.read(() => {
    const out: Record<string, unknown> = {
      exported_at: at(deps.clock()),
      about:
        'Everything the club stores about you, by table. Times are UTC (ISO 8601); workout, event and race dates and times are club time. ' +
        'Secrets (password, calendar link, device keys, passkey keys) are not included, only that they exist.',
    };
    for (const [table, read] of Object.entries(MY_DATA_TABLES)) {
      if (typeof read === 'function') out[table] = read({ db, user });
    }
    return out;
  });
}

function refuseTooMany(deps: AppDeps, userId: number): void {
  const hit = deps.rateLimiter.hit(`export:member:${userId}`, EXPORTS_PER_DAY, DAY_MS);
  if (hit.limited)
    throw new ServiceError(429, EXPORT_LIMIT_ERROR, undefined, {
      'Retry-After': String(Math.max(1, hit.retryAfterSec)),
    });
}

/** The ZIP: my-data.json and, when the member has one, their picture. Limited to EXPORTS_PER_DAY. */
export async function exportMyData(
  deps: AppDeps,
  user: UserRow,
): Promise<{ filename: string; body: Uint8Array }> {
  refuseTooMany(deps, user.id);
  const data = myData(deps, user);
  const files: Record<string, Uint8Array> = { 'my-data.json': strToU8(`${JSON.stringify(data, null, 2)}\n`) };
  const picture = uploadPath(deps.uploadsDir, user.profilePictureUrl);
  const profile = data.users as { picture: string | null };
  if (picture && profile.picture) {
    try {
      files[profile.picture] = await readFile(picture);
    } catch {
      // The file is gone (a restored older database): the JSON still names what was stored.
      profile.picture = null;
      files['my-data.json'] = strToU8(`${JSON.stringify(data, null, 2)}\n`);
    }
  }
  const day = clubToday(deps.clock(), clubTimeZone(deps));
  // Pictures are already compressed; the JSON shrinks well.
  return { filename: `my-data-${day}.zip`, body: zipSync(files, { level: 6, mtime: deps.clock() }) };
}
