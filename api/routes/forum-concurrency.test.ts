// 200 members race for 10 places over real HTTP against a file database: the
// immediate transactions must keep capacity exact and the waitlist positions distinct.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database_ } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { posts, users, waitlistEntries, workoutSignups } from '../../db/schema';
import { createApp } from '../app';
import { fullWorkoutError, type SignupAnswer, type WaitlistAnswer } from '../../domain/contract/forum';
import { buildDeps } from '../deps';
import { loadEnv } from '../env';
import { signSessionToken } from '../services/tokens';

const MEMBERS = 200;
const CAPACITY = 10;

let dir: string;
let database: Database_;
let server: ReturnType<typeof serve>;
let base: string;
let tokens: string[];
let workoutId: number;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'club-concurrency-'));
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_PATH: join(dir, 'club.db'),
    JWT_SECRET: 'concurrency-secret-that-is-long-enough!',
    SEED_DEMO: '0',
    APP_URL: 'http://club.test',
  });
  database = openDatabase(env.DATABASE_PATH);
  runMigrations(database);
  const deps = buildDeps(env, database, { transport: null, log: () => {}, uploadsDir: join(dir, 'uploads') });

  const ids = database.tx(() => {
    const exec = database.db
      .insert(users)
      .values({
        email: 'exec@club.test',
        name: 'Erin Exec',
        passwordHash: 'x',
        role: 'exec',
        expiryDate: '2099-12-31',
      })
      .returning({ id: users.id })
      .get();
    workoutId = database.db
      .insert(posts)
      .values({
        userId: exec.id,
        type: 'workout',
        title: 'Popular spin class',
        content: 'Ten bikes only.',
        workoutType: 'spin',
        workoutDate: '2099-06-01',
        workoutTime: '18:00',
        capacity: CAPACITY,
      })
      .returning({ id: posts.id })
      .get().id;
    return Array.from(
      { length: MEMBERS },
      (_, i) =>
        database.db
          .insert(users)
          .values({
            email: `racer${i}@club.test`,
            name: `Racer ${i}`,
            passwordHash: 'x',
            role: 'member',
            expiryDate: '2099-12-31',
          })
          .returning({ id: users.id })
          .get().id,
    );
  });
  tokens = await Promise.all(ids.map((id) => signSessionToken(deps.jwtSecret, id, 0, { now: deps.clock() })));

  const app = createApp(deps);
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  database?.close();
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
      tokens.map((token) => post(`/api/forum/workouts/${workoutId}/signup`, token, { signedUp: true })),
    );
    expect(signups.filter((r) => r.status >= 500)).toEqual([]);
    const accepted = signups.filter((r) => r.status === 200);
    const refused = signups.filter((r) => r.status === 409);
    expect(accepted).toHaveLength(CAPACITY);
    expect(accepted.every((r) => (r.body as unknown as SignupAnswer).signedUp === true)).toBe(true);
    expect(refused).toHaveLength(MEMBERS - CAPACITY);
    expect(new Set(refused.map((r) => r.body.error))).toEqual(new Set([fullWorkoutError(CAPACITY)]));
    expect(
      database.db.select().from(workoutSignups).where(eq(workoutSignups.postId, workoutId)).all(),
    ).toHaveLength(CAPACITY);

    const refusedTokens = tokens.filter((_, i) => signups[i]!.status === 409);
    const joins = await Promise.all(
      refusedTokens.map((token) => post(`/api/forum/workouts/${workoutId}/waitlist`, token)),
    );
    expect(joins.filter((r) => r.status !== 200)).toEqual([]);
    const positions = joins
      .map((r) => (r.body as unknown as WaitlistAnswer).position)
      .sort((a, b) => a! - b!);
    expect(positions).toEqual(Array.from({ length: MEMBERS - CAPACITY }, (_, i) => i + 1));
    expect(
      database.db.select().from(waitlistEntries).where(eq(waitlistEntries.postId, workoutId)).all(),
    ).toHaveLength(MEMBERS - CAPACITY);
    expect(
      database.db.select().from(workoutSignups).where(eq(workoutSignups.postId, workoutId)).all(),
    ).toHaveLength(CAPACITY);
  });
});
