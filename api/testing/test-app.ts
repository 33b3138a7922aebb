// Helpers for API and service tests: a fresh in-memory database per call (a copy of one migrated
// once), a clock the test moves, a mail transport that records (or fails) instead of sending, the
// people a test needs with their tokens, and the calls a test makes to set the scene (sign in, post,
// add a race) checked on the way.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like } from 'drizzle-orm';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { messageQueue, payments, refunds, stripeEvents, users } from '../../db/schema';
import { startStripeStandIn, type StripeStandIn } from './stripe-service';
import { createApp } from '../app';
import type { Role } from '../../domain/contract/roles';
import { buildDeps } from '../deps';
import { loadEnv } from '../platform/settings/env';
import { createLogger, memoryDestination } from '../platform/logger';
import type { MailTransport } from '../messaging/queue/transports';
import type { PushTransport } from '../messaging/queue/web-push';
import { hashPassword } from '../../db/passwords';
import { seed } from '../../db/seed';
import { signSessionToken } from '../platform/tokens';

export const TEST_PASSWORD = 'correct-horse';
/** Where every test app's clock starts unless told otherwise: 2026-03-02T15:00:00Z, a Monday. */
export const TEST_START = Date.parse('2026-03-02T15:00:00Z');
let cheapHash: Promise<string> | undefined;
let migrated: Buffer | undefined;

/** An empty database with every migration applied, built once per process: each app gets a copy. */
function migratedImage(): Buffer {
  if (!migrated) {
    const template = openDatabase(':memory:');
    runMigrations(template);
    migrated = template.sqlite.serialize();
    template.close();
  }
  return migrated;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  transport?: MailTransport | null;
  /** The Web Push client (default none: pushes are kept as 'logged', like WEB_PUSH=off). */
  push?: PushTransport | null;
  /** Start time of the test clock (epoch ms); default 2026-03-02T15:00:00Z, a Monday. */
  now?: number;
  /** A database file instead of a fresh in-memory one (for tests that open a second connection). */
  databasePath?: string;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Who createUser makes: a member with the charter accepted and a far expiry unless told. */
export interface UserFields {
  role?: Role;
  email?: string;
  name?: string;
  charter?: boolean;
  expiryDate?: string | null;
}

export interface TestUser {
  id: number;
  email: string;
  name: string;
  token: string;
}

// The people the route tests know by name (answers and mails show these names).
export const EXEC: UserFields = { role: 'exec', name: 'Erin Exec' };
export const ADMIN: UserFields = { role: 'administrator', name: 'Alex Admin' };
export const MEMBER: UserFields = { role: 'member', name: 'Morgan Member' };
export const OTHER: UserFields = { role: 'member', name: 'Olive Other' };
export const PENDING: UserFields = { role: 'pending', name: 'Pat Pending' };

export function makeTestApp(options: TestAppOptions = {}) {
  const env = loadEnv({
    NODE_ENV: 'test',
    DATABASE_PATH: ':memory:',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!',
    PASSWORD_HASH_LOG_N: '10',
    SEED_DEMO: '0',
    APP_URL: 'http://club.test',
    // The tests' devices (PUSH_DEVICE) name push.example.com: trusted the way an operator trusts a
    // self-hosted push service, since nothing else but the browsers' own services is accepted.
    PUSH_SERVICE_HOSTS: 'push.example.com',
    ...options.env,
  });
  const database = openDatabase(options.databasePath ?? migratedImage());
  if (options.databasePath) runMigrations(database);
  let now = options.now ?? TEST_START;
  const logs: string[] = [];
  // The server log (pino lines), kept for tests that read it; at LOG_LEVEL warn unless the test sets it.
  const logLines: string[] = [];
  const deps = buildDeps(env, database, {
    logger: createLogger(env, memoryDestination(logLines)),
    clock: () => now,
    transport: options.transport ?? null,
    push: options.push ?? null,
    log: (line) => logs.push(line),
    uploadsDir: mkdtempSync(join(tmpdir(), 'club-uploads-')),
  });
  const app = createApp(deps);

  async function call(method: string, path: string, opts: CallOptions = {}) {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    let body: BodyInit | undefined;
    if (opts.body !== undefined) {
      if (typeof opts.body === 'string' || opts.body instanceof FormData || opts.body instanceof Uint8Array) {
        body = opts.body as BodyInit;
      } else {
        body = JSON.stringify(opts.body);
        headers['content-type'] ??= 'application/json';
      }
    }
    const res = await app.request(path, { method, headers, body });
    const text = await res.text();
    let json: any; // eslint-disable-line @typescript-eslint/no-explicit-any
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, body: json, headers: res.headers };
  }

  /**
   * A call that sets the scene and must succeed (any 2xx, or exactly `status`): its answer's body.
   * A failure throws with the answer, so the test stops where the scene broke.
   */
  async function must(method: string, path: string, opts: CallOptions & { status?: number } = {}) {
    const res = await call(method, path, opts);
    const ok = opts.status === undefined ? res.status >= 200 && res.status < 300 : res.status === opts.status;
    if (!ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(res.body)}`);
    return res.body;
  }

  let counter = 0;
  /** Inserts a user straight into the database and returns a valid token for them. */
  async function createUser(fields: UserFields = {}): Promise<TestUser> {
    counter += 1;
    cheapHash ??= hashPassword(TEST_PASSWORD, 10);
    const row = database.db
      .insert(users)
      .values({
        email: fields.email ?? `user${counter}@club.test`,
        name: fields.name ?? `User ${counter}`,
        passwordHash: await cheapHash,
        role: fields.role ?? 'member',
        phoneNumber: '(555) 123-4567',
        charterAcceptedAt: fields.charter === false ? null : now,
        expiryDate: fields.expiryDate === undefined ? '2099-12-31' : fields.expiryDate,
        joinDate: '2026-01-01',
      })
      .returning()
      .get();
    const token = await signSessionToken(deps.jwtSecret, row.id, row.tokenVersion, { now });
    return { id: row.id, email: row.email, name: row.name, token };
  }

  return {
    app,
    deps,
    database,
    db: database.db,
    logs,
    logLines,
    call,
    must,
    createUser,
    /** POST /api/auth/login, as the sign-in form sends it. */
    login: (email: string, password = TEST_PASSWORD, headers?: Record<string, string>) =>
      call('POST', '/api/auth/login', { body: { email, password }, headers }),
    /** A forum post (workout, series or event) by `token`'s author: the 201 answer, { post, series? }. */
    createPost: (token: string, body: Record<string, unknown>) => must('POST', '/api/forum/posts', { token, body, status: 201 }),
    /** A race added by `token`'s member: the race as answered. */
    createRace: async (token: string, body: Record<string, unknown>) =>
      (await must('POST', '/api/races', { token, body, status: 201 })).race,
    /** What a fresh install starts with (the team positions), as the server's first start seeds it. */
    seed: () => seed(database, env, now, () => {}),
    /** The user's row as stored, or undefined once deleted. */
    userRow: (id: number) => database.db.select().from(users).where(eq(users.id, id)).get(),
    clock: {
      now: () => now,
      set: (t: number) => {
        now = t;
      },
      advance: (ms: number) => {
        now += ms;
      },
    },
  };
}

export type TestApp = ReturnType<typeof makeTestApp>;

/**
 * A fresh app with `people` in it, created in the order given (so their ids follow it), e.g.
 * makeClub({ exec: EXEC, me: MEMBER }). Each comes back with their token, beside the app as `t`.
 */
export async function makeClub<K extends string>(
  people: Record<K, UserFields>,
  options: TestAppOptions = {},
): Promise<{ t: TestApp } & Record<K, TestUser>> {
  const t = makeTestApp(options);
  const made = {} as Record<K, TestUser>;
  for (const [key, fields] of Object.entries(people) as [K, UserFields][]) made[key] = await t.createUser(fields);
  return { t, ...made };
}

// ---------- A payment test's scene: an app on the Stripe stand-in (stripe-service.ts), a pending member, an administrator ----------

export interface PaymentScene {
  t: TestApp;
  stand: StripeStandIn;
  member: TestUser;
  admin: TestUser;
  /** A checkout for `item` by `who` (the pending member unless told): the payment's id and the session's. */
  checkout(item?: string, who?: TestUser): Promise<{ paymentId: number; sessionId: string }>;
  /** Posts `payload` to the webhook, signed now (or at `timestamp`, with `secret`, or with `signature` as given). */
  deliver(payload: string, options?: { timestamp?: number; secret?: string; signature?: string | null }): Promise<{ status: number; body: any }>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** The receipts queued for a payment (by what they say, not by the key that should keep them one). */
  receipts(paymentId: number): number;
  /** Every row of the money tables, to see that a refusal changed nothing. */
  snapshot(): unknown;
  close(): Promise<void>;
}

export async function paymentScene(options: { online?: boolean; env?: Record<string, string> } = {}): Promise<PaymentScene> {
  const stand = await startStripeStandIn();
  const t = makeTestApp({ env: { ...(options.online === false ? {} : stand.env), ...options.env } });
  const member = await t.createUser({ ...PENDING, email: 'pat@club.test', expiryDate: null });
  const admin = await t.createUser(ADMIN);
  return {
    t,
    stand,
    member,
    admin,
    async checkout(item = 'Full Tri', who = member) {
      const answer = await t.must('POST', '/api/payments/checkout', { token: who.token, body: { package: item } });
      const row = t.db.select().from(payments).where(eq(payments.id, answer.paymentId)).get()!;
      return { paymentId: answer.paymentId, sessionId: row.stripeSessionId! };
    },
    deliver(payload, o = {}) {
      const timestamp = o.timestamp ?? Math.floor(t.clock.now() / 1000);
      const signature = o.signature === undefined ? stand.sign(payload, timestamp, o.secret) : o.signature;
      return t.call('POST', '/api/payments/stripe/webhook', {
        body: payload,
        headers: { 'content-type': 'application/json', ...(signature === null ? {} : { 'stripe-signature': signature }) },
      });
    },
    receipts: (paymentId) =>
      t.db
        .select()
        .from(messageQueue)
        .where(like(messageQueue.text, `%Payment number: ${paymentId}\n%`))
        .all().length,
    snapshot: () => ({
      payments: t.db.select().from(payments).all(),
      refunds: t.db.select().from(refunds).all(),
      events: t.db.select().from(stripeEvents).all(),
      mail: t.db.select().from(messageQueue).all(),
    }),
    close: () => stand.close(),
  };
}
