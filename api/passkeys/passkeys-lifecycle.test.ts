// What happens to passkeys when the account changes: a password reset and signing out everywhere
// keep them (the reset email names them), deleting the account removes them, and an administrator
// sees how many a member has and can remove them all.
import { describe, expect, it } from 'vitest';
import { passkeyChallenges, passkeys } from '../../db/schema';
import { PASSKEY_LOGIN_FAILED } from '../../domain/contract/members/passkeys';
import { addPasskey, PASSKEY_ENV, signInWithPasskey } from '../testing/passkey-ceremonies';
import { SoftwareAuthenticator } from '../testing/software-authenticator';
import { makeTestApp, type TestApp } from '../testing/test-app';

async function setup() {
  const t = makeTestApp({ env: PASSKEY_ENV });
  const admin = await t.createUser({ role: 'administrator', email: 'admin@club.test' });
  const member = await t.createUser({ email: 'mia@club.test', name: 'Mia Swim' });
  const phone = new SoftwareAuthenticator();
  const key = new SoftwareAuthenticator({ alg: 'RS256', counter: true });
  expect((await addPasskey(t, member.token, phone)).status).toBe(201);
  expect((await addPasskey(t, member.token, key, { name: 'Blue key' })).status).toBe(201);
  return { t, admin, member, phone, key };
}

async function resetEmailTo(t: TestApp, adminToken: string, to: string) {
  const box = await t.call('GET', '/api/admin/outbox', { token: adminToken });
  return (box.body.emails as { to: string; subject: string; text: string }[]).find((m) => m.to === to && /Reset/.test(m.subject));
}

describe('a password reset', () => {
  it('keeps the passkeys working and its email names them', async () => {
    const { t, admin, member, phone } = await setup();
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'mia@club.test' } });
    const mail = await resetEmailTo(t, admin.token, 'mia@club.test');
    expect(mail?.text).toContain('does not remove your passkeys: "iPhone", "Blue key" will still sign you in');
    const token = new URL(/http\S+/.exec(mail!.text)![0]).searchParams.get('token')!;
    expect((await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'brand-new' } })).status).toBe(200);
    // Old sessions end with the reset; the passkeys do not.
    expect((await t.call('GET', '/api/auth/profile', { token: member.token })).status).toBe(401);
    const res = await signInWithPasskey(t, phone);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(member.id);
  });

  it('says nothing about passkeys to a member who has none', async () => {
    const { t, admin } = await setup();
    await t.createUser({ email: 'no-keys@club.test' });
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'no-keys@club.test' } });
    expect((await resetEmailTo(t, admin.token, 'no-keys@club.test'))?.text).not.toMatch(/passkey/i);
  });
});

describe('signing out everywhere', () => {
  it('ends the sessions and keeps the passkeys', async () => {
    const { t, member, phone } = await setup();
    expect((await t.call('POST', '/api/auth/logout', { token: member.token })).status).toBe(200);
    expect((await t.call('GET', '/api/auth/profile', { token: member.token })).status).toBe(401);
    const res = await signInWithPasskey(t, phone);
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/passkeys', { token: res.body.token })).body.passkeys).toHaveLength(2);
  });
});

describe('deleting the account', () => {
  it('removes its passkeys and its open challenges', async () => {
    const { t, admin, member, phone } = await setup();
    await t.call('POST', '/api/passkeys/options', { token: member.token, body: {} });
    expect((await t.call('DELETE', `/api/admin/members/${member.id}`, { token: admin.token })).status).toBe(200);
    expect(t.db.select().from(passkeys).all()).toEqual([]);
    expect(t.db.select().from(passkeyChallenges).all().filter((c) => c.purpose === 'register')).toEqual([]);
    expect(await signInWithPasskey(t, phone)).toMatchObject({ status: 401, body: { error: PASSKEY_LOGIN_FAILED } });
  });
});

describe('administrators', () => {
  it('see how many passkeys each member has', async () => {
    const { t, admin, member } = await setup();
    const res = await t.call('GET', '/api/admin/members', { token: admin.token });
    expect(res.status).toBe(200);
    const counts = Object.fromEntries(res.body.members.map((m: { id: number; passkeyCount: number }) => [m.id, m.passkeyCount]));
    expect(counts).toEqual({ [admin.id]: 0, [member.id]: 2 });
  });

  it('remove all of a member’s passkeys; the member still signs in with the password', async () => {
    const { t, admin, member, phone } = await setup();
    const res = await t.call('DELETE', `/api/admin/members/${member.id}/passkeys`, { token: admin.token });
    expect(res).toMatchObject({ status: 200, body: { message: '2 passkeys removed', removed: 2 } });
    expect((await signInWithPasskey(t, phone)).status).toBe(401);
    expect((await t.call('GET', '/api/passkeys', { token: member.token })).body.passkeys).toEqual([]);
    expect((await t.call('GET', '/api/auth/profile', { token: member.token })).status).toBe(200);
    const none = await t.call('DELETE', `/api/admin/members/${member.id}/passkeys`, { token: admin.token });
    expect(none.body).toEqual({ message: '0 passkeys removed', removed: 0 });
  });

  it('are the only ones who may, and an unknown member is 404', async () => {
    const { t, admin, member } = await setup();
    const exec = await t.createUser({ role: 'exec' });
    for (const token of [exec.token, member.token]) {
      const res = await t.call('DELETE', `/api/admin/members/${member.id}/passkeys`, { token });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect((await t.call('DELETE', `/api/admin/members/${member.id}/passkeys`)).status).toBe(401);
    expect(t.db.select().from(passkeys).all()).toHaveLength(2);
    expect((await t.call('DELETE', '/api/admin/members/9999/passkeys', { token: admin.token })).body).toEqual({ error: 'Member not found' });
    expect((await t.call('DELETE', '/api/admin/members/x/passkeys', { token: admin.token })).status).toBe(404);
  });
});
