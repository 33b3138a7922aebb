// The attendance rules' numbers as the club's setting: who may change them, what is refused, and the
// server applying the numbers in force from then on (never to what was counted before).
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { absenceLog, users } from '../../db/schema';
import { ADMIN, EXEC, MEMBER, makeClub } from '../testing/test-app';

const URL = '/api/club/documents/rules';
const TWELVE = { lateCancelHours: 12, absencesBeforeSuspension: 2, suspensionDays: 3 };
// Workouts are posted for Tuesday, March 3, then the clock moves to 10:00 that day in the club's zone.
const TUESDAY_10AM = Date.parse('2026-03-03T15:00:00Z');

async function setup() {
  const club = await makeClub({ admin: ADMIN, exec: EXEC, me: MEMBER });
  const { t, admin, exec, me } = club;
  const setRules = (body: unknown, version: number, token = admin.token) => t.call('PUT', URL, { token, body: { body, version } });
  let n = 0;
  const workout = async (date: string, time: string) => {
    const res = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: { type: 'workout', title: `Swim ${++n}`, workoutType: 'swim', workoutDate: date, workoutTime: time, content: 'Lanes', capacity: 10 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return (res.body.post ?? res.body) as { id: number };
  };
  const signUp = (id: number, on: boolean) => t.call('POST', `/api/forum/workouts/${id}/signup`, { token: me.token, body: { signedUp: on } });
  const absences = () => t.db.select().from(users).where(eq(users.id, me.id)).get()!.absences;
  return { ...club, setRules, workout, signUp, absences };
}

describe('the rules setting', () => {
  it('is changed by administrators only, and read by anyone', async () => {
    const { t, exec, me, setRules } = await setup();
    expect((await setRules(TWELVE, 0, exec.token)).status).toBe(403);
    expect((await setRules(TWELVE, 0, me.token)).status).toBe(403);
    expect((await t.call('PUT', URL, { body: { body: TWELVE, version: 0 } })).status).toBe(401);
    expect((await t.call('GET', URL)).body).toMatchObject({ version: 0, body: { lateCancelHours: 24, absencesBeforeSuspension: 3, suspensionDays: 7 } });
    expect((await setRules(TWELVE, 0)).status).toBe(200);
    expect((await t.call('GET', URL)).body).toMatchObject({ version: 1, body: TWELVE });
    expect((await t.call('GET', '/api/config')).body.rules).toEqual(TWELVE);
  });

  it('refuses a number out of bounds or not whole, naming the field by its label', async () => {
    const { setRules } = await setup();
    const refused = await setRules({ ...TWELVE, lateCancelHours: 0 }, 0);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Late-cancel window (hours) must be a whole number from 1 to 168', field: 'lateCancelHours' });
    expect((await setRules({ ...TWELVE, absencesBeforeSuspension: 2.5 }, 0)).body).toMatchObject({ field: 'absencesBeforeSuspension', error: expect.stringMatching(/^Absences before a suspension must be a whole number/) });
    expect((await setRules({ ...TWELVE, suspensionDays: '3' }, 0)).body).toMatchObject({ field: 'suspensionDays', error: expect.stringMatching(/^Suspension length \(days\)/) });
    expect((await setRules({ lateCancelHours: 12 }, 0)).status).toBe(400);
  });

  it('counts a cancel as late only under the club’s window: 13 h before is free at 12 h, 11 h before is not', async () => {
    const { setRules, workout, signUp, absences, t } = await setup();
    await setRules(TWELVE, 0);
    // 23:00 is 13 h away; 21:00 is 11 h away.
    const free = await workout('2026-03-03', '23:00');
    const late = await workout('2026-03-03', '21:00');
    t.clock.set(TUESDAY_10AM);
    await signUp(free.id, true);
    const freeCancel = await signUp(free.id, false);
    expect(freeCancel.body).toEqual({ signedUp: false });
    expect(absences()).toBe(0);
    await signUp(late.id, true);
    const lateCancel = await signUp(late.id, false);
    expect(lateCancel.body).toMatchObject({ absenceCounted: true, absences: 1 });
    expect(t.db.select().from(absenceLog).all()).toHaveLength(1);
  });

  it('suspends on the club’s number of absences for the club’s number of days, and says so in its words', async () => {
    const { setRules, workout, signUp, t } = await setup();
    await setRules(TWELVE, 0);
    const [a, b, c] = [await workout('2026-03-03', '18:00'), await workout('2026-03-03', '19:00'), await workout('2026-03-05', '18:00')];
    t.clock.set(TUESDAY_10AM);
    for (const w of [a, b]) await signUp(w.id, true);
    expect((await signUp(a.id, false)).body).toMatchObject({ absences: 1, suspendedUntil: null });
    const second = await signUp(b.id, false);
    expect(second.body).toMatchObject({ absences: 2, suspendedUntil: t.clock.now() + 3 * 24 * 3_600_000 });
    const refused = await signUp(c.id, true);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/: 2 absences suspend sign-ups for 3 days\.$/);
  });

  it('applies a change from then on: absences already counted stay, and a suspension already given keeps its end', async () => {
    const { setRules, workout, signUp, absences, t, me } = await setup();
    const first = await workout('2026-03-03', '18:00');
    t.clock.set(TUESDAY_10AM);
    await signUp(first.id, true);
    await signUp(first.id, false);
    expect(absences()).toBe(1);
    t.db.update(users).set({ suspendedUntil: t.clock.now() + 7 * 24 * 3_600_000 }).where(eq(users.id, me.id)).run();
    const before = t.db.select().from(users).where(eq(users.id, me.id)).get()!;
    await setRules({ lateCancelHours: 48, absencesBeforeSuspension: 1, suspensionDays: 1 }, 0);
    const after = t.db.select().from(users).where(eq(users.id, me.id)).get()!;
    expect(after.absences).toBe(before.absences);
    expect(after.suspendedUntil).toBe(before.suspendedUntil);
  });

  it('says how soon a workout may be posted: from tomorrow by default, or from N minutes before its start', async () => {
    const { t, exec, setRules } = await setup();
    // 10:00 on Monday, March 2 in Toronto.
    const body = (workoutDate: string, workoutTime: string, repeat?: unknown) => ({
      type: 'workout',
      title: 'Swim',
      workoutType: 'swim',
      workoutDate,
      workoutTime,
      content: 'Lanes',
      capacity: 10,
      ...(repeat ? { repeat } : {}),
    });
    const post = (workoutDate: string, workoutTime: string, repeat?: unknown) =>
      t.call('POST', '/api/forum/posts', { token: exec.token, body: body(workoutDate, workoutTime, repeat) });
    expect(await post('2026-03-02', '18:00')).toMatchObject({
      status: 400,
      body: { error: 'Please select a future date for your workout.', field: 'workoutDate' },
    });

    expect((await setRules({ ...TWELVE, postingNoticeMinutes: 90 }, 0)).status).toBe(200);
    expect((await t.call('GET', '/api/config')).body.rules).toEqual({ ...TWELVE, postingNoticeMinutes: 90 });
    expect((await post('2026-03-02', '11:30')).status).toBe(201);
    const soon = await post('2026-03-02', '11:29');
    expect(soon).toMatchObject({ status: 400, body: { error: 'Please choose a start at least 1 h 30 min from now for your workout.', field: 'workoutTime' } });
    // A weekly series is held to it by its first date, and writes nothing when refused.
    const series = await post('2026-03-02', '11:00', { weekdays: [1], until: '2026-03-16' });
    expect(series).toMatchObject({ status: 400, body: { field: 'workoutTime' } });
    expect((await post('2026-03-02', '12:00', { weekdays: [1], until: '2026-03-16' })).status).toBe(201);

    // A move to an earlier start keeps the same notice; one put off does not need it.
    const w = (await post('2026-03-04', '18:00')).body.post.id as number;
    const { type: _type, ...edit } = body('2026-03-02', '11:00');
    const moved = await t.call('PUT', `/api/forum/posts/${w}`, { token: exec.token, body: edit });
    expect(moved).toMatchObject({ status: 400, body: { field: 'workoutTime', error: expect.stringMatching(/^A workout can be moved earlier only to a start at least 1 h 30 min from now/) } });
    expect((await t.call('PUT', `/api/forum/posts/${w}`, { token: exec.token, body: { ...edit, workoutTime: '12:00' } })).status).toBe(200);

    // Left out again, the rule is from tomorrow once more.
    expect((await setRules(TWELVE, 1)).status).toBe(200);
    expect((await post('2026-03-02', '20:00')).status).toBe(400);
  });

  it('refuses a posting notice that is not whole minutes from 0 to a week, naming the field by its label', async () => {
    const { setRules } = await setup();
    for (const postingNoticeMinutes of [-1, 10_081, 2.5, '90', null]) {
      const refused = await setRules({ ...TWELVE, postingNoticeMinutes }, 0);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'Minutes before its start must be a whole number from 0 to 10080', field: 'postingNoticeMinutes' });
    }
    expect((await setRules({ ...TWELVE, postingNoticeMinutes: 0 }, 0)).status).toBe(200);
  });

  it('keeps each change with who made it and when, and the numbers before it in the version before', async () => {
    const { t, admin, setRules } = await setup();
    await setRules(TWELVE, 0);
    await setRules({ ...TWELVE, suspensionDays: 5 }, 1);
    const history = await t.call('GET', `${URL}/versions`, { token: admin.token });
    expect(history.body.versions).toMatchObject([
      { version: 2, body: { suspensionDays: 5 }, publishedBy: { name: 'Alex Admin' }, publishedAt: expect.any(Number) },
      { version: 1, body: TWELVE, publishedBy: { name: 'Alex Admin' } },
    ]);
  });
});

describe('the club’s time zone', () => {
  const TZ = '/api/club/documents/time-zone';

  it('is CLUB_TIMEZONE until an administrator picks another; /api/config and the server’s today follow', async () => {
    const { t, admin } = await setup();
    expect((await t.call('GET', TZ)).body).toMatchObject({ version: 0, body: { timeZone: 'America/Toronto' } });
    expect((await t.call('GET', '/api/config')).body.clubTimeZone).toBe('America/Toronto');
    // 03:00 UTC on March 3 is still March 2 in Toronto, already March 3 in Tokyo: a workout on
    // March 3 is in the future on the first clock, today on the second (posts must be for a later day).
    t.clock.set(Date.parse('2026-03-03T03:00:00Z'));
    const post = () =>
      t.call('POST', '/api/forum/posts', {
        token: admin.token,
        body: { type: 'workout', title: 'Swim', workoutType: 'swim', workoutDate: '2026-03-03', workoutTime: '20:00', content: 'Pool', capacity: 4 },
      });
    expect((await post()).status).toBe(201);
    expect((await t.call('PUT', TZ, { token: admin.token, body: { body: { timeZone: 'Asia/Tokyo' }, version: 0 } })).status).toBe(200);
    expect((await t.call('GET', '/api/config')).body.clubTimeZone).toBe('Asia/Tokyo');
    expect((await post()).status).toBe(400);
  });

  it('refuses a name that is no time zone, or an offset, naming the field; administrators only', async () => {
    const { t, admin, exec } = await setup();
    for (const timeZone of ['Mars/Olympus', '+05:00', 42]) {
      const refused = await t.call('PUT', TZ, { token: admin.token, body: { body: { timeZone }, version: 0 } });
      expect(refused.status).toBe(400);
      expect(refused.body.field).toBe('timeZone');
    }
    expect((await t.call('PUT', TZ, { token: exec.token, body: { body: { timeZone: 'Europe/London' }, version: 0 } })).status).toBe(403);
    expect((await t.call('GET', '/api/config')).body.clubTimeZone).toBe('America/Toronto');
  });
});
