import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

// Each answer carries the headers its kind needs, and only those (docs/decisions/0140):
// - a document (a page, the service worker, an upload opened in a tab) the whole set: its CSP, framing,
//   referrer and the browser isolation headers;
// - the API's answers (JSON, feeds, downloads) what protects a response that is never a page: a CSP
//   that allows nothing, in case one is ever opened as one, nosniff (never read as another type),
//   its same-origin resource policy and HSTS (an installed app's first contact with the server may
//   be an API call, its page coming from the service worker);
// - a slide, an icon, the script that starts a page: nosniff and its resource policy;
// - a hashed script or stylesheet (fetched once, kept a year, never revalidated): the same, without
//   the date it was changed;
// - a 304: nothing of these. It has no body; the browser keeps the headers of the copy it holds and
//   updates only the validators and the cache headers the 304 carries (RFC 9110 §15.4.5).
// A page and an API answer carry their request's id (`X-Request-Id`), which the request's log line has
// too, so a member's report can be matched; a script, a picture or a 304 is nothing anyone reports.

type HeaderList = readonly (readonly [name: string, value: string])[];

const HSTS = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const;
const NOSNIFF = ['X-Content-Type-Options', 'nosniff'] as const;

/** The policy of every page of the app: its own scripts only, no inline script, no framing. */
export const DOCUMENT_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  // https: an exec may give a team member's picture as a link to an image elsewhere.
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "worker-src 'self'",
  "manifest-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

const DOCUMENT: HeaderList = [
  ['Content-Security-Policy', DOCUMENT_CSP],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  HSTS,
  NOSNIFF,
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

const API: HeaderList = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  HSTS,
  NOSNIFF,
];

const RESOURCE: HeaderList = [NOSNIFF, ['Cross-Origin-Resource-Policy', 'same-origin']];
/** A page's preview image is shown by other sites (a chat app's link preview): any origin may load it. */
const SHARED_RESOURCE: HeaderList = [NOSNIFF, ['Cross-Origin-Resource-Policy', 'cross-origin']];

/** The build's hashed scripts and stylesheets (vite's assets folder). */
const ASSET_PATH = /^\/assets\/[^/]+\.(?:js|css)$/;
/**
 * Files the pages load and nobody opens as a page: the slides (`/images`), the icons (PNG), and the
 * script that starts the app on a rendered page. An SVG can hold script, so it stays a document.
 */
const PLAIN_RESOURCE = /^\/(?:images\/[\w.-]+\.(?:avif|webp|jpe?g|png)|icons\/[\w.-]+\.png|app-start\.js)$/;
/** The pages' preview images (og:image), drawn by the build or for an edited club. */
const PREVIEW_PATH = /^\/og\/[a-z0-9-]+\.png$/;

export type AnswerKind = 'not-modified' | 'api' | 'asset' | 'resource' | 'shared-resource' | 'document';

/** What an answer is, by its status and the path it answers. */
export function answerKind(path: string, status: number): AnswerKind {
  if (status === 304) return 'not-modified';
  if (path === '/api' || path.startsWith('/api/')) return 'api';
  if (ASSET_PATH.test(path)) return status === 200 ? 'asset' : 'resource';
  if (PLAIN_RESOURCE.test(path)) return 'resource';
  if (PREVIEW_PATH.test(path)) return 'shared-resource';
  return 'document';
}

const HEADERS: Record<AnswerKind, HeaderList> = {
  'not-modified': [],
  api: API,
  asset: RESOURCE,
  resource: RESOURCE,
  'shared-resource': SHARED_RESOURCE,
  document: DOCUMENT,
};

function apply(c: Context<AppEnv>): void {
  const headers = c.res.headers;
  const kind = answerKind(c.req.path, c.res.status);
  headers.delete('X-Powered-By');
  for (const [name, value] of HEADERS[kind]) headers.set(name, value);
  if (kind === 'asset') headers.delete('Last-Modified');
  if ((kind === 'document' || kind === 'api') && c.var.requestId) headers.set('X-Request-Id', c.var.requestId);
}

/** Sets each answer's headers once it is known what the answer is (a 304 is known only at the end). */
export function answerHeaders(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    apply(c);
  };
}
