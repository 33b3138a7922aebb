// Starts the outbox of a signed-in member without loading it: a first paint needs only "does this
// member's queue hold anything?", which plain IndexedDB answers. The outbox module (and Dexie with
// it, 30 KB gzip) loads when it has work: ops on the device, a write being made, ops queued by
// another tab, or ops found when the network or the tab comes back (docs/decisions/0061).
import { OFFLINE_DB, openIfExists, settled } from '../data/idb';
import { markOutboxBooted, OUTBOX_CHANNEL, setOutboxState } from './outbox-store';
import type * as Outbox from './outbox';
import { WARM_UP_MARK, WARMED_MARK } from '../../../domain/contract/page-timeline';

interface Boot {
  userId: number;
  outbox: Promise<typeof Outbox> | null;
  stop: (() => void) | null;
}

let boot: Boot | null = null;

/**
 * The outbox module. For a signed-in member it is started once (replay triggers, liveQuery), with a
 * replay pass at once when `replayNow` (ops found on the device); for a visitor it is only loaded.
 */
export function loadOutbox(replayNow = false): Promise<typeof Outbox> {
  const current = boot;
  if (!current) return import('./outbox');
  if (current.outbox) return current.outbox;
  const loading: Promise<typeof Outbox> = import('./outbox').then(
    (outbox) => {
      if (boot === current) current.stop = outbox.startOutbox({ replayNow });
      return outbox;
    },
    (err: unknown) => {
      // The module's file could not be fetched (no network before the service worker kept it, a
      // dropped connection): forget the failure, so the next write or replay tries again rather than
      // failing for the rest of the tab's life.
      if (current.outbox === loading) current.outbox = null;
      throw err;
    },
  );
  current.outbox = loading;
  return loading;
}

/**
 * Fetches the outbox module once the member's page is idle, without starting it: a member who goes
 * offline later (a pool deck) can still keep a change, even before the service worker holds the
 * app's files. A visitor never pays for it.
 */
function warmOutbox(current: Boot): () => void {
  const warm = () => {
    if (boot !== current || current.outbox) return;
    performance.mark(WARM_UP_MARK);
    // The outbox module and Dexie, which the device database loads on its first use.
    void Promise.all([import('./outbox'), import('./offline-db').then((db) => db.loadDexie())]).then(
      () => performance.mark(WARMED_MARK),
      () => undefined,
    );
  };
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(warm, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(warm, 2000);
  return () => clearTimeout(id);
}

/**
 * Whether the member's queue may hold ops: false only when the device database is missing or holds
 * none of theirs. Anything unexpected (no IndexedDB, an older database) says true, and the outbox
 * module then reads the queue itself and says what it found.
 */
async function mayHaveWork(userId: number): Promise<boolean> {
  if (typeof indexedDB === 'undefined') return true;
  try {
    const db = await openIfExists(OFFLINE_DB);
    if (!db) return false;
    try {
      if (!db.objectStoreNames.contains('outbox')) return true;
      const index = db.transaction('outbox').objectStore('outbox').index('userId');
      return (await settled(index.count(userId))) > 0;
    } finally {
      db.close();
    }
  } catch {
    return true;
  }
}

/** Boots the member's outbox (the sync indicator does, once per signed-in user). Returns the undo. */
export function bootOutbox(userId: number): () => void {
  const current: Boot = { userId, outbox: null, stop: null };
  boot = current;
  markOutboxBooted(true);
  const check = () => {
    if (current.outbox) return;
    void mayHaveWork(userId).then((work) => {
      if (boot !== current || current.outbox) return;
      if (work) void loadOutbox(true);
      else setOutboxState({ ops: [], ready: true, storageAvailable: true });
    });
  };
  const onOnline = () => {
    setOutboxState({ online: true });
    check();
  };
  const onOffline = () => setOutboxState({ online: false });
  const onVisible = () => {
    if (document.visibilityState === 'visible') check();
  };
  // Another tab queued a write for this member: follow the queue as the outbox module does.
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OUTBOX_CHANNEL);
  if (channel) {
    channel.onmessage = (e: MessageEvent) => {
      if (e.data === userId && boot === current) void loadOutbox();
    };
  }
  window.addEventListener('online', onOnline);
  window.addEventListener('offline', onOffline);
  window.addEventListener('focus', check);
  document.addEventListener('visibilitychange', onVisible);
  setOutboxState({ online: navigator.onLine, paused: false });
  check();
  const stopWarming = warmOutbox(current);
  return () => {
    stopWarming();
    window.removeEventListener('online', onOnline);
    window.removeEventListener('offline', onOffline);
    window.removeEventListener('focus', check);
    document.removeEventListener('visibilitychange', onVisible);
    channel?.close();
    if (boot === current) {
      boot = null;
      markOutboxBooted(false);
    }
    current.stop?.();
    current.stop = null;
  };
}
