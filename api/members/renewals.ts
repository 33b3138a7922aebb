// Renewals: a member whose membership ends within RENEWAL_WINDOW_DAYS (or has ended) asks to renew for
// a membership session of the club calendar; an administrator approves many at once (the expiry
// becomes the session's last day, the member gets an email) or declines one with a reason.
import { clubName } from '../club/identity/identity';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { renewalRequests, users, type RenewalRequestRow } from '../../db/schema';
import { termChoices, termFromId } from '../../domain/calendar';
import { clubTerms } from '../club/terms';
import { clubToday } from '../../domain/clock';
import { inRenewalWindow } from '../../domain/membership';
import {
  RENEWAL_DECIDED_ERROR,
  RENEWAL_MEMBERS_ONLY_ERROR,
  RENEWAL_NOT_ELIGIBLE_ERROR,
  RENEWAL_NOT_FOUND,
  UNKNOWN_SESSION_ERROR,
  type MyRenewalAnswer,
  type Renewal,
  type RenewalsDecidedAnswer,
  type SessionChoice,
} from '../../domain/contract/members/season';
import type { AppDeps } from '../platform/context';
import { clubDates } from '../club/settings';
import { ServiceError } from '../platform/errors';
import { renewalApprovedEmail, renewalDeclinedEmail } from '../messaging/mail-templates';
import { findUserById } from '../platform/users';
import { clubTimeZone } from '../platform/club-time-zone';
import { MEMBER_NOT_FOUND } from '../../domain/contract/members/admin';

const APPROVED_ROLES = ['member', 'exec', 'administrator'];


const today = (deps: AppDeps) => clubToday(deps.clock(), clubTimeZone(deps));

function toRenewal(deps: AppDeps, row: RenewalRequestRow, member: { name: string; email: string; expiryDate: string | null }): Renewal {
  const session = termFromId(clubTerms(deps), row.session);
  return {
    id: row.id,
    memberId: row.userId,
    name: member.name,
    email: member.email,
    session: row.session,
    sessionName: session?.label ?? row.session,
    sessionEnds: session?.end ?? '',
    currentExpiry: member.expiryDate,
    status: row.status as Renewal['status'],
    reason: row.reason,
    requestedAt: row.createdAt,
    decidedAt: row.decidedAt,
  };
}

/** May this account ask to renew today: approved, with an expiry within the window or past. */
function isEligible(row: { role: string; expiryDate: string | null }, day: string): boolean {
  return APPROVED_ROLES.includes(row.role) && inRenewalWindow(row.expiryDate, day);
}

/** The sessions a member may renew for: those ending after the membership does (and after today). */
function renewableSessions(deps: AppDeps, expiryDate: string | null, day: string): SessionChoice[] {
  const after = expiryDate && expiryDate > day ? expiryDate : day;
  return termChoices(clubTerms(deps), day).filter((s) => s.ends > after);
}

function loadRequests(deps: AppDeps, where?: ReturnType<typeof and>): Renewal[] {
  return deps.database.db
    .select({ request: renewalRequests, name: users.name, email: users.email, expiryDate: users.expiryDate })
    .from(renewalRequests)
    .innerJoin(users, eq(users.id, renewalRequests.userId))
    .where(where)
    // Open requests first (oldest first, as they came), then the answered ones, newest first.
    .orderBy(
      sql`case when ${renewalRequests.status} = 'requested' then 0 else 1 end`,
      sql`case when ${renewalRequests.status} = 'requested' then ${renewalRequests.createdAt} else -coalesce(${renewalRequests.decidedAt}, 0) end`,
      sql`case when ${renewalRequests.status} = 'requested' then ${renewalRequests.id} else -${renewalRequests.id} end`,
    )
    .limit(1000)
    .all()
    .map((r) => toRenewal(deps, r.request, r));
}

export function myRenewal(deps: AppDeps, userId: number): MyRenewalAnswer {
  const row = findUserById(deps.database.db, userId);
  if (!row) throw new ServiceError(404, MEMBER_NOT_FOUND);
  const day = today(deps);
  const latest = loadRequests(deps, and(eq(renewalRequests.userId, userId)))[0] ?? null;
  return {
    eligible: isEligible(row, day),
    expiryDate: row.expiryDate,
    sessions: renewableSessions(deps, row.expiryDate, day),
    renewal: latest,
  };
}

/** POST /me/renewal: asks (or changes the open request's session). */
export function requestRenewal(deps: AppDeps, userId: number, sessionId: string): Renewal {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const row = findUserById(db, userId);
    if (!row) throw new ServiceError(404, MEMBER_NOT_FOUND);
    const day = today(deps);
    if (!APPROVED_ROLES.includes(row.role)) throw new ServiceError(403, RENEWAL_MEMBERS_ONLY_ERROR);
    if (!isEligible(row, day)) throw new ServiceError(409, RENEWAL_NOT_ELIGIBLE_ERROR);
    const session = termFromId(clubTerms(deps), sessionId);
    if (!session || !renewableSessions(deps, row.expiryDate, day).some((s) => s.id === session.id)) {
      throw new ServiceError(400, UNKNOWN_SESSION_ERROR);
    }
    const open = db
      .select()
      .from(renewalRequests)
      .where(and(eq(renewalRequests.userId, userId), eq(renewalRequests.status, 'requested')))
      .get();
    const saved = open
      ? db.update(renewalRequests).set({ session: session.id }).where(eq(renewalRequests.id, open.id)).returning().get()
      : db.insert(renewalRequests).values({ userId, session: session.id, createdAt: deps.clock() }).returning().get();
    return toRenewal(deps, saved, row);
  });
}

/** GET /admin/renewals: open requests first, then the answered ones. */
export function listRenewals(deps: AppDeps): Renewal[] {
  return loadRequests(deps);
}

/**
 * Approves every open request among `ids` in one transaction; answered or unknown ids are left alone.
 * `actorId` is null when the club's rule approved it (a renewal paid, with "a paid membership activates").
 */
export function approveRenewals(deps: AppDeps, actorId: number | null, ids: number[]): RenewalsDecidedAnswer {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const now = deps.clock();
    const open = db
      .select({ request: renewalRequests, member: users })
      .from(renewalRequests)
      .innerJoin(users, eq(users.id, renewalRequests.userId))
      .where(and(inArray(renewalRequests.id, [...new Set(ids)]), eq(renewalRequests.status, 'requested')))
      .all();
    for (const { request, member } of open) {
      const session = termFromId(clubTerms(deps), request.session);
      if (!session) continue;
      db.update(users).set({ expiryDate: session.end }).where(eq(users.id, member.id)).run();
      db.update(renewalRequests)
        .set({ status: 'approved', decidedAt: now, decidedBy: actorId })
        .where(eq(renewalRequests.id, request.id))
        .run();
      deps.messageQueue.enqueue(renewalApprovedEmail(clubName(deps), member.email, member.name, session.label, clubDates(deps).date(session.end, 'long'), deps.env.APP_URL));
    }
    const renewals = loadRequests(deps, and(inArray(renewalRequests.id, ids)));
    return { approved: open.length, renewals };
  });
}

export function declineRenewal(deps: AppDeps, actorId: number, id: number, reason: string): Renewal {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const found = db
      .select({ request: renewalRequests, member: users })
      .from(renewalRequests)
      .innerJoin(users, eq(users.id, renewalRequests.userId))
      .where(eq(renewalRequests.id, id))
      .get();
    if (!found) throw new ServiceError(404, RENEWAL_NOT_FOUND);
    if (found.request.status !== 'requested') throw new ServiceError(409, RENEWAL_DECIDED_ERROR);
    const saved = db
      .update(renewalRequests)
      .set({ status: 'declined', reason, decidedAt: deps.clock(), decidedBy: actorId })
      .where(eq(renewalRequests.id, id))
      .returning()
      .get();
    const label = termFromId(clubTerms(deps), found.request.session)?.label ?? found.request.session;
    deps.messageQueue.enqueue(renewalDeclinedEmail(clubName(deps), found.member.email, found.member.name, label, reason, deps.env.APP_URL));
    return toRenewal(deps, saved, found.member);
  });
}
