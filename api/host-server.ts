// The server of many clubs (MULTI_CLUB=on): the front door on one port, each request to the club of its
// address, the clubs opened on demand and closed when idle, one scheduler for every club's background
// work, and the host's console. Shut down as the single club's is: the last request answered, then the
// scheduler, then every open club (its queue flushed, its database closed), then the host's list.
import { closeDiskPool } from '../db/threads/disk-pool';
import { closePasswordPool } from '../db/threads/password-pool';
import { clubWork, openHost } from './clubs';
import { frontDoor } from './host/front-door';
import { hostConsole } from './host/console/console-routes';
import { HostScheduler } from './host/scheduler';
import { listen } from './http-server';
import type { Logger } from './platform/logger';
import type { Env } from './platform/settings/env';
import { APP_VERSION } from './platform/version';
import { installShutdown } from './shutdown';

export function serveClubs(env: Env, logger: Logger): void {
  const { host, pool } = openHost(env, logger, { pages: true });
  const scheduler = new HostScheduler(host, pool, clubWork(env));
  scheduler.start();
  const fetch = frontDoor({ registry: host.registry, pool, console: hostConsole(host, pool), logger });
  const limits = {
    headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
  const server = listen({ fetch, port: env.PORT, hostname: env.HOST, limits }, (info) => {
    const clubs = host.registry.count();
    logger.info({ version: APP_VERSION, env: env.NODE_ENV, clubs }, `Club host on port ${info.port}: ${clubs} club(s), each at its own address`);
    if (!env.HOST_ADMIN_TOKEN) logger.info('The host console (/_host/) is off: set HOST_ADMIN_TOKEN to turn it on.');
    // What the clubs missed while the server was down (reminders, queued messages, a due backup).
    void scheduler.sweep();
  });
  installShutdown({
    server,
    log: logger,
    closers: [
      { name: 'host scheduler', close: () => scheduler.stop() },
      { name: 'open clubs', close: () => pool.closeAll() },
      { name: 'password pool', close: () => closePasswordPool() },
      { name: 'disk pool', close: () => closeDiskPool() },
      { name: 'host list', close: () => host.registry.close() },
    ],
  });
}
