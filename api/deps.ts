import { join, dirname, resolve } from 'node:path';
import type { Database_ } from '../db/client';
import type { AppDeps } from './context';
import type { Env } from './env';
import { MailService, resendTransport, type MailTransport } from './services/mail';
import { configurePasswordPool } from './services/password-pool';
import { GrowingDelay, RateLimiter } from './services/rate-limit';
import { LOGIN_DELAY } from './services/auth';
import { resolveJwtSecret } from './services/tokens';

export interface DepsOptions {
  clock?: () => number;
  transport?: MailTransport | null;
  log?: (line: string) => void;
  uploadsDir?: string;
}

export function buildDeps(env: Env, database: Database_, options: DepsOptions = {}): AppDeps {
  const clock = options.clock ?? Date.now;
  const transport = options.transport !== undefined ? options.transport : env.RESEND_API_KEY ? resendTransport(env.RESEND_API_KEY) : null;
  configurePasswordPool({ threads: env.PASSWORD_HASH_THREADS, queue: env.PASSWORD_HASH_QUEUE });
  const dataDir = env.DATABASE_PATH === ':memory:' ? resolve('data') : dirname(resolve(env.DATABASE_PATH));
  return {
    env,
    database,
    clock,
    jwtSecret: resolveJwtSecret(env.JWT_SECRET, env.DATABASE_PATH, env.NODE_ENV === 'production'),
    mail: new MailService(database.db, { from: env.MAIL_FROM, transport, clock, ...(options.log ? { log: options.log } : {}) }),
    rateLimiter: new RateLimiter(clock),
    loginDelay: new GrowingDelay(clock, LOGIN_DELAY),
    uploadsDir: options.uploadsDir ?? join(dataDir, 'uploads'),
  };
}
