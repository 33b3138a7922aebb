// Helpers for API and service tests: a fresh in-memory database per call, a clock the test moves,
// and a mail transport that records (or fails) instead of sending.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { users } from '../db/schema';
import { createApp } from './app';
import type { Role } from '../domain/contract/roles';
import { buildDeps } from './deps';
import { loadEnv } from './env';
import { createLogger, memoryDestination } from './logger';
import type { MailTransport } from './services/message-queue';
import type { PushTransport } from './services/push';
import { hashPassword } from '../db/passwords';
import { signSessionToken } from './services/tokens';

export const TEST_PASSWORD = 'correct-horse';
/** Where every test app's clock starts unless told otherwise: 2026-03-02T15:00:00Z, a Monday. */
export const TEST_START = Date.parse('2026-03-02T15:00:00Z');
let cheapHash: Promise<string> | undefined;

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
  const database = openDatabase(options.databasePath ?? ':memory:');
  runMigrations(database);
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

  let counter = 0;
  /** Inserts a user straight into the database and returns a valid token for them. */
  async function createUser(fields: { role?: Role; email?: string; name?: string; charter?: boolean; expiryDate?: string | null } = {}) {
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
    createUser,
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
