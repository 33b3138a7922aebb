import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { messageQueue, passwordResets, users } from '../../db/schema';
import { makeTestApp } from '../testing/test-app';
import { phoneProblem } from '../../domain/phone';

const valid = { email: 'new@club.test', password: 'secret1', name: 'New Person', phoneNumber: '416-555-0123' };

describe('POST /api/auth/register', () => {
  it('creates a pending account with its phone in E.164 and answers user + token', async () => {
    const t = makeTestApp();
    const res = await t.call('POST', '/api/auth/register', { body: valid });
    expect(res.status).toBe(201);
    expect(res.body.token).toEqual(expect.any(String));
    expect(res.body.user).toMatchObject({ email: 'new@club.test', role: 'pending', phoneNumber: '+14165550123', charterAccepted: false });
    expect(res.body.user).not.toHaveProperty('passwordHash');
  });

  it.each([
    [{ ...valid, name: '' }, { error: 'All fields are required' }],
    [{ email: 'a@b.co', password: 'secret1', name: 'X' }, { error: 'All fields are required' }],
    [{ ...valid, email: 'not-an-email' }, { error: 'Please enter a valid email address (e.g., name@example.com)', field: 'email' }],
    [{ ...valid, phoneNumber: '12345' }, { error: phoneProblem('CA'), field: 'phoneNumber' }],
    [{ ...valid, password: '123' }, { error: 'Password must be at least 6 characters long.', field: 'password' }],
  ])('refuses %j with its message, naming its field', async (body, answer) => {
    const t = makeTestApp();
    const res = await t.call('POST', '/api/auth/register', { body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(answer);
  });

  it.each(["o'brien+tri@uni.edu.au", 'ünï@example.de'])('takes the real address %j', async (email) => {
    const t = makeTestApp();
    const res = await t.call('POST', '/api/auth/register', { body: { ...valid, email } });
    expect(res.status).toBe(201);
  });

  it.each([
    ['replacement characters', '\uFFFD\uFFFD@\uFFFD\uFFFD.\uFFFD\uFFFD'],
    ['a control character', 'jo\u0007@uni.test'],
    ['an invisible character', 'jo\u200b@uni.test'],
  ])('refuses an address with %s as the import does, creating nothing', async (_what, email) => {
    const t = makeTestApp();
    const res = await t.call('POST', '/api/auth/register', { body: { ...valid, email } });
    expect(res).toMatchObject({ status: 400, body: { error: 'Please enter a valid email address (e.g., name@example.com)' } });
    expect(t.db.select().from(users).all()).toHaveLength(0);
  });

  it('answers 409 with "already exists" for a taken email, whatever its case', async () => {
    const t = makeTestApp();
    await t.call('POST', '/api/auth/register', { body: valid });
    const res = await t.call('POST', '/api/auth/register', { body: { ...valid, email: 'NEW@club.test' } });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('already exists');
  });

  it('answers 400 for malformed JSON and 415 for another content type', async () => {
    const t = makeTestApp();
    const bad = await t.call('POST', '/api/auth/register', { body: '{"email":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual(expect.any(String));
    const form = await t.call('POST', '/api/auth/register', { body: 'email=a', headers: { 'content-type': 'text/plain' } });
    expect(form.status).toBe(415);
  });
});

describe('POST /api/auth/login', () => {
  it('signs in with the right password and refuses a wrong one with 401', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ email: 'm@club.test' });
    const ok = await t.login('M@club.test');
    expect(ok.status).toBe(200);
    expect(ok.body.user.id).toBe(u.id);
    const bad = await t.login('m@club.test', 'nope-nope');
    expect(bad.status).toBe(401);
    expect(bad.body.error).toEqual(expect.any(String));
    const unknown = await t.login('x@club.test', 'nope-nope');
    expect(unknown.status).toBe(401);
    expect(unknown.body).toEqual(bad.body);
  });

  it('requires both fields', async () => {
    const t = makeTestApp();
    const res = await t.call('POST', '/api/auth/login', { body: { email: 'a@b.co' } });
    expect(res).toMatchObject({ status: 400, body: { error: 'Email and password are required' } });
  });

  it('rate limits repeated failures from one address with 429, and the window passes', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'victim@club.test' });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await t.login('victim@club.test', 'guess-' + i)).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    t.clock.advance(16 * 60_000);
    const later = await t.login('victim@club.test');
    expect(later.status).toBe(200);
  });
});

describe('GET /api/auth/profile and tokens', () => {
  it('answers the user for a valid token and 401 without one', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ role: 'exec' });
    const res = await t.call('GET', '/api/auth/profile', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: u.id, role: 'exec' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await t.call('GET', '/api/auth/profile')).status).toBe(401);
  });

  it('refuses tampered, foreign, expired and unsigned tokens', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    const [h, p, s] = u.token.split('.');
    const payload = JSON.parse(Buffer.from(p!, 'base64url').toString());
    const edited = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: '999' })).toString('base64url')}.${s}`;
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    const foreign = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(u.id))
      .setIssuer('club-app')
      .setAudience('club-app-web')
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-another-secret-another'));
    const expired = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(u.id))
      .setIssuer('club-app')
      .setAudience('club-app-web')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(t.deps.jwtSecret);
    for (const token of [edited, none, foreign, expired, 'garbage']) {
      const res = await t.call('GET', '/api/auth/profile', { token });
      expect(res.status).toBe(401);
    }
  });

  it('reads the role from the database on every request', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ role: 'member' });
    t.db.update(users).set({ role: 'administrator' }).where(eq(users.id, u.id)).run();
    expect((await t.call('GET', '/api/auth/profile', { token: u.token })).body.user.role).toBe('administrator');
    expect((await t.call('GET', '/api/admin/outbox', { token: u.token })).status).toBe(200);
    t.db.update(users).set({ role: 'member' }).where(eq(users.id, u.id)).run();
    expect((await t.call('GET', '/api/admin/outbox', { token: u.token })).status).toBe(403);
    t.db.update(users).set({ role: 'rejected' }).where(eq(users.id, u.id)).run();
    expect((await t.call('GET', '/api/auth/profile', { token: u.token })).status).toBe(403);
    t.db.delete(users).where(eq(users.id, u.id)).run();
    expect((await t.call('GET', '/api/auth/profile', { token: u.token })).status).toBe(401);
  });

  it('treats a member whose membership expired as pending', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ role: 'member', expiryDate: '2026-01-31' });
    expect((await t.call('GET', '/api/auth/profile', { token: u.token })).body.user.role).toBe('pending');
  });
});

describe('forgot and reset password', () => {
  async function requestReset(t: ReturnType<typeof makeTestApp>, email: string) {
    const res = await t.call('POST', '/api/auth/forgot-password', { body: { email } });
    const mail = t.db.select().from(messageQueue).all().at(-1);
    const token = mail ? new URL(/http\S+/.exec(mail.text)![0]).searchParams.get('token')! : '';
    return { res, mail, token };
  }

  it('gives the same answer for known and unknown emails, and mails only the known one', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'known@club.test' });
    const known = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'known@club.test' } });
    const unknown = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'ghost@club.test' } });
    expect(known.status).toBe(200);
    expect(unknown).toMatchObject({ status: known.status, body: known.body });
    const mails = t.db.select().from(messageQueue).all();
    expect(mails.map((m) => m.to)).toEqual(['known@club.test']);
    expect((await t.call('POST', '/api/auth/forgot-password', { body: {} })).body).toEqual({ error: 'Please enter your email address' });
  });

  it('builds the link from APP_URL whatever the Host header says, and stores only a hash', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'k@club.test' });
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'k@club.test' }, headers: { host: 'evil.example' } });
    const { mail, token } = await requestReset(t, 'k@club.test');
    expect(mail!.text).toContain('http://club.test/reset-password?token=');
    expect(mail!.text).not.toContain('evil.example');
    const stored = t.db.select().from(passwordResets).all();
    expect(stored.every((r) => r.tokenHash !== token && r.tokenHash.length === 64)).toBe(true);
  });

  it('resets once: the token is single use, old sessions end, the new password works', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ email: 'r@club.test' });
    const { token } = await requestReset(t, 'r@club.test');
    const ok = await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'brand-new' } });
    expect(ok.status).toBe(200);
    const again = await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'other-one' } });
    expect(again).toMatchObject({ status: 400, body: { error: 'Invalid reset link. Please request a new password reset.' } });
    expect((await t.call('GET', '/api/auth/profile', { token: u.token })).status).toBe(401);
    expect((await t.login('r@club.test', 'brand-new')).status).toBe(200);
  });

  it('checks a link without using it up: live, then used, expired or made up', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'v@club.test' });
    const { token } = await requestReset(t, 'v@club.test');
    const check = (tok: unknown) => t.call('POST', '/api/auth/reset-password/check', { body: { token: tok } });
    expect(await check(token)).toMatchObject({ status: 200, body: { valid: true } });
    // Checking twice leaves the link usable.
    expect((await check(token)).body).toEqual({ valid: true });
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'brand-new' } })).status).toBe(200);
    expect((await check(token)).body).toEqual({ valid: false });
    expect((await check('made-up')).body).toEqual({ valid: false });
    expect((await check('')).body).toEqual({ valid: false });
    expect((await check(42)).status).toBe(400);

    const { token: second } = await requestReset(t, 'v@club.test');
    t.clock.advance(61 * 60_000);
    expect((await check(second)).body).toEqual({ valid: false });
  });

  it('limits link checks per address', async () => {
    const t = makeTestApp();
    let last = 0;
    for (let i = 0; i < 61; i++) last = (await t.call('POST', '/api/auth/reset-password/check', { body: { token: `guess-${i}` } })).status;
    expect(last).toBe(429);
  });

  it('refuses an expired token, a short password and a missing token', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'e@club.test' });
    const { token } = await requestReset(t, 'e@club.test');
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: '123' } })).body).toEqual({
      error: 'Password must be at least 6 characters long.',
    });
    expect((await t.call('POST', '/api/auth/reset-password', { body: { newPassword: 'long-enough' } })).status).toBe(400);
    t.clock.advance(61 * 60_000);
    const late = await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'long-enough' } });
    expect(late.status).toBe(400);
  });

  it('lets exactly one of two concurrent resets with the same token win', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'c@club.test' });
    const { token } = await requestReset(t, 'c@club.test');
    const results = await Promise.all([
      t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'first-pass' } }),
      t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'second-pass' } }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });
});

describe('POST /api/users/accept-charter', () => {
  it('records acceptance with its time', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ charter: false });
    expect((await t.call('GET', '/api/auth/profile', { token: u.token })).body.user.charterAccepted).toBe(false);
    const res = await t.call('POST', '/api/users/accept-charter', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.user.charterAccepted).toBe(true);
    const row = t.userRow(u.id)!;
    expect(row.charterAcceptedAt).toBe(t.clock.now());
    expect((await t.call('POST', '/api/users/accept-charter')).status).toBe(401);
  });
});

describe('GET /api/admin/outbox', () => {
  it('lists emails newest first for administrators only', async () => {
    const t = makeTestApp();
    const admin = await t.createUser({ role: 'administrator' });
    const member = await t.createUser({ role: 'member', email: 'mem@club.test' });
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'mem@club.test' } });
    const res = await t.call('GET', '/api/admin/outbox', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.emails[0]).toMatchObject({ to: 'mem@club.test', subject: expect.stringContaining('Reset') });
    expect((await t.call('GET', '/api/admin/outbox', { token: member.token })).status).toBe(403);
  });
});

describe('unknown API paths and headers', () => {
  it('answers JSON 404 with security headers', async () => {
    const t = makeTestApp();
    const res = await t.call('GET', '/api/nothing-here');
    expect(res).toMatchObject({ status: 404, body: { error: 'Not found' } });
    expect(res.headers.get('strict-transport-security')).toContain('max-age=31536000');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
  });
});

describe('register rate limit', () => {
  it('answers 429 with Retry-After after 300 sign-ups from one address in an hour', async () => {
    const t = makeTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 301; i++) {
      const res = await t.call('POST', '/api/auth/register', { body: { ...valid, email: `n${i}@club.test` } });
      statuses.push(res.status);
      if (i === 300) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses.slice(0, 300).every((s) => s === 201)).toBe(true);
    expect(statuses[300]).toBe(429);
    // 300 new pending accounts in a day is also the club-wide ceiling: move past both windows.
    t.clock.advance(24 * 60 * 60_000 + 1);
    expect((await t.call('POST', '/api/auth/register', { body: { ...valid, email: 'later@club.test' } })).status).toBe(201);
  }, 60_000);
});

describe('compression', () => {
  it('gzips a JSON answer when the client accepts it', async () => {
    const t = makeTestApp();
    const admin = await t.createUser({ role: 'administrator' });
    for (let i = 0; i < 5; i++) await t.call('POST', '/api/auth/forgot-password', { body: { email: admin.email } });
    const res = await t.app.request('/api/admin/outbox', {
      headers: { authorization: `Bearer ${admin.token}`, 'accept-encoding': 'gzip' },
    });
    expect(res.headers.get('content-encoding')).toBe('gzip');
  });
});
