import type { Server } from 'node:http';
import type { Logger } from './platform/logger';

/** Something to stop on shutdown, after the last request has been answered. */
export interface Closer {
  name: string;
  close: () => void | Promise<void>;
}

export interface ShutdownOptions {
  server: Server;
  /** Stopped in this order once no request is left (the database last). */
  closers: Closer[];
  log: Logger;
  /** How long open requests may take to finish before their connections are cut. */
  graceMs?: number;
  exit?: (code: number) => void;
}

/**
 * Graceful shutdown on SIGTERM and SIGINT: stop accepting connections, let open requests finish
 * (bounded), then run the closers and exit 0. A second signal exits at once with 1.
 */
export function installShutdown({ server, closers, log, graceMs = 10_000, exit = process.exit }: ShutdownOptions) {
  let inFlight = 0;
  let drained: (() => void) | null = null;
  server.on('request', (_req, res) => {
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    });
  });

  let stopping = false;
  async function shutdown(signal: string): Promise<void> {
    if (stopping) {
      log.warn({ signal }, 'second signal: exiting now');
      exit(1);
      return;
    }
    stopping = true;
    log.info({ signal, inFlight }, 'shutting down: finishing open requests');
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    if (inFlight > 0) {
      const finished = await Promise.race([
        new Promise<boolean>((resolve) => (drained = () => resolve(true))),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), graceMs).unref()),
      ]);
      if (!finished) log.warn({ inFlight, graceMs }, 'requests still open after the grace period: closing their connections');
    }
    // Keep-alive connections that went idle after their last answer, and whatever is left.
    server.closeAllConnections();
    await closed;
    for (const closer of closers) {
      try {
        await closer.close();
      } catch (err) {
        log.error({ err, closer: closer.name }, 'shutdown step failed');
      }
    }
    log.info('stopped');
    exit(0);
  }

  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal));
  return { shutdown };
}
