// A TanStack Query persister over the device database (Dexie), one row per user, so a member reads
// every screen they opened before while offline (DESIGN.md §4). Wiped with the rest of the user's
// device data on logout (offline-db.ts wipeUser).
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { openOfflineDb } from './offline-db';

/** Cache changes come in bursts (a list and its details): one write per burst. */
const WRITE_DELAY_MS = 150;

export interface UserPersister extends Persister {
  /** Stops writing (sign-out): a late write must not bring back what was just wiped. */
  stop: () => void;
}

export function dexiePersister(userId: number): UserPersister {
  let latest: PersistedClient | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;

  const flush = async () => {
    timer = null;
    const client = latest;
    latest = null;
    if (!client || stopped) return;
    const db = await openOfflineDb();
    if (!stopped) await db?.queries.put({ userId, client });
  };
  // A reload right after an answer must still find it on the device.
  const onHide = () => {
    if (timer) {
      clearTimeout(timer);
      void flush();
    }
  };
  if (typeof window !== 'undefined') window.addEventListener('pagehide', onHide);

  return {
    persistClient(client) {
      latest = client;
      timer ??= setTimeout(() => void flush(), WRITE_DELAY_MS);
    },
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
      if (typeof window !== 'undefined') window.removeEventListener('pagehide', onHide);
    },
  };
}
