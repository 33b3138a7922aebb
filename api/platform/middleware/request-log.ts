import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../context';

// A caller's (or proxy's) id is kept so one request can be followed across systems; anything else
// (too long, odd characters that could forge log lines) is replaced.
const SANE_ID = /^[A-Za-z0-9._:-]{1,128}$/;

// Paths that carry a secret in place of a sign-in: a member's calendar feed is keyed by its URL, so
// whoever reads it in a log could read that member's schedule.
const SECRET_PATHS: [RegExp, string][] = [[/^(\/api\/calendar\/)(?!club\.ics$)[^/]+$/, '$1[feed]']];
// Any other segment that looks like a generated secret (a reset or invitation token, a key): long runs
// of URL-safe characters are never a resource name of this app.
const TOKEN_LIKE = /[A-Za-z0-9_-]{32,}/g;

/** The request's path as the log may keep it: no query string, no secret. */
export function loggablePath(path: string): string {
  let out = path;
  for (const [pattern, replacement] of SECRET_PATHS) out = out.replace(pattern, replacement);
  return out.replace(TOKEN_LIKE, '[secret]');
}

/**
 * Gives each request an id (`X-Request-Id` in, and out on the answers that carry it: answer-headers.ts) and a child logger that carries it, and
 * writes one line per request: method, path (never the query string, and secrets in the path
 * replaced: `loggablePath`), status, duration and the signed-in user's id.
 */
export function requestLog(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const reqId = incoming && SANE_ID.test(incoming) ? incoming : randomUUID();
    const log = c.var.deps.logger.child({ reqId });
    c.set('requestId', reqId);
    c.set('log', log);
    const started = performance.now();
    await next();
    const status = c.res.status;
    const userId = c.var.user?.id ?? c.var.maybeUser?.id;
    // The privacy page names each of these fields (REQUEST_LOG_LINE in domain/contract/members/privacy.ts).
    const line = {
      method: c.req.method,
      path: loggablePath(c.req.path),
      status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      ...(userId !== undefined ? { userId } : {}),
    };
    if (status >= 500) log.error(line, 'request failed');
    // An uptime monitor's poll every minute would drown the log at info.
    else if (line.path === '/api/health' && status === 200) log.debug(line, 'request');
    else log.info(line, 'request');
  };
}
