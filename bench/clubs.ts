// Many clubs on one process (MULTI_CLUB=on): 200 clubs, each its own database (a copy of one small
// seeded club: 10 members, 20 workouts), behind the real compiled server. Measured in one run: the
// time to open a cold club (its first request, beside a warm one), the memory each open idle club
// costs the process, and the forum list with one club active against all 200 active (round robin
// across their addresses), as ratios: what the set of open clubs costs under load. The two loads take
// turns in short rounds, so a neighbour's burst on a shared machine falls on both alike, and the
// server's own CPU time per answer is counted beside the throughput: it does not move with how much
// of the machine the neighbours take.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Agent, request } from 'node:http';
import { clubEnv, hostRegistryPath, newClubPaths } from '../api/host/club-env';
import { HostRegistry } from '../api/host/registry';
import { loadEnv } from '../api/platform/settings/env';
import { signSessionToken } from '../api/platform/tokens';
import { freePort, startServer } from '../api/testing/child-server';
import { newJwtSecret, prepareDatabase } from '../api/testing/seeded-database';
import { processCpuMs } from './http-load';

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
  /** The server's CPU time per answer of each (ms), and all over one: the steadier of the two ratios. */
  oneActiveCpuMs?: number;
  allActiveCpuMs?: number;
  cpuRatio?: number;
  /** Rounds each load took, in turn. */
  rounds?: number;
  /** A quiet club's forum list, one request after another (ms, median and 95th percentile): alone, then while another club storms. */
  quiet?: { aloneP50: number; aloneP95: number; stormP50: number; stormP95: number; stormConnections: number; stormRps: number; busy: number };
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

/** `connections` clients, each asking again as soon as answered, for `seconds`: the 200s, per second. */
async function load(port: number, targets: { host: string; token: string }[], connections: number, seconds: number): Promise<{ ok: number; errors: number }> {
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
  return { ok, errors };
}

const ROUNDS = 6;
/** Connections of the storming club, each asking again as soon as answered. */
const STORM_CONNECTIONS = 200;

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

/** A quiet club's member reading the forum, one list after another, for `seconds`: each wait. */
async function quietReads(port: number, target: { host: string; token: string }, seconds: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const waits: number[] = [];
  for (const end = performance.now() + seconds * 1000; performance.now() < end; ) {
    const started = performance.now();
    await get(agent, port, target.host, target.token);
    waits.push(performance.now() - started);
  }
  agent.destroy();
  return waits;
}

/** Answers that were not 200 while a club storms: its own, told to come back (503), as the front door shares the turns. */
async function stormBeside(port: number, storming: { host: string; token: string }, quiet: { host: string; token: string }, seconds: number) {
  const [storm, waits] = await Promise.all([load(port, [storming], STORM_CONNECTIONS, seconds), quietReads(port, quiet, seconds)]);
  return { storm, waits };
}

/**
 * Both loads in `ROUNDS` turns each (one, all, all, one, …: neither always goes first), `seconds`
 * split between the turns; their answers per second and the server's CPU time per answer.
 */
async function alternate(
  port: number,
  pid: number,
  loads: Record<'one' | 'all', { host: string; token: string }[]>,
  connections: number,
  seconds: number,
): Promise<Record<'one' | 'all', { rps: number; cpuMs: number; errors: number }>> {
  const totals = { one: { ok: 0, errors: 0, cpu: 0 }, all: { ok: 0, errors: 0, cpu: 0 } };
  const turn = seconds / ROUNDS;
  for (let round = 0; round < ROUNDS; round += 1) {
    const order: ('one' | 'all')[] = round % 2 ? ['all', 'one'] : ['one', 'all'];
    for (const which of order) {
      const cpuBefore = processCpuMs(pid) ?? 0;
      const done = await load(port, loads[which], connections, turn);
      totals[which].cpu += (processCpuMs(pid) ?? 0) - cpuBefore;
      totals[which].ok += done.ok;
      totals[which].errors += done.errors;
    }
  }
  const figures = (t: { ok: number; errors: number; cpu: number }) => ({ rps: t.ok / seconds, cpuMs: t.ok > 0 ? t.cpu / t.ok : 0, errors: t.errors });
  return { one: figures(totals.one), all: figures(totals.all) };
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
    const { one, all } = await alternate(port, server.pid, { one: [targets[0]!], all: targets }, settings.connections, settings.seconds * 2);
    // One club storms (many connections without pause) while another's member reads the forum.
    const alone = await quietReads(port, targets[1]!, settings.seconds);
    const beside = await stormBeside(port, targets[0]!, targets[1]!, settings.seconds);
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
      oneActiveCpuMs: one.cpuMs,
      allActiveCpuMs: all.cpuMs,
      cpuRatio: all.cpuMs / one.cpuMs,
      rounds: ROUNDS,
      quiet: {
        aloneP50: median(alone),
        aloneP95: percentile(alone, 95),
        stormP50: median(beside.waits),
        stormP95: percentile(beside.waits, 95),
        stormConnections: STORM_CONNECTIONS,
        stormRps: beside.storm.ok / settings.seconds,
        busy: beside.storm.errors,
      },
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
    ...(f.cpuRatio !== undefined
      ? [`  server CPU per answer ${f.oneActiveCpuMs!.toFixed(2)} ms with 1 active, ${f.allActiveCpuMs!.toFixed(2)} ms with all ${f.clubs}: x${f.cpuRatio.toFixed(2)} (${f.rounds} rounds each, in turn)`]
      : []),
    ...(f.quiet
      ? [
          `  a quiet club's forum list, one after another: p50 ${f.quiet.aloneP50.toFixed(1)} ms, p95 ${f.quiet.aloneP95.toFixed(1)} ms alone; ` +
            `p50 ${f.quiet.stormP50.toFixed(1)} ms, p95 ${f.quiet.stormP95.toFixed(1)} ms while another club storms with ${f.quiet.stormConnections} connections ` +
            `(${f.quiet.stormRps.toFixed(0)} req/s answered, ${f.quiet.busy} told busy): p95 x${(f.quiet.stormP95 / f.quiet.aloneP95).toFixed(1)}`,
        ]
      : []),
  ].join('\n');
}
