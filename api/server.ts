import { serve } from '@hono/node-server';
import { openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { seed } from '../db/seed';
import { createApp } from './app';
import { buildDeps } from './deps';
import { loadEnv } from './env';
import { pruneIdempotencyKeys } from './middleware/idempotency';
import { ensurePwaBuilt, mountPwa } from './static';

const env = loadEnv();
const database = openDatabase(env.DATABASE_PATH);
runMigrations(database);
const deps = buildDeps(env, database);
await seed(database, env);
if (process.env.SKIP_PWA_BUILD !== '1') await ensurePwaBuilt();

const app = createApp(deps, (a) => mountPwa(a, deps.uploadsDir));
const stopMail = deps.mail.startWorker();
pruneIdempotencyKeys(database, deps.clock());
const prune = setInterval(() => pruneIdempotencyKeys(database, deps.clock()), 24 * 60 * 60 * 1000);
prune.unref();

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  console.log(`Club app on http://${info.address === '127.0.0.1' ? 'localhost' : info.address}:${info.port}`);
  if (!env.RESEND_API_KEY) console.log('Emails are not sent (no RESEND_API_KEY): read them in Admin > Emails.');
});

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: finishing open requests…`);
  stopMail();
  server.close(() => {
    database.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(0), 5000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
