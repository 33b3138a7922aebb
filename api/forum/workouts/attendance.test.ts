import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { absenceLog, users } from '../../../db/schema';
import { makeTestApp } from '../../testing/test-app';
import { ATTENDANCE_SUBMITTED_MESSAGE, getAttendance, submitAttendance } from './attendance';
import { ServiceError } from '../../platform/errors';
import { DEFAULT_RULE_NUMBERS, suspensionEndsAt } from '../../../domain/rules';
import { createWorkout, setSignup } from './workouts';

async function setup() {
  const t = makeTestApp();
  const execUser = await t.createUser({ role: 'exec', name: 'Erin Exec' });
  const adminUser = await t.createUser({ role: 'administrator', name: 'Alex Admin' });
  const w = createWorkout(
    t.deps,
    { id: execUser.id, role: 'exec' },
    {
      type: 'workout',
      title: 'Track tempo',
      workoutType: 'run',
      workoutDate: '2026-03-03',
      workoutTime: '18:15',
      content: '6 x 1 km',
      capacity: 10,
    },
  );
  const a = await t.createUser({ name: 'Ana' });
  const b = await t.createUser({ name: 'Ben' });
  const c = await t.createUser({ name: 'Cal' });
  for (const m of [a, b, c]) setSignup(t.deps, { id: m.id, role: 'member' }, w.id, true);
  // The session is over: the exec takes attendance afterwards.
  t.clock.set(Date.parse('2026-03-04T01:00:00Z'));
  const exec = { id: execUser.id, name: execUser.name };
  const admin = { id: adminUser.id, name: adminUser.name };
  const absences = (id: number) => t.db.select().from(users).where(eq(users.id, id)).get()!.absences;
  return { t, w, a, b, c, exec, admin, absences };
}

describe('attendance', () => {
  it('is empty and open before submission', async () => {
    const { t, w } = await setup();
    expect(getAttendance(t.deps, w.id)).toEqual({
      attendance: {},
      submitted: false,
      submitted_by: null,
      submitted_at: null,
    });
  });

  it('stores who, when and the map; an unmarked signed-up member counts as not present', async () => {
    const { t, w, a, b, c, exec } = await setup();
    const answer = submitAttendance(t.deps, exec, w.id, { [a.id]: true, [b.id]: false });
    const record = {
      attendance: { [a.id]: true, [b.id]: false, [c.id]: false },
      submitted: true,
      submitted_by: 'Erin Exec',
      submitted_at: t.clock.now(),
    };
    expect(answer).toEqual({ message: ATTENDANCE_SUBMITTED_MESSAGE, ...record });
    expect(getAttendance(t.deps, w.id)).toEqual(record);
  });

  it('is locked after the first submission: a later one is refused with the stored record', async () => {
    const { t, w, a, b, c, exec, admin } = await setup();
    submitAttendance(t.deps, exec, w.id, { [a.id]: true, [b.id]: true, [c.id]: true });
    t.clock.advance(60_000);
    let err: unknown;
    try {
      submitAttendance(t.deps, admin, w.id, { [a.id]: false, [b.id]: false, [c.id]: false });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ServiceError);
    const refusal = err as ServiceError;
    expect(refusal.status).toBe(409);
    // 01:00Z on March 4 is 20:00 on March 3 in Toronto.
    expect(refusal.message).toBe('Attendance was already submitted by Erin Exec on Tuesday, March 3, 2026 at 8:00 PM');
    expect(refusal.extra).toMatchObject({
      submitted: true,
      submitted_by: 'Erin Exec',
      attendance: { [a.id]: true },
    });
    expect(getAttendance(t.deps, w.id).attendance).toEqual({ [a.id]: true, [b.id]: true, [c.id]: true });
  });

  it('counts a no-show absence for each signed-up member marked absent, once per workout', async () => {
    const { t, w, a, b, c, exec, absences } = await setup();
    submitAttendance(t.deps, exec, w.id, { [a.id]: true, [b.id]: false, [c.id]: false });
    expect([absences(a.id), absences(b.id), absences(c.id)]).toEqual([0, 1, 1]);
    expect(
      t.db.select({ userId: absenceLog.userId, reason: absenceLog.reason }).from(absenceLog).all(),
    ).toEqual([
      { userId: b.id, reason: 'no-show' },
      { userId: c.id, reason: 'no-show' },
    ]);
  });

  it('a no-show that is the third absence suspends sign-ups for a week', async () => {
    const { t, w, a, exec } = await setup();
    t.db.update(users).set({ absences: 2 }).where(eq(users.id, a.id)).run();
    submitAttendance(t.deps, exec, w.id, { [a.id]: false });
    const row = t.db.select().from(users).where(eq(users.id, a.id)).get()!;
    expect(row).toMatchObject({ absences: 3, suspendedUntil: suspensionEndsAt(DEFAULT_RULE_NUMBERS, t.clock.now()) });
  });

  it('refuses a user who is not signed up, and changes nothing', async () => {
    const { t, w, a, exec } = await setup();
    const stranger = await t.createUser({ name: 'Zed' });
    expect(() => submitAttendance(t.deps, exec, w.id, { [a.id]: true, [stranger.id]: true })).toThrow(
      `User ${stranger.id} is not signed up for this workout`,
    );
    expect(getAttendance(t.deps, w.id).submitted).toBe(false);
  });

  it('refuses a submission before the workout starts (409 with when it opens), counts nothing, locks nothing', async () => {
    const { t, w, a, b, exec, absences } = await setup();
    // Ten days ahead: nothing may be recorded yet.
    t.clock.set(Date.parse('2026-02-21T15:00:00Z'));
    let refusal: unknown;
    try {
      submitAttendance(t.deps, exec, w.id, { [a.id]: true, [b.id]: false });
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(ServiceError);
    expect(refusal).toMatchObject({
      status: 409,
      message: 'Attendance opens when the workout starts, on Tuesday, March 3, 2026 at 6:15 PM.',
      extra: { opens_at: Date.parse('2026-03-03T23:15:00Z') },
    });
    // One minute before the start: still closed. At the start: open.
    t.clock.set(Date.parse('2026-03-03T23:14:00Z'));
    expect(() => submitAttendance(t.deps, exec, w.id, {})).toThrow('Attendance opens');
    expect(getAttendance(t.deps, w.id).submitted).toBe(false);
    expect([absences(a.id), absences(b.id)]).toEqual([0, 0]);
    t.clock.set(Date.parse('2026-03-03T23:15:00Z'));
    expect(submitAttendance(t.deps, exec, w.id, { [a.id]: true, [b.id]: true }).submitted).toBe(true);
  });

  it('answers 404 for a missing workout', async () => {
    const { t, exec } = await setup();
    expect(() => getAttendance(t.deps, 999)).toThrow('Workout not found');
    expect(() => submitAttendance(t.deps, exec, 999, {})).toThrow('Workout not found');
  });
});
