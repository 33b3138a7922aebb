// The front door of a deployment serving many clubs: each request goes to the club of its address
// (the Host header), opened if it sleeps. An address no club has is answered 404 with a page that
// names no club; a suspended club's pages say so (nothing of it is touched); a club whose database
// cannot be opened is refused with the reason logged, and every other club goes on being served.
// The host's console (/_host/) is answered here, before any club.
import {
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

export interface FrontDoorOptions {
  registry: HostRegistry;
  pool: ClubPool;
  /** The host's console, for paths under /_host. */
  console: (request: Request) => Response | Promise<Response>;
  logger: Logger;
}

export function frontDoor({ registry, pool, console: hostConsole, logger }: FrontDoorOptions) {
  return async (request: Request, env?: unknown): Promise<Response> => {
    const path = new URL(request.url).pathname;
    if (path === HOST_HEALTH_PATH) return new Response(JSON.stringify({ status: 'ok', clubs: registry.count() }), { headers: { ...PAGE_HEADERS, 'Content-Type': 'application/json' } });
    if (path === CONSOLE_PATH || path.startsWith(`${CONSOLE_PATH}/`)) return hostConsole(request);
    const address = clubAddress(request.headers.get('host'));
    const entry = address ? registry.find(address) : undefined;
    if (!entry) return frontAnswer(request, 404, 'No club here', NO_CLUB_ERROR);
    if (entry.state !== 'active') return frontAnswer(request, 503, `${entry.name} is suspended`, CLUB_SUSPENDED_ERROR);
    try {
      return await pool.use(entry, (club) => club.fetch(request, env));
    } catch (err) {
      if (!(err instanceof ClubUnavailable)) throw err;
      logger.error({ club: entry.address, reason: err.reason }, 'a club could not be opened: it is refused until it can');
      return frontAnswer(request, 503, 'This club is unavailable', CLUB_UNAVAILABLE_ERROR, { 'Retry-After': '60' });
    }
  };
}
