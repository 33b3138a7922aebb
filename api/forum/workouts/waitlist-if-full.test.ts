import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users, waitlistEntries, workoutSignups } from '../../../db/schema';
import { fullWorkoutError } from '../../../domain/contract/training/forum';
import { EXEC, MEMBER, makeClub } from '../../testing/test-app';

// A sign-up that asks for the waitlist when the workout is full: one request where an older app
// makes two. Test clock: 2026-03-02T15:00:00Z.

const spin = { type: 'workout', title: 'Spin', content: 'Bikes.', workoutType: 'spin', workoutDate: '2026-03-04', workoutTime: '18:00' };
const ONE_REQUEST = { signedUp: true, waitlistIfFull: true };

async function setup(capacity: number) {
  const club = await makeClub({ exec: EXEC, ann: MEMBER, bob: { ...MEMBER, email: 'bob@club.test', name: 'Bob' }, cy: { ...MEMBER, email: 'cy@club.test', name: 'Cy' } });
  const { t, exec } = club;
  const id = (await t.must('POST', '/api/forum/posts', { token: exec.token, body: { ...spin, capacity } })).post.id as number;
  const signup = (token: string, body: unknown, key?: string) =>
    t.call('POST', `/api/forum/workouts/${id}/signup`, { token, body, headers: key ? { 'idempotency-key': key } : {} });
  return { ...club, id, signup };
}

describe('signing up with waitlistIfFull', () => {
  it('gives a free place and says so', async () => {
    const { ann, signup } = await setup(1);
    const res = await signup(ann.token, ONE_REQUEST);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ signedUp: true, onWaitlist: false, position: null });
  });

  it('puts the member on the waitlist of a full workout, in order, in one request each', async () => {
    const { t, id, ann, bob, cy, signup } = await setup(1);
    await signup(ann.token, ONE_REQUEST);
    expect((await signup(bob.token, ONE_REQUEST)).body).toEqual({ signedUp: false, onWaitlist: true, position: 1 });
    expect((await signup(cy.token, ONE_REQUEST)).body).toEqual({ signedUp: false, onWaitlist: true, position: 2 });
    // Asking again answers the same place; nothing is added.
    expect((await signup(bob.token, ONE_REQUEST)).body).toEqual({ signedUp: false, onWaitlist: true, position: 1 });
    expect(t.db.select().from(waitlistEntries).where(eq(waitlistEntries.postId, id)).all()).toHaveLength(2);
    const detail = await t.must('GET', `/api/forum/workouts/${id}`, { token: cy.token });
    expect(detail.workout).toMatchObject({ signupCount: 1, waitlistCount: 2, isSignedUp: false, waitlistPosition: 2 });
    // The place freed by a cancel goes to the first on the waitlist, as for any join.
    await signup(ann.token, { signedUp: false });
    expect((await t.must('GET', `/api/forum/workouts/${id}`, { token: bob.token })).workout.isSignedUp).toBe(true);
  });

  it('answers a replay with the same Idempotency-Key without a second place', async () => {
    const { t, id, ann, bob, signup } = await setup(1);
    await signup(ann.token, ONE_REQUEST);
    const key = randomUUID();
    const first = await signup(bob.token, ONE_REQUEST, key);
    expect(first.body).toEqual({ signedUp: false, onWaitlist: true, position: 1 });
    const again = await signup(bob.token, ONE_REQUEST, key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(t.db.select().from(waitlistEntries).where(eq(waitlistEntries.postId, id)).all()).toHaveLength(1);
    // Promoted meanwhile: the replay still answers what the request did, and changes nothing.
    await signup(ann.token, { signedUp: false });
    expect((await signup(bob.token, ONE_REQUEST, key)).body).toEqual(first.body);
    expect(t.db.select().from(workoutSignups).where(eq(workoutSignups.userId, bob.id)).all()).toHaveLength(1);
  });

  it('refuses what a sign-up refuses: a suspended member, a started workout, a bad flag', async () => {
    const { t, id, ann, bob, signup } = await setup(1);
    await signup(ann.token, ONE_REQUEST);
    t.db.update(users).set({ suspendedUntil: Date.now() + 1e12 }).where(eq(users.id, bob.id)).run();
    const suspended = await signup(bob.token, ONE_REQUEST);
    expect(suspended.status).toBe(409);
    expect(suspended.body.error).toMatch(/suspended/i);
    expect(t.db.select().from(waitlistEntries).where(eq(waitlistEntries.postId, id)).all()).toHaveLength(0);
    const bad = await signup(bob.token, { signedUp: true, waitlistIfFull: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('waitlistIfFull must be true or false');
    t.clock.set(Date.parse('2026-03-04T23:30:00Z'));
    const started = await signup(bob.token, ONE_REQUEST);
    expect(started.status).toBe(409);
    expect(started.body.error).toMatch(/started/);
  });

  it('leaves the two-request path of an installed app as it was', async () => {
    const { t, id, ann, bob, signup } = await setup(1);
    expect((await signup(ann.token, { signedUp: true })).body).toEqual({ signedUp: true });
    const full = await signup(bob.token, { signedUp: true });
    expect(full.status).toBe(409);
    expect(full.body).toEqual({ error: fullWorkoutError(1) });
    const join = await t.call('POST', `/api/forum/workouts/${id}/waitlist`, { token: bob.token });
    expect(join.body).toEqual({ onWaitlist: true, position: 1 });
    expect(t.db.select().from(workoutSignups).where(eq(workoutSignups.postId, id)).all()).toHaveLength(1);
  });
});
