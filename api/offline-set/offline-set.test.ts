import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payments, teamProfiles, users } from '../../db/schema';
import { ADMIN, EXEC, MEMBER, OTHER, PENDING, makeClub } from '../testing/test-app';

// Test clock: 2026-03-02T15:00:00Z, 10:00 on Monday, March 2 in Toronto. The workouts are posted
// then, and the set is read two days later, at 10:00 on Wednesday, March 4.
const WEDNESDAY_10AM = Date.parse('2026-03-04T15:00:00Z');

async function setup() {
  const club = await makeClub({ exec: EXEC, admin: ADMIN, me: MEMBER, other: OTHER, pending: PENDING });
  const { t, exec } = club;
  const post = async (body: Record<string, unknown>) => (await t.createPost(exec.token, body)).post.id as number;
  const workout = (title: string, workoutDate: string, workoutTime: string) =>
    post({ type: 'workout', title, workoutType: 'swim', workoutDate, workoutTime, content: 'Lanes by pace', capacity: 1 });
  const ids = {
    yesterday: await workout('Yesterday', '2026-03-03', '07:00'),
    startedToday: await workout('Started today', '2026-03-04', '09:00'),
    cancelledToday: await workout('Cancelled today', '2026-03-04', '07:00'),
    in22Hours: await workout('Tomorrow early', '2026-03-05', '08:00'),
    in25Hours: await workout('Tomorrow late', '2026-03-05', '11:00'),
    lastDay: await workout('A week on', '2026-03-11', '07:00'),
    tooFar: await workout('Too far', '2026-03-12', '07:00'),
    social: await post({ type: 'event', title: 'Social', eventDate: '2026-03-06', content: 'Pizza' }),
    gala: await post({ type: 'event', title: 'Gala', eventDate: '2026-03-20', content: 'Dress up' }),
  };
  await t.must('POST', `/api/forum/workouts/${ids.startedToday}/signup`, { token: club.me.token, body: { signedUp: true } });
  await t.must('POST', `/api/forum/workouts/${ids.startedToday}/waitlist`, { token: club.other.token });
  await t.must('POST', `/api/forum/workouts/${ids.in22Hours}/signup`, { token: club.other.token, body: { signedUp: true } });
  await t.must('POST', `/api/forum/events/${ids.social}/rsvp`, { token: club.me.token, body: { status: 'going' } });
  await t.must('POST', `/api/forum/posts/${ids.cancelledToday}/cancel`, { token: exec.token, body: { reason: 'Pool closed' } });
  await t.createRace(club.me.token, { name: 'Spring Sprint', date: '2026-05-17', location: 'Lake' });
  t.clock.set(WEDNESDAY_10AM);
  return { ...club, ids };
}

describe('GET /api/offline-set', () => {
  it('gives a member, in one answer, what each screen would read: lists, week, races, the coming days in full', async () => {
    const { t, me, ids } = await setup();
    const res = await t.call('GET', '/api/offline-set', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const set = res.body;

    // Each part is exactly what its own endpoint answers.
    const read = async (path: string) => (await t.call('GET', path, { token: me.token })).body;
    expect(set.workouts).toEqual(await read('/api/forum/posts?type=workout'));
    expect(set.events).toEqual(await read('/api/forum/posts?type=event'));
    expect(set.week).toEqual(await read('/api/me/week'));
    expect(set.races).toEqual(await read('/api/races'));
    expect(set.races.races[0].signupCount).toBe(0);

    // From the club's today to seven days on; yesterday's and the ones further ahead are left out.
    const coming = [ids.startedToday, ids.cancelledToday, ids.in22Hours, ids.in25Hours, ids.lastDay];
    expect(set.workoutDetails.map((d: { workout: { id: number } }) => d.workout.id).sort()).toEqual([...coming].sort());
    for (const id of coming) {
      const detail = set.workoutDetails.find((d: { workout: { id: number } }) => d.workout.id === id);
      expect(detail).toEqual(await read(`/api/forum/workouts/${id}`));
    }
    const started = set.workoutDetails.find((d: { workout: { id: number } }) => d.workout.id === ids.startedToday);
    expect(started.signups.map((s: { user_name: string }) => s.user_name)).toEqual(['Morgan Member']);
    expect(started.waitlist.map((s: { user_name: string }) => s.user_name)).toEqual(['Olive Other']);
    expect(set.eventDetails).toEqual([await read(`/api/forum/events/${ids.social}`)]);
    expect(set.eventDetails[0].event.myRsvp).toBe('going');

    // Attendance is for those who take it.
    expect(set.attendance).toEqual([]);
  });

  it('gives an exec and an administrator the roster and attendance of each workout started today or starting within 24 hours', async () => {
    const { t, exec, admin, ids } = await setup();
    for (const who of [exec, admin]) {
      const set = (await t.call('GET', '/api/offline-set', { token: who.token })).body;
      const byId = Object.fromEntries(set.attendance.map((a: { workoutId: number; record: unknown }) => [a.workoutId, a.record]));
      expect(Object.keys(byId).map(Number).sort()).toEqual([ids.startedToday, ids.in22Hours].sort());
      expect(byId[ids.startedToday]).toEqual((await t.call('GET', `/api/forum/workouts/${ids.startedToday}/attendance`, { token: who.token })).body);
      expect(byId[ids.startedToday]).toMatchObject({ submitted: false });
      expect(set.workoutDetails.map((d: { workout: { id: number } }) => d.workout.id)).toContain(ids.startedToday);
    }

    await t.must('POST', `/api/forum/workouts/${ids.startedToday}/attendance`, {
      token: exec.token,
      body: { attendanceData: { [String((await t.call('GET', `/api/forum/workouts/${ids.startedToday}`, { token: exec.token })).body.signups[0].user_id)]: true } },
    });
    const after = (await t.call('GET', '/api/offline-set', { token: exec.token })).body;
    const record = after.attendance.find((a: { workoutId: number }) => a.workoutId === ids.startedToday).record;
    expect(record).toMatchObject({ submitted: true, submitted_by: 'Erin Exec' });
  });

  it('tells only whoever handles the club’s money who on those rosters owes for the term, and a cash record replayed counts once', async () => {
    const { t, exec, admin, me } = await setup();
    const treasurer = await t.createUser({ ...EXEC, email: 'treasurer@club.test' });
    t.db.insert(teamProfiles).values({ id: 'treasurer', role: 'Treasurer', email: 'treasurer@club.test' }).run();
    // Signed up while a member; the membership ended since, so the term is owed.
    t.db.update(users).set({ expiryDate: '2026-03-01' }).where(eq(users.id, me.id)).run();

    for (const who of [me, exec]) expect((await t.call('GET', '/api/offline-set', { token: who.token })).body).not.toHaveProperty('owing');
    for (const who of [admin, treasurer]) {
      const { owing } = (await t.call('GET', '/api/offline-set', { token: who.token })).body;
      expect(owing).toEqual([{ userId: me.id, name: me.name, currency: 'CAD', owes: expect.arrayContaining([expect.objectContaining({ item: 'Full Tri', totalCents: 28928 })]) }]);
    }

    const { owing } = (await t.call('GET', '/api/offline-set', { token: treasurer.token })).body;
    const body = { userId: me.id, package: owing[0].owes[0].item, amountCents: owing[0].owes[0].totalCents, method: 'cash', receipt: '0042', note: 'At the pool' };
    const headers = { 'idempotency-key': 'roster-cash-0001' };
    for (let i = 0; i < 2; i++) expect((await t.call('POST', '/api/payments/record', { token: treasurer.token, body, headers })).status).toBe(201);
    expect(t.db.select().from(payments).where(eq(payments.userId, me.id)).all()).toHaveLength(1);
    expect((await t.call('GET', '/api/offline-set', { token: treasurer.token })).body.owing).toEqual([]);
  });

  it('tells whoever handles money the payment requests owed on those rosters: beside a membership owed, and apart for those who owe requests only', async () => {
    const { t, admin, me } = await setup();
    const kit = (await t.must('POST', '/api/payments/requests', { token: admin.token, body: { title: 'Club kit', amountCents: 4000, dueDate: '2026-12-31', userIds: [me.id] } })).request;
    const asked = [{ id: kit.id, title: 'Club kit', amountCents: 4000, dueDate: '2026-12-31' }];
    // Requests only: apart, so an app that knows only memberships owed is not handed an entry owing none.
    const before = (await t.call('GET', '/api/offline-set', { token: admin.token })).body;
    expect(before.owing).toEqual([]);
    expect(before.owingRequests).toEqual([{ userId: me.id, name: me.name, currency: 'CAD', owes: [], requests: asked }]);
    // The membership ended: owed with the request beside it.
    t.db.update(users).set({ expiryDate: '2026-03-01' }).where(eq(users.id, me.id)).run();
    const after = (await t.call('GET', '/api/offline-set', { token: admin.token })).body;
    expect(after.owingRequests).toEqual([]);
    expect(after.owing).toEqual([expect.objectContaining({ userId: me.id, owes: expect.arrayContaining([expect.objectContaining({ item: 'Full Tri' })]), requests: asked })]);
    await t.must('POST', '/api/payments/record', { token: admin.token, body: { userId: me.id, request: kit.id, method: 'cash' } });
    expect((await t.call('GET', '/api/offline-set', { token: admin.token })).body.owing).toEqual([expect.not.objectContaining({ requests: expect.anything() })]);
  });

  it('answers 304 to a device that holds the current set, and a new set once something changed', async () => {
    const { t, me, other, ids } = await setup();
    const first = await t.call('GET', '/api/offline-set', { token: me.token });
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^".+"$/);

    const again = await t.call('GET', '/api/offline-set', { token: me.token, headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();

    // Another member's set is their own (their own state in the lists and pages).
    const theirs = await t.call('GET', '/api/offline-set', { token: other.token, headers: { 'if-none-match': etag! } });
    expect(theirs.status).toBe(200);

    await t.must('POST', `/api/forum/workouts/${ids.lastDay}/signup`, { token: other.token, body: { signedUp: true } });
    const changed = await t.call('GET', '/api/offline-set', { token: me.token, headers: { 'if-none-match': etag! } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(etag);
    const lastDay = changed.body.workoutDetails.find((d: { workout: { id: number } }) => d.workout.id === ids.lastDay);
    expect(lastDay.workout.signupCount).toBe(1);
  });

  it('goes gzipped to a client that takes gzip', async () => {
    const { t, me } = await setup();
    const res = await t.app.request('/api/offline-set', { headers: { authorization: `Bearer ${me.token}`, 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    const body = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString('utf8'));
    expect(Object.keys(body).sort()).toEqual(['attendance', 'eventDetails', 'events', 'races', 'safetyCards', 'safetyMarks', 'week', 'workoutDetails', 'workouts']);
  });

  it('is for members: no token is a 401, a pending account the forum’s 403', async () => {
    const { t, pending } = await setup();
    expect((await t.call('GET', '/api/offline-set')).status).toBe(401);
    const refused = await t.call('GET', '/api/offline-set', { token: pending.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: expect.any(String) });
    expect(refused.body).toEqual((await t.call('GET', '/api/forum/posts?type=workout', { token: pending.token })).body);
  });
});
