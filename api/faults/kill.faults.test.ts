// SIGKILL the real server again and again while members sign up and cancel: every
// write that was answered 2xx must still be there, and the file must pass integrity_check. Each
// member sends one write at a time and, like the PWA outbox, resends it with the same
// Idempotency-Key until it gets an answer, so the last answered state of each (member, thing) is
// exactly what the database must hold.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, type ChildServer } from '../testing/child-server';
import { prepareDatabase, newJwtSecret, tokensFor } from '../testing/seeded-database';
import { makeAgent, requestJson, type JsonAnswer } from '../testing/json-client';

const MEMBERS = 24;
const WORKOUTS = 6;
const RACES = 6;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)]!;

describe('SIGKILL during a write load', () => {
  let dir = '';
  let server: ChildServer | null = null;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'club-fault-kill-'));
  });

  afterAll(async () => {
    await server?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write, applies none twice and leaves an intact file', async () => {
    const databasePath = join(dir, 'club.db');
    const fixture = await prepareDatabase(databasePath, { members: MEMBERS, workouts: WORKOUTS, races: RACES });
    const jwtSecret = newJwtSecret();
    const tokens = await tokensFor(jwtSecret, fixture.memberIds);
    const port = await freePort();
    const start = () => startServer({ databasePath, port, jwtSecret, env: { PASSWORD_HASH_LOG_N: '10' } });
    server = await start();
    const base = server.url;
    const agent = makeAgent(MEMBERS * 2);

    // `${userId}|${entity}` -> the state of the last answered write; the keys that were answered.
    const lastAnswered = new Map<string, boolean>();
    const answeredKeys: { userId: number; key: string }[] = [];
    const surprises: string[] = [];
    let inflight = 0;
    let networkErrors = 0;
    let resent = 0;
    let stopping = false;
    const hardDeadline = Date.now() + 50_000;

    async function member(index: number) {
      const userId = fixture.memberIds[index]!;
      const token = tokens[index]!;
      while (!stopping) {
        const race = Math.random() < 0.5;
        const target = race ? pick(fixture.raceIds) : pick(fixture.workoutIds);
        const signedUp = Math.random() < 0.6;
        const entity = race ? `race:${target}` : `workout:${target}`;
        const key = randomUUID();
        const path = race ? `/api/races/${target}/signup` : `/api/forum/workouts/${target}/signup`;
        const request = {
          method: race && !signedUp ? 'DELETE' : 'POST',
          token,
          headers: { 'idempotency-key': key },
          ...(race ? {} : { body: { signedUp } }),
          timeoutMs: 10_000,
        };
        let answer: JsonAnswer | null = null;
        for (let attempt = 1; answer === null; attempt++) {
          if (Date.now() > hardDeadline) throw new Error('The server stayed unreachable');
          inflight += 1;
          try {
            answer = await requestJson(agent, `${base}${path}`, request);
            if (attempt > 1) resent += 1;
          } catch {
            networkErrors += 1;
            await sleep(50);
          } finally {
            inflight -= 1;
          }
        }
        if (answer.status !== 200 || answer.body?.signedUp !== signedUp) {
          surprises.push(`${request.method} ${path} as ${userId} -> ${answer.status} ${JSON.stringify(answer.body)}`);
          continue;
        }
        lastAnswered.set(`${userId}|${entity}`, signedUp);
        answeredKeys.push({ userId, key });
      }
    }

    const load = fixture.memberIds.map((_, i) => member(i));
    const kills = 3 + Math.floor(Math.random() * 3);
    const inflightAtKill: number[] = [];
    for (let k = 0; k < kills; k++) {
      await sleep(300 + Math.random() * 700);
      inflightAtKill.push(inflight);
      await server.kill();
      await sleep(Math.random() * 150);
      server = await start();
    }
    await sleep(300);
    stopping = true;
    await Promise.all(load);
    agent.destroy();
    // The last answered writes must survive a crash too.
    await server.kill();
    server = null;

    expect(surprises).toEqual([]);
    expect(inflightAtKill.some((n) => n > 0)).toBe(true);
    expect(answeredKeys.length).toBeGreaterThan(100);

    const db = new Database(databasePath);
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(db.pragma('foreign_key_check')).toEqual([]);

      const stored = new Set<string>();
      for (const r of db.prepare('select user_id as u, race_id as t from race_signups').all() as { u: number; t: number }[]) {
        stored.add(`${r.u}|race:${r.t}`);
      }
      for (const r of db.prepare('select user_id as u, post_id as t from workout_signups').all() as { u: number; t: number }[]) {
        stored.add(`${r.u}|workout:${r.t}`);
      }
      const wrong: string[] = [];
      for (const [pair, signedUp] of lastAnswered) {
        if (stored.has(pair) !== signedUp) wrong.push(`${pair}: answered ${signedUp}, stored ${stored.has(pair)}`);
      }
      for (const pair of stored) {
        if (lastAnswered.get(pair) !== true) wrong.push(`${pair}: stored but never answered as signed up`);
      }
      expect(wrong).toEqual([]);

      // Each answered key was remembered with its write, once.
      const keys = db.prepare('select user_id as u, key as k, count(*) as n from idempotency_keys group by user_id, key').all() as {
        u: number;
        k: string;
        n: number;
      }[];
      const remembered = new Map(keys.map((r) => [`${r.u}|${r.k}`, r.n]));
      const missing = answeredKeys.filter((a) => remembered.get(`${a.userId}|${a.key}`) !== 1);
      expect(missing).toEqual([]);
    } finally {
      db.close();
    }

    console.info(
      `[faults] ${kills} SIGKILLs (in flight: ${inflightAtKill.join(', ')}), ${answeredKeys.length} answered writes, ` +
        `${resent} answered after a resend, ${networkErrors} connection errors`,
    );
  }, 90_000);
});
