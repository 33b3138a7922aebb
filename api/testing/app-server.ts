// The app behind a real socket, for what app.request cannot show: body limits as bytes arrive, the
// client's address, a forged Host header, many clients at once.
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';
import type { Hono } from 'hono';
import type { AppEnv } from '../platform/context';

export interface RunningServer {
  port: number;
  close: () => Promise<void>;
}

/** The app behind a real HTTP server on 127.0.0.1 and a free port. */
export function startServer(app: Hono<AppEnv>): Promise<RunningServer> {
  return new Promise((resolve) => {
    const server = createAdaptorServer({ fetch: app.fetch });
    // A thousand clients connect at once in the storm tests: with Node's backlog of 511, a busy machine
    // leaves connections waiting past the kernel's queue, and they are reset before the app sees them.
    server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
      const info = server.address() as AddressInfo;
      // Idle keep-alive sockets stay open for the test's length: with Node's 5 s default, a busy
      // machine lets the server close one just as the client sends its next request on it, and that
      // request fails with ECONNRESET, a race of the test's sockets rather than anything of the app's.
      if ('keepAliveTimeout' in server) server.keepAliveTimeout = 60_000;
      resolve({
        port: info.port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            if ('closeAllConnections' in server) server.closeAllConnections();
          }),
      });
    });
  });
}

/** Runs `fn` with the app on a real server, and closes the server whatever happens. */
export async function withServer<T>(app: Hono<AppEnv>, fn: (port: number) => Promise<T>): Promise<T> {
  const server = await startServer(app);
  try {
    return await fn(server.port);
  } finally {
    await server.close();
  }
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface RawRequest {
  port: number;
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Sent one by one; with no content-length header, node sends them chunked. */
  chunks?: Uint8Array[];
  /** A JSON body, sent as one chunk with its content type (instead of `chunks`). */
  json?: unknown;
  /** The client's own address (any of 127.0.0.0/8 reaches a server on 127.0.0.1 under Linux). */
  localAddress?: string;
}

/**
 * One request through node's http client. The server may answer (413) before the body is all sent
 * and close the connection: the answer still counts, a write error after it does not.
 */
export function rawRequest(req: RawRequest): Promise<RawAnswer> {
  if (req.json !== undefined) {
    const { json, ...rest } = req;
    return rawRequest({ ...rest, headers: { 'content-type': 'application/json', ...req.headers }, chunks: [Buffer.from(JSON.stringify(json))] });
  }
  return new Promise((resolve, reject) => {
    let answered = false;
    const r = httpRequest(
      {
        host: '127.0.0.1',
        port: req.port,
        method: req.method,
        path: req.path,
        headers: req.headers,
        ...(req.localAddress ? { localAddress: req.localAddress } : {}),
        agent: false,
      },
      (res) => {
        answered = true;
        const parts: Buffer[] = [];
        res.on('data', (d: Buffer) => parts.push(d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(parts).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', (err) => {
      if (!answered) reject(err);
    });
    const chunks = req.chunks ?? [];
    let i = 0;
    const pump = () => {
      while (i < chunks.length) {
        if (answered || r.destroyed) return;
        const ok = r.write(chunks[i++]);
        if (!ok) {
          r.once('drain', pump);
          return;
        }
      }
      r.end();
    };
    pump();
  });
}

