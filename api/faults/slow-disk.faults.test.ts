// One club's slow disk on a host of many: the server runs with a shim (support/slow-disk.c, loaded
// with LD_PRELOAD) that makes every flush of the slow club's files wait seconds, as a congested disk
// does. While that club is written to, closed (suspended, as when it is moved or idle) and backed up,
// the other club's members keep getting their pages at once, and every write the slow club answered
// is in its file.
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { clubsCommand } from '../cli/clubs-command';
import { loadEnv } from '../platform/settings/env';
import { freePort, startServer, type ChildServer } from '../testing/child-server';
import { makeAgent, requestJson } from '../testing/json-client';

const HOST_TOKEN = 'host-admin-token-for-the-slow-disk-test-0123';
const SECRET = 'one-host-secret-for-the-slow-disk-test-0123456';
/** How long each flush of the slow club's files waits. */
const SLOW_FLUSH_MS = 2500;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('one club’s slow disk', () => {
  const dir = mkdtempSync(join(tmpdir(), 'slow-disk-'));
  let server: ChildServer | null = null;

  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('does not stall another club’s pages, and loses no write of its own', async () => {
    const shim = join(dir, 'slow-disk.so');
    const cc = spawnSync('cc', ['-shared', '-fPIC', '-O2', '-o', shim, join(import.meta.dirname, 'support', 'slow-disk.c'), '-ldl'], { encoding: 'utf8' });
    expect(cc.status, `the shim is built with the machine's C compiler: ${cc.stderr}`).toBe(0);

    const port = await freePort();
    const slow = `slow.localhost:${port}`;
    const fast = `fast.localhost:${port}`;
    const settings = { MULTI_CLUB: 'on', HOST_ADMIN_TOKEN: HOST_TOKEN, APP_URL: `http://localhost:${port}`, PASSWORD_HASH_LOG_N: '10', BACKUP_EVERY: 'off' };
    const env = loadEnv({ ...settings, NODE_ENV: 'test', DATABASE_PATH: join(dir, 'club.db'), JWT_SECRET: SECRET, LOG_LEVEL: 'silent', SEED_DEMO: '0' });
    const keys: Record<string, string> = {};
    for (const address of [slow, fast]) {
      const printed: string[] = [];
      expect(await clubsCommand(env, ['create', address, '--name', address.split('.')[0]!, '--admin', `admin@${address.split(':')[0]}`], { out: (l) => printed.push(l), err: () => {} })).toBe(0);
      keys[address] = new URL(printed.at(-1)!).searchParams.get('key')!;
    }
    server = await startServer({
      databasePath: join(dir, 'club.db'),
      port,
      jwtSecret: SECRET,
      env: { ...settings, LD_PRELOAD: shim, SLOW_DISK_MATCH: `${join(dir, 'clubs', slow.replace(':', '_'))}/`, SLOW_DISK_MS: String(SLOW_FLUSH_MS) },
      healthPath: '/_host/health',
    });
    const agent = makeAgent(16);
    const call = (address: string, method: string, path: string, o: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
      requestJson(agent, `${server!.url}${path}`, { method, ...o, headers: { host: address, ...o.headers }, timeoutMs: 30_000 });

    const tokens: Record<string, string> = {};
    for (const address of [slow, fast]) {
      const email = `admin@${address.split(':')[0]}`;
      const setup = await call(address, 'POST', '/api/setup', { body: { clubName: address.split('.')[0], name: 'First Admin', email, password: 'correct-horse', key: keys[address] } });
      expect(setup.status, JSON.stringify(setup.body)).toBe(201);
      tokens[address] = setup.body.token as string;
    }
    // The other club's members read the forum all along; each answer's wait is kept.
    let reading = true;
    const waits: number[] = [];
    const reader = (async () => {
      while (reading) {
        const started = Date.now();
        const res = await call(fast, 'GET', '/api/announcements', { token: tokens[fast] });
        expect(res.status).toBe(200);
        waits.push(Date.now() - started);
        await sleep(25);
      }
    })();

    // The slow club is written to, then closed (suspended: its database closed, as when idle).
    const until = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const acknowledged: string[] = [];
    for (let n = 0; n < 40; n += 1) {
      const title = `note ${n}`;
      const res = await call(slow, 'POST', '/api/announcements', { token: tokens[slow], body: { title, body: 'x'.repeat(2000), until }, headers: { 'idempotency-key': randomUUID() } });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      acknowledged.push(title);
    }
    // Closing it copies its log back into its file, which flushes both: the suspension is answered
    // once that is done, so it takes a slow flush at least (the shim is at work).
    const closing = Date.now();
    const suspended = await requestJson(agent, `${server.url}/_host/api/clubs/${slow}/suspend`, { method: 'POST', headers: { authorization: `Bearer ${HOST_TOKEN}` }, timeoutMs: 60_000 });
    expect(suspended.status).toBe(200);
    expect(Date.now() - closing).toBeGreaterThanOrEqual(SLOW_FLUSH_MS);
    await sleep(500);
    reading = false;
    await reader;

    expect(waits.length).toBeGreaterThan(20);
    // A page that waited on the slow club's flush would have taken SLOW_FLUSH_MS at least.
    expect(Math.max(...waits)).toBeLessThan(SLOW_FLUSH_MS / 2);

    await server.stop();
    server = null;
    const file = new Database(join(dir, 'clubs', slow.replace(':', '_'), 'club.db'), { readonly: true });
    const titles = new Set((file.prepare('select title from announcements').all() as { title: string }[]).map((r) => r.title));
    file.close();
    expect(acknowledged.filter((t) => !titles.has(t))).toEqual([]);
  });
});
