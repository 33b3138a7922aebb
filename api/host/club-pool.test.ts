// The set of open clubs under load: never more than CLUBS_OPEN_MAX open beyond the ones answering a
// request, a club opened once however many first requests arrive together, idle clubs closed and
// opened again on their next request with nothing lost, and the host's one scheduler ticking only
// open clubs (a sleeping club's work waits for the sweep).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clubOpener, clubWork, openHost } from '../clubs';
import { createLogger } from '../platform/logger';
import { loadEnv } from '../platform/settings/env';
import { ClubPool, type OpenClub } from './club-pool';
import { createClub } from './console/create-club';
import { frontDoor } from './front-door';
import type { ClubEntry } from './registry';
import { HostScheduler } from './scheduler';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function entry(address: string): ClubEntry {
  return { address, name: address, state: 'active', databasePath: '', uploadsDir: '', adopted: false, hostSecretSessions: false, setupKeyHash: null, adminEmail: null, createdAt: 0, lastActivityAt: null, problem: null, stripe: null };
}

/** Clubs that answer their address after a pause, and count how often they are opened and closed. */
function fakeOpener() {
  const opened: string[] = [];
  const closed: string[] = [];
  const open = async (e: ClubEntry): Promise<OpenClub> => {
    opened.push(e.address);
    await new Promise((r) => setTimeout(r, 5));
    return {
      fetch: async () => {
        await new Promise((r) => setTimeout(r, 2));
        return new Response(e.address);
      },
      deps: {} as OpenClub['deps'],
      backup: () => Promise.reject(new Error('a fake club keeps no backups')),
      close: async () => void closed.push(e.address),
    };
  };
  return { open, opened, closed };
}

describe('ClubPool', () => {
  it('opens a club once for many first requests, keeps at most the limit open, and never closes one mid-request', async () => {
    const fake = fakeOpener();
    let now = 0;
    const pool = new ClubPool(fake.open, { max: 3, idleMs: 1000, clock: () => now });
    const clubs = Array.from({ length: 10 }, (_, i) => entry(`c${i}.localhost`));
    // 400 requests at once across 10 clubs: every answer from its own club.
    const answers = await Promise.all(
      Array.from({ length: 400 }, async (_, i) => {
        const club = clubs[i % 10]!;
        const res = await pool.use(club, (c) => c.fetch(new Request('http://x/')));
        return [club.address, await res.text()];
      }),
    );
    for (const [asked, answered] of answers) expect(answered).toBe(asked);
    expect(new Set(fake.opened).size).toBe(10);
    await new Promise((r) => setTimeout(r, 10));
    const open = pool.openClubs().length;
    expect(open).toBeGreaterThan(0);
    expect(open).toBeLessThanOrEqual(3);
    // Idle past the limit: closed; the next request opens it again.
    now += 1000;
    expect(await pool.closeIdle()).toBe(open);
    expect(pool.openClubs()).toEqual([]);
    const before = fake.opened.length;
    expect(await (await pool.use(clubs[0]!, (c) => c.fetch(new Request('http://x/')))).text()).toBe('c0.localhost');
    expect(fake.opened.length).toBe(before + 1);
    // Fifty first requests at once to a sleeping club open it once.
    const opens = fake.opened.length;
    await Promise.all(Array.from({ length: 50 }, () => pool.use(clubs[5]!, (c) => c.fetch(new Request('http://x/')))));
    expect(fake.opened.length).toBe(opens + 1);
    // A club answering a long request is not closed under it, idle limit or not.
    let release!: () => void;
    const slow = pool.use(clubs[1]!, () => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 10));
    now += 5000;
    await pool.closeIdle();
    expect(pool.isOpen('c1.localhost')).toBe(true);
    release();
    await slow;
  });

  it('refuses a club that failed to open for a while, without trying it on every request', async () => {
    let tries = 0;
    let now = 0;
    const pool = new ClubPool(
      async () => {
        tries += 1;
        throw new Error('file is not a database');
      },
      { max: 3, idleMs: null, clock: () => now, retryAfterMs: 30_000 },
    );
    for (let i = 0; i < 5; i += 1) await expect(pool.use(entry('bad.localhost'), () => 1)).rejects.toThrow(/not a database/);
    expect(tries).toBe(1);
    now += 30_000;
    await expect(pool.use(entry('bad.localhost'), () => 1)).rejects.toThrow(/not a database/);
    expect(tries).toBe(2);
  });
});

describe('many real clubs, idle closing under load', () => {
  it('serves 12 clubs with 4 open at most: every write kept through closing and reopening', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-pool-'));
    dirs.push(dir);
    const env = loadEnv({
      NODE_ENV: 'test',
      MULTI_CLUB: 'on',
      DATABASE_PATH: join(dir, 'club.db'),
      SEED_DEMO: '0',
      PASSWORD_HASH_LOG_N: '10',
      BACKUP_EVERY: 'off',
      LOG_LEVEL: 'silent',
      CLUBS_OPEN_MAX: '4',
      CLUB_IDLE_CLOSE: '1m',
    });
    const logger = createLogger(env);
    let now = Date.now();
    const { host, pool } = openHost(env, logger, { transport: null, clock: () => now });
    const fetch = frontDoor({ registry: host.registry, pool, console: () => new Response(null, { status: 404 }), logger });
    const addresses = Array.from({ length: 12 }, (_, i) => `club${i}.localhost:3000`);
    const tokens = new Map<string, string>();
    for (const address of addresses) {
      const made = await createClub(host, { address, name: `Club ${address}`, adminEmail: `a@${address.split(':')[0]}` }, now);
      const key = new URL(made.setupLink).searchParams.get('key');
      const res = await fetch(
        new Request(`http://${address}/api/setup`, {
          method: 'POST',
          headers: { host: address, 'content-type': 'application/json' },
          body: JSON.stringify({ clubName: `Club ${address}`, name: 'Admin', email: `a@${address.split(':')[0]}`, password: 'correct-horse', key }),
        }),
      );
      expect(res.status).toBe(201);
      tokens.set(address, ((await res.json()) as { token: string }).token);
    }
    const until = new Date(now + 7 * 86_400_000).toISOString().slice(0, 10);
    const post = (address: string, i: number) =>
      fetch(
        new Request(`http://${address}/api/announcements`, {
          method: 'POST',
          headers: { host: address, authorization: `Bearer ${tokens.get(address)}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: `Note ${i}`, body: `From ${address}`, until }),
        }),
      );
    // Three rounds of writes to every club at once; between rounds, every club idles out and closes.
    for (let round = 0; round < 3; round += 1) {
      const statuses = await Promise.all(addresses.flatMap((address) => [0, 1, 2].map((i) => post(address, round * 3 + i).then((r) => r.status))));
      expect(statuses.every((s) => s === 201)).toBe(true);
      expect(pool.openClubs().length).toBeLessThanOrEqual(4);
      now += 61_000;
      await pool.closeIdle();
      expect(pool.openClubs()).toEqual([]);
    }
    for (const address of addresses) {
      const res = await fetch(new Request(`http://${address}/api/announcements`, { headers: { host: address, authorization: `Bearer ${tokens.get(address)}` } }));
      const body = (await res.json()) as { announcements: { body: string }[] };
      expect(body.announcements).toHaveLength(9);
      expect(body.announcements.every((a) => a.body === `From ${address}`)).toBe(true);
    }
    // The last-activity times went to the host's list as the clubs closed.
    expect(host.registry.list().every((e) => e.lastActivityAt !== null)).toBe(true);
    await pool.closeAll();

    // The host's scheduler ticks only open clubs; the sweep visits every club and leaves them closed.
    const visited: string[] = [];
    const work = clubWork(env);
    const scheduler = new HostScheduler(host, pool, {
      everyMinute: (club) => void visited.push(`minute ${club.deps.hosted!.address}`),
      sweep: async (club, at) => {
        visited.push(`sweep ${club.deps.hosted!.address}`);
        await work.sweep(club, at);
      },
    }, { clock: () => now });
    await scheduler.beat();
    expect(visited).toEqual([]);
    now += 30_000;
    await pool.use(host.registry.find(addresses[0]!)!, () => undefined);
    now += 30_000;
    await scheduler.beat();
    expect(visited).toEqual([`minute ${addresses[0]}`]);
    expect(pool.openClubs().map((c) => c.address)).toEqual([addresses[0]]);
    visited.length = 0;
    // The sweep opens each sleeping club for its work and closes it again at once.
    await scheduler.sweep(now);
    expect(visited.sort()).toEqual(addresses.map((a) => `sweep ${a}`).sort());
    expect(pool.openClubs().map((c) => c.address)).toEqual([addresses[0]]);
    await pool.closeAll();
    await expect(clubOpener(env, logger)(host.registry.find(addresses[1]!)!).then((c) => c.close())).resolves.toBeUndefined();
    host.registry.close();
  });
});
