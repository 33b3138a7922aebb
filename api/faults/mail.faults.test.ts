// The mail provider fails: the request that causes the mail still succeeds, the queued message
// retries with backoff, and once the provider is back each message is delivered exactly
// once. The real resend SDK talks to a stub on loopback (it reads RESEND_BASE_URL when constructed).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messageQueue } from '../../db/schema';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { resendTransport } from '../messaging/queue/transports';
import { freePort, startServer } from '../testing/child-server';
import { newJwtSecret, prepareDatabase } from '../testing/seeded-database';
import { startMailStub, type MailStub } from './support/mail-stub';

const FIRST_BACKOFF_MS = 30_000;

describe('a failing mail provider', () => {
  let stub: MailStub;
  let t: TestApp;
  const savedBaseUrl = process.env.RESEND_BASE_URL;

  beforeEach(async () => {
    stub = await startMailStub('fail');
    process.env.RESEND_BASE_URL = stub.url;
    t = makeTestApp({ transport: resendTransport('re_fake_fault_test_key') });
  });

  afterEach(async () => {
    await stub.close();
    if (savedBaseUrl === undefined) delete process.env.RESEND_BASE_URL;
    else process.env.RESEND_BASE_URL = savedBaseUrl;
  });

  const rows = () => t.db.select().from(messageQueue).all();
  const row = (id: number) => t.db.select().from(messageQueue).where(eq(messageQueue.id, id)).get()!;

  it('answers forgot-password, retries with growing delays, then delivers once', async () => {
    const member = await t.createUser({ email: 'sam@club.test', name: 'Sam' });
    const res = await t.call('POST', '/api/auth/forgot-password', { body: { email: member.email } });
    expect(res.status).toBe(200);

    const t0 = t.clock.now();
    await t.deps.messageQueue.deliverPending();
    const [mail] = rows();
    expect(mail).toMatchObject({ to: member.email, status: 'pending', attempts: 1, nextAttemptAt: t0 + FIRST_BACKOFF_MS });
    expect(mail!.lastError).toBeTruthy();
    expect(stub.calls).toHaveLength(1);

    // Not due yet: nothing is sent.
    await t.deps.messageQueue.deliverPending();
    expect(stub.calls).toHaveLength(1);

    t.clock.advance(FIRST_BACKOFF_MS);
    await t.deps.messageQueue.deliverPending();
    expect(row(mail!.id)).toMatchObject({ status: 'pending', attempts: 2, nextAttemptAt: t0 + FIRST_BACKOFF_MS * 3 });
    expect(stub.calls).toHaveLength(2);

    stub.mode = 'ok';
    t.clock.advance(FIRST_BACKOFF_MS * 2 - 1);
    await t.deps.messageQueue.deliverPending();
    expect(stub.calls).toHaveLength(2);
    t.clock.advance(1);
    await t.deps.messageQueue.deliverPending();
    expect(row(mail!.id)).toMatchObject({ status: 'sent', attempts: 3, providerId: 'stub-1', sentAt: t.clock.now() });

    t.clock.advance(24 * 60 * 60 * 1000);
    await t.deps.messageQueue.deliverPending();
    expect(stub.calls).toHaveLength(3);
    // Every attempt carried the same key, and the provider accepted it once.
    expect(new Set(stub.calls.map((c) => c.idempotencyKey)).size).toBe(1);
    expect([...stub.deliveredPerKey().values()]).toEqual([1]);
    expect(stub.calls.every((c) => c.path === '/emails' && c.to === member.email)).toBe(true);
  });

  it('keeps a waitlist promotion email through dropped connections, each message delivered once', async () => {
    stub.mode = 'drop';
    const exec = await t.createUser({ role: 'exec' });
    const first = await t.createUser({ email: 'first@club.test' });
    const second = await t.createUser({ email: 'second@club.test', name: 'Second' });
    const created = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: { type: 'workout', title: 'Threshold swim', content: 'Bring fins.', workoutType: 'swim', workoutDate: '2026-03-10', workoutTime: '07:00', capacity: 1 },
    });
    expect(created.status).toBe(201);
    const id = created.body.post.id as number;
    expect((await t.call('POST', `/api/forum/workouts/${id}/signup`, { token: first.token, body: { signedUp: true } })).status).toBe(200);
    expect((await t.call('POST', `/api/forum/workouts/${id}/waitlist`, { token: second.token })).status).toBe(200);

    const cancel = await t.call('POST', `/api/forum/workouts/${id}/signup`, { token: first.token, body: { signedUp: false } });
    expect(cancel.status).toBe(200);
    expect(cancel.body.signedUp).toBe(false);
    const reset = await t.call('POST', '/api/auth/forgot-password', { body: { email: first.email } });
    expect(reset.status).toBe(200);
    const detail = await t.call('GET', `/api/forum/workouts/${id}`, { token: second.token });
    expect(detail.body.workout.isSignedUp).toBe(true);

    await t.deps.messageQueue.deliverPending();
    expect(rows().map((m) => [m.to, m.status, m.attempts])).toEqual([
      [second.email, 'pending', 1],
      [first.email, 'pending', 1],
    ]);
    t.clock.advance(FIRST_BACKOFF_MS);
    await t.deps.messageQueue.deliverPending();
    expect(rows().every((m) => m.attempts === 2 && m.status === 'pending')).toBe(true);

    stub.mode = 'ok';
    t.clock.advance(FIRST_BACKOFF_MS * 2);
    await t.deps.messageQueue.deliverPending();
    t.clock.advance(FIRST_BACKOFF_MS * 10);
    await t.deps.messageQueue.deliverPending();
    expect(rows().map((m) => m.status)).toEqual(['sent', 'sent']);
    const delivered = stub.deliveredPerKey();
    expect(delivered.size).toBe(2);
    expect([...delivered.values()]).toEqual([1, 1]);
    expect(stub.calls).toHaveLength(6);
    expect(stub.calls.find((c) => c.answered === 200 && c.to === second.email)?.subject).toContain('Threshold swim');
  });

  it('gives up after six failed attempts and stops calling the provider', async () => {
    const member = await t.createUser();
    await t.call('POST', '/api/auth/forgot-password', { body: { email: member.email } });
    for (let i = 0; i < 8; i++) {
      await t.deps.messageQueue.deliverPending();
      t.clock.advance(2 * 60 * 60 * 1000);
    }
    expect(rows()[0]).toMatchObject({ status: 'failed', attempts: 6 });
    expect(stub.calls).toHaveLength(6);
  });
});

// The same wiring through the real server: RESEND_API_KEY selects the resend transport and the
// request answers 200 while the provider fails.
describe('a failing mail provider behind the real server', () => {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'club-fault-mail-'));
  });
  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers forgot-password 200 and keeps the mail for a retry', async () => {
    const stub = await startMailStub('fail');
    const databasePath = join(dir, 'club.db');
    await prepareDatabase(databasePath, { members: 1, workouts: 0, races: 0 });
    const server = await startServer({
      databasePath,
      port: await freePort(),
      jwtSecret: newJwtSecret(),
      env: { RESEND_API_KEY: 're_fake_fault_test_key', RESEND_BASE_URL: stub.url },
    });
    try {
      const res = await fetch(`${server.url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'fault0@club.test' }),
      });
      expect(res.status).toBe(200);
      const deadline = Date.now() + 10_000;
      while (stub.calls.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(stub.calls).toHaveLength(1);
      expect(stub.calls[0]!.idempotencyKey).toMatch(/^club-outbox-/);

      const db = new Database(databasePath, { readonly: true });
      try {
        let mail: { status: string; attempts: number; next_attempt_at: number } | undefined;
        while (Date.now() < deadline) {
          mail = db.prepare('select status, attempts, next_attempt_at from message_queue').get() as typeof mail;
          if (mail?.attempts === 1) break;
          await new Promise((r) => setTimeout(r, 50));
        }
        expect(mail).toMatchObject({ status: 'pending', attempts: 1 });
        expect(mail!.next_attempt_at).toBeGreaterThan(Date.now() + 10_000);
      } finally {
        db.close();
      }
    } finally {
      await server.stop();
      await stub.close();
    }
  });
});
