// Passkey sign-ins count in the password sign-in's limits: guessing with a stolen or broken passkey
// slows the account and the address down exactly as guessing passwords does.
import { describe, expect, it } from 'vitest';
import { addPasskey, PASSKEY_ENV, passkeyAssertion, signInWithPasskey } from '../testing/passkey-ceremonies';
import { SoftwareAuthenticator } from '../testing/software-authenticator';
import { makeTestApp, TEST_PASSWORD } from '../testing/test-app';

const MINUTE = 60_000;
const FROM = (ip: string) => ({ 'x-forwarded-for': ip });

async function setup() {
  const t = makeTestApp({ env: { ...PASSKEY_ENV, TRUST_PROXY: '1' } });
  const member = await t.createUser({ email: 'mia@club.test' });
  const phone = new SoftwareAuthenticator({ counter: true });
  await addPasskey(t, member.token, phone);
  return { t, member, phone };
}

describe('passkey failures and the sign-in limits', () => {
  it('count per address and account: after 5 bad passkey sign-ins the password waits too, from that address', async () => {
    const { t, phone } = await setup();
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await signInWithPasskey(t, phone, { origin: 'https://evil.test' }, FROM('10.0.0.1'))).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const password = await t.call('POST', '/api/auth/login', { body: { email: 'mia@club.test', password: TEST_PASSWORD }, headers: FROM('10.0.0.1') });
    expect(password.status).toBe(429);
    expect(password.body).toEqual({ error: expect.stringContaining('Too many') });
    expect(Number(password.headers.get('retry-after'))).toBeGreaterThan(0);
    // A good passkey from there waits as well; from another address the member gets in.
    expect((await signInWithPasskey(t, phone, {}, FROM('10.0.0.1'))).status).toBe(429);
    expect((await signInWithPasskey(t, phone, {}, FROM('10.0.0.2'))).status).toBe(200);
    t.clock.advance(15 * MINUTE + 1);
    expect((await signInWithPasskey(t, phone, {}, FROM('10.0.0.1'))).status).toBe(200);
  });

  it('count failed passwords against passkey sign-ins of the same account', async () => {
    const { t, phone } = await setup();
    for (let i = 0; i < 5; i++) {
      await t.call('POST', '/api/auth/login', { body: { email: 'mia@club.test', password: `guess-${i}` }, headers: FROM('10.0.0.3') });
    }
    const res = await signInWithPasskey(t, phone, {}, FROM('10.0.0.3'));
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('count passkeys the club does not know, and replayed or stale challenges, per address', async () => {
    const { t } = await setup();
    const stranger = new SoftwareAuthenticator();
    stranger.userHandle = 'c29tZW9uZQ';
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await signInWithPasskey(t, stranger, {}, FROM('10.0.0.4'))).status);
    expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
    const anyone = await t.call('POST', '/api/auth/login', { body: { email: 'mia@club.test', password: TEST_PASSWORD }, headers: FROM('10.0.0.4') });
    expect(anyone.status).toBe(429);

    const { t: t2, phone } = await setup();
    const response = await passkeyAssertion(t2, phone, {}, FROM('10.0.0.5'));
    await t2.call('POST', '/api/auth/passkey/login', { body: { response }, headers: FROM('10.0.0.5') });
    const replays = [];
    for (let i = 0; i < 31; i++) replays.push((await t2.call('POST', '/api/auth/passkey/login', { body: { response }, headers: FROM('10.0.0.5') })).status);
    expect(replays.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(replays[30]).toBe(429);
  });

  it('a good passkey sign-in clears the account’s failures, like a good password', async () => {
    const { t, phone } = await setup();
    for (let i = 0; i < 4; i++) await t.call('POST', '/api/auth/login', { body: { email: 'mia@club.test', password: `guess-${i}` }, headers: FROM('10.0.0.6') });
    expect((await signInWithPasskey(t, phone, {}, FROM('10.0.0.6'))).status).toBe(200);
    const more = [];
    for (let i = 0; i < 5; i++) more.push((await t.call('POST', '/api/auth/login', { body: { email: 'mia@club.test', password: `again-${i}` }, headers: FROM('10.0.0.6') })).status);
    expect(more).toEqual([401, 401, 401, 401, 401]);
  });

  it('limit how often one address asks for sign-in challenges', async () => {
    const t = makeTestApp({ env: { ...PASSKEY_ENV, TRUST_PROXY: '1' } });
    let last;
    for (let i = 0; i < 121; i++) last = await t.call('POST', '/api/auth/passkey/options', { headers: FROM('10.0.0.7') });
    expect(last!.status).toBe(429);
    expect(last!.headers.get('retry-after')).toMatch(/^\d+$/);
    expect((await t.call('POST', '/api/auth/passkey/options', { headers: FROM('10.0.0.8') })).status).toBe(200);
  });
});
