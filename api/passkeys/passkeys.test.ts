import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { passkeyChallenges, passkeys, users } from '../../db/schema';
import { PASSKEY_CHALLENGE_GONE, PASSKEY_LOGIN_FAILED, PASSKEY_PASSWORD_REQUIRED } from '../../domain/contract/members/passkeys';
import { verifySessionToken } from '../platform/tokens';
import { addPasskey, ORIGIN, PASSKEY_ENV, passkeyAssertion, signInWithPasskey } from '../testing/passkey-ceremonies';
import { SoftwareAuthenticator } from '../testing/software-authenticator';
import { makeTestApp, TEST_PASSWORD } from '../testing/test-app';

const MINUTE = 60_000;
const PIXEL_UA = 'Mozilla/5.0 (Linux; Android 15; Pixel 9 Pro) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';

async function setup(fields: Parameters<ReturnType<typeof makeTestApp>['createUser']>[0] = {}) {
  const t = makeTestApp({ env: PASSKEY_ENV });
  const member = await t.createUser({ email: 'mia@club.test', name: 'Mia Swim', ...fields });
  return { t, member };
}

describe('adding passkeys from the profile', () => {
  it('adds several (ES256 and RS256), named after the device unless named, listed with when added and last used', async () => {
    const { t, member } = await setup();
    const phone = new SoftwareAuthenticator({ alg: 'ES256' });
    const first = await addPasskey(t, member.token, phone);
    expect(first.status).toBe(201);
    expect(first.body.passkey).toEqual({ id: expect.any(Number), name: 'iPhone', createdAt: t.clock.now(), lastUsedAt: null, synced: true });

    t.clock.advance(MINUTE);
    const key = new SoftwareAuthenticator({ alg: 'RS256', counter: true });
    const second = await addPasskey(t, member.token, key, { name: '  Blue key  ' });
    expect(second.status).toBe(201);
    expect(second.body.passkey).toMatchObject({ name: 'Blue key', synced: false });

    const third = await addPasskey(t, member.token, new SoftwareAuthenticator(), { userAgent: PIXEL_UA });
    expect(third.body.passkey.name).toBe('Pixel 9 Pro');

    const list = await t.call('GET', '/api/passkeys', { token: member.token });
    expect(list.status).toBe(200);
    expect(list.body.passkeys.map((p: { name: string }) => p.name)).toEqual(['iPhone', 'Blue key', 'Pixel 9 Pro']);

    // Both key types sign in.
    expect((await signInWithPasskey(t, phone)).status).toBe(200);
    expect((await signInWithPasskey(t, key)).status).toBe(200);
    const used = (await t.call('GET', '/api/passkeys', { token: member.token })).body.passkeys;
    expect(used.map((p: { lastUsedAt: number | null }) => p.lastUsedAt)).toEqual([t.clock.now(), t.clock.now(), null]);
  });

  it('stores the public key, the counter and one WebAuthn user id for all of a member’s passkeys', async () => {
    const { t, member } = await setup();
    const a = new SoftwareAuthenticator();
    const b = new SoftwareAuthenticator({ counter: true });
    await addPasskey(t, member.token, a);
    await addPasskey(t, member.token, b);
    const rows = t.db.select().from(passkeys).all();
    expect(rows.map((r) => r.credentialId)).toEqual([a.id, b.id]);
    expect(rows[0]!.userHandle).toBe(rows[1]!.userHandle);
    expect(a.userHandle).toBe(rows[0]!.userHandle);
    expect(rows[1]!.counter).toBe(1);
    expect(JSON.parse(rows[0]!.transports!)).toEqual(['internal', 'hybrid']);
    // The second request already told the browser not to make a second passkey on the first device.
    const asked = await t.call('POST', '/api/passkeys/options', { token: member.token, body: {} });
    expect(asked.body.options.excludeCredentials.map((c: { id: string }) => c.id)).toEqual([a.id, b.id]);
    expect(asked.body.options).toMatchObject({
      rp: { id: 'club.test' },
      user: { name: 'mia@club.test', displayName: 'Mia Swim', id: rows[0]!.userHandle },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
      timeout: 5 * MINUTE,
    });
    expect(asked.body.options.pubKeyCredParams.map((p: { alg: number }) => p.alg)).toEqual(expect.arrayContaining([-7, -257]));
  });

  it('renames and removes a passkey; another member can do neither (404), and a removed one no longer signs in', async () => {
    const { t, member } = await setup();
    const other = await t.createUser({ email: 'other@club.test' });
    const phone = new SoftwareAuthenticator();
    const { id } = (await addPasskey(t, member.token, phone)).body.passkey;

    const renamed = await t.call('PUT', `/api/passkeys/${id}`, { token: member.token, body: { name: 'Work phone' } });
    expect(renamed).toMatchObject({ status: 200, body: { passkey: { id, name: 'Work phone' } } });
    expect((await t.call('PUT', `/api/passkeys/${id}`, { token: member.token, body: { name: '   ' } })).body).toEqual({ error: 'Please give the passkey a name' });
    expect((await t.call('PUT', `/api/passkeys/${id}`, { token: member.token, body: { name: '<script>' } })).status).toBe(400);

    expect(await t.call('PUT', `/api/passkeys/${id}`, { token: other.token, body: { name: 'Mine now' } })).toMatchObject({
      status: 404,
      body: { error: 'Passkey not found' },
    });
    expect((await t.call('DELETE', `/api/passkeys/${id}`, { token: other.token })).status).toBe(404);
    expect((await t.call('DELETE', '/api/passkeys/abc', { token: member.token })).status).toBe(404);
    expect(t.db.select().from(passkeys).all()).toHaveLength(1);

    const removed = await t.call('DELETE', `/api/passkeys/${id}`, { token: member.token });
    expect(removed).toMatchObject({ status: 200, body: { passkeys: [] } });
    expect(await signInWithPasskey(t, phone)).toMatchObject({ status: 401, body: { error: PASSKEY_LOGIN_FAILED } });
  });

  it('asks for the password again once the sign-in is more than 5 minutes old, and counts a wrong one', async () => {
    const { t, member } = await setup();
    t.clock.advance(5 * MINUTE + 1000);
    const asked = await t.call('POST', '/api/passkeys/options', { token: member.token, body: {} });
    expect(asked).toMatchObject({ status: 403, body: { error: PASSKEY_PASSWORD_REQUIRED, passwordRequired: true } });
    const wrong = await t.call('POST', '/api/passkeys/options', { token: member.token, body: { password: 'not-it' } });
    expect(wrong).toMatchObject({ status: 403, body: { passwordRequired: true } });
    const right = await t.call('POST', '/api/passkeys/options', { token: member.token, body: { password: TEST_PASSWORD } });
    expect(right.status).toBe(200);
    const response = new SoftwareAuthenticator().create(right.body.options, ORIGIN);
    expect((await t.call('POST', '/api/passkeys', { token: member.token, body: { response } })).status).toBe(201);

    // Guessing the password here is guessing it at the sign-in: the same limits apply (5 failures
    // per address and account, counted afresh after the right password above).
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await t.call('POST', '/api/passkeys/options', { token: member.token, body: { password: `guess-${i}` } })).status);
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429]);
    const login = await t.call('POST', '/api/auth/login', { body: { email: 'mia@club.test', password: TEST_PASSWORD } });
    expect(login.status).toBe(429);
    expect(login.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('lets a pending member add one and sign in with it, still pending', async () => {
    const { t, member } = await setup({ role: 'pending', expiryDate: null });
    const phone = new SoftwareAuthenticator();
    expect((await addPasskey(t, member.token, phone)).status).toBe(201);
    const res = await signInWithPasskey(t, phone);
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('pending');
    expect((await t.call('GET', '/api/forum/posts?type=workout', { token: res.body.token })).status).toBe(403);
  });

  it('refuses a 21st passkey', async () => {
    const { t, member } = await setup();
    for (let i = 0; i < 20; i++) {
      t.db.insert(passkeys).values({ userId: member.id, credentialId: `cred-${i}`, publicKey: 'AA', userHandle: 'h', name: `Key ${i}`, deviceType: 'singleDevice' }).run();
    }
    const asked = await t.call('POST', '/api/passkeys/options', { token: member.token, body: {} });
    expect(asked.status).toBe(409);
    expect(asked.body.error).toMatch(/20 passkeys/);
  });
});

describe('signing in with a passkey', () => {
  it('answers exactly like the password sign-in: the same shape, user, role and a session that renews', async () => {
    const { t, member } = await setup({ charter: false });
    const phone = new SoftwareAuthenticator();
    await addPasskey(t, member.token, phone);
    const byPassword = await t.call('POST', '/api/auth/login', { body: { email: 'mia@club.test', password: TEST_PASSWORD } });
    const byPasskey = await signInWithPasskey(t, phone);
    expect(byPasskey.status).toBe(byPassword.status);
    expect(Object.keys(byPasskey.body).sort()).toEqual(Object.keys(byPassword.body).sort());
    expect(byPasskey.body.user).toEqual(byPassword.body.user);
    expect(byPasskey.body.user.charterAccepted).toBe(false);
    expect(byPasskey.headers.get('cache-control')).toBe(byPassword.headers.get('cache-control'));
    // The same kind of token: this sign-in is its start, so it renews and ends like a password one.
    const claims = await verifySessionToken(t.deps.jwtSecret, byPasskey.body.token, t.clock.now());
    expect(claims).toMatchObject({ sub: String(member.id), auth: Math.floor(t.clock.now() / 1000) });
    t.clock.advance(16 * 24 * 60 * MINUTE);
    const later = await t.call('GET', '/api/auth/profile', { token: byPasskey.body.token });
    expect(later.status).toBe(200);
    expect(later.headers.get('x-session-token')).toEqual(expect.any(String));
  });

  it('reads the role from the database at each sign-in', async () => {
    const { t, member } = await setup();
    const phone = new SoftwareAuthenticator();
    await addPasskey(t, member.token, phone);
    t.db.update(users).set({ role: 'exec' }).where(eq(users.id, member.id)).run();
    expect((await signInWithPasskey(t, phone)).body.user.role).toBe('exec');
    t.db.update(users).set({ role: 'member', expiryDate: '2026-01-31' }).where(eq(users.id, member.id)).run();
    expect((await signInWithPasskey(t, phone)).body.user.role).toBe('pending');
    t.db.update(users).set({ role: 'rejected' }).where(eq(users.id, member.id)).run();
    expect(await signInWithPasskey(t, phone)).toMatchObject({ status: 403, body: { error: 'Your membership application was not approved.' } });
  });

  it('offers no passkey list (the browser offers its own) and asks for user verification', async () => {
    const t = makeTestApp({ env: PASSKEY_ENV });
    const res = await t.call('POST', '/api/auth/passkey/options');
    expect(res.status).toBe(200);
    expect(res.body.options).toMatchObject({ rpId: 'club.test', userVerification: 'required', timeout: 5 * MINUTE });
    expect(res.body.options.allowCredentials ?? []).toEqual([]);
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('challenges', () => {
  it('are single use: a replayed sign-in or registration answer is refused', async () => {
    const { t, member } = await setup();
    const phone = new SoftwareAuthenticator();

    const asked = await t.call('POST', '/api/passkeys/options', { token: member.token, body: {} });
    const created = phone.create(asked.body.options, ORIGIN);
    expect((await t.call('POST', '/api/passkeys', { token: member.token, body: { response: created } })).status).toBe(201);
    t.db.delete(passkeys).run();
    const replayedCreate = await t.call('POST', '/api/passkeys', { token: member.token, body: { response: created } });
    expect(replayedCreate).toMatchObject({ status: 400, body: { error: PASSKEY_CHALLENGE_GONE } });
    expect(t.db.select().from(passkeys).all()).toHaveLength(0);

    await addPasskey(t, member.token, phone);
    const response = await passkeyAssertion(t, phone);
    expect((await t.call('POST', '/api/auth/passkey/login', { body: { response } })).status).toBe(200);
    const replayed = await t.call('POST', '/api/auth/passkey/login', { body: { response } });
    expect(replayed).toMatchObject({ status: 400, body: { error: PASSKEY_CHALLENGE_GONE } });
  });

  it('expire after 5 minutes, and expired ones are cleared as new ones are made', async () => {
    const { t, member } = await setup();
    const phone = new SoftwareAuthenticator();
    await addPasskey(t, member.token, phone);
    const response = await passkeyAssertion(t, phone);
    t.clock.advance(5 * MINUTE);
    expect(await t.call('POST', '/api/auth/passkey/login', { body: { response } })).toMatchObject({ status: 400, body: { error: PASSKEY_CHALLENGE_GONE } });

    const asked = await t.call('POST', '/api/passkeys/options', { token: member.token, body: { password: TEST_PASSWORD } });
    t.clock.advance(5 * MINUTE + 1);
    const late = await t.call('POST', '/api/passkeys', { token: member.token, body: { response: new SoftwareAuthenticator().create(asked.body.options, ORIGIN) } });
    expect(late).toMatchObject({ status: 400, body: { error: PASSKEY_CHALLENGE_GONE } });

    expect(t.db.select().from(passkeyChallenges).all().length).toBeGreaterThan(0);
    await t.call('POST', '/api/auth/passkey/options');
    expect(t.db.select().from(passkeyChallenges).all()).toHaveLength(1);
  });

  it('are each for their own ceremony: a sign-in challenge cannot register a passkey', async () => {
    const { t, member } = await setup();
    const asked = await t.call('POST', '/api/auth/passkey/options');
    const loginOptions = asked.body.options;
    const response = new SoftwareAuthenticator().create(
      { rp: { name: 'x', id: 'club.test' }, user: { id: 'AAAA', name: 'x', displayName: 'x' }, challenge: loginOptions.challenge, pubKeyCredParams: [] },
      ORIGIN,
    );
    expect((await t.call('POST', '/api/passkeys', { token: member.token, body: { response } })).status).toBe(400);
  });
});

describe('refusals', () => {
  it("refuses another account's credential: a registration challenge, a user handle, a key registered twice", async () => {
    const { t, member } = await setup();
    const other = await t.createUser({ email: 'other@club.test' });

    // Mia's registration challenge answered by the other member: refused, and Mia's stays usable.
    const asked = await t.call('POST', '/api/passkeys/options', { token: member.token, body: {} });
    const mine = new SoftwareAuthenticator();
    const stolen = mine.create(asked.body.options, ORIGIN);
    expect((await t.call('POST', '/api/passkeys', { token: other.token, body: { response: stolen } })).body).toEqual({ error: PASSKEY_CHALLENGE_GONE });
    expect((await t.call('POST', '/api/passkeys', { token: member.token, body: { response: stolen } })).status).toBe(201);

    // The same authenticator key offered to the other account: 409.
    const handle = mine.userHandle;
    const again = await addPasskey(t, other.token, mine);
    expect(again).toMatchObject({ status: 409, body: { error: 'This passkey is already registered.' } });
    mine.userHandle = handle; // the refused creation left the authenticator holding Mia's account

    // An assertion that claims to be another account's passkey (its user handle) is refused.
    const theirs = new SoftwareAuthenticator();
    await addPasskey(t, other.token, theirs);
    const claimed = await signInWithPasskey(t, mine, { userHandle: theirs.userHandle });
    expect(claimed).toMatchObject({ status: 401, body: { error: PASSKEY_LOGIN_FAILED } });
    const honest = await signInWithPasskey(t, mine);
    expect(honest.body.user.id).toBe(member.id);
  });

  it('refuses a wrong origin or relying party id, in both ceremonies', async () => {
    const { t, member } = await setup();
    for (const overrides of [{ origin: 'https://evil.test' }, { origin: 'http://club.test' }, { rpId: 'evil.test' }, { type: 'webauthn.get' }, { crossOrigin: true }]) {
      const res = await addPasskey(t, member.token, new SoftwareAuthenticator(), { overrides });
      expect(res.status, JSON.stringify(overrides)).toBe(400);
    }
    expect(t.db.select().from(passkeys).all()).toHaveLength(0);

    const phone = new SoftwareAuthenticator();
    await addPasskey(t, member.token, phone);
    for (const overrides of [{ origin: 'https://evil.test' }, { rpId: 'evil.test' }, { type: 'webauthn.create' }, { crossOrigin: true }]) {
      expect(await signInWithPasskey(t, phone, overrides), JSON.stringify(overrides)).toMatchObject({ status: 401, body: { error: PASSKEY_LOGIN_FAILED } });
    }
  });

  it('requires user verification (Face ID, a fingerprint, the device PIN)', async () => {
    const { t, member } = await setup();
    expect((await addPasskey(t, member.token, new SoftwareAuthenticator(), { overrides: { userVerified: false } })).status).toBe(400);
    const phone = new SoftwareAuthenticator();
    await addPasskey(t, member.token, phone);
    expect((await signInWithPasskey(t, phone, { userVerified: false })).status).toBe(401);
  });

  it('refuses a signature counter that did not move forward, where the authenticator keeps one', async () => {
    const { t, member } = await setup();
    const key = new SoftwareAuthenticator({ counter: true });
    await addPasskey(t, member.token, key); // counter 1
    expect((await signInWithPasskey(t, key)).status).toBe(200); // 2
    expect((await signInWithPasskey(t, key)).status).toBe(200); // 3
    const stored = () => t.db.select().from(passkeys).get()!.counter;
    expect(stored()).toBe(3);
    expect((await signInWithPasskey(t, key, { counter: 2 })).status).toBe(401);
    expect((await signInWithPasskey(t, key, { counter: 3 })).status).toBe(401);
    expect(stored()).toBe(3);
    expect((await signInWithPasskey(t, key, { counter: 9 })).status).toBe(200);
    expect(stored()).toBe(9);

    // A synced passkey keeps no counter (always 0): that is not a regression.
    const synced = new SoftwareAuthenticator();
    await addPasskey(t, member.token, synced);
    expect((await signInWithPasskey(t, synced)).status).toBe(200);
    expect((await signInWithPasskey(t, synced)).status).toBe(200);
  });

  it('refuses a signature made by another key for the same credential', async () => {
    const { t, member } = await setup();
    const phone = new SoftwareAuthenticator();
    await addPasskey(t, member.token, phone);
    const impostor = new SoftwareAuthenticator();
    Object.assign(impostor, { credentialId: phone.credentialId, userHandle: phone.userHandle });
    expect((await signInWithPasskey(t, impostor)).status).toBe(401);
  });

  it('answers bad input with 400 and a JSON error, never a 500', async () => {
    const { t, member } = await setup();
    const phone = new SoftwareAuthenticator();
    await addPasskey(t, member.token, phone);
    const good = await passkeyAssertion(t, phone);
    const loginBodies: unknown[] = [
      {},
      { response: 'x' },
      { response: { ...good, type: 'password' } },
      { response: { ...good, id: 'not base64url!' } },
      { response: { ...good, response: { ...good.response, clientDataJSON: 'bm90LWpzb24' } } },
      { response: { ...good, response: { ...good.response, clientDataJSON: Buffer.from('{"challenge":5}').toString('base64url') } } },
      { response: { ...good, response: { ...good.response, signature: 'A'.repeat(5000) } } },
      { response: { ...good, response: { ...good.response, authenticatorData: undefined } } },
    ];
    for (const body of loginBodies) {
      const res = await t.call('POST', '/api/auth/passkey/login', { body });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    // Well-formed but broken bytes once the challenge matches: refused, not a crash.
    const garbled = await passkeyAssertion(t, phone);
    const broken = { ...garbled, response: { ...garbled.response, authenticatorData: 'AAAA' } };
    expect((await t.call('POST', '/api/auth/passkey/login', { body: { response: broken } })).status).toBe(401);

    const asked = await t.call('POST', '/api/passkeys/options', { token: member.token, body: {} });
    const created = new SoftwareAuthenticator().create(asked.body.options, ORIGIN);
    const addBodies: unknown[] = [
      {},
      { response: null },
      { name: 42, response: created },
      { name: 'x'.repeat(61), response: created },
      { response: { ...created, response: { ...created.response, attestationObject: 'bm90LWNib3I' } } },
    ];
    for (const body of addBodies) {
      const res = await t.call('POST', '/api/passkeys', { token: member.token, body });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect((await t.call('POST', '/api/passkeys/options', { token: member.token, body: { password: 5 } })).status).toBe(400);
    expect((await t.call('POST', '/api/auth/passkey/login', { body: '{"response":', headers: { 'content-type': 'application/json' } })).status).toBe(400);
  });

  it('needs a session for everything but the sign-in itself', async () => {
    const t = makeTestApp({ env: PASSKEY_ENV });
    for (const [method, path] of [
      ['GET', '/api/passkeys'],
      ['POST', '/api/passkeys/options'],
      ['POST', '/api/passkeys'],
      ['PUT', '/api/passkeys/1'],
      ['DELETE', '/api/passkeys/1'],
    ] as const) {
      const res = await t.call(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
  });
});

describe('when APP_URL cannot carry passkeys', () => {
  it('turns them off: GET /api/config says so and the ceremonies answer 404 with a JSON error', async () => {
    for (const APP_URL of ['http://127.0.0.1:3000', 'http://club.test', 'https://[::1]:8443']) {
      const t = makeTestApp({ env: { APP_URL } });
      const member = await t.createUser();
      expect((await t.call('GET', '/api/config')).body.passkeys).toBe(false);
      const options = await t.call('POST', '/api/auth/passkey/options');
      expect(options).toMatchObject({ status: 404, body: { error: expect.stringContaining('Passkeys are turned off') } });
      expect((await t.call('POST', '/api/passkeys/options', { token: member.token, body: {} })).status).toBe(404);
      // The list still answers, so a member can remove passkeys made before.
      expect((await t.call('GET', '/api/passkeys', { token: member.token })).body).toEqual({ passkeys: [] });
    }
    const on = makeTestApp({ env: PASSKEY_ENV });
    expect((await on.call('GET', '/api/config')).body.passkeys).toBe(true);
    const local = makeTestApp({ env: { APP_URL: 'http://localhost:4318' } });
    expect((await local.call('GET', '/api/config')).body.passkeys).toBe(true);
  });
});
