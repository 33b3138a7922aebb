import { dirname, join, resolve } from 'node:path';
import { z } from 'zod';
import { isTimeZone } from '../../../domain/clock';
import { CLUB_CONTACT_EMAIL } from '../../../domain/documents/club-identity';
import { DEFAULT_BACKUP_EVERY, DEFAULT_BACKUP_KEEP } from '../../../domain/contract/members/privacy';
import { passkeySettings, type PasskeySettings } from './passkey-settings';
import { parsePushServiceHosts } from './push-endpoint';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

/** "30m", "6h", "1d" → ms; "off" → null. */
const interval = z
  .string()
  .regex(/^(off|[1-9]\d*[mhd])$/, 'use a number with m, h or d (e.g. "24h"), or "off"')
  .transform((v) => (v === 'off' ? null : Number(v.slice(0, -1)) * { m: 60_000, h: 3_600_000, d: 86_400_000 }[v.slice(-1) as 'm' | 'h' | 'd']));

// Read and checked once at start, so a bad setting stops the server before it serves anything.
// Everything has an embedded default except secrets.
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_PATH: z.string().min(1).default('./data/club.db'),
  JWT_SECRET: z.string().optional(),
  APP_URL: z.url().optional(),
  RESEND_API_KEY: z.string().optional(),
  MAIL_FROM: z.string().default('Triathlon Club <no-reply@club.test>'),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(6).optional(),
  // Demo accounts have public passwords: on by default for a local run, off by default in production.
  SEED_DEMO: z.enum(['0', '1']).optional(),
  // Checked here, not at the first date it meets: a typo would otherwise pass and fail later mid-request.
  CLUB_TIMEZONE: z
    .string()
    .refine(isTimeZone, { message: "must be an IANA time zone such as 'America/Toronto' (see the tz database)" })
    .default('America/Toronto'),
  // The club's contact address: the pending-member notice, the footer and the public pages link to it.
  CLUB_EMAIL: z.email().default(CLUB_CONTACT_EMAIL),
  TRUST_PROXY: flag,
  // Slow clients (api/http-server.ts): all headers within 15 s; a whole request, an upload on a slow
  // phone included (the app gives it 60 s), within 120 s; an idle kept-alive connection closes after
  // 65 s, longer than a proxy's usual 60 s, so the proxy, not the app, ends an idle connection.
  HTTP_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  HTTP_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(65_000),
  // scrypt cost as log2(N); 17 in production. Tests lower it to stay fast; stored hashes carry their own.
  PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  // The password pool (db/threads/password-pool.ts): worker threads and queued hashes before 503.
  PASSWORD_HASH_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(1).max(10_000).optional(),
  // Default: info, or warn under NODE_ENV=test so test runs stay quiet.
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  BACKUP_EVERY: interval.prefault(DEFAULT_BACKUP_EVERY),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(DEFAULT_BACKUP_KEEP),
  // Default: backups/ next to the database file.
  BACKUP_DIR: z.string().min(1).optional(),
  // Web Push: generated once into the data folder when absent, like the JWT secret.
  VAPID_PUBLIC_KEY: z.string().regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a URL-safe base64 P-256 public key (npx web-push generate-vapid-keys)').optional(),
  VAPID_PRIVATE_KEY: z.string().regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a URL-safe base64 P-256 private key (npx web-push generate-vapid-keys)').optional(),
  // "off": pushes are kept in the message queue and shown in Admin > Messages and the console, never sent.
  WEB_PUSH: z.enum(['on', 'off']).default('on'),
  // Push services beyond the browsers' own that the server may send to: 'host' (https on 443) or
  // 'host:port' (that port, http or https), comma-separated. A self-hosted push service, or a local
  // stub in tests: in every environment, the only way a push reaches any other host.
  PUSH_SERVICE_HOSTS: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parsePushServiceHosts(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: err instanceof Error ? err.message : String(err) });
        return z.NEVER;
      }
    }),
  // Online payments through the club's own Stripe account (README, Payments): the secret key and the
  // webhook's signing secret go together; without them payments are recorded by hand only.
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_[A-Za-z0-9_]+$/, 'must be a Stripe secret key (sk_live_…, sk_test_… or a restricted rk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_[A-Za-z0-9_+/=]+$/, 'must be the webhook endpoint’s signing secret (whsec_…)').optional(),
  // The base URL of Stripe's API; unset, Stripe's own. Tests point it at a stand-in on 127.0.0.1.
  STRIPE_API_URL: z
    .string()
    .refine((value) => /^https?:\/\//.test(value) && URL.canParse(value), 'must be an http(s) URL such as https://api.stripe.com')
    .optional(),
  // Many clubs on one deployment (README, Hosting many clubs): exactly "on" turns it on; anything else,
  // or unset, is the single club of DATABASE_PATH, as ever.
  MULTI_CLUB: z
    .string()
    .optional()
    .transform((v) => v === 'on'),
  // The host administrator's key to the console (/_host/) in multi-club mode; without it the console is off.
  HOST_ADMIN_TOKEN: z.string().min(24, 'use at least 24 characters (openssl rand -base64 32)').optional(),
  // Who runs the deployment (a university's athletics department, a students' union), named on every
  // club's privacy page and in a new club's setup email in multi-club mode.
  HOST_NAME: z.string().min(1).max(200).optional(),
  // At most this many clubs' databases open at once; one idle this long is closed ("off": only when
  // the set is full, the longest idle first).
  CLUBS_OPEN_MAX: z.coerce.number().int().min(1).max(10_000).default(64),
  CLUB_IDLE_CLOSE: interval.prefault('10m'),
});

type Parsed = z.infer<typeof envSchema>;
export type LogLevel = NonNullable<Parsed['LOG_LEVEL']>;
export type Env = Omit<Parsed, 'SEED_DEMO' | 'LOG_LEVEL' | 'BACKUP_DIR'> & {
  APP_URL: string;
  SEED_DEMO: boolean;
  LOG_LEVEL: LogLevel;
  BACKUP_DIR: string;
  /** Derived from APP_URL: the passkeys' relying party, or why passkeys are off. */
  PASSKEYS: PasskeySettings;
};

export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const env = parsed.data;
  if ((env.ADMIN_EMAIL && !env.ADMIN_PASSWORD) || (!env.ADMIN_EMAIL && env.ADMIN_PASSWORD)) {
    throw new Error('Invalid environment: ADMIN_EMAIL and ADMIN_PASSWORD go together');
  }
  if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid environment: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together');
  }
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('Invalid environment: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET go together (the webhook tells the app what was paid)');
  }
  if (env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    throw new Error('Invalid environment: HTTP_HEADERS_TIMEOUT_MS cannot be longer than HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)');
  }
  const appUrl = (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    ...env,
    APP_URL: appUrl,
    PASSKEYS: passkeySettings(appUrl),
    SEED_DEMO: env.SEED_DEMO === undefined ? env.NODE_ENV !== 'production' : env.SEED_DEMO === '1',
    LOG_LEVEL: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'warn' : 'info'),
    BACKUP_DIR: resolve(env.BACKUP_DIR ?? join(env.DATABASE_PATH === ':memory:' ? 'data' : dirname(env.DATABASE_PATH), 'backups')),
  };
}
