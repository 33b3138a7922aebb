// Password reset links (random 256 bit, stored hashed, single use, valid 1 hour, so a leaked database
// or an old mail opens nothing) and what the auth answers reveal about which emails have accounts.
import { describe, expect, it } from 'vitest';
import { messageQueue, users } from '../../db/schema';
import { INVALID_RESET_ERROR } from '../../domain/contract/members/auth';
import { passwordPoolStats } from '../../db/threads/password-pool';
import { TEST_PASSWORD, makeTestApp, type TestApp } from '../testing/test-app';
import { rawRequest, withServer } from '../testing/app-server';

// Counts the password pool's derivations (hashes and checks alike): a hash is the expensive part of a reset.
function derivations() {
  let from = passwordPoolStats().completed;
  return {
    count: () => passwordPoolStats().completed - from,
    clear: () => {
      from = passwordPoolStats().completed;
    },
  };
}

const HOUR = 60 * 60_000;

async function askReset(t: TestApp, email: string, headers: Record<string, string> = {}, path = '/api/auth/forgot-password') {
  const before = t.db.select().from(messageQueue).all().length;
  const res = await t.call('POST', path, { body: { email }, headers });
  const mails = t.db.select().from(messageQueue).all();
  const mail = mails.length > before ? mails.at(-1)! : undefined;
  const link = mail ? /https?:\/\/\S+/.exec(mail.text)![0] : undefined;
  const token = link ? new URL(link).searchParams.get('token')! : undefined;
  return { res, mail, link, token };
}

const reset = (t: TestApp, token: string, newPassword: string) =>
  t.call('POST', '/api/auth/reset-password', { body: { token, newPassword } });

const canLogin = async (t: TestApp, email: string, password: string) =>
  (await t.login(email, password)).status === 200;

describe('reset links', () => {
  it('work once: the second use, and any other link of the account, answer 400', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'once@club.test' });
    const first = await askReset(t, 'once@club.test');
    const second = await askReset(t, 'once@club.test');
    expect(first.token).not.toBe(second.token);
    expect((await reset(t, first.token!, 'first-new')).status).toBe(200);
    expect(await reset(t, first.token!, 'second-new')).toMatchObject({ status: 400, body: { error: INVALID_RESET_ERROR } });
    expect(await reset(t, second.token!, 'third-new')).toMatchObject({ status: 400, body: { error: INVALID_RESET_ERROR } });
    expect(await canLogin(t, 'once@club.test', 'first-new')).toBe(true);
  });

  it('last one hour: valid a minute before, refused at the hour and after', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'a@club.test' });
    await t.createUser({ email: 'b@club.test' });
    const a = await askReset(t, 'a@club.test');
    const b = await askReset(t, 'b@club.test');
    t.clock.advance(HOUR - 60_000);
    expect((await reset(t, a.token!, 'in-time')).status).toBe(200);
    t.clock.advance(60_000);
    expect(await reset(t, b.token!, 'too-late')).toMatchObject({ status: 400, body: { error: INVALID_RESET_ERROR } });
    t.clock.advance(24 * HOUR);
    expect((await reset(t, b.token!, 'too-late')).status).toBe(400);
    expect(await canLogin(t, 'b@club.test', TEST_PASSWORD)).toBe(true);
  });

  it('refuses made-up, truncated and padded tokens', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'x@club.test' });
    const { token } = await askReset(t, 'x@club.test');
    for (const bad of ['nope', token!.slice(0, -1), `${token}A`, token!.toUpperCase(), `${token}' OR '1'='1`]) {
      expect(await reset(t, bad, 'whatever-1')).toMatchObject({ status: 400, body: { error: INVALID_RESET_ERROR } });
    }
    expect((await reset(t, token!, 'finally-ok')).status).toBe(200);
  });

  it('let exactly one of several concurrent uses of a token win, and the winner’s password is the one set', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ email: 'race@club.test' });
    const { token } = await askReset(t, 'race@club.test');
    const passwords = ['pass-one', 'pass-two', 'pass-three', 'pass-four', 'pass-five'];
    const answers = await Promise.all(passwords.map((p) => reset(t, token!, p)));
    const winners = passwords.filter((_, i) => answers[i]!.status === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(passwords.length - 1);
    for (const p of passwords) expect(await canLogin(t, 'race@club.test', p)).toBe(p === winners[0]);
    expect(t.userRow(u.id)!.tokenVersion).toBe(1);
  });

  it('let only one of two different links of one account win when both are used at once', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'two@club.test' });
    const a = await askReset(t, 'two@club.test');
    const b = await askReset(t, 'two@club.test');
    const [ra, rb] = await Promise.all([reset(t, a.token!, 'from-link-a'), reset(t, b.token!, 'from-link-b')]);
    expect([ra.status, rb.status].sort()).toEqual([200, 400]);
  });
});

describe('the cost of a reset attempt', () => {
  // Reset is open to anyone and not rate limited; with scrypt at N=2^17 (128 MB, a few hundred ms on
  // the shared thread pool) a flood of made-up tokens must not each cost a hash.
  it('hashes nothing for a made-up, used or expired token, and once for a valid one', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'cost@club.test' });
    const { token } = await askReset(t, 'cost@club.test');
    const hashes = derivations();
    await Promise.all(Array.from({ length: 20 }, (_, i) => reset(t, `made-up-token-${i}`, 'whatever-1')));
    expect(hashes.count()).toBe(0);
    expect((await reset(t, token!, 'the-new-one')).status).toBe(200);
    expect(hashes.count()).toBe(1);
    hashes.clear();
    expect((await reset(t, token!, 'once-more')).status).toBe(400);
    const { token: late } = await askReset(t, 'cost@club.test');
    t.clock.advance(HOUR);
    expect((await reset(t, late!, 'too-late-1')).status).toBe(400);
    expect(hashes.count()).toBe(0);
  });
});

describe('the reset link is built from APP_URL whatever the request says', () => {
  const spoofs: Record<string, string>[] = [
    { host: 'evil.example' },
    { 'x-forwarded-host': 'evil.example' },
    { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https', 'x-forwarded-port': '8443' },
    { forwarded: 'host=evil.example;proto=https' },
    { 'x-original-host': 'evil.example', 'x-host': 'evil.example', 'x-forwarded-server': 'evil.example' },
    { origin: 'https://evil.example', referer: 'https://evil.example/login' },
  ];

  it.each(spoofs.map((h) => [Object.keys(h).join(', '), h] as const))('%s', async (_name, headers) => {
    for (const env of [{}, { TRUST_PROXY: '1' }] as Record<string, string>[]) {
      const t = makeTestApp({ env });
      await t.createUser({ email: 'k@club.test' });
      const { mail, link } = await askReset(t, 'k@club.test', headers, 'http://evil.example/api/auth/forgot-password');
      expect(link).toMatch(/^http:\/\/club\.test\/reset-password\?token=[\w-]{43}$/);
      expect(`${mail!.text}\n${mail!.html ?? ''}`).not.toContain('evil');
    }
  });

  it('through a real socket with a forged Host header too', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'k@club.test' });
    await withServer(t.app, async (port) => {
      const res = await rawRequest({
        port,
        method: 'POST',
        path: '/api/auth/forgot-password',
        headers: { host: 'evil.example:666', 'x-forwarded-host': 'evil.example' },
        json: { email: 'k@club.test' },
      });
      expect(res.status).toBe(200);
    });
    const mail = t.db.select().from(messageQueue).all().at(-1)!;
    expect(mail.text).toContain('http://club.test/reset-password?token=');
    expect(`${mail.text}${mail.html ?? ''}`).not.toContain('evil');
  });
});

describe('what the answers reveal about accounts', () => {
  it('forgot-password answers the same status, body and headers for any email', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'known@club.test' });
    await t.createUser({ email: 'no@club.test', role: 'rejected' });
    await t.createUser({ email: 'wait@club.test', role: 'pending' });
    const ask = async (email: string) => {
      const res = await t.call('POST', '/api/auth/forgot-password', { body: { email } });
      // Date and the request id differ on every answer, whoever asks.
      const headers = [...res.headers.entries()].filter(([k]) => k !== 'date' && k !== 'x-request-id');
      return { status: res.status, body: res.body, headers };
    };
    const unknown = await ask('ghost@club.test');
    expect(unknown.status).toBe(200);
    for (const email of ['known@club.test', ' KNOWN@club.test ', 'no@club.test', 'wait@club.test', 'ghost2@club.test']) {
      expect(await ask(email)).toEqual(unknown);
    }
    // Past the per-account mail limit the answer still does not change.
    for (let i = 0; i < 6; i++) expect(await ask('known@club.test')).toEqual(unknown);
    const recipients = t.db.select().from(messageQueue).all().map((m) => m.to);
    expect(new Set(recipients)).toEqual(new Set(['known@club.test', 'wait@club.test']));
    expect(recipients.filter((r) => r === 'known@club.test')).toHaveLength(5);
  });

  it('forgot-password rate limits per address alike for known and unknown emails', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'known@club.test' });
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await t.call('POST', '/api/auth/forgot-password', { body: { email: i % 2 ? 'known@club.test' : `g${i}@club.test` } })).status);
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const known = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'known@club.test' } });
    const unknown = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'ghost@club.test' } });
    expect(known.status).toBe(429);
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
  });

  it('login answers the same for an unknown email and a wrong password', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'known@club.test' });
    const wrong = await t.login('known@club.test', 'not-it-1');
    const unknown = await t.login('ghost@club.test', 'not-it-1');
    expect(wrong.status).toBe(401);
    expect(unknown).toMatchObject({ status: wrong.status, body: wrong.body });
  });

  // Sign-up with a taken email says so ('already exists' becomes "An account is already associated
  // with this email." with Sign In and Forgot Password links), so the person can sign in instead.
  // Register therefore reveals that an account exists, on purpose; forgot-password and login do not.
  it('register answers 409 "already exists" for a known email (existence revealed by the spec)', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'known@club.test' });
    const body = { password: 'secret1', name: 'Someone', phoneNumber: '4165550100' };
    for (const email of ['known@club.test', 'KNOWN@CLUB.TEST', '  known@club.test ']) {
      const res = await t.call('POST', '/api/auth/register', { body: { ...body, email } });
      expect(res.status).toBe(409);
      expect(res.body.error).toContain('already exists');
      expect(res.body).not.toHaveProperty('token');
    }
    expect((await t.call('POST', '/api/auth/register', { body: { ...body, email: 'new@club.test' } })).status).toBe(201);
    expect(t.db.select().from(users).all().map((u) => u.email).sort()).toEqual(['known@club.test', 'new@club.test']);
  });
});
