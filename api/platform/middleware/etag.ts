import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import type { AppEnv } from '../context';

/** A JSON answer built once and sent to everyone it fits, as `sendJsonWithEtag` sends it. */
export interface PrebuiltJson {
  /** Strong validator: a hash of the body, so equal bodies get equal tags, across rebuilds too. */
  etag: string;
  json: string;
  /** The body gzipped, made on first need (most clients ask for gzip). */
  gzip(): Buffer;
}

/** A prebuilt answer for `json`: its ETag (a hash of the body) and its gzip on first need. */
export function prebuiltJson(json: string): PrebuiltJson {
  let gzipped: Buffer | null = null;
  return {
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 32)}"`,
    json,
    gzip: () => (gzipped ??= gzipSync(json)),
  };
}

/** RFC 9110 §13.1.2: If-None-Match compares weakly, lists tags, and `*` matches any. */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

function acceptsGzip(acceptEncoding: string | undefined): boolean {
  if (!acceptEncoding) return false;
  return acceptEncoding.split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';');
    if (coding !== 'gzip' && coding !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * A 304 with no body when the client holds the current copy; otherwise the prebuilt body, gzipped
 * once for everyone when the client takes gzip (the compress middleware leaves encoded answers be).
 */
export function sendJsonWithEtag(c: Context<AppEnv>, answer: PrebuiltJson): Response {
  c.header('ETag', answer.etag);
  c.header('Vary', 'Accept-Encoding');
  if (etagMatches(c.req.header('if-none-match'), answer.etag)) return c.body(null, 304);
  c.header('Content-Type', 'application/json');
  if (acceptsGzip(c.req.header('accept-encoding'))) {
    c.header('Content-Encoding', 'gzip');
    return c.body(new Uint8Array(answer.gzip()), 200);
  }
  return c.body(answer.json, 200);
}
