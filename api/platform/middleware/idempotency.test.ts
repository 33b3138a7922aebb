import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { eventRsvps, idempotencyKeys, raceSignups, races, workoutSignups } from '../../../db/schema';
import { makeTestApp } from '../../testing/test-app';
import { IDEMPOTENCY_TTL_MS, pruneIdempotencyKeys } from './idempotency';

// What the device's outbox relies on: a replay with the same key, after a lost answer or not,
// applies once and answers what the first request answered.
async function setup() {
  const t = makeTestApp();
  const exec = await t.createUser({ role: 'exec' });
  const member = await t.createUser({ role: 'member' });
  const workout = await t.call('POST', '/api/forum/posts', {
    token: exec.token,
    body: {
      type: 'workout',
      title: 'Swim',
      workoutType: 'swim',
      workoutDate: '2026-03-10',
      workoutTime: '07:00',
      content: 'Lanes',
      capacity: 3,
    },
  });
  const event = await t.call('POST', '/api/forum/posts', {
    token: exec.token,
    body: { type: 'event', title: 'Social', eventDate: '2026-03-12', content: 'Pizza' },
  });
  const race = t.db.insert(races).values({ name: 'Sprint', date: '2026-05-01' }).returning().get();
  return {
    t,
    exec,
    member,
    workoutId: workout.body.post.id as number,
    eventId: event.body.post.id as number,
    raceId: race.id,
  };
}

describe('Idempotency-Key on the offline-capable writes', () => {
  it.each([
    [
      'workout signup',
      (s: Awaited<ReturnType<typeof setup>>) =>
        ['POST', `/api/forum/workouts/${s.workoutId}/signup`, { signedUp: true }] as const,
    ],
    [
      'RSVP',
      (s: Awaited<ReturnType<typeof setup>>) =>
        ['POST', `/api/forum/events/${s.eventId}/rsvp`, { status: 'going' }] as const,
    ],
    [
      'race signup',
      (s: Awaited<ReturnType<typeof setup>>) => ['POST', `/api/races/${s.raceId}/signup`, undefined] as const,
    ],
  ])(
    '%s: a lost answer retried with the same key leaves one effect and the same answer',
    async (_name, request) => {
      const s = await setup();
      const [method, path, body] = request(s);
      const headers = { 'idempotency-key': 'op-0d3b4f1c-lost-answer' };
      const first = await s.t.call(method, path, { token: s.member.token, body, headers });
      expect(first.status).toBe(200);
      // The client never saw `first` (the network dropped it) and replays the op from its outbox.
      const replay = await s.t.call(method, path, { token: s.member.token, body, headers });
      expect(replay).toMatchObject({ status: first.status, body: first.body });
      const rows =
        s.t.db.select().from(workoutSignups).all().length +
        s.t.db.select().from(eventRsvps).all().length +
        s.t.db.select().from(raceSignups).all().length;
      expect(rows).toBe(1);
      expect(s.t.db.select().from(idempotencyKeys).all()).toHaveLength(1);
    },
  );

  it('replays a refusal as a refusal, and a new key acts anew', async () => {
    const s = await setup();
    const others = await Promise.all([1, 2, 3].map(() => s.t.createUser({ role: 'member' })));
    for (const o of others)
      await s.t.call('POST', `/api/forum/workouts/${s.workoutId}/signup`, {
        token: o.token,
        body: { signedUp: true },
      });
    const path = `/api/forum/workouts/${s.workoutId}/signup`;
    const headers = { 'idempotency-key': 'signup-when-full-0001' };
    const full = await s.t.call('POST', path, { token: s.member.token, body: { signedUp: true }, headers });
    expect(full).toMatchObject({
      status: 409,
      body: { error: 'Sorry, this workout is full! Maximum capacity: 3 people.' },
    });
    // A place opens; the replay still answers what the first request answered.
    await s.t.call('POST', path, { token: others[0]!.token, body: { signedUp: false } });
    const replay = await s.t.call('POST', path, { token: s.member.token, body: { signedUp: true }, headers });
    expect(replay).toMatchObject({ status: 409, body: full.body });
    const fresh = await s.t.call('POST', path, {
      token: s.member.token,
      body: { signedUp: true },
      headers: { 'idempotency-key': 'signup-new-op-00002' },
    });
    expect(fresh).toMatchObject({ status: 200, body: { signedUp: true } });
  });

  it('keys belong to their user: another member with the same key gets their own effect', async () => {
    const s = await setup();
    const other = await s.t.createUser({ role: 'member' });
    const headers = { 'idempotency-key': 'shared-key-000000001' };
    const path = `/api/forum/workouts/${s.workoutId}/signup`;
    await s.t.call('POST', path, { token: s.member.token, body: { signedUp: true }, headers });
    const res = await s.t.call('POST', path, { token: other.token, body: { signedUp: true }, headers });
    expect(res).toMatchObject({ status: 200, body: { signedUp: true } });
    expect(s.t.db.select().from(workoutSignups).all()).toHaveLength(2);
  });

  it('refuses a malformed key with 400', async () => {
    const s = await setup();
    const res = await s.t.call('POST', `/api/forum/workouts/${s.workoutId}/signup`, {
      token: s.member.token,
      body: { signedUp: true },
      headers: { 'idempotency-key': 'bad key!' },
    });
    expect(res.status).toBe(400);
    expect(s.t.db.select().from(workoutSignups).all()).toHaveLength(0);
  });

  it('two copies of one op racing over real HTTP apply once', async () => {
    const s = await setup();
    const server = serve({ fetch: s.t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    const send = () =>
      fetch(`http://127.0.0.1:${port}/api/forum/workouts/${s.workoutId}/signup`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${s.member.token}`,
          'content-type': 'application/json',
          'idempotency-key': 'race-same-op-00001',
        },
        body: JSON.stringify({ signedUp: true }),
      }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const answers = await Promise.all([send(), send(), send()]);
    server.close();
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1);
    expect(s.t.db.select().from(workoutSignups).all()).toHaveLength(1);
  });

  it('keeps stored answers 30 days, then forgets them', async () => {
    const s = await setup();
    await s.t.call('POST', `/api/forum/workouts/${s.workoutId}/signup`, {
      token: s.member.token,
      body: { signedUp: true },
      headers: { 'idempotency-key': 'kept-for-thirty-days' },
    });
    pruneIdempotencyKeys(s.t.database, s.t.clock.now() + IDEMPOTENCY_TTL_MS - 1000);
    expect(s.t.db.select().from(idempotencyKeys).all()).toHaveLength(1);
    pruneIdempotencyKeys(s.t.database, s.t.clock.now() + IDEMPOTENCY_TTL_MS + 1000);
    expect(s.t.db.select().from(idempotencyKeys).all()).toHaveLength(0);
    expect(IDEMPOTENCY_TTL_MS).toBeGreaterThanOrEqual(30 * 24 * 3600 * 1000);
  });
});
