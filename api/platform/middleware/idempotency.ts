import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { and, eq, lt } from 'drizzle-orm';
import { idempotencyKeys } from '../../../db/schema';
import { IDEMPOTENCY_DAYS } from '../../../domain/contract/privacy';
import type { AppEnv } from '../context';
import { ServiceError } from '../errors';
import { sha256 } from '../tokens';

export interface Outcome {
  status: ContentfulStatusCode;
  body: unknown;
}

export const IDEMPOTENCY_TTL_MS = IDEMPOTENCY_DAYS * 24 * 60 * 60 * 1000;

/**
 * Runs a write and answers it, exactly once per `Idempotency-Key`, so a device replaying its offline
 * changes after a lost answer never applies one twice. The write, and the
 * stored answer, commit in one immediate transaction: a repeat of the key gets the stored answer and
 * changes nothing; the key reused for another request answers 422. Without a key the write just runs.
 * A ServiceError from the write is an answer too (stored, so a replay sees the same refusal), and
 * whatever the write did before throwing is rolled back through a savepoint.
 */
export function respondOnce(c: Context<AppEnv>, request: unknown, write: () => Outcome): Response {
  const { database, clock } = c.var.deps;
  const key = c.req.header('idempotency-key');
  const run = (): Outcome => {
    try {
      return database.tx(write);
    } catch (err) {
      if (err instanceof ServiceError) return { status: err.status, body: { error: err.message, ...err.extra } };
      throw err;
    }
  };
  if (key === undefined) {
    const outcome = run();
    return c.json(outcome.body as object, outcome.status);
  }
  if (key.length < 8 || key.length > 200 || !/^[\w.:-]+$/.test(key)) {
    throw new ServiceError(400, 'Idempotency-Key must be 8 to 200 letters, digits, dots, colons or dashes');
  }
  const userId = c.var.user.id;
  const requestHash = sha256(`${c.req.method} ${c.req.path} ${JSON.stringify(request ?? null)}`);
  const outcome = database.tx((): Outcome => {
    const db = database.db;
    const seen = db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .get();
    if (seen) {
      if (seen.requestHash !== requestHash) {
        return { status: 422, body: { error: 'This Idempotency-Key was already used for a different request' } };
      }
      return { status: seen.status as ContentfulStatusCode, body: JSON.parse(seen.body) };
    }
    const fresh = run();
    // Server faults are not remembered (the client may retry them), nor refusals about who is asking
    // or how often: once a member is approved, their queued op should apply.
    if (fresh.status < 500 && fresh.status !== 401 && fresh.status !== 403 && fresh.status !== 429) {
      db.insert(idempotencyKeys)
        .values({ userId, key, requestHash, status: fresh.status, body: JSON.stringify(fresh.body), createdAt: clock() })
        .run();
    }
    return fresh;
  });
  c.header('Idempotency-Key', key);
  return c.json(outcome.body as object, outcome.status);
}

/** Forgets stored answers older than the 30-day window. */
export function pruneIdempotencyKeys(database: { db: AppEnv['Variables']['deps']['database']['db'] }, now: number): void {
  database.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_TTL_MS)).run();
}
