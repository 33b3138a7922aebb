// Throughput and latency of the hot routes with autocannon (50 connections, a few seconds each).
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import autocannon, { type CannonClient, type CannonOptions, type CannonRequest } from 'autocannon';

export interface LoadFigures {
  name: string;
  connections: number;
  seconds: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  statuses: Record<string, number>;
  non2xx: number;
  status5xx: number;
  errors: number;
  timeouts: number;
  /** Bytes received per answer (status line, headers and body, as sent: gzipped when gzip). */
  bytesPerRequest: number;
  /** The server's own CPU time (user + system, from /proc/<pid>/stat) over the run, per answer. */
  serverCpuMsPerRequest: number | null;
  note?: string;
}

export interface LoadSettings {
  base: string;
  connections: number;
  seconds: number;
  /** The server's process id, to read its CPU time before and after each run (Linux only). */
  serverPid?: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux (getconf CLK_TCK), so one tick is 10 ms.

/** utime + stime of `pid` in ms (fields 14 and 15 of /proc/<pid>/stat, after the command name). */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

async function cannon(name: string, settings: LoadSettings, options: Omit<CannonOptions, 'url'>, note?: string): Promise<LoadFigures> {
  const cpuBefore = settings.serverPid ? processCpuMs(settings.serverPid) : null;
  const result = await autocannon({ url: settings.base, connections: settings.connections, duration: settings.seconds, timeout: 20, ...options });
  const cpuAfter = settings.serverPid ? processCpuMs(settings.serverPid) : null;
  const answered = result.requests.total;
  const statuses: Record<string, number> = {};
  for (const [code, { count }] of Object.entries(result.statusCodeStats)) statuses[code] = count;
  return {
    name,
    connections: settings.connections,
    seconds: result.duration,
    requests: result.requests.total,
    reqPerSec: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    statuses,
    non2xx: result.non2xx,
    status5xx: result['5xx'],
    errors: result.errors,
    timeouts: result.timeouts,
    bytesPerRequest: answered > 0 ? result.throughput.total / answered : 0,
    serverCpuMsPerRequest: cpuBefore !== null && cpuAfter !== null && answered > 0 ? (cpuAfter - cpuBefore) / answered : null,
    ...(note ? { note } : {}),
  };
}

/** Gives each connection its own requests (its own member); `perClient(i)` builds connection i's. */
function perConnection(perClient: (index: number) => CannonRequest[]): Pick<CannonOptions, 'setupClient'> {
  let next = 0;
  return {
    setupClient: (client: CannonClient) => {
      client.setRequests(perClient(next));
      next += 1;
    },
  };
}

// As a browser asks: gzip is what the server will use (it does not speak br).
const BROWSER = { accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' };
const bearer = (token: string) => ({ authorization: `Bearer ${token}`, ...BROWSER });
const randomOf = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

export function forumList(settings: LoadSettings, tokens: string[]): Promise<LoadFigures> {
  return cannon(
    'GET /api/forum/posts?type=workout',
    settings,
    perConnection((i) => [{ method: 'GET', path: '/api/forum/posts?type=workout', headers: bearer(tokens[i % tokens.length]!) }]),
    'all upcoming workouts with their counts and the caller\'s own state',
  );
}

/**
 * The same list from clients that hold the current copy: each connection first fetches its
 * member's ETag, then revalidates with If-None-Match (every answer should be a 304).
 */
export async function forumListRevalidated(settings: LoadSettings, tokens: string[]): Promise<LoadFigures> {
  const path = '/api/forum/posts?type=workout';
  const etags: string[] = [];
  for (let i = 0; i < settings.connections; i++) {
    const res = await fetch(`${settings.base}${path}`, { headers: bearer(tokens[i % tokens.length]!) });
    await res.arrayBuffer();
    etags.push(res.headers.get('etag') ?? '');
  }
  return cannon(
    'GET forum list, If-None-Match current',
    settings,
    perConnection((i) => [{ method: 'GET', path, headers: { ...bearer(tokens[i % tokens.length]!), 'if-none-match': etags[i]! } }]),
    'a client that has the current list: 304, no body',
  );
}

/** The baseline read the forum list is compared with: the caller's own account. */
export function profileRead(settings: LoadSettings, tokens: string[]): Promise<LoadFigures> {
  return cannon(
    'GET /api/auth/profile',
    settings,
    perConnection((i) => [{ method: 'GET', path: '/api/auth/profile', headers: bearer(tokens[i % tokens.length]!) }]),
    'the caller\'s account: the baseline read',
  );
}

/** The offline set a sign-in reads: a member's, or an exec's with the attendance of today's workouts. */
export function offlineSetLoad(settings: LoadSettings, tokens: string[], role: 'member' | 'exec'): Promise<LoadFigures> {
  return cannon(
    `GET /api/offline-set (${role})`,
    settings,
    perConnection((i) => [{ method: 'GET', path: '/api/offline-set', headers: bearer(tokens[i % tokens.length]!) }]),
    role === 'exec' ? "a sign-in's set, with the attendance of today's workouts" : "a sign-in's set: lists, week, races, the coming week in full",
  );
}

export function workoutDetail(settings: LoadSettings, tokens: string[], workoutIds: number[]): Promise<LoadFigures> {
  return cannon(
    'GET /api/forum/workouts/{id}',
    settings,
    perConnection((i) => [
      {
        method: 'GET',
        headers: bearer(tokens[i % tokens.length]!),
        setupRequest: (req) => ({ ...req, path: `/api/forum/workouts/${randomOf(workoutIds)}` }),
      },
    ]),
    'random workout, with roster and waitlist',
  );
}

export function raceList(settings: LoadSettings, tokens: string[] | null): Promise<LoadFigures> {
  return cannon(
    tokens ? 'GET /api/races (member)' : 'GET /api/races (visitor)',
    settings,
    perConnection((i) => [{ method: 'GET', path: '/api/races', headers: tokens ? bearer(tokens[i % tokens.length]!) : BROWSER }]),
    tokens ? '30 races with their sign-ups' : '30 races, no names',
  );
}

/** A random address per request in X-Forwarded-For (the server runs with TRUST_PROXY=1). */
function randomClientAddress(): string {
  const byte = () => 1 + Math.floor(Math.random() * 254);
  return `10.${byte()}.${byte()}.${byte()}`;
}

export function login(settings: LoadSettings, emails: string[], password: string): Promise<LoadFigures> {
  return cannon(
    'POST /api/auth/login',
    settings,
    {
      requests: [
        {
          method: 'POST',
          path: '/api/auth/login',
          setupRequest: (req) => ({
            ...req,
            headers: { 'content-type': 'application/json', accept: 'application/json', 'x-forwarded-for': randomClientAddress() },
            body: JSON.stringify({ email: randomOf(emails), password }),
          }),
        },
      ],
    },
    'scrypt N=2^12 (production 2^17); many client addresses',
  );
}

/**
 * Sign-up then cancel, over and over: connection i is member i on toggle workout i % n, sending the
 * desired state with a fresh Idempotency-Key like the PWA does.
 */
export function signupToggle(settings: LoadSettings, tokens: string[], toggleWorkoutIds: number[]): Promise<LoadFigures> {
  return cannon(
    'POST /api/forum/workouts/{id}/signup',
    settings,
    perConnection((i) => {
      const path = `/api/forum/workouts/${toggleWorkoutIds[i % toggleWorkoutIds.length]}/signup`;
      const send = (signedUp: boolean): CannonRequest => ({
        method: 'POST',
        path,
        setupRequest: (req) => ({
          ...req,
          headers: { ...bearer(tokens[i]!), 'content-type': 'application/json', 'idempotency-key': randomUUID() },
          body: JSON.stringify({ signedUp }),
        }),
      });
      return [send(true), send(false)];
    }),
    'sign up / cancel toggles, one member per connection',
  );
}
