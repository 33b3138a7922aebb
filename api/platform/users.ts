import { and, eq, gte, inArray, isNull, notInArray, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, type UserRow } from '../../db/schema';
import type { SessionUser } from '../../domain/contract/members/auth';
import { clubToday } from '../../domain/clock';
import { ROLES, hasRole, type Role } from '../../domain/contract/roles';
import type { AppDeps } from './context';
import { EXPIRING_ROLES, effectiveRole } from '../../domain/membership';
import { readQualifications } from '../../domain/people/duties';
import { clubTimeZone } from './club-time-zone';

/** Roles at member rank or above, by the ranks of domain/contract/roles.ts. */
export const MEMBER_RANK_ROLES: readonly Role[] = ROLES.filter((role) => hasRole(role, 'member'));

/**
 * SQL for "counts as a member today": domain/membership.ts's `effectiveRole` of the row is member or
 * above (an ended membership counts as pending), for queries that pick who is told something.
 * users.test.ts holds it to effectiveRole over every role and the edges of the expiry date.
 */
export function activeMemberWhere(today: string): SQL {
  return and(
    inArray(users.role, [...MEMBER_RANK_ROLES]),
    or(notInArray(users.role, [...EXPIRING_ROLES]), isNull(users.expiryDate), gte(users.expiryDate, today)),
  )!;
}

/** The role the rules see for `row` today, on the club's calendar. */
export function roleToday(deps: Pick<AppDeps, 'clock' | 'clubTimeZone'>, row: Pick<UserRow, 'role' | 'expiryDate'>): Role {
  return effectiveRole(row, clubToday(deps.clock(), clubTimeZone(deps)));
}

/**
 * The signed-in user as the API answers it (SessionUser), with the role they have today. `charter`:
 * whether they accepted the charter version in force (api/club/charter.ts, which the caller asks).
 */
export function sessionUserOf(deps: Pick<AppDeps, 'clock' | 'clubTimeZone'>, row: UserRow, charter: boolean): SessionUser {
  return toSessionUser(row, roleToday(deps, row), charter);
}

function toSessionUser(row: UserRow, role: Role, charter: boolean): SessionUser {
  const qualifications = readQualifications(row.qualifications);
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role,
    phone_number: row.phoneNumber,
    phoneNumber: row.phoneNumber,
    charter_accepted: charter,
    charterAccepted: charter,
    profile_picture_url: row.profilePictureUrl,
    profilePictureUrl: row.profilePictureUrl,
    bio: row.bio,
    join_date: row.joinDate,
    expiry_date: row.expiryDate,
    absences: row.absences,
    suspended_until: row.suspendedUntil,
    ...((row.swimPace ?? row.runPace ?? row.rideSpeed ?? row.rowPace) !== null && {
      paces: { swimPace: row.swimPace, runPace: row.runPace, rideSpeed: row.rideSpeed, rowPace: row.rowPace },
    }),
    ...(qualifications.length > 0 && { qualifications }),
  };
}

export function findUserById(db: Db, id: number): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

export function findUserByEmail(db: Db, email: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.email, normaliseEmail(email))).get();
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Records that the user accepted charter version `version` (api/club/charter.ts names the one in force) at `now`. */
export function acceptCharter(deps: Pick<AppDeps, 'database'>, userId: number, now: number, version: string): void {
  deps.database.db.update(users).set({ charterAcceptedAt: now, charterVersion: version }).where(eq(users.id, userId)).run();
}
