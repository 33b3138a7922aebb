import type * as DexieModule from 'dexie';
import type { Dexie, EntityTable, Table } from 'dexie';
import type { PersistedClient } from '@tanstack/react-query-persist-client';
import { OFFLINE_DB, QUERIES_DB } from '../data/idb';
import { closeQueriesDb, removeCachedQueries } from '../data/query-persister';
import type { SyncAction } from './sync-action';
import type { SafetyCard, SafetyMark } from '../../../domain/contract/members/safety';
import { unsubscribeThisDevice } from '../push/push';

/**
 * Where a user's TanStack Query cache was kept before it moved to its own database (query-persister.ts,
 * docs/decisions/0061). Still declared, so the schema needs no upgrade, and still wiped.
 */
export interface QueriesRow {
  userId: number;
  client: PersistedClient;
}

/** A write made on this device and not yet accepted by the server. `id` is its Idempotency-Key. */
export interface OutboxOp {
  seq?: number;
  id: string;
  userId: number;
  /** Whose account it waits for, in words, for the sign-in page when no one is signed in. */
  userLabel?: string;
  action: SyncAction;
  /** The thing it changes (sync-action.ts entityOf): ops of one entity replay in order. */
  entity: string;
  createdAt: number;
  attempts: number;
  nextAttemptAt: number;
  state: 'pending' | 'attention';
  error?: string;
  errorStatus?: number;
  errorBody?: Record<string, unknown>;
  /**
   * 'promoted': a queued "leave the waitlist" met a promotion; the member decides on /sync whether
   * to keep the place (docs/decisions/0055).
   */
  conflict?: 'promoted';
}

/**
 * A safety card (or only its roster mark) an exec's phone keeps for the sessions of the coming days,
 * apart from every other copy (safety-store.ts): never in the query cache nor the service worker's.
 */
export interface SafetyRow {
  /** The exec's account it was given to. */
  userId: number;
  memberId: number;
  mark: SafetyMark;
  card: SafetyCard | null;
  /** When the club last sent it (epoch ms): a row not refreshed for SAFETY_OFFLINE_DAYS is dropped. */
  keptAt: number;
}

export type OfflineDb = Dexie & {
  queries: Table<QueriesRow, number>;
  outbox: EntityTable<OutboxOp, 'seq'>;
  safetyCards: Table<SafetyRow, [number, number]>;
};

let instance: Promise<OfflineDb | null> | null = null;
let dexieCode: Promise<typeof DexieModule> | null = null;

/**
 * Dexie's code, fetched once. Dexie loads with the first screen that needs the device (a signed-in
 * member's): a visitor's page never downloads it (docs/decisions/0040). A fetch that failed (offline
 * before the service worker kept the file) is forgotten, so a later call tries again.
 */
export function loadDexie(): Promise<typeof DexieModule> {
  const loading = (dexieCode ??= import('dexie'));
  loading.catch(() => {
    if (dexieCode === loading) dexieCode = null;
  });
  return loading;
}

/**
 * The device database, or null when IndexedDB cannot be opened (private mode, blocked storage): the
 * app then works online only and says so.
 */
export function openOfflineDb(): Promise<OfflineDb | null> {
  instance ??= (async () => {
    let Dexie: typeof DexieModule.Dexie;
    try {
      ({ Dexie } = await loadDexie());
    } catch (err) {
      // Its code could not be fetched: no device database this time, and the next call tries again.
      instance = null;
      console.warn('Offline storage not loaded yet; the app works online only for now.', err);
      return null;
    }
    try {
      const db = new Dexie(OFFLINE_DB) as OfflineDb;
      db.version(1).stores({
        cache: '[userId+path], userId',
        outbox: '++seq, &id, userId, entity',
      });
      // The hand-made answer cache gave way to the persisted TanStack Query cache.
      db.version(2).stores({ cache: null, queries: 'userId' });
      // Safety cards in a store of their own, wiped apart from the rest (safety-store.ts).
      db.version(3).stores({ safetyCards: '[userId+memberId], userId' });
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
  await removeCachedQueries(userId).catch(() => undefined);
  const db = await openOfflineDb();
  if (!db) return;
  await db.transaction('rw', db.queries, db.outbox, db.safetyCards, async () => {
    await db.queries.delete(userId);
    await db.outbox.where('userId').equals(userId).delete();
    await db.safetyCards.where('userId').equals(userId).delete();
  });
}

/** Names of this app's own databases, for browsers without indexedDB.databases(). */
const KNOWN_DATABASES = [OFFLINE_DB, 'club-comments', QUERIES_DB];
const DELETE_WAIT_MS = 3000;
/** Cache Storage entries that hold nothing personal: the app shell and the public lists. */
const SHARED_CACHES = [/^workbox-precache/, /^public-api$/];

/**
 * After a logout: every IndexedDB database of this origin (answers kept for offline reading, the
 * outbox, local comments) and every Cache Storage entry that may hold member data or pictures. The
 * next person on the device finds nothing of the previous one.
 */
export async function deleteAllDeviceData(): Promise<void> {
  const open = instance;
  instance = null;
  try {
    (await open)?.close();
  } catch {
    // It never opened.
  }
  await closeQueriesDb();
  const names = new Set(KNOWN_DATABASES);
  try {
    // The service worker's own bookkeeping (workbox-expiration: cache URLs and times) stays: the worker
    // holds it open, so deleting it would wait for ever, and the caches it describes go below.
    for (const info of (await indexedDB.databases?.()) ?? []) if (info.name && !info.name.startsWith('workbox-')) names.add(info.name);
  } catch {
    // Not supported: the known names are enough.
  }
  const { Dexie } = await import('dexie');
  // A delete another connection blocks must not hold the logout: it finishes once that one closes.
  const boundedWait = (p: Promise<unknown>) => Promise.race([p.catch(() => undefined), new Promise((r) => setTimeout(r, DELETE_WAIT_MS))]);
  await Promise.all([...names].map((name) => boundedWait(Dexie.delete(name))));
  // The server dropped every device of the account at logout; the browser's subscription goes too.
  await unsubscribeThisDevice();
  if (typeof caches !== 'undefined') {
    try {
      const keys = await caches.keys();
      await Promise.all(keys.filter((k) => !SHARED_CACHES.some((re) => re.test(k))).map((k) => caches.delete(k)));
    } catch {
      // Cache Storage unavailable (insecure context): nothing was cached.
    }
  }
}
