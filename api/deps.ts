import { clubTimeZone } from './platform/club-time-zone';
import { join, dirname, resolve } from 'node:path';
import type { Database_ } from '../db/client';
import type { AppDeps } from './platform/context';
import type { Env } from './platform/settings/env';
import { createLogger, type Logger } from './platform/logger';
import { MessageDispatcher } from './messaging/queue/dispatcher';
import { resendTransport, type MailTransport } from './messaging/queue/transports';
import { configurePasswordPool } from '../db/threads/password-pool';
import { GrowingDelay, RateLimiter } from './platform/rate-limit';
import { LOGIN_DELAY } from './accounts/auth';
import { resolveJwtSecret } from './platform/tokens';
import { resolveVapidKeys, webPushTransport, type PushTransport } from './messaging/queue/web-push';
import { PushEndpointPolicy, type Resolve } from './platform/settings/push-endpoint';
import { clubName, clubPushSender } from './club/identity/identity';
import { documentBody } from './club/documents';
import { mailSender } from './messaging/mail-templates';
import { checkLogoMade } from './club/identity/logo-check';
import { checkRemovedTypes } from './forum/workouts/type-removal';
import { checkRemovedPositions } from './team/team-positions';
import { stripeClient } from './payments/stripe-client';

export interface DepsOptions {
  clock?: () => number;
  transport?: MailTransport | null;
  log?: (line: string) => void;
  /** The push service client; null keeps pushes in the message queue unsent (WEB_PUSH=off). */
  push?: PushTransport | null;
  /** The DNS lookup the push endpoint policy checks names with (the system's by default). */
  resolvePushHost?: Resolve;
  uploadsDir?: string;
  logger?: Logger;
}

export function buildDeps(env: Env, database: Database_, options: DepsOptions = {}): AppDeps {
  const clock = options.clock ?? Date.now;
  const transport = options.transport !== undefined ? options.transport : env.RESEND_API_KEY ? resendTransport(env.RESEND_API_KEY) : null;
  configurePasswordPool({ threads: env.PASSWORD_HASH_THREADS, queue: env.PASSWORD_HASH_QUEUE });
  const logger = options.logger ?? createLogger(env);
  // The message queue doubles as the local mailbox: in development each email is printed whole (links
  // included, as the README promises); in production only that one is waiting, never its content.
  // The production line keeps its words: operators' log searches and docs/decisions/0036 quote it.
  const queueLog =
    options.log ??
    (env.NODE_ENV === 'production'
      ? (_line: string, channel: 'email' | 'push') =>
          channel === 'email'
            ? logger.warn('an email is kept in the outbox (no RESEND_API_KEY): read it in Admin > Messages')
            : logger.info('a push notification is on its way: see Admin > Messages')
      : (line: string) => void process.stdout.write(`${line}\n`));
  const vapid = resolveVapidKeys(env);
  const pushEndpoints = new PushEndpointPolicy(env.PUSH_SERVICE_HOSTS, options.resolvePushHost);
  const push = options.push !== undefined ? options.push : env.WEB_PUSH === 'on' ? webPushTransport(vapid, pushEndpoints) : null;
  const deps: AppDeps = {
    env,
    database,
    clock,
    clubTimeZone: () => documentBody(deps, 'time-zone').timeZone,
    jwtSecret: resolveJwtSecret(env.JWT_SECRET, env.DATABASE_PATH, env.NODE_ENV === 'production'),
    messageQueue: new MessageDispatcher(database.db, {
      from: () => mailSender(env.MAIL_FROM, clubName(deps)),
      transport,
      push,
      pushSender: () => clubPushSender(deps),
      clock,
      clubTimeZone: () => clubTimeZone(deps),
      log: queueLog,
    }),
    vapidPublicKey: vapid.publicKey,
    pushEndpoints,
    rateLimiter: new RateLimiter(clock),
    loginDelay: new GrowingDelay(clock, LOGIN_DELAY),
    // Each feature's check of a publish that could strand its data, so club/ imports none of them.
    publishChecks: {
      club: [checkLogoMade],
      sports: [checkRemovedTypes],
      'team-positions': [checkRemovedPositions],
    },
    stripe: stripeClient(env),
    uploadsDir: options.uploadsDir ?? uploadsDirFor(env.DATABASE_PATH),
    logger,
  };
  return deps;
}

/** Uploaded pictures live in the data folder, next to the database (./data/uploads by default). */
export function uploadsDirFor(databasePath: string): string {
  const dataDir = databasePath === ':memory:' ? resolve('data') : dirname(resolve(databasePath));
  return join(dataDir, 'uploads');
}
