import { describe, expect, it } from 'vitest';
import { raceSignups, races } from '../../db/schema';
import { ADMIN, EXEC, MEMBER, OTHER, PENDING, makeClub, type TestApp } from '../testing/test-app';

const sprint = { name: 'Spring Sprint', date: '2026-05-16', location: 'Lakeside Park', description: '750 m swim' };
const MEMBER_REFUSAL = 'You must be a member to sign up for races';

const setup = () =>
  makeClub({
    member: { ...MEMBER, name: 'Mia Member' },
    other: { ...OTHER, name: 'Oli Other' },
    exec: EXEC,
    admin: ADMIN,
    pending: { ...PENDING, expiryDate: null },
    expired: { role: 'member', name: 'Old Member', expiryDate: '2026-01-31' },
  });

/** A race by `token`'s member (the Spring Sprint unless told): its id. */
const addRace = async (t: TestApp, token: string, body: Record<string, unknown> = sprint): Promise<number> => (await t.createRace(token, body)).id;

describe('GET /api/races', () => {
  it('is public: visitors get the races by date with no member names and no counts', async () => {
    const { t, member, pending } = await setup();
    await addRace(t, member.token, { ...sprint, name: 'Later', date: '2026-08-01' });
    const first = await addRace(t, member.token, { ...sprint, name: 'Sooner', date: '2026-04-01' });
    await t.call('POST', `/api/races/${first}/signup`, { token: member.token });

    const visitor = await t.call('GET', '/api/races');
    expect(visitor.status).toBe(200);
    expect(visitor.headers.get('cache-control')).toBe('no-cache');
    expect(visitor.body.races.map((r: { name: string }) => r.name)).toEqual(['Sooner', 'Later']);
    expect(visitor.body.races[0]).toEqual({
      id: first,
      name: 'Sooner',
      date: '2026-04-01',
      location: 'Lakeside Park',
      description: '750 m swim',
      signups: [],
      signupCount: 0,
      isSignedUp: false,
      distances: [],
      legs: ['Swim', 'T1', 'Bike', 'T2', 'Run'],
      entries: [],
      entry: null,
      lifts: [],
      liftSeekers: [],
      lookingForLift: false,
      results: [],
    });
    expect(JSON.stringify(visitor.body)).not.toContain('Mia Member');

    const notMember = await t.call('GET', '/api/races', { token: pending.token });
    expect(notMember.status).toBe(200);
    expect(notMember.body.races[0]).toMatchObject({ signups: [], signupCount: 0, isSignedUp: false });
  });

  it('gives members the signups, their count and the caller state, with no-store', async () => {
    const { t, member, other } = await setup();
    const id = await addRace(t, member.token);
    await t.call('POST', `/api/races/${id}/signup`, { token: member.token });
    const res = await t.call('GET', '/api/races', { token: other.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.races[0]).toMatchObject({ signupCount: 1, isSignedUp: false });
    expect(res.body.races[0].signups).toEqual([
      { id: expect.any(Number), user_id: member.id, user_name: 'Mia Member', signup_time: t.clock.now(), userProfilePictureUrl: null },
    ]);
    const mine = await t.call('GET', '/api/races', { token: member.token });
    expect(mine.body.races[0].isSignedUp).toBe(true);
  });

  it('answers 401 for a bad token instead of treating the caller as a visitor', async () => {
    const { t } = await setup();
    const res = await t.call('GET', '/api/races', { token: 'not-a-token' });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });
});

describe('POST /api/races', () => {
  it('lets a member add a race and answers 201 { race }', async () => {
    const { t, member } = await setup();
    const res = await t.call('POST', '/api/races', { token: member.token, body: { name: ' Sprint ', date: '2026-05-16' } });
    expect(res.status).toBe(201);
    expect(res.body.race).toEqual({
      id: expect.any(Number),
      name: 'Sprint',
      date: '2026-05-16',
      location: '',
      description: '',
      signups: [],
      signupCount: 0,
      isSignedUp: false,
      distances: [],
      legs: ['Swim', 'T1', 'Bike', 'T2', 'Run'],
      entries: [],
      entry: null,
      lifts: [],
      liftSeekers: [],
      lookingForLift: false,
      results: [],
    });
    expect(t.db.select().from(races).all()).toHaveLength(1);
  });

  it.each([
    [{ date: '2026-05-16' }, 'Race name and date are required'],
    [{ name: 'Sprint', date: '' }, 'Race name and date are required'],
    [{ name: 'Sprint', date: '16/05/2026' }, 'Enter the race date as YYYY-MM-DD'],
    [{ name: 'x'.repeat(201), date: '2026-05-16' }, 'Race name must be at most 200 characters'],
    [{ ...sprint, location: 'x'.repeat(201) }, 'Location must be at most 200 characters'],
    [{ ...sprint, description: 'x'.repeat(2001) }, 'Description must be at most 2000 characters'],
    [{ ...sprint, name: 42 }, expect.any(String)],
  ])('refuses %j with 400', async (body, message) => {
    const { t, member } = await setup();
    const res = await t.call('POST', '/api/races', { token: member.token, body });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message });
    expect(t.db.select().from(races).all()).toEqual([]);
  });

  it('answers 400 for malformed JSON and 415 for a non-JSON body', async () => {
    const { t, member } = await setup();
    const bad = await t.call('POST', '/api/races', { token: member.token, body: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(bad.status).toBe(400);
    const form = await t.call('POST', '/api/races', { token: member.token, body: 'name=x', headers: { 'content-type': 'text/plain' } });
    expect(form.status).toBe(415);
  });

  it('refuses visitors (401), pending and expired members (403)', async () => {
    const { t, pending, expired } = await setup();
    expect((await t.call('POST', '/api/races', { body: sprint })).status).toBe(401);
    for (const u of [pending, expired]) {
      const res = await t.call('POST', '/api/races', { token: u.token, body: sprint });
      expect(res.status).toBe(403);
      expect(res.body.error).toEqual(expect.any(String));
    }
    expect(t.db.select().from(races).all()).toEqual([]);
  });

  it('replays an Idempotency-Key with the stored answer and creates one race', async () => {
    const { t, member } = await setup();
    const headers = { 'idempotency-key': 'add-race-0001' };
    const first = await t.call('POST', '/api/races', { token: member.token, body: sprint, headers });
    const again = await t.call('POST', '/api/races', { token: member.token, body: sprint, headers });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(t.db.select().from(races).all()).toHaveLength(1);
    const reused = await t.call('POST', '/api/races', { token: member.token, body: { ...sprint, name: 'Other' }, headers });
    expect(reused.status).toBe(422);
  });
});

describe('GET /api/races/:id', () => {
  it('answers race, signups and isSignedUp to a member', async () => {
    const { t, member, other } = await setup();
    const id = await addRace(t, member.token);
    await t.call('POST', `/api/races/${id}/signup`, { token: other.token });
    const res = await t.call('GET', `/api/races/${id}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.race).toMatchObject({ id, name: 'Spring Sprint', date: '2026-05-16', location: 'Lakeside Park', description: '750 m swim' });
    expect(res.body.isSignedUp).toBe(false);
    expect(res.body.signups.map((s: { user_name: string }) => s.user_name)).toEqual(['Oli Other']);
  });

  it('answers 404 "Race not found" for a missing or malformed id', async () => {
    const { t, member } = await setup();
    for (const path of ['/api/races/999', '/api/races/abc', '/api/races/0']) {
      const res = await t.call('GET', path, { token: member.token });
      expect(res).toMatchObject({ status: 404, body: { error: 'Race not found' } });
    }
  });

  it('refuses visitors (401) and pending users (403)', async () => {
    const { t, member, pending } = await setup();
    const id = await addRace(t, member.token);
    expect((await t.call('GET', `/api/races/${id}`)).status).toBe(401);
    expect((await t.call('GET', `/api/races/${id}`, { token: pending.token })).status).toBe(403);
  });
});

describe('PUT /api/races/:id', () => {
  it('lets an exec and an administrator edit', async () => {
    const { t, member, exec, admin } = await setup();
    const id = await addRace(t, member.token);
    const res = await t.call('PUT', `/api/races/${id}`, { token: exec.token, body: { ...sprint, name: 'Renamed', location: '' } });
    expect(res.status).toBe(200);
    expect(res.body.race).toMatchObject({ id, name: 'Renamed', location: '', date: '2026-05-16' });
    const byAdmin = await t.call('PUT', `/api/races/${id}`, { token: admin.token, body: { ...sprint, date: '2026-06-20' } });
    expect(byAdmin.body.race.date).toBe('2026-06-20');
  });

  it('refuses visitors, pending users and members, before validating', async () => {
    const { t, member, pending } = await setup();
    const id = await addRace(t, member.token);
    expect((await t.call('PUT', `/api/races/${id}`, { body: sprint })).status).toBe(401);
    expect((await t.call('PUT', `/api/races/${id}`, { token: pending.token, body: sprint })).status).toBe(403);
    const res = await t.call('PUT', `/api/races/${id}`, { token: member.token, body: {} });
    expect(res.status).toBe(403);
    expect(t.db.select().from(races).get()!.name).toBe('Spring Sprint');
  });

  it('validates with the same rules and answers 404 for a missing race', async () => {
    const { t, member, exec } = await setup();
    const id = await addRace(t, member.token);
    const bad = await t.call('PUT', `/api/races/${id}`, { token: exec.token, body: { name: '', date: '2026-05-16' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'Race name and date are required' } });
    const missing = await t.call('PUT', '/api/races/999', { token: exec.token, body: sprint });
    expect(missing).toMatchObject({ status: 404, body: { error: 'Race not found' } });
  });
});

describe('DELETE /api/races/:id', () => {
  it('lets an exec delete a race with its signups; a replay answers the same', async () => {
    const { t, member, exec } = await setup();
    const id = await addRace(t, member.token);
    await t.call('POST', `/api/races/${id}/signup`, { token: member.token });
    const headers = { 'idempotency-key': 'delete-race-01' };
    const res = await t.call('DELETE', `/api/races/${id}`, { token: exec.token, headers });
    expect(res).toMatchObject({ status: 200, body: { message: expect.any(String) } });
    const again = await t.call('DELETE', `/api/races/${id}`, { token: exec.token, headers });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);
    expect(t.db.select().from(races).all()).toEqual([]);
    expect(t.db.select().from(raceSignups).all()).toEqual([]);
    const gone = await t.call('DELETE', `/api/races/${id}`, { token: exec.token });
    expect(gone).toMatchObject({ status: 404, body: { error: 'Race not found' } });
  });

  it('lets an administrator delete, and refuses visitors, pending users and members', async () => {
    const { t, member, pending, admin } = await setup();
    const id = await addRace(t, member.token);
    expect((await t.call('DELETE', `/api/races/${id}`)).status).toBe(401);
    expect((await t.call('DELETE', `/api/races/${id}`, { token: pending.token })).status).toBe(403);
    expect((await t.call('DELETE', `/api/races/${id}`, { token: member.token })).status).toBe(403);
    expect(t.db.select().from(races).all()).toHaveLength(1);
    expect((await t.call('DELETE', `/api/races/${id}`, { token: admin.token })).status).toBe(200);
  });
});

describe('POST and DELETE /api/races/:id/signup', () => {
  it('signs up and cancels; repeating either answers 200 with the same state', async () => {
    const { t, member } = await setup();
    const id = await addRace(t, member.token);
    const path = `/api/races/${id}/signup`;
    expect(await t.call('POST', path, { token: member.token })).toMatchObject({ status: 200, body: { signedUp: true } });
    expect(await t.call('POST', path, { token: member.token })).toMatchObject({ status: 200, body: { signedUp: true } });
    expect(t.db.select().from(raceSignups).all()).toHaveLength(1);
    expect(await t.call('DELETE', path, { token: member.token })).toMatchObject({ status: 200, body: { signedUp: false } });
    expect(await t.call('DELETE', path, { token: member.token })).toMatchObject({ status: 200, body: { signedUp: false } });
    expect(t.db.select().from(raceSignups).all()).toEqual([]);
  });

  it('replays an Idempotency-Key: a replayed sign-up after a cancel does not sign up again', async () => {
    const { t, member } = await setup();
    const id = await addRace(t, member.token);
    const path = `/api/races/${id}/signup`;
    const key = { 'idempotency-key': 'race-signup-0001' };
    const first = await t.call('POST', path, { token: member.token, headers: key });
    expect(first).toMatchObject({ status: 200, body: { signedUp: true } });
    expect(first.headers.get('idempotency-key')).toBe('race-signup-0001');
    await t.call('DELETE', path, { token: member.token });
    const replay = await t.call('POST', path, { token: member.token, headers: key });
    expect(replay).toMatchObject({ status: 200, body: { signedUp: true } });
    expect(t.db.select().from(raceSignups).all()).toEqual([]);
    const otherMethod = await t.call('DELETE', path, { token: member.token, headers: key });
    expect(otherMethod.status).toBe(422);
  });

  it('refuses pending and expired members with the members-only message, and visitors with 401', async () => {
    const { t, member, pending, expired } = await setup();
    const id = await addRace(t, member.token);
    for (const u of [pending, expired]) {
      for (const method of ['POST', 'DELETE']) {
        const res = await t.call(method, `/api/races/${id}/signup`, { token: u.token });
        expect(res).toMatchObject({ status: 403, body: { error: MEMBER_REFUSAL } });
      }
    }
    expect((await t.call('POST', `/api/races/${id}/signup`)).status).toBe(401);
    expect(t.db.select().from(raceSignups).all()).toEqual([]);
  });

  it('answers 404 for a missing race, also when replayed', async () => {
    const { t, member } = await setup();
    const headers = { 'idempotency-key': 'race-signup-404' };
    for (let i = 0; i < 2; i++) {
      const res = await t.call('POST', '/api/races/999/signup', { token: member.token, headers });
      expect(res).toMatchObject({ status: 404, body: { error: 'Race not found' } });
    }
    expect(await t.call('DELETE', '/api/races/x/signup', { token: member.token })).toMatchObject({ status: 404 });
  });
});
