import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import { databaseHealth } from './health';
import { APP_VERSION } from '../platform/version';

/**
 * For an uptime monitor or a load balancer: public, no user data, two tiny queries. 503 when the
 * database does not answer or its migrations are behind the code.
 */
export const healthRoutes = new Hono<AppEnv>().get('/', (c) => {
  c.header('Cache-Control', 'no-store');
  let db: 'ok' | 'unavailable' | 'migrations pending';
  try {
    db = databaseHealth(c.var.deps);
  } catch (err) {
    c.var.log.error({ err }, 'health check: the database does not answer');
    db = 'unavailable';
  }
  return db === 'ok'
    ? c.json({ status: 'ok', version: APP_VERSION, db }, 200)
    : c.json({ status: 'error', version: APP_VERSION, db }, 503);
});
