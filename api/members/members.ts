import { asc, eq, inArray, sql } from 'drizzle-orm';
import { termFromId } from '../../domain/calendar';
import { clubTerms } from '../club/terms';
import { clubName } from '../club/identity/identity';
import { BULK_SELF_ROLE_ERROR, demoteAdminsMessage, UNKNOWN_SESSION_ERROR, type BulkMembersAnswer, type bulkMembersSchema } from '../../domain/contract/members/season';
import type { z } from 'zod';
import { clubToday } from '../../domain/clock';
import { users, type UserRow } from '../../db/schema';
import {
  ALREADY_APPROVED_ERROR,
  MEMBER_NOT_FOUND,
  NOT_PENDING_ERROR,
  PAST_EXPIRY_ERROR,
  SELF_DELETE_ERROR,
  SELF_DEMOTE_ERROR,
  SET_REJECTED_ERROR,
  type AdminMember,
  type ApproveMemberInput,
  type UpdateMemberInput,
} from '../../domain/contract/members/admin';
import { DUPLICATE_EMAIL_ERROR } from '../../domain/contract/members/auth';
import { ROLE_LABELS, hasRole, type Role } from '../../domain/contract/roles';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { activationEmail } from '../messaging/mail-templates';
import { isUniqueViolation } from '../../db/errors';
import { emailTaken, recordRoleChange } from '../accounts/member-profile';
import { deleteAccount } from '../accounts/account-deletion';
import { findUserById, normaliseEmail } from '../platform/users';
import { acceptedCurrentCharter, currentCharterVersion } from '../club/pages/charter';
import { effectiveRole } from '../../domain/membership';
import { clubTimeZone } from '../platform/club-time-zone';
import { clubPhoneReader } from '../club/settings';
import type { PhoneReader } from '../../domain/contract/common';

// Member management: approving, rejecting, editing and deleting accounts. Every function here is synchronous
// and expects to run inside the caller's transaction: it reads the current row, checks, then writes.

const today = (deps: AppDeps) => clubToday(deps.clock(), clubTimeZone(deps));

/** `charter`: whether the row accepted the charter in force (api/club/charter.ts): the members table shows that. */
export function toAdminMember(row: UserRow, day: string, charter: (row: UserRow) => boolean): AdminMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role as Role,
    phone_number: row.phoneNumber,
    join_date: row.joinDate,
    expiry_date: row.expiryDate,
    absences: row.absences,
    charter_accepted: charter(row) ? 1 : 0,
    expired: row.role !== 'pending' && effectiveRole(row, day) === 'pending',
  };
}

/** Everyone with an account, pending and rejected included, by name. */
export function listMembers(deps: AppDeps): AdminMember[] {
  const day = today(deps);
  const charter = (row: UserRow) => acceptedCurrentCharter(deps, row);
  return deps.database.db
    .select()
    .from(users)
    .orderBy(sql`lower(${users.name})`, asc(users.id))
    .all()
    .map((row) => toAdminMember(row, day, charter));
}

function loadMember(deps: AppDeps, id: number): UserRow {
  const row = findUserById(deps.database.db, id);
  if (!row) throw new ServiceError(404, MEMBER_NOT_FOUND);
  return row;
}

function reload(deps: AppDeps, id: number): AdminMember {
  return toAdminMember(loadMember(deps, id), today(deps), (row) => acceptedCurrentCharter(deps, row));
}

/** pending (or rejected) → member, exec or administrator with an expiry date; the activation email goes with it. */
export function approveMember(deps: AppDeps, id: number, input: ApproveMemberInput): AdminMember {
  const { db } = deps.database;
  const row = loadMember(deps, id);
  if (row.role !== 'pending' && row.role !== 'rejected' && row.role !== 'public') {
    throw new ServiceError(409, ALREADY_APPROVED_ERROR);
  }
  const day = today(deps);
  if (input.expiryDate < day) throw new ServiceError(400, PAST_EXPIRY_ERROR);
  db.update(users)
    .set({ role: input.role, expiryDate: input.expiryDate, joinDate: row.joinDate ?? day })
    .where(eq(users.id, id))
    .run();
  recordRoleChange(db, id, row.role, input.role, deps.clock());
  deps.messageQueue.enqueue(activationEmail(clubName(deps), row.email, row.name, ROLE_LABELS[input.role], deps.env.APP_URL));
  return reload(deps, id);
}

/** pending → rejected. Rejecting someone already rejected changes nothing. */
export function rejectMember(deps: AppDeps, id: number): AdminMember {
  const { db } = deps.database;
  const row = loadMember(deps, id);
  if (row.role === 'rejected') return reload(deps, id);
  if (row.role !== 'pending' && row.role !== 'public') throw new ServiceError(409, NOT_PENDING_ERROR);
  db.update(users).set({ role: 'rejected' }).where(eq(users.id, id)).run();
  recordRoleChange(db, id, row.role, 'rejected', deps.clock());
  return reload(deps, id);
}

/** How the Edit Member modal's phone number is read: for the club's country, the member's kept number left as it is. */
export function memberPhoneReader(deps: AppDeps, id: number): PhoneReader {
  return clubPhoneReader(deps, findUserById(deps.database.db, id)?.phoneNumber);
}

/** The Edit Member modal: name, email, role, expiry date, phone and charter flag. */
export function updateMember(
  deps: AppDeps,
  actorId: number,
  id: number,
  input: UpdateMemberInput,
): AdminMember {
  const { db } = deps.database;
  const row = loadMember(deps, id);
  if (id === actorId && input.role !== 'administrator') throw new ServiceError(409, SELF_DEMOTE_ERROR);
  if (input.role === 'rejected' && row.role !== 'rejected') throw new ServiceError(400, SET_REJECTED_ERROR);
  const email = normaliseEmail(input.email);
  if (emailTaken(db, email, id)) throw new ServiceError(409, DUPLICATE_EMAIL_ERROR);

  const now = deps.clock();
  const charter =
    input.charterAccepted === undefined
      ? {}
      : input.charterAccepted
        ? {
            charterAcceptedAt: acceptedCurrentCharter(deps, row) ? row.charterAcceptedAt : now,
            charterVersion: currentCharterVersion(deps),
          }
        : { charterAcceptedAt: null, charterVersion: null };
  try {
    db.update(users)
      .set({
        name: input.name,
        email,
        role: input.role,
        expiryDate: input.expiryDate,
        phoneNumber: input.phoneNumber || null,
        ...charter,
      })
      .where(eq(users.id, id))
      .run();
  } catch (err) {
    if (isUniqueViolation(err)) throw new ServiceError(409, DUPLICATE_EMAIL_ERROR);
    throw err;
  }
  recordRoleChange(db, id, row.role, input.role, now);
  // Activating an account from the edit dialog is an approval too: the member hears about it.
  if (!hasRole(row.role, 'member') && hasRole(input.role, 'member')) {
    deps.messageQueue.enqueue(activationEmail(clubName(deps), email, input.name, ROLE_LABELS[input.role], deps.env.APP_URL));
  }
  return reload(deps, id);
}

/**
 * Deletes a member's account exactly as the member's own deletion does (api/accounts/account-deletion.ts):
 * places to come are freed for the waitlist, past attendance stays as Former member, messages to
 * them are dropped or redacted. Answers the picture URL so the caller can remove the file after commit.
 */
export function deleteMember(
  deps: AppDeps,
  actorId: number,
  id: number,
): { profilePictureUrl: string | null } {
  if (id === actorId) throw new ServiceError(409, SELF_DELETE_ERROR);
  return deleteAccount(deps, id);
}

type BulkMembersInput = z.infer<typeof bulkMembersSchema>;

/**
 * Another administrator caught in a "select all" does not lose the role unnoticed: the change is
 * refused, naming them, until the request confirms it (`confirmDemoteAdmins`).
 */
function refuseDemotingAdmins(rows: UserRow[]): void {
  const administrators = rows
    .filter((row) => row.role === 'administrator')
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((row) => ({ id: row.id, name: row.name }));
  if (administrators.length === 0) return;
  throw new ServiceError(409, demoteAdminsMessage(administrators.map((a) => a.name)), { administrators });
}

/**
 * The members table's bulk actions, in one transaction: every selected approved account gets the
 * session's last day as its expiry, or the role (member or exec, never administrator). Pending and
 * rejected accounts are approved one by one, so they are skipped, as is anyone already so. Another
 * administrator's role changes only when the request confirms it; the caller's own never does.
 */
export function bulkUpdateMembers(deps: AppDeps, actorId: number, input: BulkMembersInput): BulkMembersAnswer {
  let expiryDate: string | null = null;
  if (input.action === 'set-expiry') {
    const session = termFromId(clubTerms(deps), input.session);
    if (!session) throw new ServiceError(400, UNKNOWN_SESSION_ERROR);
    if (session.end < today(deps)) throw new ServiceError(400, PAST_EXPIRY_ERROR);
    expiryDate = session.end;
  }
  if (input.action === 'set-role' && input.ids.includes(actorId)) throw new ServiceError(409, BULK_SELF_ROLE_ERROR);
  return deps.database.tx(() => {
    const { db } = deps.database;
    const now = deps.clock();
    const rows = db.select().from(users).where(inArray(users.id, [...new Set(input.ids)])).all();
    if (input.action === 'set-role' && !input.confirmDemoteAdmins) refuseDemotingAdmins(rows);
    let updated = 0;
    for (const row of rows) {
      if (!hasRole(row.role, 'member')) continue;
      if (input.action === 'set-expiry') {
        if (row.expiryDate === expiryDate) continue;
        db.update(users).set({ expiryDate }).where(eq(users.id, row.id)).run();
      } else {
        if (row.role === input.role) continue;
        db.update(users).set({ role: input.role }).where(eq(users.id, row.id)).run();
        recordRoleChange(db, row.id, row.role, input.role, now);
      }
      updated += 1;
    }
    return { updated, skipped: new Set(input.ids).size - updated };
  });
}
