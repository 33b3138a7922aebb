// Graceful shutdown of the real (compiled) server: SIGTERM while a request is still arriving and an
// email is with a slow provider. The request is answered, the email's attempt is recorded, no new
// connection is taken, and the process exits 0. A second signal exits at once.
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort, startServer, type ChildServer } from '../testing/child-server';
import { newJwtSecret, prepareDatabase, tokensFor } from '../testing/seeded-database';
import { startMailStub, type MailStub } from './support/mail-stub';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * POSTs JSON whose body arrives in `chunks` pieces `gapMs` apart (a phone on a poor signal). The
 * server has the request (headers) at once, and can only answer after the last piece.
 */
function throttledPost(url: string, token: string, body: unknown, chunks: number, gapMs: number) {
  const payload = Buffer.from(JSON.stringify(body));
  let headersSent!: () => void;
  const sent = new Promise<void>((r) => (headersSent = r));
  let stopWriting = false;
  const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': payload.length,
        'idempotency-key': randomUUID(),
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    req.on('error', reject);
    req.flushHeaders();
    void (async () => {
      const size = Math.ceil(payload.length / chunks);
      for (let i = 0; i < chunks; i++) {
        if (i === 1) headersSent();
        if (stopWriting) return;
        req.write(payload.subarray(i * size, (i + 1) * size));
        await sleep(gapMs);
      }
      req.end();
    })();
  });
  return { sent, answer, abandon: () => (stopWriting = true) };
}

async function connectionRefused(url: string): Promise<boolean> {
  try {
    await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
    return false;
  } catch (err) {
    return (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
  }
}

describe('graceful shutdown', () => {
  let dir = '';
  let server: ChildServer | null = null;
  let stub: MailStub | null = null;

  afterEach(async () => {
    await server?.kill();
    server = null;
    await stub?.close();
    stub = null;
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('on SIGTERM, answers the request in flight, records the email being sent, then exits 0', async () => {
    dir = mkdtempSync(join(tmpdir(), 'club-fault-shutdown-'));
    const databasePath = join(dir, 'club.db');
    const fixture = await prepareDatabase(databasePath, { members: 2, workouts: 0, races: 0 });
    const jwtSecret = newJwtSecret();
    const [token] = await tokensFor(jwtSecret, fixture.memberIds);
    stub = await startMailStub('ok');
    stub.delayMs = 2500;
    server = await startServer({
      databasePath,
      port: await freePort(),
      jwtSecret,
      env: { RESEND_API_KEY: 're_fake_fault_test_key', RESEND_BASE_URL: stub.url, BACKUP_EVERY: 'off' },
    });
    const url = server.url;

    // An email on its way to a provider that takes 2.5 s to answer.
    const forgot = await fetch(`${url}/api/auth/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'fault1@club.test' }),
    });
    expect(forgot.status).toBe(200);
    const deadline = Date.now() + 5000;
    while (stub.calls.length === 0 && Date.now() < deadline) await sleep(20);
    expect(stub.calls).toHaveLength(1);

    // A race whose body takes about 2 s to arrive.
    const slow = throttledPost(
      `${url}/api/races`,
      token!,
      { name: 'Finished during shutdown', date: '2027-07-01', location: 'Loopback', description: 'y'.repeat(2000) },
      10,
      200,
    );
    await slow.sent;
    server.signal('SIGTERM');
    await sleep(200);
    expect(await connectionRefused(url)).toBe(true);

    const answer = await slow.answer;
    expect(answer.status, answer.body).toBe(201);
    const exit = await server.exit();
    expect(exit, server.output()).toEqual({ code: 0, signal: null });

    const db = new Database(databasePath, { readonly: true });
    try {
      expect(db.prepare("select count(*) as n from races where name = 'Finished during shutdown'").get()).toEqual({ n: 1 });
      // The attempt in progress finished and was recorded: no second send after a restart.
      expect(db.prepare('select status, attempts, provider_id as providerId from message_queue').all()).toEqual([
        { status: 'sent', attempts: 1, providerId: 'stub-1' },
      ]);
    } finally {
      db.close();
    }
    expect(stub.calls.map((c) => c.answered)).toEqual([200]);
  });

  it('exits at once on a second signal, without waiting for the request in flight', async () => {
    dir = mkdtempSync(join(tmpdir(), 'club-fault-shutdown-'));
    const databasePath = join(dir, 'club.db');
    const fixture = await prepareDatabase(databasePath, { members: 1, workouts: 0, races: 0 });
    const jwtSecret = newJwtSecret();
    const [token] = await tokensFor(jwtSecret, fixture.memberIds);
    server = await startServer({ databasePath, port: await freePort(), jwtSecret, env: { BACKUP_EVERY: 'off' } });

    // A body that would take a minute: longer than the 10 s grace period.
    const slow = throttledPost(`${server.url}/api/races`, token!, { name: 'Never finished', date: '2027-07-01', description: 'z'.repeat(3000) }, 60, 1000);
    slow.answer.catch(() => {});
    await slow.sent;
    server.signal('SIGTERM');
    await sleep(300);
    const secondAt = Date.now();
    server.signal('SIGTERM');
    const exit = await server.exit();
    slow.abandon();
    expect(exit, server.output()).toEqual({ code: 1, signal: null });
    // Well inside the grace period the first signal would have waited.
    expect(Date.now() - secondAt).toBeLessThan(5000);
  });
});
