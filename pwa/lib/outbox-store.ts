import { useSyncExternalStore } from 'react';
import type { OutboxOp } from './offline-db';

/**
 * What the sync indicator and screens show about the outbox. Kept apart from Dexie so that public
 * pages can read it without loading the device database.
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
