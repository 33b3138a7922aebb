// Idempotency-Key answers are stored per user (the outbox replays a member's writes with their keys):
// another user sending the same key gets an answer of their own, never the stored one, and learns
// nothing from it.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { idempotencyKeys, raceSignups } from '../../db/schema';
import { buildWorld } from '../testing/security-world';

const KEY = 'outbox-7f3c2a10-5b9e-4c61-9d2f-0a8b7c6d5e4f';

describe('Idempotency-Key is scoped to its user', () => {
  it('user B replaying user A’s key on the same route gets a fresh answer of their own', async () => {
    const w = await buildWorld();
    const { t, users } = w;
    const a = users.member;
    const b = users.waiter;
    const first = await t.call('PUT', '/api/users/profile', {
      token: a.token,
      headers: { 'idempotency-key': KEY },
      body: { name: 'Alice Private', email: 'alice.private@club.test', phone_number: '4165550111', bio: 'My secret bio' },
    });
    expect(first.status).toBe(200);
    const replay = await t.call('PUT', '/api/users/profile', {
      token: a.token,
      headers: { 'idempotency-key': KEY },
      body: { name: 'Alice Private', email: 'alice.private@club.test', phone_number: '4165550111', bio: 'My secret bio' },
    });
    expect(replay.body).toEqual(first.body); // the key works for its owner

    const same = await t.call('PUT', '/api/users/profile', {
      token: b.token,
      headers: { 'idempotency-key': KEY },
      body: { name: 'Alice Private', email: 'bob@club.test', phone_number: '4165550111', bio: 'My secret bio' },
    });
    expect(same.status).toBe(200);
    expect(same.body.user).toMatchObject({ id: b.id, email: 'bob@club.test' });
    expect(JSON.stringify(same.body)).not.toContain('alice.private');

    const different = await t.call('PUT', '/api/users/profile', {
      token: b.token,
      headers: { 'idempotency-key': `${KEY}-2` },
      body: { name: 'Bob', email: 'bob@club.test' },
    });
    expect(different.status).toBe(200);

    // A third user with A's key and another body: no 422 that would reveal the key is in use.
    const c = users.racer;
    const other = await t.call('PUT', '/api/users/profile', {
      token: c.token,
      headers: { 'idempotency-key': KEY },
      body: { name: 'Carol', email: 'racer@club.test' },
    });
    expect(other.status).toBe(200);
    expect(other.body.user).toMatchObject({ id: c.id, name: 'Carol' });
  });

  it('a replayed race signup key signs up B, not a copy of A’s answer', async () => {
    const w = await buildWorld();
    const { t, users } = w;
    const a = users.member;
    const b = users.filler;
    const path = `/api/races/${w.raceId}/signup`;
    expect((await t.call('POST', path, { token: a.token, headers: { 'idempotency-key': KEY } })).status).toBe(200);
    expect((await t.call('POST', path, { token: b.token, headers: { 'idempotency-key': KEY } })).status).toBe(200);
    const signedUp = (id: number) =>
      !!t.db
        .select()
        .from(raceSignups)
        .where(and(eq(raceSignups.raceId, w.raceId), eq(raceSignups.userId, id)))
        .get();
    expect(signedUp(a.id)).toBe(true);
    expect(signedUp(b.id)).toBe(true);
    const stored = t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, KEY)).all();
    expect(stored.map((r) => r.userId).sort((x, y) => x - y)).toEqual([a.id, b.id].sort((x, y) => x - y));
  });

  it('a refusal stored for A is not served to B, and B’s success is not served to A', async () => {
    const w = await buildWorld();
    const { t, users } = w;
    const path = `/api/forum/workouts/${w.fullWorkoutId}/signup`;
    // The workout is full: A's signup is refused, and that refusal is the stored answer for A's key.
    const refused = await t.call('POST', path, { token: users.member.token, headers: { 'idempotency-key': KEY }, body: { signedUp: true } });
    expect(refused.status).toBe(409);
    // The filler cancels with the same key: their own answer, not A's stored 409.
    const cancel = await t.call('POST', path, { token: users.filler.token, headers: { 'idempotency-key': KEY }, body: { signedUp: false } });
    expect(cancel.status).toBe(200);
    expect(cancel.body).toMatchObject({ signedUp: false });
    // A's own replay still answers A's stored refusal.
    const again = await t.call('POST', path, { token: users.member.token, headers: { 'idempotency-key': KEY }, body: { signedUp: true } });
    expect(again).toMatchObject({ status: 409, body: refused.body });
  });

  it('a request without a valid session never reaches the stored answers', async () => {
    const w = await buildWorld();
    const { t, users } = w;
    const path = `/api/races/${w.raceId}/signup`;
    await t.call('POST', path, { token: users.member.token, headers: { 'idempotency-key': KEY } });
    const anonymous = await t.call('POST', path, { headers: { 'idempotency-key': KEY } });
    expect(anonymous).toMatchObject({ status: 401, body: { error: expect.any(String) } });
    const pending = await t.call('POST', path, { token: users.pending.token, headers: { 'idempotency-key': KEY } });
    expect(pending.status).toBe(403);
  });
});
