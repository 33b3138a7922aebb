// What waits in this device's outbox for accounts other than the one signed in (or for anyone, when
// no one is): the sign-in and sync pages say so instead of "nothing to sync", which would be false.
import { openOfflineDb } from './offline-db';

export interface WaitingAccount {
  userId: number;
  /** The name the account had when the change was made. */
  label: string;
  count: number;
}

/** Unsent ops on this device grouped by account, leaving out `exceptUserId`'s own. */
export async function waitingOnDevice(exceptUserId: number | null): Promise<WaitingAccount[]> {
  const db = await openOfflineDb();
  if (!db) return [];
  const byUser = new Map<number, WaitingAccount>();
  await db.outbox.each((op) => {
    if (op.userId === exceptUserId) return;
    const entry = byUser.get(op.userId) ?? {
      userId: op.userId,
      label: op.userLabel ?? 'another account',
      count: 0,
    };
    entry.count += 1;
    byUser.set(op.userId, entry);
  });
  return [...byUser.values()].sort((a, b) => a.userId - b.userId);
}
