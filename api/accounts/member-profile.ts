import { and, asc, eq, isNull, ne } from 'drizzle-orm';
import { acceptedCurrentCharter } from '../club/pages/charter';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { roleChangeNotifications, users } from '../../db/schema';
import { ACCOUNT_NOT_FOUND_ERROR, DUPLICATE_EMAIL_ERROR, type SessionUser } from '../../domain/contract/members/auth';
import type { Role } from '../../domain/contract/roles';
import type { ProfileUpdate, RoleChangeNotification } from '../../domain/contract/members/users';
import { MEMBER_PACES, type PaceField } from '../../domain/paces';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { removeUpload, saveUpload, toSquareWebp } from '../media/uploads';
import { findUserById, normaliseEmail, sessionUserOf } from '../platform/users';

/** True when another account than `exceptId` already uses the email. */
export function emailTaken(db: Db, email: string, exceptId: number): boolean {
  return !!db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptId)))
    .get();
}

function sessionUserFor(deps: AppDeps, userId: number): SessionUser {
  const row = findUserById(deps.database.db, userId);
  if (!row) throw new ServiceError(404, ACCOUNT_NOT_FOUND_ERROR);
  return sessionUserOf(deps, row, acceptedCurrentCharter(deps, row));
}

/** The paces the edit gives (a pace left out is kept as it is; null clears it). */
function givenPaces(input: Partial<Pick<ProfileUpdate, PaceField>>): Partial<Record<PaceField, number | null>> {
  const given: Partial<Record<PaceField, number | null>> = {};
  for (const { field } of MEMBER_PACES) if (input[field] !== undefined) given[field] = input[field];
  return given;
}

/**
 * The own-profile edit. Only name, email, phone, bio and the paces and qualifications given are written, whatever else
 * the request held.
 * Synchronous: the caller runs it inside its transaction.
 */
export function updateProfile(
  deps: AppDeps,
  userId: number,
  input: Omit<ProfileUpdate, PaceField | 'qualifications'> & Partial<Pick<ProfileUpdate, PaceField | 'qualifications'>>,
): SessionUser {
  const db = deps.database.db;
  const email = normaliseEmail(input.email);
  if (emailTaken(db, email, userId)) throw new ServiceError(409, DUPLICATE_EMAIL_ERROR);
  try {
    const updated = db
      .update(users)
      .set({
        name: input.name,
        email,
        phoneNumber: input.phone_number || null,
        bio: input.bio || null,
        ...givenPaces(input),
        ...(input.qualifications !== undefined && { qualifications: input.qualifications || null }),
      })
      .where(eq(users.id, userId))
      .returning({ id: users.id })
      .get();
    if (!updated) throw new ServiceError(404, ACCOUNT_NOT_FOUND_ERROR);
  } catch (err) {
    if (isUniqueViolation(err)) throw new ServiceError(409, DUPLICATE_EMAIL_ERROR);
    throw err;
  }
  return sessionUserFor(deps, userId);
}

/**
 * Re-encodes the picture, stores it under a fresh name and points the user at it; the previous file
 * goes once the database says so (a failed write removes the new file instead).
 */
export async function replaceProfilePicture(
  deps: AppDeps,
  userId: number,
  bytes: Uint8Array,
): Promise<{ profilePictureUrl: string; user: SessionUser }> {
  const webp = await toSquareWebp(bytes);
  const url = await saveUpload(deps.uploadsDir, webp);
  let previous: string | null;
  try {
    previous = deps.database.tx(() => {
      const row = findUserById(deps.database.db, userId);
      if (!row) throw new ServiceError(404, ACCOUNT_NOT_FOUND_ERROR);
      deps.database.db.update(users).set({ profilePictureUrl: url }).where(eq(users.id, userId)).run();
      return row.profilePictureUrl;
    });
  } catch (err) {
    await removeUpload(deps.uploadsDir, url, deps.logger);
    throw err;
  }
  if (previous !== url) await removeUpload(deps.uploadsDir, previous, deps.logger);
  return { profilePictureUrl: url, user: sessionUserFor(deps, userId) };
}

/** Records a role change for the user's notification widget. `oldRole` must come from the database. */
export function recordRoleChange(
  db: Db,
  userId: number,
  oldRole: string,
  newRole: string,
  now: number,
): void {
  if (oldRole === newRole) return;
  db.insert(roleChangeNotifications).values({ userId, oldRole, newRole, createdAt: now }).run();
}

export function unreadRoleChanges(deps: Pick<AppDeps, 'database'>, userId: number): RoleChangeNotification[] {
  return deps.database.db
    .select()
    .from(roleChangeNotifications)
    .where(and(eq(roleChangeNotifications.userId, userId), isNull(roleChangeNotifications.readAt)))
    .orderBy(asc(roleChangeNotifications.createdAt), asc(roleChangeNotifications.id))
    .all()
    .map((n) => ({
      id: n.id,
      oldRole: n.oldRole as Role,
      newRole: n.newRole as Role,
      createdAt: n.createdAt,
    }));
}

/** Marks every unread notification of the user read; answers how many were. */
export function markRoleChangesRead(deps: Pick<AppDeps, 'database'>, userId: number, now: number): number {
  return deps.database.db
    .update(roleChangeNotifications)
    .set({ readAt: now })
    .where(and(eq(roleChangeNotifications.userId, userId), isNull(roleChangeNotifications.readAt)))
    .run().changes;
}
