// A TanStack Query persister over the device database (Dexie), one row per user, so a member reads
// every screen they opened before while offline (DESIGN.md §4). Wiped with the rest of the user's
// device data on logout (offline-db.ts wipeUser).
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { openOfflineDb } from './offline-db';

/** Cache changes come in bursts (a list and its details): a write at the start and one at the end. */
const WRITE_DELAY_MS = 150;

export interface UserPersister extends Persister {
  /** Stops writing (sign-out): a late write must not bring back what was just wiped. */
  stop: () => void;
}

export function dexiePersister(userId: number): UserPersister {
  let latest: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const write = async () => {
    const client = latest;
    latest = null;
    if (!client || stopped) return;
    const db = await openOfflineDb();
    if (!stopped) await db?.queries.put({ userId, client });
  };
  // The first change of a burst is written at once (the member may leave the page right after an
  // answer arrives); the rest of the burst is written once, when it is over.
  const persistClient = (client: PersistedClient) => {
    latest = client;
    if (timer) return;
    void write();
    timer = setTimeout(function trailing() {
      timer = null;
      if (latest) {
        void write();
        timer = setTimeout(trailing, WRITE_DELAY_MS);
      }
    }, WRITE_DELAY_MS);
  };

  return {
    persistClient,
    async restoreClient() {
      const db = await openOfflineDb();
      return (await db?.queries.get(userId))?.client;
    },
    async removeClient() {
      const db = await openOfflineDb();
      await db?.queries.delete(userId);
    },
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
    },
  };
}
