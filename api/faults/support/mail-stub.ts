// A stand-in for the Resend API on loopback: it fails (500 or a dropped connection) or accepts, as
// the test says, and records every call with its Idempotency-Key.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StubMode = 'fail' | 'drop' | 'ok';

export interface StubCall {
  path: string;
  idempotencyKey: string | undefined;
  to: string | undefined;
  subject: string | undefined;
  answered: number | 'dropped';
}

export interface MailStub {
  readonly url: string;
  mode: StubMode;
  /** Answers this much later (a slow provider). */
  delayMs: number;
  readonly calls: StubCall[];
  /** Calls the stub accepted (200), per Idempotency-Key. */
  deliveredPerKey(): Map<string, number>;
  close(): Promise<void>;
}

export async function startMailStub(initialMode: StubMode = 'fail'): Promise<MailStub> {
  const calls: StubCall[] = [];
  const state = { mode: initialMode, accepted: 0, delayMs: 0 };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      let payload: { to?: string | string[]; subject?: string } = {};
      try {
        payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        // recorded with empty fields
      }
      const call: StubCall = {
        path: req.url ?? '',
        idempotencyKey: req.headers['idempotency-key'] as string | undefined,
        to: Array.isArray(payload.to) ? payload.to[0] : payload.to,
        subject: payload.subject,
        answered: 'dropped',
      };
      calls.push(call);
      if (state.delayMs > 0) setTimeout(() => answer(call), state.delayMs);
      else answer(call);
    });
    const answer = (call: StubCall) => {
      if (state.mode === 'drop') {
        req.socket.destroy();
        return;
      }
      res.setHeader('content-type', 'application/json');
      if (state.mode === 'fail') {
        call.answered = 500;
        res.statusCode = 500;
        res.end(JSON.stringify({ statusCode: 500, name: 'internal_server_error', message: 'The stub provider is down' }));
        return;
      }
      state.accepted += 1;
      call.answered = 200;
      res.end(JSON.stringify({ id: `stub-${state.accepted}` }));
    };
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(next: StubMode) {
      state.mode = next;
    },
    get delayMs() {
      return state.delayMs;
    },
    set delayMs(ms: number) {
      state.delayMs = ms;
    },
    calls,
    deliveredPerKey() {
      const perKey = new Map<string, number>();
      for (const c of calls) {
        const key = c.idempotencyKey ?? '';
        if (c.answered === 200) perKey.set(key, (perKey.get(key) ?? 0) + 1);
      }
      return perKey;
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
