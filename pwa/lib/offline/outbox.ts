// The device's queue of writes made offline (or whose answer was lost): kept in IndexedDB, watched with Dexie's
// liveQuery so every screen sees it change, replayed in order with the op's own Idempotency-Key when
// the network is back, so a replay after a lost answer never applies twice. Loaded on demand: public
// pages never pay for it.
import { liveQuery, type Subscription } from 'dexie';
import { errorMessage, request } from '../data/api-client';
import { ApiError } from '../data/api-error';
import { openOfflineDb, type OfflineDb, type OutboxOp } from './offline-db';
import { getOutboxState, markOutboxLoaded, notifySynced, notifyWritten, OUTBOX_CHANNEL, setOutboxState } from './outbox-store';
export { nextAttemptOf } from './outbox-store';
import { readUser } from '../session/session-storage';
import { entityKeys, entityOf, requestFor, settledByRefusal, type SyncAction, type WriteAnswers } from './sync-action';

/** Kinds whose ops say "the state should be X": a newer one makes an unsent older one pointless. */
const COLLAPSIBLE = new Set<SyncAction['kind']>(['rsvp', 'workout-signup', 'race-signup', 'waitlist', 'announcement-dismissal', 'lift-place', 'race-result', 'poll-answer', 'duty-claim', 'duty-holder', 'duty-no-show']);
const MAX_BACKOFF_MS = 60_000;
const PROGRESS_EVERY_MS = 500;

export { entityOf };
markOutboxLoaded();

export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

/**
 * A request that got no answer while the browser claims to be online (a pool's Wi-Fi with no way
 * out, a phone that has not noticed it lost signal) says the device is offline; no 'online' event
 * will come to end it, so the queue asks again this often rather than waiting out a long backoff.
 */
const NO_ANSWER_RETRY_MS = 5_000;

let inflight: string | null = null;
let autoReplay = true;
let timer: ReturnType<typeof setTimeout> | null = null;
let running: Promise<void> | null = null;
let again = false;
const now = () => Date.now();

const queueOf = (db: OfflineDb, userId: number) => db.outbox.where('userId').equals(userId).sortBy('seq');

let watched: { userId: number; subscription: Subscription } | null = null;
let heldOps: OutboxOp[] | null = null;
let holdTimer: ReturnType<typeof setTimeout> | null = null;
let lastPublished = 0;

function publish(ops: OutboxOp[]): void {
  heldOps = null;
  lastPublished = Date.now();
  setOutboxState({ ops, ready: true, storageAvailable: true });
}

/**
 * Each change of the queue reaches the UI through liveQuery. During a long replay pass the screens
 * follow a few times a second, not once per op (100 ops over a 300-card list would cost seconds).
 */
function onQueueChange(ops: OutboxOp[]): void {
  if (!getOutboxState().syncing || Date.now() - lastPublished >= PROGRESS_EVERY_MS) return publish(ops);
  heldOps = ops;
  holdTimer ??= setTimeout(() => {
    holdTimer = null;
    if (heldOps) publish(heldOps);
  }, PROGRESS_EVERY_MS);
}

/** Follows one user's queue with liveQuery: every change reaches the store the UI reads. */
function watch(db: OfflineDb, userId: number): void {
  if (watched?.userId === userId) return;
  watched?.subscription.unsubscribe();
  watched = {
    userId,
    subscription: liveQuery(() => queueOf(db, userId)).subscribe({
      next: onQueueChange,
      error: (err: unknown) => console.warn('Reading the outbox failed', err),
    }),
  };
}

/**
 * Watches the signed-in user's queue (again, after a change of user) and waits for its current
 * contents to be in the store the UI reads.
 */
export async function refreshOutboxState(): Promise<void> {
  const db = await openOfflineDb();
  if (!db) return setOutboxState({ storageAvailable: false, ready: true, ops: [] });
  const user = readUser();
  if (!user) {
    stopWatching();
    return setOutboxState({ ops: [], ready: true, storageAvailable: true });
  }
  watch(db, user.id);
  publish(await queueOf(db, user.id));
}

/** Stops watching the queue (sign-out, tests). */
export function stopWatching(): void {
  watched?.subscription.unsubscribe();
  watched = null;
  if (holdTimer) clearTimeout(holdTimer);
  holdTimer = null;
}

/**
 * Queues an action for the signed-in user. `id` is the Idempotency-Key: reuse the key of a request
 * that may have reached the server. Returns null when the device cannot store it.
 */
export async function enqueue(action: SyncAction, id: string = crypto.randomUUID()): Promise<OutboxOp | null> {
  const db = await openOfflineDb();
  const user = readUser();
  if (!db || !user) return null;
  const entity = entityOf(action);
  const op: OutboxOp = {
    id,
    userId: user.id,
    userLabel: user.name,
    action,
    entity,
    createdAt: now(),
    attempts: 0,
    nextAttemptAt: 0,
    state: 'pending',
  };
  await db.transaction('rw', db.outbox, async () => {
    if (COLLAPSIBLE.has(action.kind)) {
      // Only an op of the same kind is made pointless: a queued waitlist join stays behind a later
      // sign-up of the same workout, in case the sign-up is refused for want of a place.
      const older = await db.outbox
        .where('entity')
        .anyOf(entityKeys(action))
        .filter((o) => o.userId === user.id && o.state === 'pending' && o.action.kind === action.kind && o.id !== inflight)
        .primaryKeys();
      await db.outbox.bulkDelete(older);
    }
    op.seq = await db.outbox.add(op);
  });
  tellOtherTabs(user.id);
  watch(db, user.id);
  schedule(0);
  return op;
}

/** A tab that has not loaded the outbox yet (outbox-boot.ts) loads it to follow the queue. */
function tellOtherTabs(userId: number): void {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage(userId);
  channel.close();
}

/**
 * True when this entity has unsent ops, made in this tab or any other (read from the database, not
 * from this tab's copy): a new write must queue behind them to keep the order.
 */
export async function hasQueued(action: SyncAction): Promise<boolean> {
  const db = await openOfflineDb();
  const user = readUser();
  if (!db || !user) return false;
  return (await db.outbox.where('entity').anyOf(entityKeys(action)).filter((o) => o.userId === user.id && o.state === 'pending').count()) > 0;
}

export async function discard(seq: number): Promise<void> {
  const db = await openOfflineDb();
  await db?.outbox.delete(seq);
}

/**
 * Puts an op that needed attention back in the queue, now, under a fresh Idempotency-Key: the
 * server answered the old key with a refusal and would repeat it forever (the place may be free by
 * now). Only a lost answer keeps its key.
 */
export async function retry(seq: number): Promise<void> {
  const db = await openOfflineDb();
  await db?.outbox.update(seq, {
    id: crypto.randomUUID(),
    state: 'pending',
    attempts: 0,
    nextAttemptAt: 0,
    error: undefined,
    errorStatus: undefined,
    errorBody: undefined,
    conflict: undefined,
  });
  schedule(0);
}

/** "Retry now": every waiting op of the signed-in user is due at once. */
export async function retryNow(): Promise<void> {
  const db = await openOfflineDb();
  const user = readUser();
  if (!db || !user) return;
  await db.outbox
    .where('userId')
    .equals(user.id)
    .filter((o) => o.state === 'pending')
    .modify({ nextAttemptAt: 0 });
  setOutboxState({ paused: false });
  schedule(0);
}


const LOCK = 'club-outbox';
const LOCK_WAIT_MS = 3000;

/**
 * Runs `fn` holding the lock every tab's replay holds, so a direct send and a replay of the same
 * member never cross in transit. `fn(false)` when the lock stayed busy for LOCK_WAIT_MS (a slow
 * replay): the caller then queues instead of waiting with the button spinning.
 */
export async function withOutboxLock<T>(fn: (locked: boolean) => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks) return fn(true);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), LOCK_WAIT_MS);
  try {
    return (await locks.request(LOCK, { signal: controller.signal }, () => {
      clearTimeout(timer);
      return fn(true);
    })) as T;
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError' && controller.signal.aborted) return fn(false);
    throw err;
  } finally {
    clearTimeout(timer);
  }
}

/** Tests drive replay by hand. */
export function setAutoReplay(on: boolean): void {
  autoReplay = on;
}

/** Starts a replay pass soon (or at `delayMs`); passes never overlap, across tabs too. */
export function schedule(delayMs: number): void {
  if (!autoReplay) return;
  if (timer) clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    void replay();
  }, delayMs);
}

/** Drops a scheduled pass (tests, sign-out). */
export function cancelScheduled(): void {
  if (timer) clearTimeout(timer);
  timer = null;
}

export function replay(): Promise<void> {
  if (running) {
    again = true;
    return running;
  }
  running = (async () => {
    do {
      again = false;
      const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
      if (locks) await locks.request(LOCK, () => pass());
      else await pass();
    } while (again);
  })().finally(() => {
    running = null;
  });
  return running;
}

async function pass(): Promise<void> {
  const db = await openOfflineDb();
  const user = readUser();
  if (!db || !user || getOutboxState().paused) return;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    setOutboxState({ online: false });
    return;
  }
  const ops = await db.outbox.where('userId').equals(user.id).sortBy('seq');
  if (!ops.some((o) => o.state === 'pending')) return;
  setOutboxState({ syncing: true });
  const heldBack = new Set<string>();
  let synced = 0;
  try {
    for (const op of ops) {
      if (op.state !== 'pending') continue;
      // Later ops of an entity wait for its earlier ones, so they apply in the order they were made.
      // Not op.entity: ops stored before a workout's sign-up and waitlist became one thing carry an older key.
      const entity = entityOf(op.action);
      if (heldBack.has(entity) || op.nextAttemptAt > now()) {
        heldBack.add(entity);
        continue;
      }
      if (!(await db.outbox.get(op.seq!))) continue; // discarded or collapsed meanwhile
      const { path, method, body } = requestFor(op.action);
      inflight = op.id;
      try {
        const answer = (await request(path, { method, body, idempotencyKey: op.id, keepSessionOnUnauthorized: true })) as WriteAnswers[SyncAction['kind']];
        if (!getOutboxState().online) setOutboxState({ online: true });
        if (await promotedMeanwhile(op.action)) {
          await db.outbox.update(op.seq!, { state: 'attention', conflict: 'promoted', error: PROMOTED_MESSAGE });
          continue;
        }
        await db.outbox.delete(op.seq!);
        synced += 1;
        // The copies on the device take the club's answer now: the reload after the pass refreshes
        // only what is on screen, and a page opened offline later must not show the state before.
        notifyWritten(op.action, answer, true);
      } catch (err) {
        const e = err instanceof ApiError ? err : new ApiError(0, 'Network error');
        if (e.status === 0) {
          // The network is gone, whatever navigator.onLine says: keep everything for the next pass.
          setOutboxState({ online: false });
          const wait = Math.min(backoffMs(op.attempts + 1), NO_ANSWER_RETRY_MS);
          await db.outbox.update(op.seq!, { attempts: op.attempts + 1, nextAttemptAt: now() + wait });
          break;
        }
        if (!getOutboxState().online) setOutboxState({ online: true });
        if (e.status >= 500 || e.status === 429 || e.status === 408) {
          await db.outbox.update(op.seq!, { attempts: op.attempts + 1, nextAttemptAt: now() + backoffMs(op.attempts + 1) });
          heldBack.add(entity);
          continue;
        }
        if (e.status === 401) {
          // The session ended: wait for the user to sign in again, then go on.
          setOutboxState({ paused: true });
          break;
        }
        if (settledByRefusal(op.action, e.status)) {
          await db.outbox.delete(op.seq!);
          synced += 1;
          continue;
        }
        await db.outbox.update(op.seq!, { state: 'attention', error: errorMessage(e, 'The club refused this change.'), errorStatus: e.status, errorBody: e.body });
      } finally {
        inflight = null;
      }
    }
  } finally {
    setOutboxState({ syncing: false });
    const left = await queueOf(db, user.id);
    if (watched?.userId === user.id) publish(left);
    if (synced > 0) notifySynced(synced);
    const waiting = left.filter((o) => o.state === 'pending').map((o) => o.nextAttemptAt);
    if (waiting.length > 0 && !getOutboxState().paused) schedule(Math.max(250, Math.min(...waiting) - now()));
  }
}

export const PROMOTED_MESSAGE =
  'A place freed up and you were given it before your “leave the waitlist” reached the club: you are signed up.';

/**
 * A queued "leave the waitlist" is answered "not on the waitlist" the same whether she left or was
 * promoted meanwhile. When she now holds a place, the club gave her one she asked not to wait for:
 * the member decides (docs/decisions/0055). An unreadable answer changes nothing.
 */
async function promotedMeanwhile(action: SyncAction): Promise<boolean> {
  if (action.kind !== 'waitlist' || action.joined) return false;
  try {
    const detail = (await request(`/forum/workouts/${action.workoutId}`, { keepSessionOnUnauthorized: true })) as {
      workout?: { isSignedUp?: boolean };
    };
    return detail.workout?.isSignedUp === true;
  } catch {
    return false;
  }
}

/** What the user can do about an op that needs attention, besides retrying or discarding it. */
export function suggestedFix(op: OutboxOp): { label: string; action: SyncAction } | null {
  if (op.conflict === 'promoted' && op.action.kind === 'waitlist') {
    return { label: 'Give it up', action: { kind: 'workout-signup', workoutId: op.action.workoutId, signedUp: false } };
  }
  if (op.action.kind === 'workout-signup' && op.action.signedUp && op.errorStatus === 409 && /full/i.test(op.error ?? '')) {
    return { label: 'Join the waitlist instead', action: { kind: 'waitlist', workoutId: op.action.workoutId, joined: true } };
  }
  return null;
}

/**
 * Wires the replay triggers: back online, app start, focus. Returns the undo. `replayNow: false`
 * only follows the queue (another tab's write, or this tab's own, which schedules its pass itself).
 */
export function startOutbox({ replayNow = true }: { replayNow?: boolean } = {}): () => void {
  const onOnline = () => {
    setOutboxState({ online: true });
    schedule(0);
  };
  const onOffline = () => setOutboxState({ online: false });
  const onFocus = () => schedule(0);
  const onVisible = () => {
    if (document.visibilityState === 'visible') schedule(0);
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisible);
  setOutboxState({ online: navigator.onLine, paused: false });
  void refreshOutboxState().then(() => {
    if (replayNow) schedule(0);
  });
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisible);
    if (timer) clearTimeout(timer);
    stopWatching();
  };
}
