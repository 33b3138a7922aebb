// The club's country and language (the `region` document): who may change them, what is refused,
// /api/config handing them to devices, phone numbers read for the country and kept in E.164, and the
// server's emails and refusals writing dates in the language from the next one on.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageQueue, users } from '../../db/schema';
import { phoneProblem } from '../../domain/region/phone';
import { ADMIN, EXEC, MEMBER, makeClub } from '../testing/test-app';

const URL = '/api/club/documents/region';
const AUSTRALIA = { country: 'AU', locale: 'en-AU' };

async function setup() {
  const club = await makeClub({ admin: ADMIN, exec: EXEC, me: MEMBER });
  const setRegion = (body: unknown, version = 0, token = club.admin.token) => club.t.call('PUT', URL, { token, body: { body, version } });
  const phoneOf = (id: number) => club.t.db.select({ phone: users.phoneNumber }).from(users).where(eq(users.id, id)).get()!.phone;
  return { ...club, setRegion, phoneOf };
}

const signUp = (email: string, phoneNumber: string) => ({ body: { email, password: 'secret1', name: 'Ana Australia', phoneNumber } });

describe('the region setting', () => {
  it('is North American numbers and en-US dates until an administrator changes it, and GET /api/config carries it', async () => {
    const { t, exec, setRegion } = await setup();
    expect((await t.call('GET', '/api/config')).body.region).toEqual({ country: 'CA', locale: 'en-US' });
    expect((await setRegion(AUSTRALIA, 0, exec.token)).status).toBe(403);
    expect((await t.call('PUT', URL, { body: { body: AUSTRALIA, version: 0 } })).status).toBe(401);
    // A tag is kept canonical, a code in capitals.
    const saved = await setRegion({ country: 'au', locale: 'EN-au' });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, body: AUSTRALIA });
    const config = await t.call('GET', '/api/config');
    expect(config.body.region).toEqual(AUSTRALIA);
    // Every field a device already read is still there.
    expect(config.body).toMatchObject({ clubTimeZone: 'America/Toronto', clubEmail: expect.any(String), passkeys: expect.any(Boolean) });
  });

  it('refuses a country the phone library does not know and a language Intl cannot write dates in, naming the field', async () => {
    const { setRegion } = await setup();
    expect(await setRegion({ country: 'ZZ', locale: 'en-AU' })).toMatchObject({ status: 400, body: { field: 'country', error: expect.stringContaining('two-letter code') } });
    expect(await setRegion({ country: 'Australia', locale: 'en-AU' })).toMatchObject({ status: 400, body: { field: 'country' } });
    expect(await setRegion({ country: 'AU', locale: 'en_AU' })).toMatchObject({ status: 400, body: { field: 'locale', error: expect.stringContaining('e.g. en-AU') } });
    expect(await setRegion({ country: 'AU', locale: 'zz-ZZ' })).toMatchObject({ status: 400, body: { field: 'locale' } });
    expect(await setRegion({ country: 'AU' })).toMatchObject({ status: 400, body: { field: 'locale' } });
  });
});

describe('phone numbers in an Australian club', () => {
  it('registers with "+61 412 345 678" or "0412 345 678" alike, kept as +61412345678', async () => {
    const { t, setRegion } = await setup();
    await setRegion(AUSTRALIA);
    const international = await t.call('POST', '/api/auth/register', signUp('ana@club.test', '+61 412 345 678'));
    expect(international.status).toBe(201);
    expect(international.body.user).toMatchObject({ phoneNumber: '+61412345678', phone_number: '+61412345678' });
    const national = await t.call('POST', '/api/auth/register', signUp('bea@club.test', '0412 345 678'));
    expect(national.status).toBe(201);
    expect(national.body.user.phoneNumber).toBe('+61412345678');
  });

  it('refuses a number that is not one with 400 naming phoneNumber and an Australian example', async () => {
    const { t, setRegion } = await setup();
    // Under the default (Canada) an Australian mobile typed the Australian way is no number.
    expect(await t.call('POST', '/api/auth/register', signUp('ana@club.test', '0412 345 678'))).toMatchObject({ status: 400, body: { field: 'phoneNumber' } });
    await setRegion(AUSTRALIA);
    const refused = await t.call('POST', '/api/auth/register', signUp('ana@club.test', '0412 345 67'));
    expect(refused).toMatchObject({ status: 400, body: { error: phoneProblem('AU'), field: 'phoneNumber' } });
    expect(refused.body.error).toContain('0412 345 678');
    expect(refused.body.error).not.toContain('10-digit');
  });

  it('keeps a profile’s number and an administrator’s edit of one in E.164, and refuses a bad one naming its field', async () => {
    const { t, admin, me, setRegion, phoneOf } = await setup();
    await setRegion(AUSTRALIA);
    const profile = { name: me.name, email: me.email };
    const mine = await t.call('PUT', '/api/users/profile', { token: me.token, body: { ...profile, phone_number: '0412 345 678' } });
    expect(mine.status).toBe(200);
    expect(mine.body.user.phoneNumber).toBe('+61412345678');
    expect(phoneOf(me.id)).toBe('+61412345678');
    expect(await t.call('PUT', '/api/users/profile', { token: me.token, body: { ...profile, phone_number: '12345' } })).toMatchObject({
      status: 400,
      body: { field: 'phone_number', error: phoneProblem('AU') },
    });
    const edit = { name: me.name, email: me.email, role: 'member', expiryDate: null };
    const edited = await t.call('PUT', `/api/admin/members/${me.id}/update`, { token: admin.token, body: { ...edit, phoneNumber: '+1 416 555 0100' } });
    expect(edited.status).toBe(200);
    expect(phoneOf(me.id)).toBe('+14165550100');
    expect(await t.call('PUT', `/api/admin/members/${me.id}/update`, { token: admin.token, body: { ...edit, phoneNumber: '0412' } })).toMatchObject({
      status: 400,
      body: { field: 'phoneNumber' },
    });
  });

  it('leaves a number kept in an older form as it is when a form sends it back untouched', async () => {
    const { t, admin, me, setRegion, phoneOf } = await setup();
    await setRegion(AUSTRALIA);
    // Kept before numbers were read for a country: neither the member's save nor an administrator's guesses at it.
    t.db.update(users).set({ phoneNumber: '(041) 234-5678' }).where(eq(users.id, me.id)).run();
    const profile = { name: 'New Name', email: me.email, phone_number: '(041) 234-5678' };
    expect((await t.call('PUT', '/api/users/profile', { token: me.token, body: profile })).status).toBe(200);
    expect(phoneOf(me.id)).toBe('(041) 234-5678');
    const edit = { name: 'Newer Name', email: me.email, role: 'member', expiryDate: null, phoneNumber: '(041) 234-5678' };
    expect((await t.call('PUT', `/api/admin/members/${me.id}/update`, { token: admin.token, body: edit })).status).toBe(200);
    expect(phoneOf(me.id)).toBe('(041) 234-5678');
    // Changed, it is read for the country like any number typed.
    const changed = await t.call('PUT', '/api/users/profile', { token: me.token, body: { ...profile, phone_number: '(041) 234-5679' } });
    expect(changed.status).toBe(200);
    expect(phoneOf(me.id)).toBe('+61412345679');
  });

  it('imports a spreadsheet’s Australian numbers in E.164 and refuses one that is not, by line', async () => {
    const { t, admin, setRegion } = await setup();
    await setRegion(AUSTRALIA);
    const csv = 'name,email,phone\nAna,ana@uni.test,0412 345 678\nBea,bea@uni.test,0412\n';
    const res = await t.call('POST', '/api/admin/members/import', { token: admin.token, body: csv, headers: { 'content-type': 'text/csv' } });
    expect(res.status).toBe(200);
    expect(res.body.rows.map((r: { status: string; reason: string | null }) => [r.status, r.reason])).toEqual([
      ['created', null],
      ['error', `Phone "0412": ${phoneProblem('AU')}.`],
    ]);
    expect(t.db.select({ phone: users.phoneNumber }).from(users).where(eq(users.email, 'ana@uni.test')).get()!.phone).toBe('+61412345678');
    // The members' CSV writes it as the table shows it, which the import reads back.
    const exported = await t.call('GET', '/api/reports/members.csv', { token: admin.token });
    expect(exported.status).toBe(200);
    expect(exported.body).toContain('0412 345 678');
    expect(exported.body).not.toContain('+61412345678');
  });
});

describe('dates in the club’s language', () => {
  it('words the server’s refusals and emails in the language in force from the next one on', async () => {
    const { t, exec, me, setRegion } = await setup();
    const created = await t.createPost(exec.token, {
      type: 'workout',
      title: 'Swim',
      workoutType: 'swim',
      workoutDate: '2026-03-05',
      workoutTime: '18:00',
      content: 'Threshold set.',
      capacity: 4,
    });
    const id = created.post.id as number;
    await t.must('POST', `/api/forum/workouts/${id}/signup`, { token: me.token, body: { signedUp: true } });
    const edit = { title: 'Swim', workoutType: 'swim', workoutDate: '2026-03-01', workoutTime: '18:00', content: 'Threshold set.', capacity: 4 };
    const before = await t.call('PUT', `/api/forum/posts/${id}`, { token: exec.token, body: edit });
    expect(before.body.error).toContain('Sunday, March 1, 2026 at 6:00 PM');

    await setRegion(AUSTRALIA);
    const after = await t.call('PUT', `/api/forum/posts/${id}`, { token: exec.token, body: edit });
    expect(after).toMatchObject({ status: 400, body: { field: 'workoutDate' } });
    expect(after.body.error).toContain('Sunday 1 March 2026 at 6:00 pm');

    await t.must('POST', `/api/forum/posts/${id}/cancel`, { token: exec.token, body: { reason: 'Pool closed' } });
    const told = t.db.select().from(messageQueue).all().filter((m) => m.to === me.email);
    expect(told.map((m) => m.text).join('\n')).toContain('Thursday 5 March 2026 at 6:00 pm');
  });
});
