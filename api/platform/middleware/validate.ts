import { zValidator } from '@hono/zod-validator';
import { createMiddleware } from 'hono/factory';
import type { z } from 'zod';
import { firstIssue } from '../../../domain/contract/common';

const JSON_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * A body labelled as something other than JSON answers 415. A bodiless request (the signup toggle)
 * passes, and so does an unlabelled body, which then fails validation with a 400.
 */
export const requireJsonBody = createMiddleware(async (c, next) => {
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim();
  if (type && c.req.header('content-length') !== '0' && !JSON_TYPE.test(type)) {
    return c.json({ error: 'Send the request body as application/json' }, 415);
  }
  await next();
});

/** Validates the JSON body with a contract schema; the first broken rule's message is the 400 answer. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return [
    requireJsonBody,
    zValidator('json', schema, (result, c) => {
      if (!result.success) return c.json({ error: firstIssue(result.error) }, 400);
    }),
  ] as const;
}

/** A positive integer route parameter, or a 404 answer (a malformed id names nothing). */
export function idParam(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}
