// The outbox as two tabs of one member see it: two copies of the modules (each tab's own memory)
// over one fake-indexeddb and one Web Locks manager, against a small club server that keeps state
// and answers a repeated Idempotency-Key with its stored answer, as api/platform/middleware/idempotency.ts does.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, jsonReply } from '../../test-server';
import type * as ActionsModule from './perform-write';
import type * as OfflineDbModule from './offline-db';
import type * as OutboxModule from './outbox';
import type * as StoreModule from './outbox-store';

interface Tab {
  outbox: typeof OutboxModule;
  actions: typeof ActionsModule;
  store: typeof StoreModule;
  db: typeof OfflineDbModule;
}

/** One tab: fresh copies of the modules, so nothing of another tab's memory is shared. */
async function openTab(): Promise<Tab> {
  vi.resetModules();
  const outbox = await import('./outbox');
  outbox.setAutoReplay(false);
  return { outbox, actions: await import('./perform-write'), store: await import('./outbox-store'), db: await import('./offline-db') };
}

/** navigator.locks as one browser has it: exclusive, granted in request order, abortable while waiting. */
function installLocks() {
  let tail: Promise<void> = Promise.resolve();
  const locks = {
    request(_name: string, a: unknown, b?: unknown) {
      const fn = (typeof a === 'function' ? a : b) as () => Promise<unknown>;
      const signal = typeof a === 'function' ? undefined : (a as { signal?: AbortSignal }).signal;
      const before = tail;
      let release!: () => void;
      tail = new Promise<void>((r) => (release = r));
      return new Promise((resolve, reject) => {
        let granted = false;
        signal?.addEventListener('abort', () => {
          if (granted) return;
          reject(new DOMException('Aborted', 'AbortError'));
          void before.then(release);
        });
        void before.then(async () => {
          if (signal?.aborted) return;
          granted = true;
          try {
            resolve(await fn());
          } catch (err) {
            reject(err as Error);
          } finally {
            release();
          }
        });
      });
    },
  };
  Object.defineProperty(navigator, 'locks', { value: locks, configurable: true });
}

/** The club's state for member 7, and what each request did. */
interface Club {
  rsvp: Record<number, string | null>;
  signedUp: Set<number>;
  others: Map<number, number>;
  waitlist: Set<number>;
  capacity: number;
  answers: Map<string, { status: number; body: unknown }>;
  log: string[];
  /** Per request (in arrival order): 'lose' commits and drops the answer; '502' commits and answers 502; a promise holds the commit. */
  faults: ('lose' | '502' | '503' | Promise<void> | undefined)[];
}

let club: Club;

function apply(method: string, url: string, body: Record<string, unknown> | null): { status: number; body: unknown } {
  const rsvp = /\/events\/(\d+)\/rsvp$/.exec(url);
  if (rsvp) {
    club.rsvp[+rsvp[1]!] = (body?.status as string | null) ?? null;
    return { status: 200, body: { status: body?.status ?? null } };
  }
  const signup = /\/workouts\/(\d+)\/signup$/.exec(url);
  if (signup) {
    const id = +signup[1]!;
    if (body?.signedUp) {
      if (!club.signedUp.has(id) && club.signedUp.size + (club.others.get(id) ?? 0) >= club.capacity)
        return { status: 409, body: { error: 'Sorry, this workout is full! Maximum capacity: 1 people.' } };
      club.signedUp.add(id);
      club.waitlist.delete(id);
    } else club.signedUp.delete(id);
    return { status: 200, body: { signedUp: club.signedUp.has(id) } };
  }
  const waitlist = /\/workouts\/(\d+)\/waitlist$/.exec(url);
  if (waitlist) {
    const id = +waitlist[1]!;
    if (method === 'DELETE') club.waitlist.delete(id);
    else club.waitlist.add(id);
    return { status: 200, body: { onWaitlist: club.waitlist.has(id), position: club.waitlist.has(id) ? 1 : null } };
  }
  return { status: 404, body: { error: 'Not found' } };
}

beforeEach(() => {
  installLocks();
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ id: 7, name: 'Sam', role: 'member' }));
  club = { rsvp: {}, signedUp: new Set(), others: new Map(), waitlist: new Set(), capacity: 10, answers: new Map(), log: [], faults: [] };
  answerApi(async (call) => {
    const detail = /\/forum\/workouts\/(\d+)$/.exec(call.url);
    if (call.method === 'GET' && detail) {
      const id = +detail[1]!;
      return jsonReply({ workout: { id, isSignedUp: club.signedUp.has(id), waitlistPosition: club.waitlist.has(id) ? 1 : null }, signups: [], waitlist: [] });
    }
    const fault = club.faults.shift();
    if (fault instanceof Promise) await fault;
    const key = call.headers['idempotency-key'] ?? '';
    club.log.push(`${call.method} ${call.url} ${JSON.stringify(call.body ?? null)} ${key}`);
    let answer = club.answers.get(key);
    if (!answer) {
      answer = apply(call.method, call.url, (call.body ?? null) as Record<string, unknown> | null);
      club.answers.set(key, answer);
    }
    if (fault === 'lose') return 'network-error';
    if (fault === '502') return jsonReply({ error: 'Bad gateway' }, 502);
    if (fault === '503') return jsonReply({ error: 'Unavailable' }, 503);
    return jsonReply(answer.body, answer.status);
  });
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const tab of tabs) {
    tab.outbox.cancelScheduled();
    tab.outbox.stopWatching();
    (await tab.db.openOfflineDb())?.close();
    tab.db.resetOfflineDbForTests();
  }
  tabs = [];
  await Dexie.delete('club-offline');
  localStorage.clear();
  Reflect.deleteProperty(navigator, 'locks');
});

let tabs: Tab[] = [];
async function twoTabs(): Promise<[Tab, Tab]> {
  const a = await openTab();
  const b = await openTab();
  tabs.push(a, b);
  return [a, b];
}

/** Replays every due op, as the tab's timer would once the backoff is over. */
async function replayNow(tab: Tab) {
  await tab.outbox.retryNow();
  tab.outbox.cancelScheduled();
  await tab.outbox.replay();
}

describe('one order across tabs', () => {
  it('a choice in a tab that shows nothing queued waits behind an unsent one of another tab, and wins', async () => {
    const [a, b] = await twoTabs();
    club.faults = ['lose'];
    // Tab B: Going; the server applied it but the answer was lost, so B queued it for a retry.
    expect(await b.actions.performWrite({ kind: 'rsvp', eventId: 2, status: 'going' })).toEqual({ status: 'queued' });
    // Tab A never heard of it in memory.
    expect(a.store.getOutboxState().ops).toEqual([]);
    expect(await a.actions.performWrite({ kind: 'rsvp', eventId: 2, status: 'maybe' })).toEqual({ status: 'queued' });
    await replayNow(b);
    await replayNow(a);
    expect(club.rsvp[2]).toBe('maybe');
  });

  it('a direct send waits for the lock a send of another tab holds, so the later choice lands last', async () => {
    const [a, b] = await twoTabs();
    let commitFirst!: () => void;
    club.faults = [new Promise<void>((r) => (commitFirst = r))];
    const first = a.actions.performWrite({ kind: 'rsvp', eventId: 2, status: 'going' });
    await vi.waitFor(() => expect(club.faults).toHaveLength(0)); // A's request is on the wire
    const second = b.actions.performWrite({ kind: 'rsvp', eventId: 2, status: 'not_going' });
    await new Promise((r) => setTimeout(r, 50));
    expect(club.log).toEqual([]); // B did not overtake A in transit
    commitFirst();
    expect(await first).toMatchObject({ status: 'done' });
    expect(await second).toMatchObject({ status: 'done' });
    expect(club.rsvp[2]).toBe('not_going');
  });

  it('every tab shows the queue as the database holds it', async () => {
    const [a, b] = await twoTabs();
    await a.outbox.refreshOutboxState();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await b.actions.performWrite({ kind: 'rsvp', eventId: 3, status: 'going' });
    await vi.waitFor(() => expect(a.store.getOutboxState().ops.map((o) => o.action)).toEqual([{ kind: 'rsvp', eventId: 3, status: 'going' }]));
  });

  it('a workout’s sign-up and waitlist are one queue: a cancel never overtakes a waitlist join held back by a 5xx', async () => {
    const [a, b] = await twoTabs();
    club.faults = ['503'];
    expect(await b.actions.performWrite({ kind: 'waitlist', workoutId: 4, joined: true })).toEqual({ status: 'queued' });
    expect(await a.actions.performWrite({ kind: 'workout-signup', workoutId: 4, signedUp: false })).toEqual({ status: 'queued' });
    const [first, second] = await (async () => {
      await a.outbox.refreshOutboxState();
      return a.store.getOutboxState().ops;
    })();
    expect(first!.entity).toBe(second!.entity);
    await replayNow(a);
    expect(club.log.map((l) => l.split(' ').slice(0, 2).join(' '))).toEqual([
      'POST /api/forum/workouts/4/waitlist',
      'POST /api/forum/workouts/4/waitlist',
      'POST /api/forum/workouts/4/signup',
    ]);
  });
});

describe('answers that never came', () => {
  it('a 5xx to an online action queues it with the same key; the replay gets the stored answer, applied once', async () => {
    const [a] = await twoTabs();
    club.faults = ['502'];
    expect(await a.actions.performWrite({ kind: 'workout-signup', workoutId: 5, signedUp: true })).toEqual({ status: 'queued' });
    await a.outbox.refreshOutboxState();
    const [op] = a.store.getOutboxState().ops;
    expect(club.log[0]).toContain(op!.id);
    await replayNow(a);
    expect(club.log).toHaveLength(2);
    expect(club.log[1]).toContain(op!.id);
    expect(club.answers.size).toBe(1);
    expect(club.signedUp.has(5)).toBe(true);
    expect(await a.outbox.hasQueued({ kind: 'workout-signup', workoutId: 5, signedUp: true })).toBe(false);
  });

  it('a lost answer queues with the same key', async () => {
    const [a] = await twoTabs();
    club.faults = ['lose'];
    expect(await a.actions.performWrite({ kind: 'rsvp', eventId: 8, status: 'going' })).toEqual({ status: 'queued' });
    await replayNow(a);
    expect(club.log).toHaveLength(2);
    expect(club.log[0]!.split(' ').at(-1)).toBe(club.log[1]!.split(' ').at(-1));
  });

  it('a 4xx is shown at once and not queued', async () => {
    const [a] = await twoTabs();
    club.capacity = 0;
    await expect(a.actions.performWrite({ kind: 'workout-signup', workoutId: 5, signedUp: true })).rejects.toMatchObject({ status: 409 });
    expect(await a.outbox.hasQueued({ kind: 'workout-signup', workoutId: 5, signedUp: true })).toBe(false);
  });
});

describe('refusals and intent', () => {
  it('“Try again” after a refusal sends a fresh key and succeeds once the place is free', async () => {
    const [a] = await twoTabs();
    club.capacity = 1;
    const op = await a.outbox.enqueue({ kind: 'workout-signup', workoutId: 6, signedUp: true }, 'first-key');
    club.others.set(6, 1); // someone else took the only place meanwhile
    await replayNow(a);
    await a.outbox.refreshOutboxState();
    expect(a.store.getOutboxState().ops[0]).toMatchObject({ state: 'attention', errorStatus: 409 });
    club.others.set(6, 0); // they cancelled
    await a.outbox.retry(op!.seq!);
    await replayNow(a);
    expect(club.signedUp.has(6)).toBe(true);
    expect(club.log.map((l) => l.split(' ').at(-1))).toEqual(['first-key', expect.not.stringMatching(/^first-key$/)]);
    await a.outbox.refreshOutboxState();
    expect(a.store.getOutboxState().ops).toEqual([]);
  });

  it('a queued “leave the waitlist” that meets a promotion needs the member’s word: keep the place or give it up', async () => {
    const [a] = await twoTabs();
    club.waitlist.add(9);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await a.actions.performWrite({ kind: 'waitlist', workoutId: 9, joined: false });
    vi.restoreAllMocks();
    // A place frees before the leave is sent: the club promotes her.
    club.waitlist.delete(9);
    club.signedUp.add(9);
    await replayNow(a);
    await a.outbox.refreshOutboxState();
    const [op] = a.store.getOutboxState().ops;
    expect(op).toMatchObject({ state: 'attention', conflict: 'promoted' });
    expect(a.outbox.suggestedFix(op!)).toEqual({ label: 'Give it up', action: { kind: 'workout-signup', workoutId: 9, signedUp: false } });
    await a.outbox.discard(op!.seq!);
    await a.actions.performWrite(a.outbox.suggestedFix(op!)!.action);
    expect(club.signedUp.has(9)).toBe(false);
    expect(club.waitlist.has(9)).toBe(false);
  });

  it('a queued leave with no promotion simply goes', async () => {
    const [a] = await twoTabs();
    club.waitlist.add(9);
    await a.outbox.enqueue({ kind: 'waitlist', workoutId: 9, joined: false });
    await replayNow(a);
    await a.outbox.refreshOutboxState();
    expect(a.store.getOutboxState().ops).toEqual([]);
    expect(club.waitlist.has(9)).toBe(false);
  });
});
