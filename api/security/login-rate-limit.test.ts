// Password guessing: sign-in is limited per address (taken from the socket) and per account, in
// short windows, so a guesser gets few tries and the real user is never locked out for long.
import { describe, expect, it } from 'vitest';
import { login } from '../accounts/auth';
import { ServiceError } from '../platform/errors';
import { TEST_PASSWORD, makeTestApp, type TestApp } from '../testing/test-app';
import { rawRequest, withServer } from '../testing/app-server';

const MINUTE = 60_000;

let lastRetryAfter: number | null = null;

/** The status login() would answer: 200, or the ServiceError's status (its Retry-After kept aside). */
async function attempt(t: TestApp, email: string, password: string, ip: string): Promise<number> {
  lastRetryAfter = null;
  try {
    await login(t.deps, email, password, ip);
    return 200;
  } catch (err) {
    if (err instanceof ServiceError) {
      if (err.headers?.['Retry-After']) lastRetryAfter = Number(err.headers['Retry-After']);
      return err.status;
    }
    throw err;
  }
}

describe('through the API', () => {
  it('answers 429 after repeated failures, even to the right password, until the window passes', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'victim@club.test' });
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.login('victim@club.test', `guess-${i}`);
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toEqual({ error: expect.stringContaining('Too many') });
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
    const meanwhile = await t.login('victim@club.test');
    expect(meanwhile.status).toBe(429);
    expect(meanwhile.body).not.toHaveProperty('token');
    t.clock.advance(15 * MINUTE + 1);
    const later = await t.login('victim@club.test');
    expect(later.status).toBe(200);
    expect(later.body.token).toEqual(expect.any(String));
  });

  it('counts an email in any case or spacing as the same account', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'victim@club.test' });
    const spellings = ['victim@club.test', 'VICTIM@club.test', ' Victim@Club.Test', 'victim@CLUB.TEST ', 'vIcTiM@club.test'];
    for (const email of spellings) {
      expect((await t.login(email, 'wrong-one')).status).toBe(401);
    }
    expect((await t.login('VICTIM@CLUB.TEST', 'wrong-one')).status).toBe(429);
  });
});

describe('login() per address and per account', () => {
  it('lets the real user in from another address while the guessing address is blocked', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'victim@club.test' });
    for (let i = 0; i < 5; i++) expect(await attempt(t, 'victim@club.test', `guess-${i}`, '198.51.100.7')).toBe(401);
    expect(await attempt(t, 'victim@club.test', TEST_PASSWORD, '198.51.100.7')).toBe(429);
    expect(await attempt(t, 'victim@club.test', TEST_PASSWORD, '203.0.113.9')).toBe(200);
    expect(await attempt(t, 'victim@club.test', 'guess-x', '198.51.100.7')).toBe(429);
  });

  it('forgets a user’s own typos once they sign in', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'typo@club.test' });
    for (let round = 0; round < 3; round++) {
      for (let i = 0; i < 4; i++) expect(await attempt(t, 'typo@club.test', 'typo', '192.0.2.1')).toBe(401);
      expect(await attempt(t, 'typo@club.test', TEST_PASSWORD, '192.0.2.1')).toBe(200);
    }
  });

  it('limits one address trying many accounts (credential stuffing)', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'real@club.test' });
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) statuses.push(await attempt(t, `person${i}@club.test`, 'password1', '192.0.2.50'));
    expect(statuses.every((s) => s === 401)).toBe(true);
    expect(await attempt(t, 'real@club.test', TEST_PASSWORD, '192.0.2.50')).toBe(429);
    expect(await attempt(t, 'real@club.test', TEST_PASSWORD, '192.0.2.51')).toBe(200);
    t.clock.advance(15 * MINUTE + 1);
    expect(await attempt(t, 'real@club.test', TEST_PASSWORD, '192.0.2.50')).toBe(200);
  });

  it('slows guessing on one account from many addresses with growing delays, never over a minute', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'target@club.test' });
    let n = 0;
    const fresh = () => `10.0.${Math.floor(n / 200)}.${n % 200}`;
    // Ten free failures, each from a new address.
    for (let i = 0; i < 10; i++, n++) expect(await attempt(t, 'target@club.test', `g${n}`, fresh())).toBe(401);
    // Then each failure makes the next try wait twice as long: 1 s, 2 s, 4 s … capped at 60 s.
    const waits: number[] = [];
    for (let round = 0; round < 9; round++) {
      expect(await attempt(t, 'target@club.test', `g${n}`, fresh())).toBe(429);
      const wait = deps429(t);
      waits.push(wait);
      t.clock.advance(wait * 1000);
      expect(await attempt(t, 'target@club.test', `g${n}`, fresh())).toBe(401);
      n++;
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60, 60, 60]);
    // The owner, from an address the account never used, waits at most a minute, then signs in.
    expect(await attempt(t, 'target@club.test', TEST_PASSWORD, '192.0.2.77')).toBe(429);
    expect(deps429(t)).toBeLessThanOrEqual(60);
    t.clock.advance(60_000);
    expect(await attempt(t, 'target@club.test', TEST_PASSWORD, '192.0.2.77')).toBe(200);
  });

  it('lets the owner in at once from an address they signed in from before, while the account is slowed', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'target@club.test' });
    expect(await attempt(t, 'target@club.test', TEST_PASSWORD, '192.0.2.10')).toBe(200);
    for (let i = 0; i < 12; i++) await attempt(t, 'target@club.test', `g${i}`, `10.1.0.${i}`);
    expect(await attempt(t, 'target@club.test', TEST_PASSWORD, '192.0.2.11')).toBe(429);
    expect(await attempt(t, 'target@club.test', TEST_PASSWORD, '192.0.2.10')).toBe(200);
  });

  it('counts only failures per address: 100 members behind one address sign in within ten minutes', async () => {
    const t = makeTestApp();
    const members = [];
    for (let i = 0; i < 100; i++) members.push(await t.createUser({ email: `room${i}@club.test` }));
    const statuses: number[] = [];
    for (const [i, m] of members.entries()) {
      // A few typos on the way, as in any room: 20 failures from the shared address.
      if (i % 5 === 0) statuses.push(await attempt(t, m.email, 'typo', '203.0.113.1'));
      statuses.push(await attempt(t, m.email, TEST_PASSWORD, '203.0.113.1'));
      t.clock.advance(5_000);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(100);
    expect(statuses.filter((s) => s === 401)).toHaveLength(20);
    expect(statuses.filter((s) => s === 429)).toHaveLength(0);
  });
});

/** The wait (seconds) the last 429 asked for in its Retry-After. */
function deps429(_t: TestApp): number {
  if (lastRetryAfter === null) throw new Error('the last attempt carried no Retry-After');
  return lastRetryAfter;
}

describe('the limiter’s own memory', () => {
  // The keys hold the email as typed: 90 KB emails (under the 100 KB body limit) must not each leave
  // 90 KB behind for an hour, or a client with many addresses can grow the server's memory at will.
  it('keeps a bounded key per attempt, however long the email', async () => {
    const t = makeTestApp();
    for (let i = 0; i < 30; i++) {
      const res = await t.login(`${i}${'a'.repeat(90_000)}@x.co`, 'x');
      expect(res.status).toBe(401);
    }
    const windows = (t.deps.rateLimiter as unknown as { windows: Map<string, unknown> }).windows;
    const retained = [...windows.keys()].reduce((sum, key) => sum + key.length, 0);
    expect(windows.size).toBeGreaterThan(30);
    expect(retained).toBeLessThan(200 * windows.size);
  });

  it('still limits a long email as one account', async () => {
    const t = makeTestApp();
    const email = `${'b'.repeat(5000)}@x.co`;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await attempt(t, email, 'x', '192.0.2.9'));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe('on a real server, the address comes from the socket', () => {
  it('blocks the guessing client, not another one, and X-Forwarded-For changes neither', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'victim@club.test' });
    await withServer(t.app, async (port) => {
      const signIn = (from: string, password: string, headers: Record<string, string> = {}) =>
        rawRequest({ port, method: 'POST', path: '/api/auth/login', localAddress: from, headers, json: { email: 'victim@club.test', password } });
      for (let i = 0; i < 5; i++) expect((await signIn('127.0.0.2', `guess-${i}`)).status).toBe(401);
      expect((await signIn('127.0.0.2', TEST_PASSWORD)).status).toBe(429);
      // A made-up forwarding header does not give the guessing client a fresh address...
      expect((await signIn('127.0.0.2', TEST_PASSWORD, { 'x-forwarded-for': '203.0.113.77' })).status).toBe(429);
      // ...nor does naming the blocked address lock out someone else.
      expect((await signIn('127.0.0.3', TEST_PASSWORD, { 'x-forwarded-for': '127.0.0.2' })).status).toBe(200);
      expect((await signIn('127.0.0.4', TEST_PASSWORD)).status).toBe(200);
    });
  });

  // Behind one trusted proxy (TRUST_PROXY=1) the proxy appends the address it saw to whatever
  // X-Forwarded-For the client sent: only the last entry is the proxy's word, the rest is the client's.
  it('behind a trusted proxy, a made-up X-Forwarded-For prefix does not give a fresh address', async () => {
    const t = makeTestApp({ env: { TRUST_PROXY: '1' } });
    await t.createUser({ email: 'victim@club.test' });
    await withServer(t.app, async (port) => {
      const viaProxy = (clientSent: string | null, seenByProxy: string, password: string) =>
        rawRequest({
          port,
          method: 'POST',
          path: '/api/auth/login',
          headers: { 'x-forwarded-for': clientSent ? `${clientSent}, ${seenByProxy}` : seenByProxy },
          json: { email: 'victim@club.test', password },
        });
      for (let i = 0; i < 5; i++) {
        expect((await viaProxy(`203.0.113.${i}`, '198.51.100.7', `guess-${i}`)).status).toBe(401);
      }
      expect((await viaProxy('203.0.113.99', '198.51.100.7', `guess-x`)).status).toBe(429);
      expect((await viaProxy(null, '198.51.100.7', TEST_PASSWORD)).status).toBe(429);
      // The real user, another address seen by the proxy, is not locked out.
      expect((await viaProxy('198.51.100.7', '192.0.2.20', TEST_PASSWORD)).status).toBe(200);
    });
  });
});
