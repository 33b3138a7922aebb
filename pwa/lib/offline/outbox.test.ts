import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { performWrite } from './perform-write';
import { openOfflineDb, resetOfflineDbForTests } from './offline-db';
import { backoffMs, cancelScheduled, discard, setAutoReplay, enqueue, refreshOutboxState, replay, retry, stopWatching, suggestedFix } from './outbox';
import { getOutboxState, onSynced, setOutboxState } from './outbox-store';
import { answerApi, jsonReply } from '../../test-server';

type Reply = { status: number; body?: unknown; headers?: Record<string, string> } | 'network';
let replies: Reply[];
let calls: { url: string; method: string; key: string | null; body: unknown; auth: string | null }[];

beforeEach(() => {
  setAutoReplay(false);
  localStorage.setItem('token', 'tok');
  localStorage.setItem('user', JSON.stringify({ id: 7, name: 'Sam', role: 'member' }));
  replies = [];
  calls = [];
  answerApi((call) => {
    calls.push({ url: call.url, method: call.method, key: call.headers['idempotency-key'] ?? null, body: call.body ?? null, auth: call.headers.authorization ?? null });
    const reply = replies.shift() ?? { status: 200, body: { ok: true } };
    if (reply === 'network') return 'network-error';
    const res = jsonReply(reply.body ?? {}, reply.status);
    for (const [k, v] of Object.entries(reply.headers ?? {})) res.headers.set(k, v);
    return res;
  });
  setOutboxState({ ops: [], paused: false, online: true, syncing: false, ready: false, storageAvailable: true });
});

afterEach(async () => {
  cancelScheduled();
  await replay();
  cancelScheduled();
  stopWatching();
  (await openOfflineDb())?.close();
  resetOfflineDbForTests();
  await Dexie.delete('club-offline');
  vi.restoreAllMocks();
  localStorage.clear();
});

async function ops() {
  await refreshOutboxState();
  return getOutboxState().ops;
}

describe('outbox', () => {
  it('keeps replaying across a token renewal: each op goes with the token current when it is sent', async () => {
    await enqueue({ kind: 'workout-signup', workoutId: 1, signedUp: true }, 'key-renew-1');
    await enqueue({ kind: 'rsvp', eventId: 2, status: 'going' }, 'key-renew-2');
    await enqueue({ kind: 'race-signup', raceId: 3, signedUp: true }, 'key-renew-3');
    // The first answer carries a renewed token (the old one was past half its life).
    replies = [{ status: 200, body: { ok: true }, headers: { 'X-Session-Token': 'tok-renewed' } }];
    await replay();
    expect(calls.map((c) => [c.url, c.key, c.auth])).toEqual([
      ['/api/forum/workouts/1/signup', 'key-renew-1', 'Bearer tok'],
      ['/api/forum/events/2/rsvp', 'key-renew-2', 'Bearer tok-renewed'],
      ['/api/races/3/signup', 'key-renew-3', 'Bearer tok-renewed'],
    ]);
    expect(localStorage.getItem('token')).toBe('tok-renewed');
    expect(await ops()).toEqual([]);
  });

  it('replays in the order the actions were made, each with its own Idempotency-Key', async () => {
    await enqueue({ kind: 'workout-signup', workoutId: 1, signedUp: true }, 'key-aaaaaaaa');
    await enqueue({ kind: 'rsvp', eventId: 2, status: 'going' }, 'key-bbbbbbbb');
    await enqueue({ kind: 'race-signup', raceId: 3, signedUp: true }, 'key-cccccccc');
    await replay();
    expect(calls.map((c) => [c.method, c.url, c.key])).toEqual([
      ['POST', '/api/forum/workouts/1/signup', 'key-aaaaaaaa'],
      ['POST', '/api/forum/events/2/rsvp', 'key-bbbbbbbb'],
      ['POST', '/api/races/3/signup', 'key-cccccccc'],
    ]);
    expect(calls[0]!.body).toEqual({ signedUp: true });
    expect(await ops()).toEqual([]);
  });

  it('replays a sign-up that may wait on a full workout exactly once, with its key, and settles it by the waitlist answer', async () => {
    await enqueue({ kind: 'workout-signup', workoutId: 4, signedUp: true, waitlistIfFull: true }, 'key-full-1');
    // The first try got no answer (it may have reached the club): the same key goes again.
    replies = ['network', { status: 200, body: { signedUp: false, onWaitlist: true, position: 3 } }];
    await replay();
    const [op] = await ops();
    await (await openOfflineDb())!.outbox.update(op!.seq!, { nextAttemptAt: 0 });
    await replay();
    expect(calls.map((c) => [c.method, c.url, c.key])).toEqual([
      ['POST', '/api/forum/workouts/4/signup', 'key-full-1'],
      ['POST', '/api/forum/workouts/4/signup', 'key-full-1'],
    ]);
    expect(calls.every((c) => JSON.stringify(c.body) === JSON.stringify({ signedUp: true, waitlistIfFull: true }))).toBe(true);
    expect(await ops()).toEqual([]);
    await replay();
    expect(calls).toHaveLength(2);
  });

  it('collapses unsent state changes of one thing to the last intent, but never attendance', async () => {
    await enqueue({ kind: 'rsvp', eventId: 2, status: 'going' });
    await enqueue({ kind: 'rsvp', eventId: 2, status: 'maybe' });
    await enqueue({ kind: 'workout-signup', workoutId: 1, signedUp: true });
    await enqueue({ kind: 'workout-signup', workoutId: 1, signedUp: false });
    await enqueue({ kind: 'attendance', workoutId: 1, attendanceData: { '3': true } });
    await enqueue({ kind: 'attendance', workoutId: 1, attendanceData: { '3': false } });
    const queued = (await ops()).map((o) => o.action);
    expect(queued).toEqual([
      { kind: 'rsvp', eventId: 2, status: 'maybe' },
      { kind: 'workout-signup', workoutId: 1, signedUp: false },
      { kind: 'attendance', workoutId: 1, attendanceData: { '3': true } },
      { kind: 'attendance', workoutId: 1, attendanceData: { '3': false } },
    ]);
  });

  it('keeps two records of money for one member as two, and replays a record with its own key until it lands', async () => {
    const record = { userId: 5, package: 'Full Tri', method: 'cash' as const, receipt: '0042' };
    await enqueue({ kind: 'payment-record', record }, 'key-cash-1');
    await enqueue({ kind: 'payment-record', record: { ...record, receipt: '0043' } }, 'key-cash-2');
    expect((await ops()).map((o) => o.id)).toEqual(['key-cash-1', 'key-cash-2']);
    // The pool has no signal: the first try gets no answer, and the record waits with its key.
    replies = ['network'];
    await replay();
    expect((await ops()).map((o) => o.id)).toEqual(['key-cash-1', 'key-cash-2']);
    for (const op of await ops()) {
      const db = await openOfflineDb();
      await db!.outbox.update(op.seq!, { nextAttemptAt: 0 });
    }
    replies = [{ status: 201, body: { payment: { id: 1 } } }, { status: 201, body: { payment: { id: 2 } } }];
    await replay();
    expect(calls.map((c) => [c.url, c.method, c.key, c.body])).toEqual([
      ['/api/payments/record', 'POST', 'key-cash-1', record],
      ['/api/payments/record', 'POST', 'key-cash-1', record],
      ['/api/payments/record', 'POST', 'key-cash-2', { ...record, receipt: '0043' }],
    ]);
    expect(await ops()).toEqual([]);
  });

  it('keeps ops and backs off on a network error, stopping the pass', async () => {
    await enqueue({ kind: 'rsvp', eventId: 2, status: 'going' });
    await enqueue({ kind: 'rsvp', eventId: 3, status: 'going' });
    replies = ['network'];
    const before = Date.now();
    await replay();
    expect(calls).toHaveLength(1);
    const [first, second] = await ops();
    expect(first!.attempts).toBe(1);
    expect(first!.nextAttemptAt).toBeGreaterThanOrEqual(before + 1000);
    expect(second!.attempts).toBe(0);
    expect(backoffMs(1)).toBe(1000);
    expect(backoffMs(3)).toBe(4000);
    expect(backoffMs(20)).toBe(60_000);
  });

  it('calls the device offline when a replay gets no answer though the browser claims to be online, and online again at the next answer', async () => {
    await enqueue({ kind: 'rsvp', eventId: 2, status: 'going' });
    expect(navigator.onLine).toBe(true);
    expect(getOutboxState().online).toBe(true);
    replies = ['network', 'network'];
    const before = Date.now();
    await replay();
    expect(getOutboxState().online).toBe(false);
    // No 'online' event will come: the next try is soon, not after a long backoff.
    const [op] = await ops();
    const db = (await openOfflineDb())!;
    await db.outbox.update(op!.seq!, { attempts: 9, nextAttemptAt: 0 });
    await replay();
    const [again] = await ops();
    expect(again!.nextAttemptAt).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(again!.nextAttemptAt).toBeGreaterThanOrEqual(before);
    replies = [{ status: 200, body: { myRsvp: 'going' } }];
    await db.outbox.update(op!.seq!, { nextAttemptAt: 0 });
    await replay();
    expect(getOutboxState().online).toBe(true);
    expect(await ops()).toEqual([]);
  });

  it('retries 5xx and 429 later, holding back later ops of the same thing but not the others', async () => {
    await enqueue({ kind: 'workout-signup', workoutId: 1, signedUp: true });
    await enqueue({ kind: 'waitlist', workoutId: 9, joined: true });
    replies = [{ status: 503, body: { error: 'down' } }, { status: 200, body: { onWaitlist: true, position: 1 } }];
    await replay();
    expect(calls.map((c) => c.url)).toEqual(['/api/forum/workouts/1/signup', '/api/forum/workouts/9/waitlist']);
    const left = await ops();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ state: 'pending', attempts: 1 });
  });

  it('marks a refused op as needing attention with the server message; one stuck op does not block the rest', async () => {
    await enqueue({ kind: 'workout-signup', workoutId: 1, signedUp: true });
    await enqueue({ kind: 'rsvp', eventId: 2, status: 'going' });
    replies = [{ status: 409, body: { error: 'Sorry, this workout is full! Maximum capacity: 10 people.' } }, { status: 200, body: { status: 'going' } }];
    await replay();
    const left = await ops();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ state: 'attention', errorStatus: 409, error: 'Sorry, this workout is full! Maximum capacity: 10 people.' });
    expect(suggestedFix(left[0]!)?.action).toEqual({ kind: 'waitlist', workoutId: 1, joined: true });
    // Not replayed again on its own.
    calls = [];
    await replay();
    expect(calls).toHaveLength(0);
    await retry(left[0]!.seq!);
    await replay();
    expect(calls).toHaveLength(1);
  });

  it('pauses on 401 and keeps the op until the user signs in again', async () => {
    await enqueue({ kind: 'rsvp', eventId: 2, status: 'going' });
    await enqueue({ kind: 'rsvp', eventId: 3, status: 'maybe' });
    replies = [{ status: 401, body: { error: 'expired' } }];
    await replay();
    expect(getOutboxState().paused).toBe(true);
    expect(await ops()).toHaveLength(2);
    calls = [];
    await replay();
    expect(calls).toHaveLength(0);
  });

  it('tells screens when queued writes reached the server, and can discard an op', async () => {
    const seen = vi.fn();
    const stopListening = onSynced(seen);
    const op = await enqueue({ kind: 'race-signup', raceId: 3, signedUp: true });
    await enqueue({ kind: 'race-signup', raceId: 4, signedUp: true });
    await discard(op!.seq!);
    await replay();
    expect(calls.map((c) => c.url)).toEqual(['/api/races/4/signup']);
    expect(seen).toHaveBeenCalled();
    stopListening();
  });

  it('carries an announcement’s dismissal like the other writes: collapsed, replayed with its key, done when the announcement is gone', async () => {
    await enqueue({ kind: 'announcement-dismissal', announcementId: 4 }, 'key-dismiss-old');
    await enqueue({ kind: 'announcement-dismissal', announcementId: 4 }, 'key-dismiss-4');
    await enqueue({ kind: 'announcement-dismissal', announcementId: 5 }, 'key-dismiss-5');
    expect((await ops()).map((o) => o.id)).toEqual(['key-dismiss-4', 'key-dismiss-5']);
    // The second was removed (or is past) meanwhile: nothing is left to hide, nothing needs attention.
    replies = [{ status: 200, body: { dismissed: true } }, { status: 404, body: { error: 'Announcement not found' } }];
    await replay();
    expect(calls.map((c) => [c.method, c.url, c.key])).toEqual([
      ['POST', '/api/announcements/4/dismiss', 'key-dismiss-4'],
      ['POST', '/api/announcements/5/dismiss', 'key-dismiss-5'],
    ]);
    expect(await ops()).toEqual([]);
    // Any other refusal needs attention, as for every write.
    calls = [];
    await enqueue({ kind: 'announcement-dismissal', announcementId: 6 }, 'key-dismiss-6');
    replies = [{ status: 403, body: { error: 'Members only' } }];
    await replay();
    expect((await ops()).map((o) => [o.state, o.error])).toEqual([['attention', 'Members only']]);
  });

  it('carries the duties’ writes: a member’s claim and swap of one duty in order, an exec’s changes per holder collapsed, a removal of a duty already gone done', async () => {
    const answer = { duties: [], kinds: [], give_up_hours: 48 };
    await enqueue({ kind: 'duty-claim', dutyId: 7, taken: true }, 'key-claim-7');
    await enqueue({ kind: 'duty-swap', dutyId: 7, step: 'offer' }, 'key-swap-7');
    await enqueue({ kind: 'duty-no-show', dutyId: 8, userId: 3, noShow: true }, 'key-noshow-old');
    await enqueue({ kind: 'duty-no-show', dutyId: 8, userId: 3, noShow: false }, 'key-noshow-3');
    await enqueue({ kind: 'duty-no-show', dutyId: 8, userId: 4, noShow: true }, 'key-noshow-4');
    await enqueue({ kind: 'duty-holder', dutyId: 8, userId: 5, held: true }, 'key-holder-5');
    await enqueue({ kind: 'duty-removal', dutyId: 9 }, 'key-remove-9');
    expect((await ops()).map((o) => o.id)).toEqual(['key-claim-7', 'key-swap-7', 'key-noshow-3', 'key-noshow-4', 'key-holder-5', 'key-remove-9']);
    replies = [...Array.from({ length: 5 }, () => ({ status: 200, body: answer })), { status: 404, body: { error: 'Duty not found' } }];
    await replay();
    expect(calls.map((c) => [c.method, c.url, c.key])).toEqual([
      ['POST', '/api/duties/7/claim', 'key-claim-7'],
      ['POST', '/api/duties/7/swap', 'key-swap-7'],
      ['PUT', '/api/duties/8/holders/3/no-show', 'key-noshow-3'],
      ['PUT', '/api/duties/8/holders/4/no-show', 'key-noshow-4'],
      ['PUT', '/api/duties/8/holders/5', 'key-holder-5'],
      ['DELETE', '/api/duties/9', 'key-remove-9'],
    ]);
    expect(await ops()).toEqual([]);
  });

  it('keeps each user’s ops apart', async () => {
    await enqueue({ kind: 'rsvp', eventId: 2, status: 'going' });
    localStorage.setItem('user', JSON.stringify({ id: 8, name: 'Other', role: 'member' }));
    await replay();
    expect(calls).toHaveLength(0);
    expect(await ops()).toEqual([]);
  });
});

describe('performWrite', () => {
  it('sends at once when online', async () => {
    replies = [{ status: 200, body: { signedUp: true } }];
    const result = await performWrite({ kind: 'workout-signup', workoutId: 5, signedUp: true });
    expect(result).toEqual({ status: 'done', answer: { signedUp: true } });
    expect(calls[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('queues when the browser is offline', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const result = await performWrite({ kind: 'rsvp', eventId: 2, status: 'going' });
    expect(result).toEqual({ status: 'queued' });
    expect(calls).toHaveLength(0);
    expect((await ops()).map((o) => o.action)).toEqual([{ kind: 'rsvp', eventId: 2, status: 'going' }]);
  });

  it('queues a request that got no answer with the same key, so the replay cannot apply twice', async () => {
    replies = ['network'];
    const result = await performWrite({ kind: 'attendance', workoutId: 4, attendanceData: { '1': true } });
    expect(result).toEqual({ status: 'queued' });
    const [op] = await ops();
    expect(op!.id).toBe(calls[0]!.key);
  });

  it('queues behind older unsent ops of the same thing to keep their order', async () => {
    await enqueue({ kind: 'workout-signup', workoutId: 1, signedUp: true });
    const result = await performWrite({ kind: 'workout-signup', workoutId: 1, signedUp: false });
    expect(result).toEqual({ status: 'queued' });
    expect(calls).toHaveLength(0);
    expect((await ops()).map((o) => o.action)).toEqual([{ kind: 'workout-signup', workoutId: 1, signedUp: false }]);
  });

  it('throws the server refusal when online', async () => {
    replies = [{ status: 409, body: { error: 'Sorry, this workout is full! Maximum capacity: 2 people.' } }];
    await expect(performWrite({ kind: 'workout-signup', workoutId: 1, signedUp: true })).rejects.toMatchObject({
      status: 409,
      message: 'Sorry, this workout is full! Maximum capacity: 2 people.',
    });
  });
});
