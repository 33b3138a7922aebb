import { Hono } from 'hono';
import { latestMigrationMillis, migrationsCurrent } from '../../db/migrate';
import type { AppEnv } from '../context';
import { APP_VERSION } from '../version';

// Read once: the journal ships with the code, so it cannot change while the process runs.
let latest: number | undefined;

/**
 * For an uptime monitor or a load balancer: public, no user data, two tiny queries. 503 when the
 * database does not answer or its migrations are behind the code.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'no-store');
  latest ??= latestMigrationMillis();
  let db: 'ok' | 'unavailable' | 'migrations pending';
  try {
    db = migrationsCurrent(c.var.deps.database, latest) ? 'ok' : 'migrations pending';
  } catch (err) {
    c.var.log.error({ err }, 'health check: the database does not answer');
    db = 'unavailable';
  }
  return db === 'ok'
    ? c.json({ status: 'ok', version: APP_VERSION, db }, 200)
    : c.json({ status: 'error', version: APP_VERSION, db }, 503);
});
