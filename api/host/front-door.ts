// The front door of a deployment serving many clubs: each request goes to the club of its address
// (the Host header), opened if it sleeps. An address no club has is answered 404 with a page that
// names no club; a suspended club's pages say so (nothing of it is touched); a club whose database
// cannot be opened is refused with the reason logged, and every other club goes on being served.
// The host's console (/_host/) is answered here, before any club. Each club's requests take turns:
// past a few of one club's being answered at once, its next ones wait, so a club's storm of requests
// waits behind itself and not in front of every other club's.
import {
  CLUB_BUSY_ERROR,
  CLUB_SUSPENDED_ERROR,
  CLUB_UNAVAILABLE_ERROR,
  NO_CLUB_ERROR,
} from '../../domain/contract/host';
import type { Logger } from '../platform/logger';
import { clubAddress } from './addresses';
import { ClubUnavailable, type ClubPool } from './club-pool';
import type { HostRegistry } from './registry';

export const CONSOLE_PATH = '/_host';
/** The host's own health, on any address (a service manager or the proxy asks it by the machine's address). */
export const HOST_HEALTH_PATH = '/_host/health';

const PAGE_HEADERS = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

/** A refusal of the front door: JSON `{ error }` for the API, else a plain page of one sentence. */
export function frontAnswer(request: Request, status: number, title: string, sentence: string, extra: Record<string, string> = {}): Response {
  const path = new URL(request.url).pathname;
  if (path.startsWith('/api/') || path === '/api' || !/text\/html|\*\/\*/.test(request.headers.get('accept') ?? '*/*')) {
    return new Response(JSON.stringify({ error: sentence }), { status, headers: { ...PAGE_HEADERS, ...extra, 'Content-Type': 'application/json' } });
  }
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>body{font:1.05rem/1.5 system-ui,sans-serif;max-width:34rem;margin:15vh auto;padding:0 1.25rem;color:#1f2933}h1{font-size:1.5rem}</style></head><body><main><h1>${escapeHtml(title)}</h1><p>${escapeHtml(sentence)}</p></main></body></html>`;
  return new Response(request.method === 'HEAD' ? null : html, { status, headers: { ...PAGE_HEADERS, ...extra, 'Content-Type': 'text/html; charset=utf-8' } });
}

export interface TurnLimits {
  /** Requests of one club answered at once; past it, the club's next requests wait their turn. */
  runningPerClub: number;
  /** Requests of one club that may wait at once; past it, that club's are answered busy. */
  waitingPerClub: number;
}

/**
 * Enough at once for a club to keep the process busy while some of its requests wait on a worker, a
 * compressor or Stripe; few enough that a storm at one club leaves the event loop's turns short for
 * every other (a quiet club's forum list within tens of milliseconds while another club's 200
 * connections ask without pause, where with no limit it waited seconds: docs/bench.md).
 */
const TURN_LIMITS: TurnLimits = { runningPerClub: 8, waitingPerClub: 512 };

/**
 * Files sent as they are from the disk (the build's hashed scripts and styles, the uploaded pictures)
 * take no turn: they cost the loop little, and a page shared to hundreds of phones at once downloads
 * a dozen each, which must not be refused as a storm.
 */
function takesTurn(request: Request, path: string): boolean {
  return !((request.method === 'GET' || request.method === 'HEAD') && /^\/(assets|uploads)\//.test(path));
}

/** Each club's requests take turns: a bounded number of them answered at once, the rest waiting in order. */
export class ClubTurns {
  private readonly clubs = new Map<string, { running: number; waiting: (() => void)[] }>();

  constructor(private readonly limits: TurnLimits = TURN_LIMITS) {}

  /** Waits for a turn of `club`; answers its release, or null when too many of that club wait already. */
  async take(club: string): Promise<(() => void) | null> {
    let state = this.clubs.get(club);
    if (!state) this.clubs.set(club, (state = { running: 0, waiting: [] }));
    if (state.running < this.limits.runningPerClub) {
      state.running += 1;
    } else {
      if (state.waiting.length >= this.limits.waitingPerClub) return null;
      // Woken with the turn of a request of the club that ended: it is counted as running already.
      await new Promise<void>((resolve) => state.waiting.push(resolve));
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = state.waiting.shift();
      if (next) return next();
      state.running -= 1;
      if (state.running === 0) this.clubs.delete(club);
    };
  }

  /** Requests waiting now (tests). */
  get queued(): number {
    let n = 0;
    for (const c of this.clubs.values()) n += c.waiting.length;
    return n;
  }
}

export interface FrontDoorOptions {
  registry: HostRegistry;
  pool: ClubPool;
  /** The host's console, for paths under /_host. */
  console: (request: Request) => Response | Promise<Response>;
  logger: Logger;
  turns?: ClubTurns;
}

export function frontDoor({ registry, pool, console: hostConsole, logger, turns = new ClubTurns() }: FrontDoorOptions) {
  return async (request: Request, env?: unknown): Promise<Response> => {
    const path = new URL(request.url).pathname;
    if (path === HOST_HEALTH_PATH) return new Response(JSON.stringify({ status: 'ok', clubs: registry.count() }), { headers: { ...PAGE_HEADERS, 'Content-Type': 'application/json' } });
    if (path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`)) return hostConsole(request);
    const address = clubAddress(request.headers.get('host'));
    const entry = address ? registry.find(address) : undefined;
    if (!entry) return frontAnswer(request, 404, 'No club here', NO_CLUB_ERROR);
    if (entry.state !== 'active') return frontAnswer(request, 503, `${entry.name} is suspended`, CLUB_SUSPENDED_ERROR);
    const release = takesTurn(request, path) ? await turns.take(entry.address) : () => {};
    if (!release) return frontAnswer(request, 503, `${entry.name} is very busy`, CLUB_BUSY_ERROR, { 'Retry-After': '5' });
    try {
      return await pool.use(entry, (club) => club.fetch(request, env));
    } catch (err) {
      if (!(err instanceof ClubUnavailable)) throw err;
      logger.error({ club: entry.address, reason: err.reason }, 'a club could not be opened: it is refused until it can');
      return frontAnswer(request, 503, 'This club is unavailable', CLUB_UNAVAILABLE_ERROR, { 'Retry-After': '60' });
    } finally {
      release();
    }
  };
}
