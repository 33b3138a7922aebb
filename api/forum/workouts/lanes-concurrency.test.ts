// A thousand members race for three lanes of ten places over real HTTP against a file database: each
// lane fills to exactly its capacity and its waitlist takes the rest in the order the sign-ups were
// stored, however the requests interleave.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitlistOrder } from '../../../db/queries/waitlist-order';
import { waitlistEntries, workoutSignups } from '../../../db/schema';
import type { SignupAnswer, WorkoutLane } from '../../../domain/contract/training/forum';
import { startServer, type RunningServer } from '../../testing/app-server';
import { EXEC, makeTestApp, type TestApp } from '../../testing/test-app';

const STORM = 1000;
const LANE_CAPACITY = 10;

let dir: string;
let t: TestApp;
let server: RunningServer;
let base: string;
let members: { id: number; token: string }[];
let workoutId: number;
let laneIds: number[];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'club-lanes-'));
  t = makeTestApp({ databasePath: join(dir, 'club.db') });
  const exec = await t.createUser(EXEC);
  const lanes = [1, 2, 3].map((n) => ({ name: `Lane ${n}`, capacity: LANE_CAPACITY }));
  const created = await t.createPost(exec.token, {
    type: 'workout', title: 'Squad swim', content: 'Three lanes.', workoutType: 'swim', workoutDate: '2099-06-01', workoutTime: '07:00', lanes,
  });
  workoutId = created.post.id;
  laneIds = (created.post.lanes as WorkoutLane[]).map((l) => l.id);
  members = [];
  for (let i = 0; i < STORM; i++) members.push(await t.createUser({ email: `swimmer${i}@club.test`, name: `Swimmer ${i}` }));
  server = await startServer(t.app);
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await server?.close();
  t?.database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe(`${STORM} concurrent sign-ups into three lanes of ${LANE_CAPACITY}`, () => {
  it('fills each lane to exactly its capacity and waitlists the rest per lane in stored order, with no server error', async () => {
    const laneOf = (i: number) => laneIds[i % 3]!;
    const answers = await Promise.all(
      members.map(async ({ token }, i) => {
        const res = await fetch(`${base}/api/forum/workouts/${workoutId}/signup`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomUUID(), 'content-type': 'application/json' },
          body: JSON.stringify({ signedUp: true, waitlistIfFull: true, lane: laneOf(i) }),
        });
        return { status: res.status, body: (await res.json()) as SignupAnswer };
      }),
    );
    expect(answers.filter((r) => r.status !== 200)).toEqual([]);
    for (const [n, lane] of laneIds.entries()) {
      const mine = answers.filter((_, i) => i % 3 === n);
      const placed = mine.filter((r) => r.body.signedUp);
      const waiting = mine.filter((r) => r.body.onWaitlist);
      expect(placed).toHaveLength(LANE_CAPACITY);
      expect(waiting).toHaveLength(mine.length - LANE_CAPACITY);
      expect(waiting.map((r) => r.body.position).sort((a, b) => a! - b!)).toEqual(
        Array.from({ length: mine.length - LANE_CAPACITY }, (_, i) => i + 1),
      );
      const signed = t.db.select().from(workoutSignups).where(and(eq(workoutSignups.postId, workoutId), eq(workoutSignups.laneId, lane))).all();
      expect(signed).toHaveLength(LANE_CAPACITY);
      // Each answered place is the member's place in the lane's stored waitlist order.
      const stored = t.db
        .select({ userId: waitlistEntries.userId })
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.postId, workoutId), eq(waitlistEntries.laneId, lane)))
        .orderBy(...waitlistOrder)
        .all()
        .map((r) => r.userId);
      const answeredOrder = members
        .map((m, i) => ({ id: m.id, position: answers[i]!.body.position, n: i % 3 }))
        .filter((m) => m.n === n && m.position != null)
        .sort((a, b) => a.position! - b.position!)
        .map((m) => m.id);
      expect(stored).toEqual(answeredOrder);
    }
    const detail = await t.must('GET', `/api/forum/workouts/${workoutId}`, { token: members[0]!.token });
    expect(detail.workout).toMatchObject({ capacity: 3 * LANE_CAPACITY, signupCount: 3 * LANE_CAPACITY, waitlistCount: STORM - 3 * LANE_CAPACITY });
    expect(detail.workout.lanes.map((l: WorkoutLane) => [l.signedUp, l.waitlist])).toEqual([
      [LANE_CAPACITY, 334 - LANE_CAPACITY],
      [LANE_CAPACITY, 333 - LANE_CAPACITY],
      [LANE_CAPACITY, 333 - LANE_CAPACITY],
    ]);
  }, 120_000);
});
