// Members race for 10 places over real HTTP against a file database, as on a busy evening: the
// sign-up transactions take the write lock at once, so capacity stays exact and waitlist positions
// distinct however the requests interleave. 200 of them the way an installed older app asks (sign up,
// then the waitlist), 1,000 the way the app asks now (one request that waits if full).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitlistOrder } from '../../db/queries/waitlist-order';
import { waitlistEntries, workoutSignups } from '../../db/schema';
import { fullWorkoutError, type SignupAnswer, type WaitlistAnswer } from '../../domain/contract/training/forum';
import { startServer, type RunningServer } from '../testing/app-server';
import { EXEC, makeTestApp, type TestApp } from '../testing/test-app';

const MEMBERS = 200;
const STORM = 1000;
const CAPACITY = 10;

let dir: string;
let t: TestApp;
let server: RunningServer;
let base: string;
let tokens: string[];
let workoutId: number;
let stormWorkoutId: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'club-concurrency-'));
  t = makeTestApp({ databasePath: join(dir, 'club.db') });
  const exec = await t.createUser(EXEC);
  const spin = { type: 'workout', title: 'Popular spin class', content: 'Ten bikes only.', workoutType: 'spin' };
  workoutId = (await t.createPost(exec.token, { ...spin, workoutDate: '2099-06-01', workoutTime: '18:00', capacity: CAPACITY })).post.id;
  stormWorkoutId = (await t.createPost(exec.token, { ...spin, workoutDate: '2099-06-02', workoutTime: '18:00', capacity: CAPACITY })).post.id;
  tokens = [];
  for (let i = 0; i < STORM; i++) tokens.push((await t.createUser({ email: `racer${i}@club.test`, name: `Racer ${i}` })).token);
  server = await startServer(t.app);
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  t?.database.close();
  rmSync(dir, { recursive: true, force: true });
});

async function post(path: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'idempotency-key': randomUUID(),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('200 concurrent sign-ups for 10 places', () => {
  it('gives exactly 10 places and 190 distinct waitlist positions, with no server error', async () => {
    const signups = await Promise.all(
      tokens.slice(0, MEMBERS).map((token) => post(`/api/forum/workouts/${workoutId}/signup`, token, { signedUp: true })),
    );
    expect(signups.filter((r) => r.status >= 500)).toEqual([]);
    const accepted = signups.filter((r) => r.status === 200);
    const refused = signups.filter((r) => r.status === 409);
    expect(accepted).toHaveLength(CAPACITY);
    expect(accepted.every((r) => (r.body as unknown as SignupAnswer).signedUp === true)).toBe(true);
    expect(refused).toHaveLength(MEMBERS - CAPACITY);
    expect(new Set(refused.map((r) => r.body.error))).toEqual(new Set([fullWorkoutError(CAPACITY)]));
    expect(
      t.db.select().from(workoutSignups).where(eq(workoutSignups.postId, workoutId)).all(),
    ).toHaveLength(CAPACITY);

    const refusedTokens = tokens.slice(0, MEMBERS).filter((_, i) => signups[i]!.status === 409);
    const joins = await Promise.all(
      refusedTokens.map((token) => post(`/api/forum/workouts/${workoutId}/waitlist`, token)),
    );
    expect(joins.filter((r) => r.status !== 200)).toEqual([]);
    const positions = joins
      .map((r) => (r.body as unknown as WaitlistAnswer).position)
      .sort((a, b) => a! - b!);
    expect(positions).toEqual(Array.from({ length: MEMBERS - CAPACITY }, (_, i) => i + 1));
    expect(
      t.db.select().from(waitlistEntries).where(eq(waitlistEntries.postId, workoutId)).all(),
    ).toHaveLength(MEMBERS - CAPACITY);
    expect(
      t.db.select().from(workoutSignups).where(eq(workoutSignups.postId, workoutId)).all(),
    ).toHaveLength(CAPACITY);
  });
});

describe(`${STORM} concurrent one-request sign-ups for ${CAPACITY} places`, () => {
  it(`gives exactly ${CAPACITY} places and ${STORM - CAPACITY} waitlist places in the order they were stored, with no server error`, async () => {
    const answers = await Promise.all(
      tokens.map((token) =>
        post(`/api/forum/workouts/${stormWorkoutId}/signup`, token, { signedUp: true, waitlistIfFull: true }),
      ),
    );
    expect(answers.filter((r) => r.status !== 200)).toEqual([]);
    const bodies = answers.map((r) => r.body as unknown as SignupAnswer);
    const placed = bodies.filter((b) => b.signedUp);
    const waiting = bodies.filter((b) => b.onWaitlist);
    expect(placed).toHaveLength(CAPACITY);
    expect(placed.every((b) => b.onWaitlist === false && b.position === null)).toBe(true);
    expect(waiting).toHaveLength(STORM - CAPACITY);
    expect(waiting.map((b) => b.position).sort((a, b) => a! - b!)).toEqual(
      Array.from({ length: STORM - CAPACITY }, (_, i) => i + 1),
    );

    const stored = t.db
      .select({ userId: waitlistEntries.userId })
      .from(waitlistEntries)
      .where(eq(waitlistEntries.postId, stormWorkoutId))
      .orderBy(...waitlistOrder)
      .all();
    expect(stored).toHaveLength(STORM - CAPACITY);
    // Each member's answered place is their place in the stored waitlist order.
    const answeredPlace = new Map(
      tokens.map((token, i) => [token, bodies[i]!.position ?? null] as const),
    );
    const userOfToken = await Promise.all(
      tokens.map(async (token) => {
        const res = await fetch(`${base}/api/forum/workouts/${stormWorkoutId}`, { headers: { authorization: `Bearer ${token}` } });
        const detail = (await res.json()) as { workout: { waitlistPosition: number | null; isSignedUp: boolean } };
        return detail.workout;
      }),
    );
    tokens.forEach((token, i) => {
      expect(userOfToken[i]!.waitlistPosition).toBe(answeredPlace.get(token));
      expect(userOfToken[i]!.isSignedUp).toBe(bodies[i]!.signedUp);
    });
    expect(
      t.db.select().from(workoutSignups).where(eq(workoutSignups.postId, stormWorkoutId)).all(),
    ).toHaveLength(CAPACITY);
    // Two thousand requests: on a shared 2-core machine this takes seconds, not the default 20 s's worth.
  }, 90_000);
});
