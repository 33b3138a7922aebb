import { useSyncExternalStore } from 'react';
import type { OutboxOp } from './offline-db';
import type { SyncAction, WriteAnswers } from './sync-action';

/**
 * What the sync indicator and screens show about the outbox: the queue as Dexie's liveQuery sees it
 * (outbox.ts) and the connection state. Kept apart from Dexie so that public pages can read it
 * without loading the device database.
 */
export interface OutboxState {
  ops: OutboxOp[];
  online: boolean;
  syncing: boolean;
  /** Replay stopped on a 401 until the user signs in again. */
  paused: boolean;
  /** False when IndexedDB could not be opened: online only. */
  storageAvailable: boolean;
  /** The outbox module has loaded and read the device's queue. */
  ready: boolean;
}

let state: OutboxState = {
  ops: [],
  online: typeof navigator === 'undefined' ? true : navigator.onLine,
  syncing: false,
  paused: false,
  storageAvailable: true,
  ready: false,
};
const listeners = new Set<() => void>();

export function getOutboxState(): OutboxState {
  return state;
}

export function setOutboxState(patch: Partial<OutboxState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useOutboxState(): OutboxState {
  return useSyncExternalStore(subscribe, getOutboxState, getOutboxState);
}

export function pendingCount(s: OutboxState): number {
  return s.ops.filter((o) => o.state === 'pending').length;
}

export function attentionCount(s: OutboxState): number {
  return s.ops.filter((o) => o.state === 'attention').length;
}

/** When the next automatic attempt is due (ms since epoch), or null when nothing waits. */
export function nextAttemptOf(ops: OutboxOp[]): number | null {
  const due = ops.filter((o) => o.state === 'pending').map((o) => o.nextAttemptAt);
  return due.length > 0 ? Math.max(Date.now(), Math.min(...due)) : null;
}

/** Tabs tell each other of a queued write (the user's id) on this channel (outbox-boot.ts). */
export const OUTBOX_CHANNEL = 'club-outbox';

type SyncedListener = (count: number) => void;
const syncedListeners = new Set<SyncedListener>();

/** Called once a replay pass has sent something (once, not per op): the query layer reloads. */
export function onSynced(listener: SyncedListener): () => void {
  syncedListeners.add(listener);
  return () => syncedListeners.delete(listener);
}

export function notifySynced(count: number): void {
  for (const listener of syncedListeners) listener(count);
}

/**
 * The server's answer to one write, sent at once (`replayed` false) or from the outbox (true). Every
 * answer of the club goes through here, so the data layer can put it in every copy it keeps
 * (lib/data/post-cache.ts), whichever screen, replay or tab-less page made the write.
 */
export type Written = {
  [K in SyncAction['kind']]: { kind: K; action: Extract<SyncAction, { kind: K }>; answer: WriteAnswers[K]; replayed: boolean };
}[SyncAction['kind']];

type WrittenListener = (written: Written) => void;
const writtenListeners = new Set<WrittenListener>();

export function onWritten(listener: WrittenListener): () => void {
  writtenListeners.add(listener);
  return () => writtenListeners.delete(listener);
}

export function notifyWritten<A extends SyncAction>(action: A, answer: WriteAnswers[A['kind']], replayed: boolean): void {
  // The answer belongs to the action's own endpoint (sync-action.ts), so the pair is one of Written's.
  const written = { kind: action.kind, action, answer, replayed } as Written;
  for (const listener of writtenListeners) listener(written);
}

let outboxLoaded = false;

/** Set by the outbox module when it loads: until then nothing can be queued by this page. */
export function markOutboxLoaded(): void {
  outboxLoaded = true;
}

export function isOutboxLoaded(): boolean {
  return outboxLoaded;
}

let outboxBooted = false;

/** Set while a signed-in member's outbox is booted (outbox-boot.ts): a write may then be queued. */
export function markOutboxBooted(on: boolean): void {
  outboxBooted = on;
}

export function isOutboxBooted(): boolean {
  return outboxBooted;
}
