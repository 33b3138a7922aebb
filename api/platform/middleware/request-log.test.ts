import { openDatabase } from '../../../db/client';
import { runMigrations } from '../../../db/migrate';
import { messageQueue, users } from '../../../db/schema';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { buildDeps } from '../../deps';
import { loadEnv } from '../settings/env';
import { createLogger, memoryDestination } from '../logger';
import { TEST_PASSWORD, makeTestApp } from '../../testing/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function requestLines(lines: string[]) {
  return lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request' || l.msg === 'request failed');
}

describe('request log', () => {
  it('writes one line per request: method, path, status, duration, user id when signed in, request id', async () => {
    const t = makeTestApp({ env: { LOG_LEVEL: 'info' } });
    const u = await t.createUser();
    const signedIn = await t.call('GET', '/api/auth/profile', { token: u.token });
    const visitor = await t.call('GET', '/api/races?season=2026');
    const missing = await t.call('GET', '/api/nothing-here');
    const lines = requestLines(t.logLines);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toEqual({
      level: 30,
      time: expect.any(String),
      pid: process.pid,
      reqId: signedIn.headers.get('x-request-id'),
      method: 'GET',
      path: '/api/auth/profile',
      status: 200,
      ms: expect.any(Number),
      userId: u.id,
      msg: 'request',
    });
    expect(lines[0].ms).toBeGreaterThanOrEqual(0);
    // No user on a visitor's line, and never the query string.
    expect(lines[1]).toMatchObject({ path: '/api/races', status: 200, reqId: visitor.headers.get('x-request-id') });
    expect(lines[1]).not.toHaveProperty('userId');
    expect(lines[2]).toMatchObject({ path: '/api/nothing-here', status: 404, reqId: missing.headers.get('x-request-id') });
  });

  it('keeps a sane incoming X-Request-Id and answers with it; replaces anything else', async () => {
    const t = makeTestApp({ env: { LOG_LEVEL: 'info' } });
    const kept = await t.call('GET', '/api/races', { headers: { 'x-request-id': 'proxy-7f3a.42:9' } });
    expect(kept.headers.get('x-request-id')).toBe('proxy-7f3a.42:9');
    const generated = await t.call('GET', '/api/races');
    expect(generated.headers.get('x-request-id')).toMatch(UUID);
    for (const bad of ['x'.repeat(129), 'two words', 'forged"}{"level":60', '']) {
      const res = await t.call('GET', '/api/races', { headers: { 'x-request-id': bad } });
      expect(res.headers.get('x-request-id'), bad).toMatch(UUID);
    }
    const ids = requestLines(t.logLines).map((l) => l.reqId);
    expect(ids[0]).toBe('proxy-7f3a.42:9');
    expect(ids[1]).toBe(generated.headers.get('x-request-id'));
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('puts the request id on the line of a failed request (5xx) as well', async () => {
    const t = makeTestApp({ env: { LOG_LEVEL: 'info' } });
    t.database.close();
    const res = await t.call('GET', '/api/races', { headers: { 'x-request-id': 'trace-500' } });
    expect(res.status).toBe(500);
    expect(res.headers.get('x-request-id')).toBe('trace-500');
    const lines = t.logLines.map((l) => JSON.parse(l));
    expect(lines.find((l) => l.msg === 'unhandled error')).toMatchObject({ reqId: 'trace-500', level: 50, err: { message: expect.any(String) } });
    expect(lines.find((l) => l.msg === 'request failed')).toMatchObject({ reqId: 'trace-500', status: 500 });
  });

  it('never holds a password, a token or a reset link', async () => {
    const t = makeTestApp({ env: { LOG_LEVEL: 'trace' } });
    const u = await t.createUser({ email: 'secret@club.test' });
    const login = await t.call('POST', '/api/auth/login', { body: { email: u.email, password: TEST_PASSWORD } });
    await t.call('POST', '/api/auth/login', { body: { email: u.email, password: 'wrong-but-secret-guess' } });
    expect(login.status).toBe(200);
    await t.call('POST', '/api/auth/forgot-password', { body: { email: u.email } });
    const mail = t.db.select().from(messageQueue).all().at(-1)!;
    const link = /http\S+token=\S+/.exec(mail.text)![0];
    const token = new URL(link).searchParams.get('token')!;
    await t.call('GET', `/reset-password?token=${token}`);
    const reset = await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'my-new-secret-pass' } });
    expect(reset.status).toBe(200);
    await t.call('GET', '/api/auth/profile', { token: login.body.token });

    const output = t.logLines.join('');
    expect(requestLines(t.logLines)).toHaveLength(6);
    for (const secret of [TEST_PASSWORD, 'wrong-but-secret-guess', 'my-new-secret-pass', token, link, login.body.token, 'token=']) {
      expect(output, secret).not.toContain(secret);
    }
  });

  it('in production, says an email waits in the message queue without printing it (its link)', async () => {
    const env = loadEnv({ NODE_ENV: 'production', DATABASE_PATH: ':memory:', JWT_SECRET: 'a-production-secret-that-is-long-enough-1234', PASSWORD_HASH_LOG_N: '10', APP_URL: 'https://club.example' });
    const database = openDatabase(':memory:');
    runMigrations(database);
    const lines: string[] = [];
    const deps = buildDeps(env, database, { logger: createLogger(env, memoryDestination(lines)), transport: null });
    const email = 'prod@club.test';
    database.db.insert(users).values({ email, name: 'Prod', passwordHash: 'x', role: 'member', joinDate: '2026-01-01' }).run();
    const app = createApp(deps);
    const res = await app.request('/api/auth/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    expect(res.status).toBe(200);
    await deps.messageQueue.deliverPending();
    const output = lines.join('');
    expect(output).toContain('an email is kept in the outbox');
    expect(output).not.toContain('reset-password');
    expect(output).not.toContain('token');
  });
});
