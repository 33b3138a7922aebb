// The device's queue of writes made offline (DESIGN.md §4): kept in IndexedDB, shown at once,
// replayed in order with the op's own Idempotency-Key when the network is back, so a replay after a
// lost answer never applies twice. Loaded on demand: public pages never pay for it.
import { api, ApiError } from './api-client';
import { requestFor, type SyncAction } from './sync-action';
import { openOfflineDb, type OutboxOp } from './offline-db';
import { getOutboxState, setOutboxState } from './outbox-store';
import { readUser } from './session-storage';

/** Kinds whose ops say "the state should be X": a newer one makes an unsent older one pointless. */
const COLLAPSIBLE = new Set<SyncAction['kind']>(['rsvp', 'workout-signup', 'race-signup', 'waitlist']);
const MAX_BACKOFF_MS = 60_000;
const PROGRESS_EVERY_MS = 500;
/** Fired once a replay pass has sent something: screens reload what they show (once, not per op). */
export const SYNCED_EVENT = 'club:synced';

export function entityOf(action: SyncAction): string {
  const id = 'workoutId' in action ? action.workoutId : 'eventId' in action ? action.eventId : action.raceId;
  return `${action.kind}:${id}`;
}

export function backoffMs(attempts: number): number {
  return Math.min(1000 * 2 ** Math.max(0, attempts - 1), MAX_BACKOFF_MS);
}

let inflight: string | null = null;
/** Answers of the ops sent in the current pass, by key (for screens that want them). */
const lastAnswers = new Map<string, unknown>();
let autoReplay = true;
let timer: ReturnType<typeof setTimeout> | null = null;
let running: Promise<void> | null = null;
let again = false;
const now = () => Date.now();

/** Re-reads the signed-in user's queue into the store the UI watches. */
export async function refreshOutboxState(): Promise<void> {
  const db = await openOfflineDb();
  if (!db) return setOutboxState({ storageAvailable: false, ready: true, ops: [] });
  const user = readUser();
  const ops = user ? await db.outbox.where('userId').equals(user.id).sortBy('seq') : [];
  setOutboxState({ ops, ready: true, storageAvailable: true });
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
  const op: OutboxOp = { id, userId: user.id, action, entity, createdAt: now(), attempts: 0, nextAttemptAt: 0, state: 'pending' };
  await db.transaction('rw', db.outbox, async () => {
    if (COLLAPSIBLE.has(action.kind)) {
      const older = await db.outbox
        .where('entity')
        .equals(entity)
        .filter((o) => o.userId === user.id && o.state === 'pending' && o.id !== inflight)
        .primaryKeys();
      await db.outbox.bulkDelete(older);
    }
    op.seq = await db.outbox.add(op);
  });
  await refreshOutboxState();
  schedule(0);
  return op;
}

/** True when this entity has unsent ops: a new write must queue behind them to keep the order. */
export function hasQueued(action: SyncAction): boolean {
  const entity = entityOf(action);
  return getOutboxState().ops.some((o) => o.entity === entity && o.state === 'pending');
}

export async function discard(seq: number): Promise<void> {
  const db = await openOfflineDb();
  await db?.outbox.delete(seq);
  await refreshOutboxState();
}

/** Puts an op that needed attention back in the queue, now. */
export async function retry(seq: number): Promise<void> {
  const db = await openOfflineDb();
  await db?.outbox.update(seq, { state: 'pending', attempts: 0, nextAttemptAt: 0, error: undefined, errorStatus: undefined, errorBody: undefined });
  await refreshOutboxState();
  schedule(0);
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
      if (locks) await locks.request('club-outbox', () => pass());
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
  let lastRefresh = Date.now();
  try {
    for (const op of ops) {
      if (op.state !== 'pending') continue;
      // Later ops of an entity wait for its earlier ones, so they apply in the order they were made.
      if (heldBack.has(op.entity) || op.nextAttemptAt > now()) {
        heldBack.add(op.entity);
        continue;
      }
      if (!(await db.outbox.get(op.seq!))) continue; // discarded or collapsed meanwhile
      const { path, method, body } = requestFor(op.action);
      inflight = op.id;
      try {
        const answer = await api<unknown>(path, { method, body, idempotencyKey: op.id, keepSessionOnUnauthorized: true });
        await db.outbox.delete(op.seq!);
        synced += 1;
        lastAnswers.set(op.id, answer);
      } catch (err) {
        const e = err instanceof ApiError ? err : new ApiError(0, 'Network error');
        if (e.status === 0) {
          // The network is gone: keep everything for the next pass.
          await db.outbox.update(op.seq!, { attempts: op.attempts + 1, nextAttemptAt: now() + backoffMs(op.attempts + 1) });
          break;
        }
        if (e.status >= 500 || e.status === 429 || e.status === 408) {
          await db.outbox.update(op.seq!, { attempts: op.attempts + 1, nextAttemptAt: now() + backoffMs(op.attempts + 1) });
          heldBack.add(op.entity);
          continue;
        }
        if (e.status === 401) {
          // The session ended: wait for the user to sign in again, then go on.
          setOutboxState({ paused: true });
          break;
        }
        await db.outbox.update(op.seq!, { state: 'attention', error: e.message, errorStatus: e.status, errorBody: e.body });
      } finally {
        inflight = null;
        // Screens re-render on every store change: a long pass refreshes them a few times a second,
        // not once per op (100 ops over a 300-card list would otherwise cost seconds).
        if (Date.now() - lastRefresh >= PROGRESS_EVERY_MS) {
          await refreshOutboxState();
          lastRefresh = Date.now();
        }
      }
    }
  } finally {
    setOutboxState({ syncing: false });
    await refreshOutboxState();
    if (synced > 0) window.dispatchEvent(new CustomEvent(SYNCED_EVENT, { detail: { count: synced, answers: new Map(lastAnswers) } }));
    lastAnswers.clear();
    const waiting = getOutboxState().ops.filter((o) => o.state === 'pending').map((o) => o.nextAttemptAt);
    if (waiting.length > 0 && !getOutboxState().paused) schedule(Math.max(250, Math.min(...waiting) - now()));
  }
}

/** What the user can do about an op that needs attention, besides retrying or discarding it. */
export function suggestedFix(op: OutboxOp): { label: string; action: SyncAction } | null {
  if (op.action.kind === 'workout-signup' && op.action.signedUp && op.errorStatus === 409 && /full/i.test(op.error ?? '')) {
    return { label: 'Join the waitlist instead', action: { kind: 'waitlist', workoutId: op.action.workoutId, joined: true } };
  }
  return null;
}

/** Wires the replay triggers: back online, app start, focus. Returns the undo. */
export function startOutbox(): () => void {
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
  void refreshOutboxState().then(() => schedule(0));
  return () => {
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisible);
    if (timer) clearTimeout(timer);
  };
}
