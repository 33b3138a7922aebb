// Slow clients: a client that trickles its headers or its body is cut at the configured limits
// (api/http-server.ts), not after Node's defaults of minutes. Limits shortened for the test.
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../platform/settings/env';
import { checkingIntervalMs, listen, type HttpLimits } from '../http-server';

const LIMITS: HttpLimits = { headersTimeoutMs: 300, requestTimeoutMs: 900, keepAliveTimeoutMs: 400 };
const BEAT = checkingIntervalMs(LIMITS);

let server: Server | null = null;
afterEach(async () => {
  const s = server;
  server = null;
  if (!s) return;
  s.closeAllConnections();
  await new Promise<void>((done) => s.close(() => done()));
});

function start(): Promise<number> {
  return new Promise((resolve) => {
    server = listen(
      { fetch: async (req) => new Response(`read ${(await req.text()).length} bytes`), port: 0, hostname: '127.0.0.1', limits: LIMITS },
      (info: AddressInfo) => resolve(info.port),
    );
  });
}

/** Opens a socket, writes `first`, and resolves with what the server sent and when it closed the socket. */
function openAndWait(port: number, first: string, more?: (socket: Socket) => void): Promise<{ closedAfterMs: number; received: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    let opened = 0;
    socket.on('connect', () => {
      opened = Date.now();
      socket.write(first);
      more?.(socket);
    });
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('error', () => {});
    socket.on('close', () => resolve({ closedAfterMs: Date.now() - opened, received }));
    // Far beyond every limit: a server that never cuts the client fails here.
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept a slow client for 5 s (received ${JSON.stringify(received)})`));
    }, 5000).unref();
  });
}

describe('slow clients', () => {
  it('cuts a client that never finishes its headers at the header limit, with a 408', async () => {
    const port = await start();
    const { closedAfterMs, received } = await openAndWait(port, 'GET /api/health HTTP/1.1\r\nHost: club.test\r\nX-Slow: 1');
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 50);
    expect(closedAfterMs).toBeLessThan(LIMITS.headersTimeoutMs + 2 * BEAT + 1000);
  });

  it('cuts a client that trickles its body at the request limit', async () => {
    const port = await start();
    const head = 'POST /upload HTTP/1.1\r\nHost: club.test\r\nContent-Type: text/plain\r\nContent-Length: 1000\r\n\r\n';
    let timer: NodeJS.Timeout | undefined;
    const { closedAfterMs, received } = await openAndWait(port, head, (socket) => {
      // One byte every 100 ms: the headers came in time, the body never will.
      timer = setInterval(() => socket.writable && socket.write('x'), 100);
    });
    clearInterval(timer);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 50);
    expect(closedAfterMs).toBeLessThan(LIMITS.requestTimeoutMs + 2 * BEAT + 1000);
  });

  it('still answers a client that sends its request in time, and keeps an idle connection past the header limit', async () => {
    const port = await start();
    const { received } = await openAndWait(
      port,
      'POST /upload HTTP/1.1\r\nHost: club.test\r\nContent-Length: 5\r\n\r\nhello',
      // Idle longer than the header limit, shorter than the keep-alive one: the next request is answered.
      (socket) => setTimeout(() => socket.write('GET / HTTP/1.1\r\nHost: club.test\r\nConnection: close\r\n\r\n'), 350),
    );
    expect(received.match(/HTTP\/1\.1 200 OK/g)).toHaveLength(2);
    expect(received).toContain('read 5 bytes');
  });

  it('takes its limits from the settings: 15 s for headers, 120 s for a request, 65 s idle, unless told', () => {
    expect(loadEnv({})).toMatchObject({ HTTP_HEADERS_TIMEOUT_MS: 15_000, HTTP_REQUEST_TIMEOUT_MS: 120_000, HTTP_KEEP_ALIVE_TIMEOUT_MS: 65_000 });
    expect(loadEnv({ HTTP_HEADERS_TIMEOUT_MS: '5000' }).HTTP_HEADERS_TIMEOUT_MS).toBe(5000);
    expect(() => loadEnv({ HTTP_HEADERS_TIMEOUT_MS: '200000' })).toThrow(/HTTP_HEADERS_TIMEOUT_MS cannot be longer than HTTP_REQUEST_TIMEOUT_MS/);
    expect(() => loadEnv({ HTTP_REQUEST_TIMEOUT_MS: 'soon' })).toThrow(/HTTP_REQUEST_TIMEOUT_MS/);
  });
});
