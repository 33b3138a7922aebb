// The production entry: compiled to dist-server/server.js by `npm run build`, run with plain node.
import { BackupScheduler } from '../db/backup-schedule';
import { backupInto, newestBackupAt } from '../db/backup';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seed } from '../db/seed';
import { createApp } from './app';
import { buildDeps } from './deps';
import { loadEnv, type Env } from './platform/settings/env';
import { listen } from './http-server';
import { createLogger, prettyDestination, type Logger } from './platform/logger';
import { serveClubs } from './host-server';
import { pruneIdempotencyKeys } from './platform/middleware/idempotency';
import { closePasswordPool } from '../db/threads/password-pool';
import { installShutdown, type Closer } from './shutdown';
import { logPasskeySettings } from './platform/settings/passkey-settings';
import { startReminders } from './reminders/reminder-schedule';
import { startPendingPaymentCheck } from './payments/checkout';
import { mountPwa } from './pages/static';
import { APP_VERSION } from './platform/version';

const env = loadEnv();
const logger = createLogger(env, env.NODE_ENV === 'development' ? await prettyDestination() : undefined);
// MULTI_CLUB=on: many clubs, each at its own address (api/host-server.ts); else the one club of
// DATABASE_PATH, exactly as ever.
if (env.MULTI_CLUB) serveClubs(env, logger);
else await serveOneClub(env, logger);

async function serveOneClub(env: Env, logger: Logger): Promise<void> {
  const database = openDatabase(env.DATABASE_PATH);
  runMigrations(database);
  const deps = buildDeps(env, database, { logger });
  // The demo accounts' table (public passwords, development only) goes to the console, not the log.
  await seed(database, { ...env, uploadsDir: deps.uploadsDir });

  const app = createApp(deps, (a) => mountPwa(a, deps.uploadsDir));
  const stopMessageQueue = deps.messageQueue.startWorker();
  const stopReminders = startReminders(deps);
  const stopPaymentCheck = startPendingPaymentCheck(deps);
  pruneIdempotencyKeys(database, deps.clock());
  const prune = setInterval(() => pruneIdempotencyKeys(database, deps.clock()), 24 * 60 * 60 * 1000);
  prune.unref();

  let backups: BackupScheduler | null = null;
  if (env.BACKUP_EVERY !== null && env.DATABASE_PATH !== ':memory:') {
    backups = new BackupScheduler({
      everyMs: env.BACKUP_EVERY,
      lastBackupAt: () => newestBackupAt(env.BACKUP_DIR),
      run: async (at) => {
        const done = await backupInto(database.sqlite, env.BACKUP_DIR, env.BACKUP_KEEP, at, deps.uploadsDir);
        logger.info(
          { path: done.path, bytes: done.bytes, removed: done.removed.length, pictures: done.pictures },
          'backup written and checked',
        );
      },
      onError: (err) => logger.error({ err }, 'scheduled backup failed'),
    });
    backups.start();
  }

  const limits = {
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
  const server = listen({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, limits }, (info) => {
    const host = info.address === '127.0.0.1' ? 'localhost' : info.address;
    logger.info({ version: APP_VERSION, env: env.NODE_ENV }, `Club app on http://${host}:${info.port}`);
    if (!env.RESEND_API_KEY) logger.info('Emails are not sent (no RESEND_API_KEY): read them in Admin > Messages.');
    logPasskeySettings(env.PASSKEYS, logger);
  });

  // In order, once the last request is answered. The database goes last: everything above may write.
  const closers: Closer[] = [
    { name: 'backup scheduler', close: () => backups?.stop() },
    { name: 'idempotency pruning', close: () => clearInterval(prune) },
    { name: 'reminders', close: () => stopReminders() },
    { name: 'pending payments check', close: () => stopPaymentCheck() },
    { name: 'message queue', close: () => stopMessageQueue() },
    { name: 'password pool', close: () => closePasswordPool() },
    { name: 'database', close: () => database.close() },
  ];
  installShutdown({ server, closers, log: logger });
}
