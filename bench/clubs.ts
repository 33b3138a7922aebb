// Many clubs on one process (MULTI_CLUB=on): 200 clubs, each its own database (a copy of one small
// seeded club: 10 members, 20 workouts), behind the real compiled server. Measured in one run: the
// time to open a cold club (its first request, beside a warm one), the memory each open idle club
// costs the process, and the forum list's requests per second with one club active, then with all 200
// active (round robin across their addresses), as a ratio: what the set of open clubs costs under load.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Agent, request } from 'node:http';
import { clubEnv, hostRegistryPath, newClubPaths } from '../api/host/club-env';
import { HostRegistry } from '../api/host/registry';
import { loadEnv } from '../api/platform/settings/env';
import { signSessionToken } from '../api/platform/tokens';
import { freePort, startServer } from '../api/testing/child-server';
import { newJwtSecret, prepareDatabase } from '../api/testing/seeded-database';

export interface ClubsFigures {
  clubs: number;
  /** Resident memory of the server with one club open, then with every club open and idle (MB). */
  rssOneMB: number;
  rssAllMB: number;
  memoryPerIdleClubKB: number;
  /** A cold club's first forum list, and the same list once it is open (ms, medians of `coldSamples`). */
  coldOpenMs: number;
  warmMs: number;
  coldSamples: number;
  /** Forum list requests per second: all to one club, then spread over every club; their ratio. */
  oneActiveRps: number;
  allActiveRps: number;
  ratio: number;
  errors: number;
}

const CLUBS = 200;
const COLD_SAMPLES = 20;
const LIST = '/api/forum/posts?type=workout';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

function rssMB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(/\d+/.exec(line)![0]) / 1024;
}

function get(agent: Agent, port: number, host: string, token: string): Promise<number> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path: LIST, agent, headers: { host, authorization: `Bearer ${token}` } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', () => resolve(0));
    req.end();
  });
}

/** `connections` clients, each asking again as soon as answered, for `seconds`; answers 200 per second. */
async function load(port: number, targets: { host: string; token: string }[], connections: number, seconds: number): Promise<{ rps: number; errors: number }> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const end = performance.now() + seconds * 1000;
  let ok = 0;
  let errors = 0;
  let next = 0;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) {
        const target = targets[next++ % targets.length]!;
        if ((await get(agent, port, target.host, target.token)) === 200) ok += 1;
        else errors += 1;
      }
    }),
  );
  agent.destroy();
  return { rps: ok / seconds, errors };
}

export async function measureManyClubs(dir: string, settings: { connections: number; seconds: number }): Promise<ClubsFigures> {
  mkdirSync(dir, { recursive: true });
  const template = join(dir, 'template.db');
  const fixture = await prepareDatabase(template, { members: 10, workouts: 20, races: 0 });
  const port = await freePort();
  const jwtSecret = newJwtSecret();
  const databasePath = join(dir, 'club.db');
  const env = loadEnv({ NODE_ENV: 'test', MULTI_CLUB: 'on', DATABASE_PATH: databasePath, JWT_SECRET: jwtSecret, APP_URL: `http://localhost:${port}` });
  const registry = new HostRegistry(hostRegistryPath(env));
  const targets: { host: string; token: string }[] = [];
  for (let i = 0; i < CLUBS; i += 1) {
    const address = `club${i}.localhost:${port}`;
    const paths = newClubPaths(env, address);
    mkdirSync(dirname(paths.databasePath), { recursive: true });
    copyFileSync(template, paths.databasePath);
    registry.add({ address, name: `Club ${i}`, state: 'active', ...paths, adopted: false, setupKeyHash: null, adminEmail: null, createdAt: Date.now() });
    const secret = new TextEncoder().encode(clubEnv(env, registry.find(address)!).JWT_SECRET);
    targets.push({ host: address, token: await signSessionToken(secret, fixture.memberIds[0]!, 0, { club: address }) });
  }
  registry.close();
  const server = await startServer({
    databasePath,
    port,
    jwtSecret,
    healthPath: '/_host/health',
    env: { MULTI_CLUB: 'on', CLUBS_OPEN_MAX: String(CLUBS * 2), CLUB_IDLE_CLOSE: 'off', BACKUP_EVERY: 'off', NODE_ENV: 'production', LOG_LEVEL: 'warn' },
  });
  try {
    const agent = new Agent({ keepAlive: true, maxSockets: 4 });
    let errors = 0;
    const once = async (t: { host: string; token: string }) => {
      const started = performance.now();
      if ((await get(agent, port, t.host, t.token)) !== 200) errors += 1;
      return performance.now() - started;
    };
    // The first club warms the process (its modules, the password pool, the code paths).
    await once(targets[0]!);
    await once(targets[0]!);
    await new Promise((r) => setTimeout(r, 500));
    const rssOne = rssMB(server.pid);
    const cold: number[] = [];
    const warm: number[] = [];
    for (const t of targets.slice(1, 1 + COLD_SAMPLES)) {
      cold.push(await once(t));
      warm.push(await once(t));
    }
    for (const t of targets.slice(1 + COLD_SAMPLES)) await once(t);
    await new Promise((r) => setTimeout(r, 1000));
    const rssAll = rssMB(server.pid);
    agent.destroy();
    const one = await load(port, [targets[0]!], settings.connections, settings.seconds);
    const all = await load(port, targets, settings.connections, settings.seconds);
    return {
      clubs: CLUBS,
      rssOneMB: rssOne,
      rssAllMB: rssAll,
      memoryPerIdleClubKB: ((rssAll - rssOne) * 1024) / (CLUBS - 1),
      coldOpenMs: median(cold),
      warmMs: median(warm),
      coldSamples: COLD_SAMPLES,
      oneActiveRps: one.rps,
      allActiveRps: all.rps,
      ratio: all.rps / one.rps,
      errors: errors + one.errors + all.errors,
    };
  } finally {
    await server.stop();
  }
}

export function renderManyClubs(f: ClubsFigures | null): string {
  if (!f) return 'Many clubs on one process: not measured';
  return [
    `Many clubs on one process (${f.clubs} clubs, each its own database):`,
    `  memory per open idle club ${f.memoryPerIdleClubKB.toFixed(0)} KB (${f.rssOneMB.toFixed(0)} MB with one open, ${f.rssAllMB.toFixed(0)} MB with all)`,
    `  a cold club's first forum list ${f.coldOpenMs.toFixed(1)} ms, warm ${f.warmMs.toFixed(1)} ms (medians of ${f.coldSamples})`,
    `  forum list ${f.oneActiveRps.toFixed(0)} req/s with 1 active club, ${f.allActiveRps.toFixed(0)} req/s with all ${f.clubs} active: x${f.ratio.toFixed(2)}` +
      (f.errors > 0 ? ` · ${f.errors} answers other than 200` : ''),
  ].join('\n');
}
