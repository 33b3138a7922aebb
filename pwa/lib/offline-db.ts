import Dexie, { type EntityTable, type Table } from 'dexie';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import type { SyncAction } from './sync-action';

/** A user's TanStack Query cache, kept for offline reading (DESIGN.md §4, query-persister.ts). */
export interface QueriesRow {
  userId: number;
  client: PersistedClient;
}

/** A write made on this device and not yet accepted by the server. `id` is its Idempotency-Key. */
export interface OutboxOp {
  seq?: number;
  id: string;
  userId: number;
  action: SyncAction;
  /** `${kind}:${thing id}`: ops of one entity replay in order and may collapse. */
  entity: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  state: 'pending' | 'attention';
  error?: string;
  errorStatus?: number;
  errorBody?: Record<string, unknown>;
}

export type OfflineDb = Dexie & {
  queries: Table<QueriesRow, number>;
  outbox: EntityTable<OutboxOp, 'seq'>;
};

let instance: Promise<OfflineDb | null> | null = null;

/**
 * The device database, or null when IndexedDB cannot be opened (private mode, blocked storage): the
 * app then works online only and says so.
 */
export function openOfflineDb(): Promise<OfflineDb | null> {
  instance ??= (async () => {
    try {
      const db = new Dexie('club-offline') as OfflineDb;
      db.version(1).stores({
        cache: '[userId+path], userId',
        outbox: '++seq, &id, userId, entity',
      });
      // The hand-made answer cache gave way to the persisted TanStack Query cache.
      db.version(2).stores({ cache: null, queries: 'userId' });
      await db.open();
      return db;
    } catch (err) {
      console.warn('Offline storage unavailable; the app works online only.', err);
      return null;
    }
  })();
  return instance;
}

/** For tests: forget the open database so the next call opens a fresh one. */
export function resetOfflineDbForTests(): void {
  instance = null;
}

/** Removes everything kept for a user: their cached answers and their unsynced writes. */
export async function wipeUser(userId: number): Promise<void> {
  const db = await openOfflineDb();
  if (!db) return;
  await db.transaction('rw', db.queries, db.outbox, async () => {
    await db.queries.delete(userId);
    await db.outbox.where('userId').equals(userId).delete();
  });
}
