import 'fake-indexeddb/auto';
import { waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { outboxOp, storeSession, testUser } from '../../test-support';
import { OFFLINE_DB, QUERIES_DB } from '../data/idb';
import { bootOutbox } from './outbox-boot';
import { WARM_UP_MARK, WARMED_MARK } from '../../../domain/contract/page-timeline';
import { getOutboxState, isOutboxLoaded, setOutboxState } from './outbox-store';
import { closeQueriesDb, devicePersister } from '../data/query-persister';

let stop: (() => void) | null = null;

beforeEach(() => {
  storeSession(testUser('member', { id: 7, name: 'Sam' }));
});

afterEach(async () => {
  stop?.();
  stop = null;
  const { resetOfflineDbForTests, openOfflineDb } = await import('./offline-db');
  (await openOfflineDb())?.close();
  resetOfflineDbForTests();
  await closeQueriesDb();
  await Dexie.delete(OFFLINE_DB);
  await Dexie.delete(QUERIES_DB);
  setOutboxState({ ops: [], ready: false, syncing: false, paused: false, online: true });
  localStorage.clear();
});

describe('the outbox at first paint', () => {
  it('answers "nothing to sync" from plain IndexedDB, without loading the outbox or creating its database', async () => {
    stop = bootOutbox(7);
    await waitFor(() => expect(getOutboxState().ready).toBe(true));
    expect(getOutboxState()).toMatchObject({ ops: [], storageAvailable: true });
    expect(isOutboxLoaded()).toBe(false);
    expect((await indexedDB.databases()).map((d) => d.name)).not.toContain(OFFLINE_DB);
  });

  it('loads the outbox when the member has ops on the device, and shows them', async () => {
    const { openOfflineDb } = await import('./offline-db');
    const db = (await openOfflineDb())!;
    await db.outbox.add(outboxOp(7, { id: 'k-1', attempts: 3, nextAttemptAt: Date.now() + 60_000 }));
    const { setAutoReplay } = await import('./outbox');
    setAutoReplay(false);
    stop = bootOutbox(7);
    await waitFor(() => expect(getOutboxState().ops.map((o) => o.id)).toEqual(['k-1']));
    expect(isOutboxLoaded()).toBe(true);
  });

  it('leaves another account\'s ops alone: they are not this member\'s work', async () => {
    const { openOfflineDb } = await import('./offline-db');
    const db = (await openOfflineDb())!;
    await db.outbox.add(outboxOp(8, { id: 'k-2' }));
    stop = bootOutbox(7);
    await waitFor(() => expect(getOutboxState().ready).toBe(true));
    expect(getOutboxState().ops).toEqual([]);
  });
});

describe('the idle warm-up', () => {
  it('starts after the first check, not with it, and is marked done once all its files have arrived', async () => {
    performance.clearMarks();
    stop = bootOutbox(7);
    await waitFor(() => expect(getOutboxState().ready).toBe(true));
    // The benchmark counts what comes after this mark as fetched ahead of time, not as the first download.
    expect(performance.getEntriesByName(WARM_UP_MARK)).toHaveLength(0);
    await waitFor(() => expect(performance.getEntriesByName(WARMED_MARK)).toHaveLength(1), { timeout: 5000 });
    expect(performance.getEntriesByName(WARM_UP_MARK)).toHaveLength(1);
  });
});

describe('the persisted query cache', () => {
  it('keeps one copy per user in its own database and removes it', async () => {
    await devicePersister(7).persistClient({ clientState: { queries: [], mutations: [] }, timestamp: 1, buster: 'v1' });
    expect(await devicePersister(7).restoreClient()).toMatchObject({ timestamp: 1 });
    expect(await devicePersister(8).restoreClient()).toBeUndefined();
    await devicePersister(7).removeClient();
    expect(await devicePersister(7).restoreClient()).toBeUndefined();
  });
});
