// Results as the club's rules have them: a race's own legs and their splits, results only from the
// race's day and only for active members entered in it, and the season table by the club's season.
import { describe, expect, it } from 'vitest';
import { raceResults } from '../../db/schema';
import { ADMIN, EXEC, MEMBER, OTHER, PENDING, makeClub, type TestApp, type TestUser } from '../testing/test-app';

const RACE_DATE = '2026-05-16';
/** The race's day, mid-morning at the club (Toronto). */
const RACE_DAY = Date.parse('2026-05-16T14:00:00Z');
const tri = { name: 'Lakeside Tri', date: RACE_DATE, location: '', description: '', distances: ['Sprint'] };

const setup = async (now = RACE_DAY) => {
  const club = await makeClub(
    {
      member: MEMBER,
      other: OTHER,
      exec: EXEC,
      admin: ADMIN,
      pending: { ...PENDING, expiryDate: null },
      rejected: { role: 'rejected', name: 'Rex Rejected', expiryDate: null },
      lapsed: { role: 'member', name: 'Lee Lapsed', expiryDate: '2026-04-30' },
    },
    { now },
  );
  return club;
};
const enter = async (t: TestApp, raceId: number, ...who: TestUser[]) => {
  for (const u of who) await t.must('POST', `/api/races/${raceId}/signup`, { token: u.token });
};
const detail = async (t: TestApp, token: string, raceId: number) => (await t.must('GET', `/api/races/${raceId}`, { token })).race;
const stored = (t: TestApp) => t.db.select().from(raceResults).all();

describe('a race carries its own legs', () => {
  it('a new race is a triathlon unless the exec gives its legs; a duathlon runs twice; an edit without legs keeps them', async () => {
    const { t, exec, member } = await setup();
    expect((await t.createRace(exec.token, tri)).legs).toEqual(['Swim', 'T1', 'Bike', 'T2', 'Run']);
    const duathlon = await t.createRace(exec.token, { ...tri, name: 'City Duathlon', legs: [' Run ', 'T1', 'Bike', '', 'T2', 'Run'] });
    expect(duathlon.legs).toEqual(['Run', 'T1', 'Bike', 'T2', 'Run']);
    await t.must('PUT', `/api/races/${duathlon.id}`, { token: exec.token, body: { name: 'City Duathlon', date: RACE_DATE } });
    expect((await detail(t, member.token, duathlon.id)).legs).toEqual(['Run', 'T1', 'Bike', 'T2', 'Run']);
    await t.must('PUT', `/api/races/${duathlon.id}`, { token: exec.token, body: { name: 'Harbour Regatta', date: RACE_DATE, legs: ['Row'] } });
    expect((await detail(t, member.token, duathlon.id)).legs).toEqual(['Row']);
    const tooMany = await t.call('POST', '/api/races', { token: exec.token, body: { ...tri, legs: Array.from({ length: 11 }, (_, i) => `Leg ${i}`) } });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('A race has at most 10 legs');
  });

  it('a result gives a split per leg, in the race’s order; the first apps’ swim…run fields still name theirs', async () => {
    const { t, exec, member, other } = await setup();
    const duathlon = await t.createRace(exec.token, { ...tri, name: 'City Duathlon', legs: ['Run', 'T1', 'Bike', 'T2', 'Run'] });
    await enter(t, duathlon.id, member, other);
    const mine = await t.must('PUT', `/api/races/${duathlon.id}/result`, {
      token: member.token,
      body: { distance: 'Sprint', finishTime: '1:10:00', splits: ['18:00', '1:00', '', '0:50', '19:10'] },
    });
    expect(mine.result).toMatchObject({ splits: [1080, 60, null, 50, 1150], runSeconds: 1080, swimSeconds: null, t1Seconds: 60 });

    // An app that knows only swim…run: its run is the first Run; a swim the duathlon does not have is refused on its field.
    const old = await t.must('PUT', `/api/races/${duathlon.id}/result`, { token: other.token, body: { distance: 'Sprint', finishTime: '1:05:00', run: '17:00', t2: '0:45' } });
    expect(old.result.splits).toEqual([1020, null, null, 45, null]);
    const swim = await t.call('PUT', `/api/races/${duathlon.id}/result`, { token: other.token, body: { distance: 'Sprint', finishTime: '1:05:00', swim: '10:00' } });
    expect(swim.status).toBe(400);
    expect(swim.body).toEqual({ error: 'This race has no Swim leg', field: 'swim' });

    const tooMany = await t.call('PUT', `/api/races/${duathlon.id}/result`, {
      token: other.token,
      body: { distance: 'Sprint', finishTime: '1:05:00', splits: ['1:00', '1:00', '1:00', '1:00', '1:00', '1:00'] },
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ error: 'This race has 5 legs: Run, T1, Bike, T2, Run', field: 'splits' });

    // The results CSV's columns are the race's legs.
    const csv = await (await t.app.request(`/api/races/${duathlon.id}/results.csv`, { headers: { Authorization: `Bearer ${member.token}` } })).text();
    expect(csv).toContain('"Distance","Club place","Member","Finish","Run","T1","Bike","T2","Run","Placing"');
    expect(csv).toContain(`"${MEMBER.name}","1:10:00","18:00","1:00","","0:50","19:10"`);
  });

  it('a result keeps its splits when the race’s legs change: each follows its leg by name', async () => {
    const { t, exec, member } = await setup();
    const race = await t.createRace(exec.token, tri);
    await enter(t, race.id, member);
    await t.must('PUT', `/api/races/${race.id}/result`, { token: member.token, body: { distance: 'Sprint', finishTime: '1:10:00', swim: '14:20', run: '18:20' } });
    await t.must('PUT', `/api/races/${race.id}`, { token: exec.token, body: { ...tri, legs: ['Swim', 'T1', 'Bike', 'T2', 'Run', 'Medal'] } });
    expect((await detail(t, member.token, race.id)).results[0].splits).toEqual([860, null, null, null, 1100, null]);
    await t.must('PUT', `/api/races/${race.id}`, { token: exec.token, body: { ...tri, legs: ['Run'] } });
    expect((await detail(t, member.token, race.id)).results[0]).toMatchObject({ splits: [1100], swimSeconds: 860, runSeconds: 1100 });
  });
});

describe('results only for a race that has been run, and only for active members entered in it', () => {
  it('refuses a result 40 days before the race, from anyone, with nothing stored; the race’s day opens them', async () => {
    const { t, exec, member } = await setup(Date.parse('2026-04-06T14:00:00Z'));
    const race = await t.createRace(exec.token, tri);
    await enter(t, race.id, member);
    const early = await t.call('PUT', `/api/races/${race.id}/result`, { token: member.token, body: { distance: 'Sprint', finishTime: '0:30:00' } });
    expect(early.status).toBe(409);
    expect(early.body).toEqual({ error: "Results open on the race's day (Saturday, May 16, 2026): enter them once the race has been run" });
    expect((await t.call('PUT', `/api/races/${race.id}/results/${member.id}`, { token: exec.token, body: { distance: 'Sprint', finishTime: '0:30:00' } })).status).toBe(409);
    expect(stored(t)).toEqual([]);
    expect((await t.must('GET', `/api/races/personal-bests/${member.id}`, { token: member.token })).personalBests).toEqual([]);

    // The day before on the club's clock is still early, even once it is the race's day in UTC (Toronto is behind).
    t.clock.set(Date.parse('2026-05-16T02:00:00Z'));
    const token = (await t.login(member.email)).body.token as string;
    expect((await t.call('PUT', `/api/races/${race.id}/result`, { token, body: { distance: 'Sprint', finishTime: '0:30:00' } })).status).toBe(409);
    t.clock.set(Date.parse('2026-05-16T05:00:00Z'));
    expect((await t.call('PUT', `/api/races/${race.id}/result`, { token, body: { distance: 'Sprint', finishTime: '1:10:00' } })).status).toBe(200);
  });

  it('refuses a result from a member who did not enter the race, and an exec’s for them', async () => {
    const { t, exec, member, other } = await setup();
    const race = await t.createRace(exec.token, tri);
    await enter(t, race.id, member);
    const own = await t.call('PUT', `/api/races/${race.id}/result`, { token: other.token, body: { distance: 'Sprint', finishTime: '1:00:00' } });
    expect(own.status).toBe(409);
    expect(own.body).toEqual({ error: 'You are not entered in this race: sign up for it before giving your result' });
    const byExec = await t.call('PUT', `/api/races/${race.id}/results/${other.id}`, { token: exec.token, body: { distance: 'Sprint', finishTime: '1:00:00' } });
    expect(byExec.status).toBe(409);
    expect(byExec.body).toEqual({ error: `${OTHER.name} is not entered in this race: only members entered in it get a result` });
    expect(stored(t)).toEqual([]);
    expect((await t.call('PUT', `/api/races/${race.id}/results/${member.id}`, { token: exec.token, body: { distance: 'Sprint', finishTime: '1:00:00' } })).status).toBe(200);
  });

  it('refuses an exec’s result for a pending, rejected or lapsed account, even one signed up: no name in the results, no points', async () => {
    const { t, exec, member, pending, rejected, lapsed } = await setup();
    const race = await t.createRace(exec.token, tri);
    // Signed up while they were members (a lapsed membership keeps its sign-ups).
    for (const u of [pending, rejected, lapsed]) t.database.sqlite.prepare('insert into race_signups (race_id, user_id) values (?, ?)').run(race.id, u.id);
    for (const [u, name] of [
      [pending, PENDING.name],
      [rejected, 'Rex Rejected'],
      [lapsed, 'Lee Lapsed'],
    ] as const) {
      const res = await t.call('PUT', `/api/races/${race.id}/results/${u.id}`, { token: exec.token, body: { distance: 'Sprint', finishTime: '0:59:00' } });
      expect(res.status).toBe(409);
      expect(res.body).toEqual({ error: `${name} is not an active member: results are for active members entered in the race` });
    }
    expect(stored(t)).toEqual([]);
    expect((await detail(t, member.token, race.id)).results).toEqual([]);
    expect((await t.must('GET', '/api/races/season-table?year=2026', { token: member.token })).table).toEqual([]);
  });
});

describe('the season table runs by the club’s season', () => {
  const points = async (t: TestApp, admin: TestUser, body: Record<string, unknown>) => {
    const doc = await t.must('GET', '/api/club/documents/race-points', { token: admin.token });
    return t.call('PUT', '/api/club/documents/race-points', { token: admin.token, body: { body: { ...doc.body, ...body }, version: doc.version } });
  };

  it('a season starting in September runs into the next year, is named for both, and counts its races only', async () => {
    const { t, exec, admin, member } = await setup(Date.parse('2026-11-02T15:00:00Z'));
    expect((await points(t, admin, { seasonStartMonth: 9 })).status).toBe(200);
    const ids: number[] = [];
    for (const date of ['2026-08-30', '2026-09-05', '2027-04-25']) {
      const race = await t.createRace(exec.token, { ...tri, date });
      ids.push(race.id);
      await enter(t, race.id, member);
      t.database.sqlite
        .prepare("insert into race_results (race_id, user_id, distance, finish_seconds, splits) values (?, ?, 'Sprint', 3600, '[]')")
        .run(race.id, member.id);
    }
    const season = await t.must('GET', '/api/races/season-table', { token: member.token });
    expect(season).toMatchObject({ year: '2026', season: '2026–27', from: '2026-09-01', to: '2027-08-31', startMonth: 9 });
    expect(season.table).toEqual([{ rank: 1, user_id: member.id, user_name: MEMBER.name, points: 40, races: 2 }]);
    const before = await t.must('GET', '/api/races/season-table?year=2025', { token: member.token });
    expect(before).toMatchObject({ season: '2025–26', from: '2025-09-01', to: '2026-08-31' });
    expect(before.table).toEqual([{ rank: 1, user_id: member.id, user_name: MEMBER.name, points: 20, races: 1 }]);
    const csv = await t.app.request('/api/races/season-table.csv', { headers: { Authorization: `Bearer ${member.token}` } });
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="season-2026-27.csv"');

    const wrong = await points(t, admin, { seasonStartMonth: 13 });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'Choose the month the race season starts', field: 'seasonStartMonth' });
  });

  it('shows by default the season holding the club’s today, not the UTC one', async () => {
    // 11:30 pm on December 31 in Toronto is already January 1 in UTC.
    const { t, member } = await setup(Date.parse('2027-01-01T04:30:00Z'));
    expect(await t.must('GET', '/api/races/season-table', { token: member.token })).toMatchObject({ year: '2026', season: '2026', from: '2026-01-01', to: '2026-12-31', startMonth: 1 });
  });

  it('a Sydney club starting in September: the first of September there begins the new season while it is August in UTC', async () => {
    const { t, admin, member } = await setup(Date.parse('2026-08-31T15:00:00Z'));
    const zone = await t.must('GET', '/api/club/documents/time-zone', { token: admin.token });
    await t.must('PUT', '/api/club/documents/time-zone', { token: admin.token, body: { body: { timeZone: 'Australia/Sydney' }, version: zone.version } });
    await points(t, admin, { seasonStartMonth: 9 });
    expect(await t.must('GET', '/api/races/season-table', { token: member.token })).toMatchObject({ season: '2026–27' });
  });
});
