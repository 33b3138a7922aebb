// `npm run db:backup` while the real server is writing: the copy must pass
// integrity_check and hold every row that was committed (answered 2xx) before the backup started.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT, freePort, startServer, type ChildServer } from '../testing/child-server';
import { newJwtSecret, prepareDatabase, tokensFor } from '../testing/seeded-database';
import { makeAgent, requestJson } from '../testing/json-client';

const MEMBERS = 16;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function runBackup(databasePath: string, target: string, timeoutMs: number): Promise<{ code: number | null; output: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    // What `npm run db:backup -- <target>` runs (the compiled api/cli/backup.ts), without npm around it.
    const proc = spawn(process.execPath, ['dist-server/backup.js', target], {
      cwd: REPO_ROOT,
      env: { ...process.env, DATABASE_PATH: databasePath },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (c: Buffer) => (output += c.toString()));
    proc.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => {
      output += `\n(killed: still running after ${timeoutMs} ms)`;
      proc.kill('SIGKILL');
    }, timeoutMs);
    proc.on('error', reject);
    proc.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output, ms: Date.now() - started });
    });
  });
}

describe('db:backup under a write load', () => {
  let dir = '';
  let server: ChildServer | null = null;

  afterEach(async () => {
    await server?.stop();
    server = null;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /**
   * Starts the server on a database with `filler` extra races, runs an insert-only write load
   * (new races, sign-ups never cancelled, so "committed before" stays true), runs the backup in the
   * middle of it and checks the copy.
   */
  async function backupUnderLoad(filler: number, backupTimeoutMs: number) {
    dir = mkdtempSync(join(tmpdir(), 'club-fault-backup-'));
    const databasePath = join(dir, 'club.db');
    const fixture = await prepareDatabase(databasePath, { members: MEMBERS, workouts: 0, races: 8, filler });
    const jwtSecret = newJwtSecret();
    const tokens = await tokensFor(jwtSecret, fixture.memberIds);
    server = await startServer({ databasePath, port: await freePort(), jwtSecret, env: { PASSWORD_HASH_LOG_N: '10' } });
    const base = server.url;
    const agent = makeAgent(MEMBERS);

    const createdRaces: number[] = [];
    const signups: string[] = [];
    const failures: string[] = [];
    let stopping = false;

    async function member(index: number) {
      const token = tokens[index]!;
      const userId = fixture.memberIds[index]!;
      let n = 0;
      while (!stopping) {
        n += 1;
        const headers = { 'idempotency-key': randomUUID() };
        if (n % 2 === 0) {
          const res = await requestJson(agent, `${base}/api/races`, {
            method: 'POST',
            token,
            headers,
            body: { name: `Backup load race ${index}-${n}`, date: '2027-06-01', location: 'Loopback', description: 'x'.repeat(400) },
          });
          if (res.status === 201) createdRaces.push(res.body.race.id);
          else failures.push(`create race -> ${res.status} ${JSON.stringify(res.body)}`);
        } else {
          const raceId = fixture.raceIds[n % fixture.raceIds.length]!;
          const res = await requestJson(agent, `${base}/api/races/${raceId}/signup`, { method: 'POST', token, headers });
          if (res.status === 200) signups.push(`${raceId}|${userId}`);
          else failures.push(`race signup -> ${res.status} ${JSON.stringify(res.body)}`);
        }
      }
    }

    const load = fixture.memberIds.map((_, i) => member(i));
    await sleep(800);
    const racesBefore = [...createdRaces];
    const signupsBefore = [...signups];
    const target = join(dir, 'backups', 'copy.db');
    mkdirSync(join(dir, 'backups'));
    const backup = await runBackup(databasePath, target, backupTimeoutMs);
    const writesDuringBackup = createdRaces.length - racesBefore.length;
    stopping = true;
    await Promise.all(load);
    agent.destroy();

    expect(failures).toEqual([]);
    expect(racesBefore.length).toBeGreaterThan(10);
    expect(writesDuringBackup).toBeGreaterThan(0);
    expect(backup.code, backup.output).toBe(0);

    const copy = new Database(target, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(copy.pragma('foreign_key_check')).toEqual([]);
      const ids = new Set((copy.prepare('select id from races').all() as { id: number }[]).map((r) => r.id));
      expect(racesBefore.filter((id) => !ids.has(id))).toEqual([]);
      const pairs = new Set(
        (copy.prepare('select race_id as r, user_id as u from race_signups').all() as { r: number; u: number }[]).map((p) => `${p.r}|${p.u}`),
      );
      expect(signupsBefore.filter((p) => !pairs.has(p))).toEqual([]);
      expect(copy.prepare("select count(*) as n from races where name like 'Filler race %'").get()).toEqual({ n: filler });
    } finally {
      copy.close();
    }
    console.info(
      `[faults] backup took ${backup.ms} ms with ${writesDuringBackup} races created meanwhile; ` +
        `${racesBefore.length} races and ${signupsBefore.length} sign-ups committed before it, all in the copy`,
    );
  }

  it('copies a sound database holding everything committed before it started', async () => {
    // A few MB: the online backup takes several steps while the writes go on.
    await backupUnderLoad(3000, 40_000);
  }, 90_000);
});
