import { z } from 'zod';

const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true');

// Read and checked once at start (DESIGN.md §7). Everything has an embedded default except secrets.
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
  CLUB_TIMEZONE: z.string().default('America/Toronto'),
  TRUST_PROXY: flag,
  // scrypt cost as log2(N); 17 in production. Tests lower it to stay fast; stored hashes carry their own.
  PASSWORD_HASH_LOG_N: z.coerce.number().int().min(10).max(20).default(17),
  // The password pool (api/services/password-pool.ts): worker threads and queued hashes before 503.
  PASSWORD_HASH_THREADS: z.coerce.number().int().min(1).max(16).optional(),
  PASSWORD_HASH_QUEUE: z.coerce.number().int().min(1).max(10_000).optional(),
});

export type Env = Omit<z.infer<typeof envSchema>, 'SEED_DEMO'> & { APP_URL: string; SEED_DEMO: boolean };

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
  return {
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    SEED_DEMO: env.SEED_DEMO === undefined ? env.NODE_ENV !== 'production' : env.SEED_DEMO === '1',
  };
}
