// The club's workout types as a setting: who may change them, the server taking only a type the club
// offers (a retired one kept by the workouts that have it), a type with workouts never removed, and
// every reader (answers, end times, the calendar, /api/config) following a change at once.
import { describe, expect, it } from 'vitest';
import { defaultSports, type SportsDocument } from '../../domain/sports';
import { ADMIN, EXEC, MEMBER, makeClub } from '../testing/test-app';

const URL = '/api/club/documents/sports';

function withErg(): SportsDocument {
  const doc = defaultSports();
  doc.types.push({ id: 'erg', name: 'Erg', sport: 'other', colour: 'teal', minutes: 45, retired: false });
  doc.filters.push({ id: 'row', name: 'Row', types: ['erg'] });
  return doc;
}

async function setup() {
  const club = await makeClub({ admin: ADMIN, exec: EXEC, me: MEMBER });
  const { t, admin, exec } = club;
  let version = 0;
  const publish = async (body: unknown, token = admin.token) => {
    const res = await t.call('PUT', URL, { token, body: { body, version } });
    if (res.status === 200) version = res.body.version;
    return res;
  };
  const post = (fields: Record<string, unknown>) =>
    t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: { type: 'workout', title: 'Session', workoutDate: '2026-03-10', workoutTime: '06:30', content: 'Steady', capacity: 10, ...fields },
    });
  const edit = (id: number, fields: Record<string, unknown>) =>
    t.call('PUT', `/api/forum/posts/${id}`, {
      token: exec.token,
      body: { title: 'Session', workoutDate: '2026-03-10', workoutTime: '06:30', content: 'Steady', capacity: 10, ...fields },
    });
  return { ...club, publish, post, edit };
}

describe('the sports setting', () => {
  it('is changed by administrators only, read by anyone, and reaches devices with /api/config', async () => {
    const { t, exec, me, publish } = await setup();
    expect((await publish(withErg(), exec.token)).status).toBe(403);
    expect((await publish(withErg(), me.token)).status).toBe(403);
    expect((await t.call('GET', URL)).body).toMatchObject({ version: 0, body: defaultSports() });
    const before = (await t.call('GET', '/api/config')).headers.get('etag')!;
    expect((await t.call('GET', '/api/config', { headers: { 'if-none-match': before } })).status).toBe(304);
    expect((await publish(withErg())).status).toBe(200);
    // A device's copy is now out of date: its worker sees the new tag and the app reads it again.
    const config = await t.call('GET', '/api/config');
    expect(config.headers.get('etag')).not.toBe(before);
    expect(config.body.sports.types).toContainEqual(expect.objectContaining({ id: 'erg', name: 'Erg', colour: 'teal' }));
    expect(config.body.sports.filters).toContainEqual({ id: 'row', name: 'Row', types: ['erg'] });
  });

  it('refuses a document that does not hold together, naming the field', async () => {
    const { publish } = await setup();
    const badColour = withErg();
    (badColour.types[6] as { colour: string }).colour = 'neon';
    expect((await publish(badColour)).body).toEqual({ error: 'Choose the badge colour', field: 'types.6.colour' });
    const unknownType = withErg();
    unknownType.filters[3]!.types = ['rowing'];
    expect((await publish(unknownType)).body).toMatchObject({ field: 'filters.3.types', error: expect.stringContaining('(rowing)') });
    const tooShort = withErg();
    tooShort.types[6]!.minutes = 5;
    expect((await publish(tooShort)).body).toMatchObject({ field: 'types.6.minutes' });
  });

  it('takes a workout of a new type, ending after its usual length, and refuses a type the club does not have', async () => {
    const { t, publish, post } = await setup();
    expect((await post({ workoutType: 'erg' })).body).toEqual({ error: 'Choose a workout type', field: 'workoutType' });
    await publish(withErg());
    const created = await post({ workoutType: 'erg' });
    expect(created.status).toBe(201);
    expect(created.body.post).toMatchObject({ workout_type: 'erg', workout_end_time: '07:15' });
    const feed = await t.call('GET', '/api/calendar/club.ics');
    expect(feed.body).toContain('CATEGORIES:Erg');
  });

  it('gives a workout posted without a type Spin, or the first type offered once Spin is retired', async () => {
    const { publish, post } = await setup();
    expect((await post({})).body.post.workout_type).toBe('spin');
    const noSpin = withErg();
    noSpin.types[0]!.retired = true;
    await publish(noSpin);
    expect((await post({})).body.post.workout_type).toBe('outdoor-ride');
  });

  it('retires a type: no new workouts of it, while its workouts keep it through an edit', async () => {
    const { publish, post, edit } = await setup();
    await publish(withErg());
    const erg = (await post({ workoutType: 'erg' })).body.post.id as number;
    const run = (await post({ workoutType: 'run' })).body.post.id as number;
    const retired = withErg();
    retired.types[6]!.retired = true;
    expect((await publish(retired)).status).toBe(200);
    expect((await post({ workoutType: 'erg' })).body).toEqual({ error: 'Erg is retired: choose another workout type', field: 'workoutType' });
    const kept = await edit(erg, { workoutType: 'erg', title: 'Erg pieces' });
    expect(kept.status).toBe(200);
    expect(kept.body.post).toMatchObject({ workout_type: 'erg', title: 'Erg pieces' });
    // An edit that leaves the type out keeps it too.
    expect((await edit(erg, { title: 'Erg pieces 2' })).body.post.workout_type).toBe('erg');
    expect((await edit(run, { workoutType: 'erg' })).body).toMatchObject({ field: 'workoutType', error: expect.stringMatching(/retired/) });
  });

  it('removes a type only while no workout has it, and a rename keeps every workout', async () => {
    const { t, admin, publish, post } = await setup();
    await publish(withErg());
    await post({ workoutType: 'erg' });
    const usage = await t.call('GET', '/api/forum/workout-types/usage', { token: admin.token });
    expect(usage.body.types).toContainEqual({ id: 'erg', workouts: 1 });
    const without = withErg();
    without.types = without.types.filter((t) => t.id !== 'erg');
    without.filters = without.filters.filter((f) => f.id !== 'row');
    const refused = await publish(without);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: expect.stringMatching(/^Erg has workouts, so it cannot be removed: retire it/), inUse: ['erg'] });
    // Brick has no workout yet: it may go.
    const noBrick = withErg();
    noBrick.types = noBrick.types.filter((t) => t.id !== 'brick');
    noBrick.filters[0]!.types = ['spin', 'outdoor-ride'];
    expect((await publish(noBrick)).status).toBe(200);
    const renamed = structuredClone(noBrick);
    renamed.types.find((t) => t.id === 'erg')!.name = 'Rowing machine';
    expect((await publish(renamed)).status).toBe(200);
    const list = await t.call('GET', '/api/forum/posts?type=workout', { token: admin.token });
    expect(list.body.posts.map((p: { workout_type: string }) => p.workout_type)).toEqual(['erg']);
    expect((await t.call('GET', '/api/calendar/club.ics')).body).toContain('CATEGORIES:Rowing machine');
  });

  it('paces a rowing type’s lanes per 500 m, and a member’s rowing pace on the profile is kept in seconds per 500 m', async () => {
    const { t, me, publish, post } = await setup();
    const rowing = withErg();
    rowing.types.find((x) => x.id === 'erg')!.sport = 'row';
    expect((await publish(rowing)).status).toBe(200);
    const erg = await post({ workoutType: 'erg', capacity: undefined, lanes: [{ name: 'Fast', paceTo: 115 }, { name: 'Steady', paceFrom: 115, paceTo: 130 }] });
    expect(erg.status).toBe(201);
    expect(erg.body.post.lanes.map((l: { name: string; paceUnit: string }) => [l.name, l.paceUnit])).toEqual([
      ['Fast', 's/500m'],
      ['Steady', 's/500m'],
    ]);
    const profile = await t.call('PUT', '/api/users/profile', { token: me.token, body: { name: 'Mo', email: me.email, rowPace: '2:05' } });
    expect(profile.status).toBe(200);
    expect(profile.body.user.paces).toEqual({ swimPace: null, runPace: null, rideSpeed: null, rowPace: 125 });
    const slip = await t.call('PUT', '/api/users/profile', { token: me.token, body: { name: 'Mo', email: me.email, rowPace: '25:00' } });
    expect(slip.status).toBe(400);
    expect(slip.body.error).toBe('Rowing pace per 500 m: enter a pace such as 2:05, or leave it empty');
    expect((await t.call('GET', '/api/auth/profile', { token: me.token })).body.user.paces).toMatchObject({ rowPace: 125 });
  });

  it('tells only administrators how many workouts each type has', async () => {
    const { t, exec, me } = await setup();
    expect((await t.call('GET', '/api/forum/workout-types/usage', { token: exec.token })).status).toBe(403);
    expect((await t.call('GET', '/api/forum/workout-types/usage', { token: me.token })).status).toBe(403);
    expect((await t.call('GET', '/api/forum/workout-types/usage')).status).toBe(401);
  });
});
