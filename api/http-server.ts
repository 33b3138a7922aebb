// The HTTP server the app runs on, with limits on slow clients. Node's own defaults let a client take
// up to a minute for its headers and five minutes for a request, holding a connection all along.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

export interface HttpLimits {
  /** A client that has not sent all its headers by then is answered 408 and cut. */
  headersTimeoutMs: number;
  /** The whole request, body included (a picture upload on a slow phone must fit). */
  requestTimeoutMs: number;
  /** An idle kept-alive connection is closed after this long. */
  keepAliveTimeoutMs: number;
}

export interface ListenOptions {
  fetch: (request: Request) => Response | Promise<Response>;
  port: number;
  hostname: string;
  limits: HttpLimits;
}

/**
 * Node checks the header and request limits of open connections on a beat (30 s by default), so a
 * limit is only as sharp as the beat: a quarter of the header limit, at most a second.
 */
export function checkingIntervalMs(limits: HttpLimits): number {
  return Math.max(10, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4)));
}

/** Starts the server on `hostname:port` with `limits`; `onListening` hears the address once it listens. */
export function listen({ fetch, port, hostname, limits }: ListenOptions, onListening?: (info: AddressInfo) => void): Server {
  const server = serve(
    {
      fetch,
      port,
      hostname,
      serverOptions: {
        headersTimeout: limits.headersTimeoutMs,
        requestTimeout: limits.requestTimeoutMs,
        keepAliveTimeout: limits.keepAliveTimeoutMs,
        connectionsCheckingInterval: checkingIntervalMs(limits),
      },
    },
    onListening,
  ) as Server;
  // Also set on the server itself: older Node versions read keep-alive only from there.
  server.keepAliveTimeout = limits.keepAliveTimeoutMs;
  return server;
}
