import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { and, eq, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { idempotencyKeys } from '../../../db/schema';
import { FORMER_MEMBER, IDEMPOTENCY_DAYS } from '../../../domain/contract/members/privacy';
import { phoneWritings } from '../../../domain/region/phone';
import type { AppEnv } from '../context';
import { ServiceError } from '../errors';
import { sha256 } from '../tokens';
import { IDEMPOTENCY_IN_PROGRESS_ERROR, IDEMPOTENCY_KEY_ERROR, IDEMPOTENCY_KEY_REUSED_ERROR } from '../../../domain/contract/common';

export interface Outcome {
  status: ContentfulStatusCode;
  body: unknown;
  /** Headers the answer carries (a Retry-After); not kept for a replay. */
  headers?: Record<string, string>;
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
  const key = idempotencyKeyOf(c);
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
  const userId = c.var.user.id;
  const requestHash = requestHashOf(c, request);
  const outcome = database.tx((): Outcome => {
    const db = database.db;
    const seen = db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
      .get();
    if (seen) {
      if (seen.requestHash !== requestHash) {
        return { status: 422, body: { error: IDEMPOTENCY_KEY_REUSED_ERROR } };
      }
      return { status: seen.status as ContentfulStatusCode, body: JSON.parse(seen.body) };
    }
    const fresh = run();
    if (remembered(fresh)) {
      db.insert(idempotencyKeys)
        .values({ userId, key, requestHash, status: fresh.status, body: JSON.stringify(fresh.body), createdAt: clock() })
        .run();
    }
    return fresh;
  });
  c.header('Idempotency-Key', key);
  return c.json(outcome.body as object, outcome.status);
}

/** The request's Idempotency-Key, checked; undefined when it has none. */
function idempotencyKeyOf(c: Context<AppEnv>): string | undefined {
  const key = c.req.header('idempotency-key');
  if (key !== undefined && (key.length < 8 || key.length > 200 || !/^[\w.:-]+$/.test(key))) throw new ServiceError(400, IDEMPOTENCY_KEY_ERROR);
  return key;
}

const requestHashOf = (c: Context<AppEnv>, request: unknown) => sha256(`${c.req.method} ${c.req.path} ${JSON.stringify(request ?? null)}`);

/**
 * Whether an answer is kept for replays. Server faults are not (the client may retry them), nor
 * refusals about who is asking or how often: once a member is approved, their queued op should apply.
 */
const remembered = (outcome: Outcome) => outcome.status < 500 && outcome.status !== 401 && outcome.status !== 403 && outcome.status !== 429;

/** A key taken by a write still waiting on another service; stored with this status until its answer replaces it. */
const IN_PROGRESS = 0;

/** How long a key stays taken by a write that never answered (the server stopped mid-way) before a replay may run it again. */
export const IN_PROGRESS_TTL_MS = 5 * 60 * 1000;

/**
 * `respondOnce` for a write that waits on another service (a refund asked of Stripe), which cannot
 * sit inside one synchronous transaction: the key is taken first, in a transaction of its own, the
 * write runs (its own transactions keep its rows right), and its answer is stored under the key. A
 * replay of a finished write gets its answer; a replay while the first still runs answers 409 with
 * Retry-After, so two deliveries never run the write twice. A fault frees the key.
 */
export async function respondOnceAsync(c: Context<AppEnv>, request: unknown, write: () => Promise<Outcome>): Promise<Response> {
  const { database, clock } = c.var.deps;
  const key = idempotencyKeyOf(c);
  const run = async (): Promise<Outcome> => {
    try {
      return await write();
    } catch (err) {
      if (err instanceof ServiceError) return { status: err.status, body: { error: err.message, ...err.extra }, headers: err.headers };
      throw err;
    }
  };
  if (key === undefined) {
    const outcome = await run();
    return c.json(outcome.body as object, outcome.status, outcome.headers);
  }
  const userId = c.var.user.id;
  const requestHash = requestHashOf(c, request);
  const mine = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));
  const seen = database.tx((): Outcome | null => {
    const db = database.db;
    const row = db.select().from(idempotencyKeys).where(mine).get();
    if (row && row.requestHash !== requestHash) return { status: 422, body: { error: IDEMPOTENCY_KEY_REUSED_ERROR } };
    if (row && row.status !== IN_PROGRESS) return { status: row.status as ContentfulStatusCode, body: JSON.parse(row.body) };
    if (row && row.createdAt > clock() - IN_PROGRESS_TTL_MS) return { status: 409, body: { error: IDEMPOTENCY_IN_PROGRESS_ERROR }, headers: { 'Retry-After': '5' } };
    if (row) db.delete(idempotencyKeys).where(mine).run();
    db.insert(idempotencyKeys).values({ userId, key, requestHash, status: IN_PROGRESS, body: 'null', createdAt: clock() }).run();
    return null;
  });
  if (seen) {
    c.header('Idempotency-Key', key);
    return c.json(seen.body as object, seen.status, seen.headers);
  }
  let outcome: Outcome;
  try {
    outcome = await run();
  } catch (err) {
    database.db.delete(idempotencyKeys).where(mine).run();
    throw err;
  }
  if (remembered(outcome)) database.db.update(idempotencyKeys).set({ status: outcome.status, body: JSON.stringify(outcome.body) }).where(mine).run();
  else database.db.delete(idempotencyKeys).where(mine).run();
  c.header('Idempotency-Key', key);
  return c.json(outcome.body as object, outcome.status, outcome.headers);
}

/** Forgets stored answers older than the 30-day window. */
export function pruneIdempotencyKeys(database: { db: AppEnv['Variables']['deps']['database']['db'] }, now: number): void {
  database.db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, now - IDEMPOTENCY_TTL_MS)).run();
}

/** Who an account was, as stored answers may name them. */
export interface Person {
  name: string;
  email: string;
  phone: string | null;
}

/** A stored answer's strings without `person`: the name becomes Former member, the email and phone go. */
function withoutPerson(value: unknown, person: Person): unknown {
  if (typeof value === 'string') return scrubText(value, person);
  if (Array.isArray(value)) return value.map((item) => withoutPerson(item, person));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutPerson(v, person)]));
  }
  return value;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The member's number in each way an answer may have written it (kept in E.164, shown the national way…), and its digits. */
function phoneForms(phone: string | null): string[] {
  if (!phone) return [];
  const forms = phoneWritings(phone).flatMap((form) => {
    const digits = form.replace(/\D/g, '');
    return [form, ...(digits.length >= 7 ? [digits] : [])];
  });
  // The longest first: '+16135550199' goes whole before its digits would leave a '+'.
  return [...new Set(forms)].sort((x, y) => y.length - x.length);
}

function scrubText(text: string, person: Person): string {
  let out = text.split(person.email).join('');
  for (const phone of phoneForms(person.phone)) out = out.split(phone).join('');
  // The name as a whole word only: "Al" leaves "Already" alone.
  const name = person.name.trim();
  if (name) out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(name)}(?![\\p{L}\\p{N}])`, 'gu'), FORMER_MEMBER);
  return out;
}

/**
 * A deleted account leaves nothing of itself in the answers kept for replays, whoever's they are (an
 * administrator's approval or bulk change names the member): each answer that names the person by
 * name, email or phone is rewritten without them. The row stays, with its status, so a replay of
 * the key still gets the outcome it had and never runs the write a second time. Call inside the
 * deletion's transaction. Answers how many stored answers were rewritten.
 */
export function forgetPersonInStoredAnswers(db: Db, person: Person): number {
  // Stored answers are JSON: look for each value as JSON writes it inside a string.
  const needles = [person.email, person.name.trim(), ...phoneForms(person.phone)]
    .filter((n) => n !== '')
    .map((n) => JSON.stringify(n).slice(1, -1));
  if (needles.length === 0) return 0;
  const candidates = db
    .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(or(...needles.map((n) => sql`instr(${idempotencyKeys.body}, ${n}) > 0`)))
    .all();
  let rewritten = 0;
  for (const row of candidates) {
    const body = JSON.stringify(withoutPerson(JSON.parse(row.body), person));
    if (body === row.body) continue;
    db.update(idempotencyKeys)
      .set({ body })
      .where(and(eq(idempotencyKeys.userId, row.userId), eq(idempotencyKeys.key, row.key)))
      .run();
    rewritten += 1;
  }
  return rewritten;
}
