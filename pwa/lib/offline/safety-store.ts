// The safety cards an exec's phone keeps (docs/decisions/0152-safety-cards.md): the cards and roster
// marks of the people on the sessions of the coming days, from the offline set, in a Dexie table of
// their own. A card is read only while the account's role (the session's, refreshed by the club) may
// hold cards; rows the club has not refreshed for SAFETY_OFFLINE_DAYS are dropped when read; a set
// that carries none (the role was taken away) wipes them; sign-out deletes the whole database.
// Loaded on demand (the offline set imports it only when there is something to keep or wipe).
import type { SafetyCard, SafetyMark } from '../../../domain/contract/members/safety';
import { SAFETY_OFFLINE_MS, holdsOthersCards } from '../../../domain/people/safety';
import type { Role } from '../../../domain/contract/roles';
import { openOfflineDb } from './offline-db';

/** Whether this device may hold cards of `userId`: read without opening the database. */
const HELD_FLAG = (userId: number) => `club-safety-held:${userId}`;

export function mayHoldCards(userId: number): boolean {
  try {
    return localStorage.getItem(HELD_FLAG(userId)) === '1';
  } catch {
    return false;
  }
}

/** Replaces what the device keeps for `userId` with the set's cards and marks (none: everything goes). */
export async function keepSafetyCards(userId: number, cards: readonly SafetyCard[], marks: readonly SafetyMark[], at = Date.now()): Promise<void> {
  const db = await openOfflineDb();
  if (!db) return;
  const byId = new Map(cards.map((c) => [c.user_id, c]));
  await db.transaction('rw', db.safetyCards, async () => {
    await db.safetyCards.where('userId').equals(userId).delete();
    await db.safetyCards.bulkPut(marks.map((mark) => ({ userId, memberId: mark.userId, mark, card: byId.get(mark.userId) ?? null, keptAt: at })));
  });
  try {
    if (marks.length > 0) localStorage.setItem(HELD_FLAG(userId), '1');
    else localStorage.removeItem(HELD_FLAG(userId));
  } catch {
    // No storage for the flag: the next set wipes or keeps as it finds.
  }
}

/** Every row kept for `userId` still good to read; stale rows, and all of them for a role that may not hold cards, go. */
async function fresh(userId: number, role: Role, now: number) {
  const db = await openOfflineDb();
  if (!db) return [];
  if (!holdsOthersCards(role)) {
    await keepSafetyCards(userId, [], []);
    return [];
  }
  const rows = await db.safetyCards.where('userId').equals(userId).toArray();
  const stale = rows.filter((r) => now - r.keptAt > SAFETY_OFFLINE_MS);
  if (stale.length > 0) await db.safetyCards.bulkDelete(stale.map((r) => [r.userId, r.memberId] as [number, number]));
  return rows.filter((r) => now - r.keptAt <= SAFETY_OFFLINE_MS);
}

/** The kept roster marks of `memberIds`. */
export async function keptMarks(userId: number, role: Role, memberIds: readonly number[], now = Date.now()): Promise<SafetyMark[]> {
  const rows = await fresh(userId, role, now);
  const wanted = new Set(memberIds);
  return rows.filter((r) => wanted.has(r.memberId)).map((r) => r.mark);
}

/** The kept card of `memberId`, or null. */
export async function keptCard(userId: number, role: Role, memberId: number, now = Date.now()): Promise<SafetyCard | null> {
  const rows = await fresh(userId, role, now);
  return rows.find((r) => r.memberId === memberId)?.card ?? null;
}
