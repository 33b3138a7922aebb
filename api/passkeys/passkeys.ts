// A member's passkeys: the list the profile shows, renaming and removing one, and what an
// administrator sees and removes. Adding one is registration.ts; signing in, login.ts.
import { and, asc, count, eq } from 'drizzle-orm';
import { passkeys, users, type PasskeyRow } from '../../db/schema';
import { PASSKEY_NOT_FOUND, type PasskeyInfo } from '../../domain/contract/members/passkeys';
import { MEMBER_NOT_FOUND } from '../../domain/contract/members/admin';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';

export function toPasskeyInfo(row: PasskeyRow): PasskeyInfo {
  return { id: row.id, name: row.name, createdAt: row.createdAt, lastUsedAt: row.lastUsedAt, synced: row.backedUp };
}

export function passkeyRowsOf(deps: AppDeps, userId: number): PasskeyRow[] {
  return deps.database.db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id)).all();
}

export function listPasskeys(deps: AppDeps, userId: number): PasskeyInfo[] {
  return passkeyRowsOf(deps, userId).map(toPasskeyInfo);
}

function ownPasskey(deps: AppDeps, userId: number, id: number): PasskeyRow {
  const row = deps.database.db.select().from(passkeys).where(and(eq(passkeys.id, id), eq(passkeys.userId, userId))).get();
  // Someone else's passkey is "not found" too: its existence is nobody else's business.
  if (!row) throw new ServiceError(404, PASSKEY_NOT_FOUND);
  return row;
}

export function renamePasskey(deps: AppDeps, userId: number, id: number, name: string): PasskeyInfo {
  ownPasskey(deps, userId, id);
  const row = deps.database.db.update(passkeys).set({ name }).where(eq(passkeys.id, id)).returning().get()!;
  return toPasskeyInfo(row);
}

export function removePasskey(deps: AppDeps, userId: number, id: number): PasskeyInfo[] {
  ownPasskey(deps, userId, id);
  deps.database.db.delete(passkeys).where(eq(passkeys.id, id)).run();
  return listPasskeys(deps, userId);
}

/** An administrator removes every passkey of a member; answers how many went. */
export function removeMemberPasskeys(deps: AppDeps, memberId: number): number {
  const { db } = deps.database;
  const member = db.select({ id: users.id }).from(users).where(eq(users.id, memberId)).get();
  if (!member) throw new ServiceError(404, MEMBER_NOT_FOUND);
  return db.delete(passkeys).where(eq(passkeys.userId, memberId)).run().changes;
}

/** How many passkeys each member has (members with none are absent). */
export function passkeyCounts(deps: AppDeps): Map<number, number> {
  const rows = deps.database.db.select({ userId: passkeys.userId, n: count() }).from(passkeys).groupBy(passkeys.userId).all();
  return new Map(rows.map((r) => [r.userId, r.n]));
}

/** The members table with each member's passkey count. */
export function withPasskeyCounts<M extends { id: number }>(deps: AppDeps, members: M[]): (M & { passkeyCount: number })[] {
  const counts = passkeyCounts(deps);
  return members.map((m) => ({ ...m, passkeyCount: counts.get(m.id) ?? 0 }));
}
