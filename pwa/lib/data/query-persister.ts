// A TanStack Query persister over IndexedDB, one row per user, so a member reads every screen they
// opened before while offline. Plain IndexedDB in a database of its own
// ('club-queries'), not Dexie: a signed-in page restores its cache before its first paint, and Dexie
// (30 KB gzip) would double what that paint downloads (docs/decisions/0061). Wiped with the rest of
// the user's device data on logout (offline-db.ts wipeUser, deleteAllDeviceData).
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { committed, QUERIES_DB, settled } from './idb';

export { QUERIES_DB };
const STORE = 'clients';

/** One row per user: their dehydrated query cache. */
interface ClientRow {
  userId: number;
  client: PersistedClient;
}

/** Cache changes come in bursts (a list and its details): a write at the start and one at the end. */
const WRITE_DELAY_MS = 150;

let opened: Promise<IDBDatabase | null> | null = null;

/** The cache database, or null when IndexedDB cannot be used (the app then reads online only). */
function openQueriesDb(): Promise<IDBDatabase | null> {
  opened ??= (async () => {
    try {
      const request = indexedDB.open(QUERIES_DB, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'userId' });
      const db = await settled(request);
      // A logout deletes the database (deleteAllDeviceData): give way, and open afresh next time.
      db.onversionchange = () => {
        db.close();
        opened = null;
      };
      return db;
    } catch {
      opened = null;
      return null;
    }
  })();
  return opened;
}

async function withStore<T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>): Promise<T | undefined> {
  const db = await openQueriesDb();
  if (!db) return undefined;
  const tx = db.transaction(STORE, mode);
  const result = settled(fn(tx.objectStore(STORE)));
  if (mode === 'readwrite') await committed(tx);
  return result;
}

/** Removes a user's persisted cache. */
export async function removeCachedQueries(userId: number): Promise<void> {
  await withStore('readwrite', (store) => store.delete(userId));
}

/** Closes the connection (before the database is deleted, and in tests). */
export async function closeQueriesDb(): Promise<void> {
  const db = await opened;
  opened = null;
  db?.close();
}

export interface UserPersister extends Persister {
  /** Stops writing (sign-out): a late write must not bring back what was just wiped. */
  stop: () => void;
}

export function devicePersister(userId: number): UserPersister {
  let latest: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const write = async () => {
    const client = latest;
    latest = null;
    if (!client || stopped) return;
    const row: ClientRow = { userId, client };
    await withStore('readwrite', (store) => store.put(row)).catch((err: unknown) => console.warn('Keeping answers for offline failed', err));
  };
  // The first change of a burst is written at once (the member may leave the page right after an
  // answer arrives); the rest of the burst is written once, when it is over.
  const persistClient = (client: PersistedClient) => {
    latest = client;
    if (timer) return;
    const first = write();
    timer = setTimeout(function trailing() {
      timer = null;
      if (latest) {
        void write();
        timer = setTimeout(trailing, WRITE_DELAY_MS);
      }
    }, WRITE_DELAY_MS);
    return first;
  };

  return {
    persistClient,
    async restoreClient() {
      const row = await withStore<ClientRow | undefined>('readonly', (store) => store.get(userId) as IDBRequest<ClientRow | undefined>);
      return row?.client;
    },
    async removeClient() {
      await removeCachedQueries(userId);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
