// The device side of the component tests that run with fake-indexeddb: an empty, idle outbox and no
// persisted answers before each test, and ops put on the device as an earlier visit would have left
// them. Kept apart from test-support.ts: importing the outbox module is what lets a page queue
// writes, and tests without device storage must not get it by accident.
import Dexie from 'dexie';
import { OFFLINE_DB, QUERIES_DB } from './lib/data/idb';
import { closeQueriesDb } from './lib/data/query-persister';
import { openOfflineDb, resetOfflineDbForTests, type OutboxOp } from './lib/offline/offline-db';
import { cancelScheduled, setAutoReplay, stopWatching } from './lib/offline/outbox';
import { setOutboxState } from './lib/offline/outbox-store';

/**
 * Empties the device and stops the outbox: nothing replays by itself, so a queued action stays
 * queued and the screen's "not yet synced" state can be checked. Call before each test (and after,
 * where a test turns replay back on).
 */
export async function resetDevice(): Promise<void> {
  setAutoReplay(false);
  cancelScheduled();
  stopWatching();
  (await openOfflineDb())?.close();
  resetOfflineDbForTests();
  await Dexie.delete(OFFLINE_DB);
  // One test's answers are never another's first paint.
  await closeQueriesDb();
  await Dexie.delete(QUERIES_DB);
  setOutboxState({ ops: [], paused: false, online: true, syncing: false, ready: false, storageAvailable: true });
}

/** Puts ops in the device's outbox, as writes queued on an earlier visit. */
export async function keepOnDevice(...ops: OutboxOp[]): Promise<void> {
  const db = await openOfflineDb();
  if (!db) throw new Error('No device storage: import fake-indexeddb/auto in this test file');
  await db.outbox.bulkAdd(ops);
}
