// Session tokens: HS256 only, exp/iat/sub required, our issuer and audience, and the account behind
// them read from the database on every request, so a forged, stale or revoked token opens nothing.
import { SignJWT, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageQueue, workoutSignups } from '../../db/schema';
import { TOKEN_AUDIENCE, TOKEN_ISSUER } from '../platform/tokens';
import { TEST_START, makeTestApp, type TestApp } from '../testing/test-app';
import { buildWorld } from '../testing/security-world';

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
// The app's clock, not the machine's: tokens are checked against the club's clock (deps.clock).
const nowSec = () => Math.floor(TEST_START / 1000);

interface Claims {
  sub?: string;
  ver?: unknown;
  iss?: string;
  aud?: string;
  iat?: number;
  exp?: number;
  nbf?: number;
  [extra: string]: unknown;
}

/** Signs exactly the claims given (nothing added), with HS256 unless told otherwise. */
function sign(secret: Uint8Array, claims: Claims, alg = 'HS256'): Promise<string> {
  return new SignJWT(claims as JWTPayload).setProtectedHeader({ alg, typ: 'JWT' }).sign(secret);
}

function goodClaims(userId: number): Claims {
  return { sub: String(userId), ver: 0, iss: TOKEN_ISSUER, aud: TOKEN_AUDIENCE, iat: nowSec(), exp: nowSec() + 3600 };
}

async function probe(t: TestApp, token: string) {
  const read = await t.call('GET', '/api/auth/profile', { token });
  const write = await t.call('POST', '/api/users/accept-charter', { token });
  return [read.status, write.status];
}

describe('forged and broken tokens answer 401', () => {
  it('accepts the control token built the same way (so each refusal below is about its one change)', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    expect(await probe(t, await sign(t.deps.jwtSecret, goodClaims(u.id)))).toEqual([200, 200]);
  });

  const OTHER_SECRET = new TextEncoder().encode('a-completely-different-secret-of-40-bytes!');

  const cases: [string, (t: TestApp, id: number, real: string) => Promise<string> | string][] = [
    ['alg none, no signature', (_t, id) => `${b64({ alg: 'none', typ: 'JWT' })}.${b64(goodClaims(id))}.`],
    ['alg None with the real signature', (_t, _id, real) => {
      const [, p, s] = real.split('.');
      return `${b64({ alg: 'None', typ: 'JWT' })}.${p}.${s}`;
    }],
    ['alg none without a signature part', (_t, id) => `${b64({ alg: 'none' })}.${b64(goodClaims(id))}`],
    ['HS512 with our own secret', (t, id) => sign(t.deps.jwtSecret, goodClaims(id), 'HS512')],
    ['header alg swapped to HS384, signature kept', (_t, _id, real) => {
      const [, p, s] = real.split('.');
      return `${b64({ alg: 'HS384', typ: 'JWT' })}.${p}.${s}`;
    }],
    ['another secret', (_t, id) => sign(OTHER_SECRET, goodClaims(id))],
    ['payload edited to another user', (_t, _id, real) => {
      const [h, p, s] = real.split('.');
      const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
      return `${h}.${b64({ ...claims, sub: '1' })}.${s}`;
    }],
    ['payload edited with a role claim', (_t, _id, real) => {
      const [h, p, s] = real.split('.');
      const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
      return `${h}.${b64({ ...claims, role: 'administrator' })}.${s}`;
    }],
    ['payload with a longer expiry, signature kept', (_t, _id, real) => {
      const [h, p, s] = real.split('.');
      const claims = JSON.parse(Buffer.from(p!, 'base64url').toString());
      return `${h}.${b64({ ...claims, exp: claims.exp + 10 * 365 * 86400 })}.${s}`;
    }],
    ['expired', (t, id) => sign(t.deps.jwtSecret, { ...goodClaims(id), iat: nowSec() - 7200, exp: nowSec() - 60 })],
    ['without exp', (t, id) => {
      const { exp: _exp, ...claims } = goodClaims(id);
      return sign(t.deps.jwtSecret, claims);
    }],
    ['without iat', (t, id) => {
      const { iat: _iat, ...claims } = goodClaims(id);
      return sign(t.deps.jwtSecret, claims);
    }],
    ['without sub', (t, id) => {
      const { sub: _sub, ...claims } = goodClaims(id);
      return sign(t.deps.jwtSecret, claims);
    }],
    ['without the token version', (t, id) => {
      const { ver: _ver, ...claims } = goodClaims(id);
      return sign(t.deps.jwtSecret, claims);
    }],
    ['token version as text', (t, id) => sign(t.deps.jwtSecret, { ...goodClaims(id), ver: '0' })],
    ['sub that is not a user id', (t) => sign(t.deps.jwtSecret, { ...goodClaims(0), sub: '1 OR 1=1' })],
    ['wrong issuer', (t, id) => sign(t.deps.jwtSecret, { ...goodClaims(id), iss: 'someone-else' })],
    ['wrong audience', (t, id) => sign(t.deps.jwtSecret, { ...goodClaims(id), aud: 'another-app' })],
    ['not valid before next hour', (t, id) => sign(t.deps.jwtSecret, { ...goodClaims(id), nbf: nowSec() + 3600 })],
    ['garbage', () => 'garbage'],
    ['empty parts', () => '..'],
  ];

  it.each(cases)('%s', async (_name, make) => {
    const t = makeTestApp();
    const first = await t.createUser({ role: 'administrator' });
    const u = await t.createUser({ role: 'member', charter: false });
    expect(first.id).toBe(1);
    const token = await make(t, u.id, u.token);
    expect(await probe(t, token)).toEqual([401, 401]);
    const again = await t.call('GET', '/api/admin/members', { token });
    expect(again).toMatchObject({ status: 401, body: { error: expect.any(String) } });
  });

  it('takes the token only from the Authorization header, as a bearer token', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    expect((await t.call('GET', `/api/auth/profile?token=${u.token}`)).status).toBe(401);
    expect((await t.call('GET', '/api/auth/profile', { headers: { cookie: `token=${u.token}` } })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/profile', { headers: { authorization: `Basic ${u.token}` } })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/profile', { headers: { authorization: u.token } })).status).toBe(401);
    expect((await t.call('GET', '/api/auth/profile', { headers: { authorization: `bearer ${u.token}` } })).status).toBe(200);
  });
});

describe('tokens of accounts that changed', () => {
  it('refuses the token of a deleted account with 401, also once a newer account exists', async () => {
    const w = await buildWorld();
    const { t } = w;
    const victim = w.users.target;
    expect((await t.call('DELETE', `/api/admin/members/${victim.id}`, { token: w.users.admin.token })).status).toBe(200);
    expect(await probe(t, victim.token)).toEqual([401, 401]);
    // Ids are never reused (AUTOINCREMENT): a fresh account must not inherit the old token.
    const fresh = await t.call('POST', '/api/auth/register', {
      body: { email: 'next@club.test', password: 'secret1', name: 'Next', phoneNumber: '4165550100' },
    });
    expect(fresh.status).toBe(201);
    expect(fresh.body.user.id).not.toBe(victim.id);
    expect(await probe(t, victim.token)).toEqual([401, 401]);
  });

  it('refuses the token of a rejected applicant with 403', async () => {
    const w = await buildWorld();
    const { t } = w;
    const applicant = w.users.applicant;
    expect((await t.call('GET', '/api/auth/profile', { token: applicant.token })).status).toBe(200);
    const reject = await t.call('PUT', `/api/admin/members/${applicant.id}/reject`, {
      token: w.users.admin.token,
      body: { role: 'rejected' },
    });
    expect(reject.status).toBe(200);
    expect(await probe(t, applicant.token)).toEqual([403, 403]);
    const login = await t.login(applicant.email);
    expect(login.status).toBe(403);
    expect(login.body).not.toHaveProperty('token');
  });

  it('refuses every token issued before a password reset with 401; the new sign-in works', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ email: 'reset@club.test' });
    const login = await t.login('reset@club.test');
    const older = [u.token, login.body.token as string];
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'reset@club.test' } });
    const mail = t.db.select().from(messageQueue).all().at(-1)!;
    const resetToken = new URL(/http\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const reset = await t.call('POST', '/api/auth/reset-password', { body: { token: resetToken, newPassword: 'new-secret' } });
    expect(reset.status).toBe(200);
    for (const token of older) expect(await probe(t, token)).toEqual([401, 401]);
    const fresh = await t.login('reset@club.test', 'new-secret');
    expect(fresh.status).toBe(200);
    expect(await probe(t, fresh.body.token)).toEqual([200, 200]);
  });
});

describe('session lifetime (docs/decisions/0010-10-sessions.md)', () => {
  const DAY = 24 * 60 * 60;

  it('refuses a token issued a year in the future with a 5-year expiry, signed with the real secret', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    const token = await sign(t.deps.jwtSecret, { ...goodClaims(u.id), iat: nowSec() + 365 * DAY, exp: nowSec() + 5 * 365 * DAY });
    expect(await probe(t, token)).toEqual([401, 401]);
    // A minute of clock skew between machines is tolerated.
    const skewed = await sign(t.deps.jwtSecret, { ...goodClaims(u.id), iat: nowSec() + 30 });
    expect(await probe(t, skewed)).toEqual([200, 200]);
  });

  it('refuses a token whose sign-in is older than the absolute limit, whatever its exp says', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    const old = await sign(t.deps.jwtSecret, { ...goodClaims(u.id), iat: nowSec() - 241 * DAY, exp: nowSec() + 365 * DAY });
    expect(await probe(t, old)).toEqual([401, 401]);
    const renewedFromOld = await sign(t.deps.jwtSecret, { ...goodClaims(u.id), auth: nowSec() - 241 * DAY, iat: nowSec() - DAY, exp: nowSec() + 29 * DAY });
    expect(await probe(t, renewedFromOld)).toEqual([401, 401]);
    const inTime = await sign(t.deps.jwtSecret, { ...goodClaims(u.id), auth: nowSec() - 200 * DAY, iat: nowSec() - DAY, exp: nowSec() + 29 * DAY });
    expect(await probe(t, inTime)).toEqual([200, 200]);
  });

  it('renews a token past half its life (same sign-in time), and the renewal keeps the member in for the season', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ email: 'weekly@club.test' });
    const login = await t.login('weekly@club.test');
    let token = login.body.token as string;
    const fresh = await t.call('GET', '/api/auth/profile', { token });
    expect(fresh.headers.get('x-session-token')).toBeNull();
    // Opened once every three weeks: the token never reaches its 30-day end.
    let renewals = 0;
    for (let week = 3; week <= 33; week += 3) {
      t.clock.advance(21 * DAY * 1000);
      const res = await t.call('GET', '/api/forum/posts?type=workout', { token });
      expect(res.status).toBe(200);
      const next = res.headers.get('x-session-token');
      if (next) {
        expect(res.headers.get('cache-control')).toBe('no-store');
        token = next;
        renewals += 1;
      }
    }
    expect(renewals).toBeGreaterThan(5);
    // 33 weeks = 231 days after typing the password; past 240 days the session ends however fresh.
    t.clock.advance(10 * DAY * 1000);
    expect(await probe(t, token)).toEqual([401, 401]);
    expect(u.id).toBeGreaterThan(0);
  });

  it('lets a token lapse after 30 idle days', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'idle@club.test' });
    const login = await t.login('idle@club.test');
    t.clock.advance(30 * DAY * 1000 + 1000);
    expect(await probe(t, login.body.token)).toEqual([401, 401]);
  });

  it('POST /api/auth/logout ends the session on the server: the logged-out token is refused', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'out@club.test' });
    const phone = await t.login('out@club.test');
    const laptop = await t.login('out@club.test');
    const out = await t.call('POST', '/api/auth/logout', { token: phone.body.token });
    expect(out.status).toBe(200);
    expect(out.headers.get('x-session-token')).toBeNull();
    expect(await probe(t, phone.body.token)).toEqual([401, 401]);
    // The token version belongs to the account: every device is signed out (Sign out everywhere).
    expect(await probe(t, laptop.body.token)).toEqual([401, 401]);
    expect((await t.call('POST', '/api/auth/logout', { token: phone.body.token })).status).toBe(401);
    const again = await t.login('out@club.test');
    expect(await probe(t, again.body.token)).toEqual([200, 200]);
  });

  it('keeps an offline op replaying across a renewal: same Idempotency-Key, new token, applied once', async () => {
    const w = await buildWorld();
    const { t } = w;
    const m = w.users.member;
    const path = `/api/forum/workouts/${w.openWorkoutId}/signup`;
    const key = 'a6f0a3c2-5f1e-4b8e-9d55-1f2d3c4b5a69';
    // The op reached the server but its answer was lost (offline), then the app renewed its token.
    const first = await t.call('POST', path, { token: m.token, body: { signedUp: true }, headers: { 'idempotency-key': key } });
    expect(first.status).toBe(200);
    t.clock.advance(16 * DAY * 1000);
    const renewal = await t.call('GET', '/api/auth/profile', { token: m.token });
    const renewed = renewal.headers.get('x-session-token');
    expect(renewed).toEqual(expect.any(String));
    expect(renewed).not.toBe(m.token);
    const replay = await t.call('POST', path, { token: renewed!, body: { signedUp: true }, headers: { 'idempotency-key': key } });
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const rows = t.db.select().from(workoutSignups).where(eq(workoutSignups.postId, w.openWorkoutId)).all();
    expect(rows.filter((r) => r.userId === m.id)).toHaveLength(1);
  });
});
