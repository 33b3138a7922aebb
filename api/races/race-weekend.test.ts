// Race weekend through the app as installed apps call it: entries, lifts under load, the riders'
// notices, results, personal bests and the season table, each role.
import { describe, expect, it } from 'vitest';
import { messageQueue } from '../../db/schema';
import { EXEC, MEMBER, OTHER, PENDING, makeClub, type TestApp, type TestAppOptions, type TestUser } from '../testing/test-app';
import { recordStatements } from '../testing/statements-run';

const race = { name: 'Lakeside Tri', date: '2026-05-16', location: 'Lakeside Park', description: '', distances: ['Sprint', 'Olympic', ' sprint ', ''] };
const lift = { leavingFrom: 'Sports centre', leavingAt: '2026-05-16T05:00', seats: 4, bikeSpots: 2, note: 'Roof rack' };

/** The race's own day, mid-morning at the club (Toronto): results are open. */
const RACE_DAY = Date.parse('2026-05-16T14:00:00Z');

const setup = async (options: TestAppOptions = {}) => {
  const club = await makeClub({ member: MEMBER, other: OTHER, exec: EXEC, pending: { ...PENDING, expiryDate: null } }, options);
  const raceId = (await club.t.createRace(club.member.token, race)).id as number;
  return { ...club, raceId };
};

const detail = async (t: TestApp, token: string, raceId: number) => (await t.must('GET', `/api/races/${raceId}`, { token })).race;
const offer = async (t: TestApp, driver: TestUser, raceId: number, body: Record<string, unknown> = lift) =>
  (await t.must('POST', `/api/races/${raceId}/lifts`, { token: driver.token, body, status: 201 })).lift;
const finish = (distance: string, finishTime: string, more: Record<string, unknown> = {}) => ({ distance, finishTime, ...more });
/** `who` sign up for the race: only members entered in a race get a result in it. */
const enter = async (t: TestApp, raceId: number, ...who: TestUser[]) => {
  for (const u of who) await t.must('POST', `/api/races/${raceId}/signup`, { token: u.token });
};

describe('entries', () => {
  it('a race lists its distances once each; a member enters one with a wave and the race lists who races what', async () => {
    const { t, member, other, raceId } = await setup();
    expect((await detail(t, member.token, raceId)).distances).toEqual(['Sprint', 'Olympic']);

    const entered = await t.call('PUT', `/api/races/${raceId}/entry`, { token: member.token, body: { distance: 'olympic', wave: '07:40 wave 3' } });
    expect(entered.status).toBe(200);
    expect(entered.body.entry).toMatchObject({ user_id: member.id, distance: 'Olympic', wave: '07:40 wave 3' });
    await t.must('POST', `/api/races/${raceId}/signup`, { token: other.token });

    const seen = await detail(t, other.token, raceId);
    expect(seen.isSignedUp).toBe(true);
    expect(seen.entries).toEqual([
      { user_id: member.id, user_name: MEMBER.name, distance: 'Olympic', wave: '07:40 wave 3' },
      { user_id: other.id, user_name: OTHER.name, distance: null, wave: '' },
    ]);
    expect(seen.entry).toEqual({ user_id: other.id, user_name: OTHER.name, distance: null, wave: '' });
  });

  it('refuses a distance the race does not list, next to the field', async () => {
    const { t, member, raceId } = await setup();
    const res = await t.call('PUT', `/api/races/${raceId}/entry`, { token: member.token, body: { distance: 'Ironman' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "Choose one of the race's distances", field: 'distance' });
  });

  it('an edit without distances (an older app) keeps them; one with distances replaces them', async () => {
    const { t, exec, member, raceId } = await setup();
    await t.must('PUT', `/api/races/${raceId}`, { token: exec.token, body: { name: 'Renamed', date: '2026-05-16', location: '', description: '' } });
    expect((await detail(t, member.token, raceId)).distances).toEqual(['Sprint', 'Olympic']);
    await t.must('PUT', `/api/races/${raceId}`, { token: exec.token, body: { name: 'Renamed', date: '2026-05-16', location: '', description: '', distances: ['70.3'] } });
    expect((await detail(t, member.token, raceId)).distances).toEqual(['70.3']);
  });

  it('visitors and pending accounts see distances but no entries, lifts or results', async () => {
    const { t, pending, raceId } = await setup();
    const visitor = (await t.must('GET', '/api/races')).races.find((r: { id: number }) => r.id === raceId);
    expect(visitor).toMatchObject({ distances: ['Sprint', 'Olympic'], entries: [], entry: null, lifts: [], liftSeekers: [], results: [] });
    expect((await t.call('PUT', `/api/races/${raceId}/entry`, { token: pending.token, body: { distance: 'Sprint' } })).status).toBe(403);
  });
});

describe('lifts', () => {
  it('100 members taking 4 seats at once: exactly 4 get one, the rest hear there are none left', async () => {
    const { t, member, raceId } = await setup();
    const car = await offer(t, member, raceId);
    const riders = await Promise.all(Array.from({ length: 100 }, (_, i) => t.createUser({ name: `Rider ${i}` })));
    const answers = await Promise.all(riders.map((r) => t.call('POST', `/api/races/${raceId}/lifts/${car.id}/seat`, { token: r.token })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(4);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(96);
    expect(new Set(refused.map((a) => `${a.status} ${a.body.error}`))).toEqual(new Set(['409 No seats left in this lift']));
    const seen = (await detail(t, member.token, raceId)).lifts[0];
    expect(seen).toMatchObject({ seats: 4, seatsTaken: 4, seatsFree: 0, bikeSpots: 2, bikeSpotsTaken: 0, bikeSpotsFree: 2 });
    expect(seen.riders).toHaveLength(4);
  });

  it('a seat and a bike spot are taken separately; the driver sees who rides; a replay takes nothing twice', async () => {
    const { t, member, other, exec, raceId } = await setup();
    const car = await offer(t, member, raceId, { ...lift, seats: 1, bikeSpots: 1 });
    const headers = { 'Idempotency-Key': 'take-seat-0001' };
    const first = await t.call('POST', `/api/races/${raceId}/lifts/${car.id}/seat`, { token: other.token, headers });
    const replay = await t.call('POST', `/api/races/${raceId}/lifts/${car.id}/seat`, { token: other.token, headers });
    expect(replay.body).toEqual(first.body);
    expect(first.body.lift).toMatchObject({ seatsTaken: 1, seatsFree: 0, bikeSpotsTaken: 0, mySeat: true, myBike: false });
    // The exec gets the bike spot only: the seat is gone.
    expect((await t.call('POST', `/api/races/${raceId}/lifts/${car.id}/seat`, { token: exec.token })).status).toBe(409);
    const bike = await t.call('POST', `/api/races/${raceId}/lifts/${car.id}/bike-spot`, { token: exec.token });
    expect(bike.body.lift).toMatchObject({ bikeSpotsTaken: 1, bikeSpotsFree: 0, myBike: true, mySeat: false });

    const driverView = (await detail(t, member.token, raceId)).lifts[0];
    expect(driverView.riders).toEqual([
      { user_id: other.id, user_name: OTHER.name, seat: true, bike: false },
      { user_id: exec.id, user_name: EXEC.name, seat: false, bike: true },
    ]);
    // The driver cannot ride in their own car; giving a seat back frees it.
    expect((await t.call('POST', `/api/races/${raceId}/lifts/${car.id}/seat`, { token: member.token })).status).toBe(409);
    const back = await t.must('DELETE', `/api/races/${raceId}/lifts/${car.id}/seat`, { token: other.token });
    expect(back.lift).toMatchObject({ seatsFree: 1, mySeat: false });
  });

  it('only the driver changes or withdraws a lift; places cannot drop below those taken', async () => {
    const { t, member, other, raceId } = await setup();
    const car = await offer(t, member, raceId);
    await t.must('POST', `/api/races/${raceId}/lifts/${car.id}/seat`, { token: other.token });
    expect((await t.call('PUT', `/api/races/${raceId}/lifts/${car.id}`, { token: other.token, body: lift })).status).toBe(403);
    expect((await t.call('DELETE', `/api/races/${raceId}/lifts/${car.id}`, { token: other.token })).status).toBe(403);
    const tooFew = await t.call('PUT', `/api/races/${raceId}/lifts/${car.id}`, { token: member.token, body: { ...lift, seats: 0 } });
    expect(tooFew.status).toBe(409);
    expect(tooFew.body.field).toBe('seats');
    expect(tooFew.body.error).toBe('1 rider already has a seat: offer at least 1 seat');
    await t.must('POST', `/api/races/${raceId}/lifts/${car.id}/bike-spot`, { token: other.token });
    const noRack = await t.call('PUT', `/api/races/${raceId}/lifts/${car.id}`, { token: member.token, body: { ...lift, bikeSpots: 0 } });
    expect(noRack.status).toBe(409);
    expect(noRack.body).toEqual({ error: '1 rider already has a bike spot: offer at least 1 bike spot', field: 'bikeSpots' });
    // Exactly the places taken is fine.
    const full = await t.must('PUT', `/api/races/${raceId}/lifts/${car.id}`, { token: member.token, body: { ...lift, seats: 1, bikeSpots: 1 } });
    expect(full.lift).toMatchObject({ seats: 1, seatsFree: 0, bikeSpots: 1, bikeSpotsFree: 0 });
  });

  it('one lift per driver per race: a second, however alike, is refused with 409; another race or after a withdrawal is fine', async () => {
    const { t, member, exec, raceId } = await setup();
    const car = await offer(t, member, raceId);
    const again = await t.call('POST', `/api/races/${raceId}/lifts`, { token: member.token, body: lift });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'You already offer a lift to this race: change that one (seats, bike spots, time) instead of offering another' });
    // Sent at once with different keys, two offers still make one lift.
    const both = await Promise.all([1, 2].map(() => t.call('POST', `/api/races/${raceId}/lifts`, { token: exec.token, body: lift })));
    expect(both.map((r) => r.status).sort()).toEqual([201, 409]);
    expect((await detail(t, member.token, raceId)).lifts.map((l: { driver_id: number }) => l.driver_id).sort()).toEqual([member.id, exec.id].sort());

    const other = (await t.createRace(member.token, { ...race, date: '2026-05-23' })).id as number;
    await offer(t, member, other);
    await t.must('DELETE', `/api/races/${raceId}/lifts/${car.id}`, { token: member.token });
    await offer(t, member, raceId);
  });

  it('refuses a lift without where and when, next to the fields', async () => {
    const { t, member, raceId } = await setup();
    const res = await t.call('POST', `/api/races/${raceId}/lifts`, { token: member.token, body: { ...lift, leavingFrom: ' ', leavingAt: 'soon' } });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Say where you are leaving from', field: 'leavingFrom' });
    const car = await offer(t, member, raceId);
    const changed = await t.call('PUT', `/api/races/${raceId}/lifts/${car.id}`, { token: member.token, body: { ...lift, leavingAt: 'soon' } });
    expect(changed.status).toBe(400);
    expect(changed.body).toEqual({ error: 'Enter when you leave as a date and time', field: 'leavingAt' });
  });

  it('a new time and a withdrawal tell each rider once, however often the driver sends them', async () => {
    const { t, member, other, exec, raceId } = await setup();
    const car = await offer(t, member, raceId);
    await t.must('POST', `/api/races/${raceId}/lifts/${car.id}/seat`, { token: other.token });
    await t.must('POST', `/api/races/${raceId}/lifts/${car.id}/bike-spot`, { token: other.token });
    await t.must('POST', `/api/races/${raceId}/lifts/${car.id}/seat`, { token: exec.token });
    const queued = () => t.db.select().from(messageQueue).all();

    // The note alone changes nothing the riders need to hear.
    await t.must('PUT', `/api/races/${raceId}/lifts/${car.id}`, { token: member.token, body: { ...lift, note: 'Bring snacks' } });
    expect(queued()).toHaveLength(0);
    for (let i = 0; i < 2; i++) {
      await t.must('PUT', `/api/races/${raceId}/lifts/${car.id}`, { token: member.token, body: { ...lift, leavingAt: '2026-05-16T04:30' } });
    }
    expect(queued().map((m) => m.to).sort()).toEqual([exec.email, other.email].sort());
    expect(queued()[0]!.subject).toBe('Lift time changed: Lakeside Tri');

    await t.must('DELETE', `/api/races/${raceId}/lifts/${car.id}`, { token: member.token, headers: { 'Idempotency-Key': 'withdraw-0001' } });
    await t.must('DELETE', `/api/races/${raceId}/lifts/${car.id}`, { token: member.token, headers: { 'Idempotency-Key': 'withdraw-0001' } });
    const withdrawn = queued().filter((m) => m.subject === 'Lift cancelled: Lakeside Tri');
    expect(withdrawn.map((m) => m.to).sort()).toEqual([exec.email, other.email].sort());
    expect((await detail(t, other.token, raceId)).lifts).toEqual([]);
  });

  it('a member looking for a lift is listed for drivers until they take a seat', async () => {
    const { t, member, other, raceId } = await setup();
    await t.must('POST', `/api/races/${raceId}/looking-for-lift`, { token: other.token });
    expect((await detail(t, member.token, raceId)).liftSeekers).toEqual([{ user_id: other.id, user_name: OTHER.name }]);
    expect((await detail(t, other.token, raceId)).lookingForLift).toBe(true);
    const car = await offer(t, member, raceId);
    await t.must('POST', `/api/races/${raceId}/lifts/${car.id}/seat`, { token: other.token });
    expect((await detail(t, member.token, raceId)).liftSeekers).toEqual([]);
  });
});

describe('the races list', () => {
  const listed = async (t: TestApp, who: TestUser, raceId: number) =>
    (await t.must('GET', '/api/races', { token: who.token })).races.find((r: { id: number }) => r.id === raceId);

  it('is read once per change of the data: each member still gets their own entry, places and lift search', async () => {
    const { t, member, other, exec, raceId } = await setup();
    await t.must('PUT', `/api/races/${raceId}/entry`, { token: member.token, body: { distance: 'Sprint', wave: '' } });
    const car = await offer(t, exec, raceId);
    await t.must('POST', `/api/races/${raceId}/lifts/${car.id}/seat`, { token: other.token });
    await t.must('POST', `/api/races/${raceId}/looking-for-lift`, { token: member.token });

    const { statements, stop } = recordStatements(t.database);
    try {
      const mine = await listed(t, member, raceId);
      expect(mine).toMatchObject({ isSignedUp: true, entry: { user_id: member.id, distance: 'Sprint' }, lookingForLift: true });
      expect(mine.lifts[0]).toMatchObject({ seatsTaken: 1, mySeat: false, myBike: false });
      expect(statements.filter((sql) => /from "race_/.test(sql)).length).toBeGreaterThan(0);

      // Nothing changed: the next members' lists read no race table, and each is still their own.
      statements.length = 0;
      const theirs = await listed(t, other, raceId);
      const driver = await listed(t, exec, raceId);
      expect(statements.filter((sql) => /from "race/.test(sql))).toEqual([]);
      expect(theirs).toMatchObject({ isSignedUp: false, entry: null, lookingForLift: false });
      expect(theirs.lifts[0]).toMatchObject({ seatsTaken: 1, mySeat: true, myBike: false });
      expect(driver.lifts[0]).toMatchObject({ driver_id: exec.id, mySeat: false });
      expect((await listed(t, member, raceId)).lifts[0].mySeat).toBe(false);

      // A change is in the very next list.
      await t.must('DELETE', `/api/races/${raceId}/lifts/${car.id}/seat`, { token: other.token });
      expect((await listed(t, other, raceId)).lifts[0]).toMatchObject({ seatsTaken: 0, mySeat: false });
    } finally {
      stop();
    }
  });
});

describe('results, personal bests and the season table', () => {
  it('a member enters their result with splits; the race lists the club results per distance with club places', async () => {
    const { t, member, other, exec, raceId } = await setup({ now: RACE_DAY });
    await enter(t, raceId, member, other, exec);
    const mine = await t.call('PUT', `/api/races/${raceId}/result`, {
      token: member.token,
      body: finish('Sprint', '1:10:05', { swim: '14:20', t1: '1:30', bike: '35:00', t2: '0:55', run: '18:20', placing: 42 }),
      headers: { 'Idempotency-Key': 'result-0001' },
    });
    expect(mine.status).toBe(200);
    expect(mine.body.result).toMatchObject({ distance: 'Sprint', finishSeconds: 4205, swimSeconds: 860, t1Seconds: 90, runSeconds: 1100, placing: 42, clubPlace: 1 });
    await t.must('PUT', `/api/races/${raceId}/result`, { token: other.token, body: finish('Sprint', '1:05:00') });
    await t.must('PUT', `/api/races/${raceId}/result`, { token: exec.token, body: finish('Olympic', '2:20:00') });
    const results = (await detail(t, member.token, raceId)).results;
    expect(results.map((r: { user_id: number; distance: string; clubPlace: number }) => [r.distance, r.user_id, r.clubPlace])).toEqual([
      ['Olympic', exec.id, 1],
      ['Sprint', other.id, 1],
      ['Sprint', member.id, 2],
    ]);
  });

  it('refuses a finish time that is not a time, and someone else\'s result unless an exec enters it', async () => {
    const { t, member, other, exec, raceId } = await setup({ now: RACE_DAY });
    await enter(t, raceId, member, other);
    const bad = await t.call('PUT', `/api/races/${raceId}/result`, { token: member.token, body: finish('Sprint', 'fast') });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Enter the finish time as H:MM:SS or MM:SS' });
    expect((await t.call('PUT', `/api/races/${raceId}/results/${other.id}`, { token: member.token, body: finish('Sprint', '1:00:00') })).status).toBe(403);
    const corrected = await t.must('PUT', `/api/races/${raceId}/results/${other.id}`, { token: exec.token, body: finish('Sprint', '1:00:00') });
    expect(corrected.result).toMatchObject({ user_id: other.id, finishSeconds: 3600 });
  });

  it('a faster time replaces the personal best, a slower one does not, each distance on its own', async () => {
    const { t, member, exec } = await setup({ now: Date.parse('2026-06-01T16:00:00Z') });
    const races = [];
    for (const date of ['2026-04-01', '2026-05-01', '2026-06-01']) {
      races.push((await t.createRace(exec.token, { ...race, date })).id as number);
      await enter(t, races.at(-1)!, member);
    }
    const bests = async () => (await t.must('GET', `/api/races/personal-bests/${member.id}`, { token: exec.token })).personalBests;
    await t.must('PUT', `/api/races/${races[0]}/result`, { token: member.token, body: finish('Sprint', '1:10:00') });
    expect(await bests()).toEqual([{ distance: 'Sprint', raceId: races[0], raceDate: '2026-04-01', finishSeconds: 4200, isNew: true }]);
    await t.must('PUT', `/api/races/${races[1]}/result`, { token: member.token, body: finish('Sprint', '1:12:00') });
    expect(await bests()).toEqual([{ distance: 'Sprint', raceId: races[0], raceDate: '2026-04-01', finishSeconds: 4200, isNew: false }]);
    await t.must('PUT', `/api/races/${races[2]}/result`, { token: member.token, body: finish('Olympic', '2:30:00') });
    await t.must('PUT', `/api/races/${races[1]}/result`, { token: member.token, body: finish('Sprint', '1:08:00') });
    expect(await bests()).toEqual([
      { distance: 'Olympic', raceId: races[2], raceDate: '2026-06-01', finishSeconds: 9000, isNew: true },
      { distance: 'Sprint', raceId: races[1], raceDate: '2026-05-01', finishSeconds: 4080, isNew: true },
    ]);
  });

  it('the season table ranks members by the club\'s points, and follows the administrators\' numbers', async () => {
    const { t, member, other, exec, raceId } = await setup({ now: Date.parse('2026-07-01T16:00:00Z') });
    const second = (await t.createRace(exec.token, { ...race, date: '2026-07-01' })).id as number;
    await enter(t, raceId, member, other);
    await enter(t, second, member);
    await t.must('PUT', `/api/races/${raceId}/result`, { token: member.token, body: finish('Sprint', '1:10:00') });
    await t.must('PUT', `/api/races/${raceId}/result`, { token: other.token, body: finish('Sprint', '1:05:00') });
    await t.must('PUT', `/api/races/${second}/result`, { token: member.token, body: finish('Olympic', '2:30:00') });
    const table = async () => (await t.must('GET', '/api/races/season-table?year=2026', { token: exec.token })).table;
    // Defaults: 10 for a finish, then 10, 6, 4, 2, 1 by club place.
    expect(await table()).toEqual([
      { rank: 1, user_id: member.id, user_name: MEMBER.name, points: 16 + 20, races: 2 },
      { rank: 2, user_id: other.id, user_name: OTHER.name, points: 20, races: 1 },
    ]);
    expect((await t.must('GET', '/api/races/season-table?year=2025', { token: exec.token })).table).toEqual([]);

    const admin = await t.createUser({ role: 'administrator', name: 'Ada Admin' });
    const doc = await t.must('GET', '/api/club/documents/race-points', { token: admin.token });
    await t.must('PUT', '/api/club/documents/race-points', { token: admin.token, body: { body: { finishPoints: 1, placePoints: [5] }, version: doc.version } });
    expect((await table()).map((r: { user_id: number; points: number }) => [r.user_id, r.points])).toEqual([
      [member.id, 1 + 1 + 5],
      [other.id, 6],
    ]);
    const refused = await t.call('PUT', '/api/club/documents/race-points', { token: exec.token, body: { body: { finishPoints: 1, placePoints: [] }, version: doc.version + 1 } });
    expect(refused.status).toBe(403);
  });

  it('results and the table export as CSV', async () => {
    const { t, member, raceId } = await setup({ now: RACE_DAY });
    await enter(t, raceId, member);
    await t.must('PUT', `/api/races/${raceId}/result`, { token: member.token, body: finish('Sprint', '1:10:05', { swim: '14:20' }) });
    const csv = await t.app.request(`/api/races/${raceId}/results.csv`, { headers: { Authorization: `Bearer ${member.token}` } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain('"Distance","Club place","Member","Finish","Swim"');
    expect(text).toContain(`"Sprint","1","${MEMBER.name}","1:10:05","14:20"`);
    const season = await (await t.app.request('/api/races/season-table.csv?year=2026', { headers: { Authorization: `Bearer ${member.token}` } })).text();
    expect(season).toContain(`"1","${MEMBER.name}","20","1"`);
    expect((await t.app.request('/api/races/season-table.csv')).status).toBe(401);
  });
});
