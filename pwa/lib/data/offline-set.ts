// The offline set: what a member will open next (the forum's lists, My week, the races, the coming
// week's workouts and events in full, and for an exec today's rosters with their attendance), read in
// one request (GET /api/offline-set) and put into the query cache under the very keys the screens
// read, so the persister (query-persister.ts) keeps it in the user's own copy on the device and a
// screen never opened before opens offline (docs/decisions/0089-offline-set.md). It runs when the
// data layer starts for a member (after a sign-in, when the app is opened) and again when the app
// comes to the front or back online, at most once per OFFLINE_SET_EVERY_MS per account, and never
// when the browser asks to save data. Loaded with the data layer (app/members/query-layer.tsx): keep it small.
import { useIsRestoring, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { OfflineSetAnswer } from '../../../domain/contract/offline-set';
import { onWritten } from '../offline/outbox-store';
import { call } from './api-client';
import { forumKeys, myWeekKey } from './keys/post-keys';
import { raceKeys } from './keys/race-keys';

/** An account's set is read again at most this often, however often the app comes to the front. */
export const OFFLINE_SET_EVERY_MS = 5 * 60_000;

/**
 * When the set was last kept: a query of the user's own cache, so it is kept on the device with the
 * set, belongs to that account only, and goes with the rest at logout.
 */
export const offlineSetKey = ['offline-set'] as const;

/** Who on the rosters the set carries owes the club: a membership, payment requests (for whoever handles payments; empty for anyone else). */
export const rosterOwingKey = ['roster-owing'] as const;

/**
 * Puts each part of the set under the key its screen reads, as read at `at`. A copy read after the
 * set was asked for (`askedAt`) is newer than the set's and stays.
 */
export function seedOfflineSet(client: QueryClient, set: OfflineSetAnswer, askedAt: number, at = Date.now()): void {
  const put = (key: QueryKey, data: unknown) => {
    if ((client.getQueryState(key)?.dataUpdatedAt ?? 0) > askedAt) return;
    client.setQueryData(key, data, { updatedAt: at });
  };
  put(forumKeys.workouts(), set.workouts);
  put(forumKeys.events(), set.events);
  put(myWeekKey, set.week);
  put(raceKeys.list(), set.races);
  // The races the member goes to, as their pages read them: race day (entry, lifts) opens offline.
  for (const race of set.races.races) {
    if (race.isSignedUp) put(raceKeys.detail(String(race.id)), { race, signups: race.signups, isSignedUp: true });
  }
  for (const detail of set.workoutDetails) put(forumKeys.workout(detail.workout.id), detail);
  for (const detail of set.eventDetails) put(forumKeys.event(detail.event.id), detail);
  for (const { workoutId, record } of set.attendance) put(forumKeys.attendance(workoutId), record);
  put(rosterOwingKey, [...(set.owing ?? []), ...(set.owingRequests ?? [])]);
  client.setQueryData(offlineSetKey, at, { updatedAt: at });
}

async function keepSafety(userId: number, set: OfflineSetAnswer): Promise<void> {
  const store = await import('../offline/safety-store');
  const marks = set.safetyMarks ?? [];
  if (marks.length > 0 || store.mayHoldCards(userId)) await store.keepSafetyCards(userId, set.safetyCards ?? [], marks);
}

/** Why the set was or was not read this time (the tests read it). */
export type KeepOutcome = 'kept' | 'recent' | 'save-data' | 'offline' | 'failed' | 'superseded';

const inFlight = new WeakMap<QueryClient, Promise<KeepOutcome>>();

/** The browser's "data saver" (Chrome, Android): the set is a convenience, not worth a metered download. */
function savesData(): boolean {
  return (navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData === true;
}

/**
 * Reads the set into `client` unless it was kept less than OFFLINE_SET_EVERY_MS ago; one read at a
 * time. An exec's safety cards go to their own store (offline/safety-store.ts), never the query cache;
 * a set without them wipes what the device held of `userId`'s.
 */
export function keepOfflineSet(client: QueryClient, userId?: number): Promise<KeepOutcome> {
  const running = inFlight.get(client);
  if (running) return running;
  const keptAt = client.getQueryState(offlineSetKey)?.dataUpdatedAt ?? 0;
  if (Date.now() - keptAt < OFFLINE_SET_EVERY_MS) return Promise.resolve('recent');
  if (savesData()) return Promise.resolve('save-data');
  if (!navigator.onLine) return Promise.resolve('offline');
  const run = (async (): Promise<KeepOutcome> => {
    const askedAt = Date.now();
    // The club's answer to one of the member's writes (a replay when the signal comes back) reaches
    // every copy without changing its time: a set asked for before it may not hold it yet.
    let wrote = false;
    const stopWatching = onWritten(() => {
      wrote = true;
    });
    try {
      // In the background: a refusal leaves the session to the screens the member is looking at.
      const set = await call('GET /offline-set', { keepSessionOnUnauthorized: true });
      if (wrote) return 'superseded';
      seedOfflineSet(client, set, askedAt);
      if (userId !== undefined) await keepSafety(userId, set).catch(() => undefined);
      return 'kept';
    } catch {
      // Offline, a timeout, a refusal, or a session that ended on the way: the next occasion tries again.
      return 'failed';
    } finally {
      stopWatching();
      inFlight.delete(client);
    }
  })();
  inFlight.set(client, run);
  return run;
}

/**
 * Keeps the signed-in member's set: once the user's copy is restored from the device, then each time
 * the app comes to the front or the network comes back. Nothing for a visitor or a pending account
 * (the server would refuse them).
 */
export function useOfflineSet(client: QueryClient, member: boolean, userId: number | undefined): void {
  const restoring = useIsRestoring();
  useEffect(() => {
    if (restoring || !member || userId === undefined) return;
    const keep = () => void keepOfflineSet(client, userId);
    const onVisible = () => {
      if (document.visibilityState === 'visible') keep();
    };
    keep();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('online', keep);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('online', keep);
    };
  }, [client, member, userId, restoring]);
}

/** True when the user's cache holds an answer under `key`: what a screen with nothing can offer instead. */
export function useKept(key: QueryKey): boolean {
  return useQueryClient().getQueryState(key)?.data !== undefined;
}
