import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { absenceLog, messageQueue, posts, users, waitlistEntries, workoutSignups } from '../../../db/schema';
import {
  ALREADY_SIGNED_UP_ERROR,
  FUTURE_WORKOUT_ERROR,
  fullWorkoutError,
  WORKOUT_NOT_FULL_ERROR,
  WORKOUT_STARTED_ERROR,
} from '../../../domain/contract/training/forum';
import { type NewWorkout } from '../../../domain/contract/training/forum-schemas';
import type { Role } from '../../../domain/contract/roles';
import { DEFAULT_RULE_NUMBERS, suspensionEndsAt } from '../../../domain/rules';
import { makeTestApp } from '../../testing/test-app';
import { ServiceError } from '../../platform/errors';
import {
  createWorkout,
  joinWaitlist,
  leaveWaitlist,
  setSignup,
  waitlistPosition,
  workoutDetail,
} from './workouts';
import { updateWorkoutInScope } from './series';

const HOUR = 3_600_000;
// The test clock starts at 2026-03-02T15:00:00Z: 10:00 on Monday, March 2 in Toronto (EST, UTC-5).

async function setup() {
  const t = makeTestApp();
  const execUser = await t.createUser({ role: 'exec', name: 'Erin Exec' });
  const exec = { id: execUser.id, role: 'exec' as Role };
  const members = async (n: number) => {
    const list = [];
    for (let i = 0; i < n; i++) {
      const u = await t.createUser({ role: 'member', name: `Member ${i + 1}` });
      list.push({ ...u, role: 'member' as Role });
    }
    return list;
  };
  const workout = (over: Partial<NewWorkout> = {}) =>
    createWorkout(t.deps, exec, {
      type: 'workout',
      title: 'Threshold swim',
      workoutType: 'swim',
      workoutDate: '2026-03-04',
      workoutTime: '18:00',
      content: 'Bring a pull buoy.',
      capacity: 2,
      ...over,
    });
  const signups = (postId: number) =>
    t.db
      .select()
      .from(workoutSignups)
      .where(eq(workoutSignups.postId, postId))
      .all()
      .map((r) => r.userId);
  const user = (id: number) => t.db.select().from(users).where(eq(users.id, id)).get()!;
  const queued = () => t.db.select().from(messageQueue).all();
  return { t, exec, members, workout, signups, user, queued };
}

function refusal(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (err) {
    if (err instanceof ServiceError) return err;
    throw err;
  }
  throw new Error('expected a ServiceError');
}

describe('creating a workout', () => {
  it('needs a date strictly after today in the club time zone', async () => {
    const { workout } = await setup();
    expect(refusal(() => workout({ workoutDate: '2026-03-02' }))).toMatchObject({
      status: 400,
      message: FUTURE_WORKOUT_ERROR,
    });
    expect(refusal(() => workout({ workoutDate: '2026-03-01' })).message).toBe(FUTURE_WORKOUT_ERROR);
    expect(workout({ workoutDate: '2026-03-03' })).toMatchObject({
      workout_date: '2026-03-03',
      signupCount: 0,
    });
  });

  it("uses the club's date, not UTC's: at 21:00 in Toronto (02:00Z next day) tomorrow is still allowed", async () => {
    const { t, workout } = await setup();
    t.clock.set(Date.parse('2026-03-03T02:00:00Z'));
    expect(workout({ workoutDate: '2026-03-03' }).workout_date).toBe('2026-03-03');
  });
});

describe('signing up', () => {
  it('never exceeds capacity: the next member gets the full-workout message', async () => {
    const { t, workout, members, signups } = await setup();
    const w = workout({ capacity: 2 });
    const [a, b, c] = await members(3);
    expect(setSignup(t.deps, a!, w.id)).toEqual({ signedUp: true });
    expect(setSignup(t.deps, b!, w.id, true)).toEqual({ signedUp: true });
    expect(refusal(() => setSignup(t.deps, c!, w.id))).toMatchObject({
      status: 409,
      message: fullWorkoutError(2),
    });
    expect(signups(w.id)).toEqual([a!.id, b!.id]);
  });

  it('toggles without a desired state, and setting the current state changes nothing', async () => {
    const { t, workout, members, signups } = await setup();
    const w = workout();
    const [a] = await members(1);
    expect(setSignup(t.deps, a!, w.id, false)).toEqual({ signedUp: false });
    expect(setSignup(t.deps, a!, w.id)).toEqual({ signedUp: true });
    expect(setSignup(t.deps, a!, w.id, true)).toEqual({ signedUp: true });
    expect(signups(w.id)).toEqual([a!.id]);
    expect(setSignup(t.deps, a!, w.id)).toEqual({ signedUp: false });
    expect(signups(w.id)).toEqual([]);
  });

  it('is unlimited without a capacity', async () => {
    const { t, workout, members, signups } = await setup();
    const w = workout({ capacity: null });
    for (const m of await members(5)) setSignup(t.deps, m, w.id, true);
    expect(signups(w.id)).toHaveLength(5);
  });

  it('refuses a workout that has started (and cancelling once it has)', async () => {
    const { t, workout, members } = await setup();
    const w = workout({ workoutDate: '2026-03-03', workoutTime: '07:00' });
    const [a, b] = await members(2);
    setSignup(t.deps, a!, w.id, true);
    t.clock.set(Date.parse('2026-03-03T12:00:00Z')); // 07:00 in Toronto
    expect(refusal(() => setSignup(t.deps, b!, w.id, true))).toMatchObject({
      status: 409,
      message: WORKOUT_STARTED_ERROR,
    });
    expect(refusal(() => setSignup(t.deps, a!, w.id, false))).toMatchObject({
      status: 409,
      message: WORKOUT_STARTED_ERROR,
    });
    // Setting the state it already has is still a harmless no-op.
    expect(setSignup(t.deps, a!, w.id, true)).toEqual({ signedUp: true });
  });

  it('a missing workout is a 404', async () => {
    const { t, members } = await setup();
    const [a] = await members(1);
    expect(refusal(() => setSignup(t.deps, a!, 999))).toMatchObject({
      status: 404,
      message: 'Workout not found',
    });
  });

  it('takes the member off the waitlist when they sign up', async () => {
    const { t, workout, members, signups } = await setup();
    const w = workout({ capacity: 2 });
    const [a, b] = await members(2);
    setSignup(t.deps, a!, w.id, true);
    // On the waitlist while a place is free (e.g. passed over while suspended): signing up moves them.
    t.db.insert(waitlistEntries).values({ postId: w.id, userId: b!.id, joinedAt: t.clock.now() }).run();
    expect(setSignup(t.deps, b!, w.id, true)).toEqual({ signedUp: true });
    expect(waitlistPosition(t.db, w.id, b!.id)).toBeNull();
    expect(signups(w.id)).toEqual([a!.id, b!.id]);
  });
});

describe('waitlist', () => {
  it('can only be joined when the workout is full and the member is not signed up', async () => {
    const { t, workout, members } = await setup();
    const w = workout({ capacity: 1 });
    const [a, b] = await members(2);
    expect(refusal(() => joinWaitlist(t.deps, a!, w.id))).toMatchObject({
      status: 409,
      message: WORKOUT_NOT_FULL_ERROR,
    });
    setSignup(t.deps, a!, w.id, true);
    expect(refusal(() => joinWaitlist(t.deps, a!, w.id))).toMatchObject({
      status: 409,
      message: ALREADY_SIGNED_UP_ERROR,
    });
    expect(joinWaitlist(t.deps, b!, w.id)).toEqual({ onWaitlist: true, position: 1 });
    // Joining again answers the same place.
    expect(joinWaitlist(t.deps, b!, w.id)).toEqual({ onWaitlist: true, position: 1 });
  });

  it('never applies to an unlimited workout', async () => {
    const { t, workout, members } = await setup();
    const w = workout({ capacity: null });
    const [a] = await members(1);
    expect(refusal(() => joinWaitlist(t.deps, a!, w.id)).message).toBe(WORKOUT_NOT_FULL_ERROR);
  });

  it('keeps join order, and leaving closes the gap', async () => {
    const { t, workout, members } = await setup();
    const w = workout({ capacity: 1 });
    const [a, b, c, d] = await members(4);
    setSignup(t.deps, a!, w.id, true);
    expect(joinWaitlist(t.deps, b!, w.id).position).toBe(1);
    t.clock.advance(1000);
    expect(joinWaitlist(t.deps, c!, w.id).position).toBe(2);
    expect(joinWaitlist(t.deps, d!, w.id).position).toBe(3);
    expect(leaveWaitlist(t.deps, b!, w.id)).toEqual({ onWaitlist: false, position: null });
    expect(leaveWaitlist(t.deps, b!, w.id)).toEqual({ onWaitlist: false, position: null });
    expect(waitlistPosition(t.db, w.id, c!.id)).toBe(1);
    expect(waitlistPosition(t.db, w.id, d!.id)).toBe(2);
    expect(workoutDetail(t.deps, d!.id, w.id).waitlist.map((e) => e.user_id)).toEqual([c!.id, d!.id]);
  });

  it('promotes the first in line on a cancel, at once, and emails them a link to the workout', async () => {
    const { t, workout, members, signups, queued } = await setup();
    const w = workout({ capacity: 2, title: 'Brick session' });
    const [a, b, c, d] = await members(4);
    setSignup(t.deps, a!, w.id, true);
    setSignup(t.deps, b!, w.id, true);
    joinWaitlist(t.deps, c!, w.id);
    t.clock.advance(10);
    joinWaitlist(t.deps, d!, w.id);

    expect(setSignup(t.deps, a!, w.id)).toEqual({ signedUp: false });
    expect(signups(w.id)).toEqual([b!.id, c!.id]);
    expect(waitlistPosition(t.db, w.id, d!.id)).toBe(1);
    const mails = queued();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: c!.email, subject: "You're in: Brick session" });
    expect(mails[0]!.text).toContain(`http://club.test/workout/${w.id}`);
    expect(mails[0]!.text).toContain('Wednesday, March 4, 2026 at 6:00 PM');
  });

  it('passes over a suspended member, who keeps their place', async () => {
    const { t, workout, members, signups } = await setup();
    const w = workout({ capacity: 1 });
    const [a, b, c] = await members(3);
    setSignup(t.deps, a!, w.id, true);
    joinWaitlist(t.deps, b!, w.id);
    t.clock.advance(10);
    joinWaitlist(t.deps, c!, w.id);
    t.db
      .update(users)
      .set({ suspendedUntil: t.clock.now() + HOUR })
      .where(eq(users.id, b!.id))
      .run();
    setSignup(t.deps, a!, w.id, false);
    expect(signups(w.id)).toEqual([c!.id]);
    expect(waitlistPosition(t.db, w.id, b!.id)).toBe(1);
  });
});

describe('absences and suspension', () => {
  it('counts an absence for a cancel under 24 h before the start', async () => {
    const { t, workout, members, user } = await setup();
    // 09:00 Toronto tomorrow = 23 h from 10:00 today.
    const w = workout({ workoutDate: '2026-03-03', workoutTime: '09:00' });
    const [a] = await members(1);
    setSignup(t.deps, a!, w.id, true);
    expect(setSignup(t.deps, a!, w.id, false)).toEqual({
      signedUp: false,
      absenceCounted: true,
      absences: 1,
      suspendedUntil: null,
    });
    expect(user(a!.id).absences).toBe(1);
    expect(t.db.select().from(absenceLog).all()).toMatchObject([
      { userId: a!.id, postId: w.id, reason: 'late-cancel' },
    ]);
  });

  it('counts none at exactly 24 h or more', async () => {
    const { t, workout, members, user } = await setup();
    const exactly24 = workout({ workoutDate: '2026-03-03', workoutTime: '10:00' });
    const later = workout({ workoutDate: '2026-03-05', workoutTime: '10:00' });
    const [a] = await members(1);
    for (const w of [exactly24, later]) {
      setSignup(t.deps, a!, w.id, true);
      expect(setSignup(t.deps, a!, w.id, false)).toEqual({ signedUp: false });
    }
    expect(user(a!.id).absences).toBe(0);
  });

  it('counts one absence per workout, however many late cancels', async () => {
    const { t, workout, members, user } = await setup();
    const w = workout({ workoutDate: '2026-03-03', workoutTime: '09:00' });
    const [a] = await members(1);
    setSignup(t.deps, a!, w.id, true);
    setSignup(t.deps, a!, w.id, false);
    setSignup(t.deps, a!, w.id, true);
    expect(setSignup(t.deps, a!, w.id, false)).toMatchObject({ absenceCounted: false, absences: 1 });
    expect(user(a!.id).absences).toBe(1);
  });

  it('suspends for 7 days on the third absence, refuses sign-ups meanwhile, and lifts after', async () => {
    const { t, workout, members, user } = await setup();
    const [a] = await members(1);
    const late = ['07:00', '08:00', '09:00'].map((time) =>
      workout({ workoutDate: '2026-03-03', workoutTime: time }),
    );
    const answers = late.map((w) => {
      setSignup(t.deps, a!, w.id, true);
      return setSignup(t.deps, a!, w.id, false);
    });
    const until = suspensionEndsAt(DEFAULT_RULE_NUMBERS, t.clock.now());
    expect(answers.map((x) => x.suspendedUntil)).toEqual([null, null, until]);
    expect(user(a!.id)).toMatchObject({ absences: 3, suspendedUntil: until });

    const next = workout({ workoutDate: '2026-03-20', capacity: 1 });
    const err = refusal(() => setSignup(t.deps, a!, next.id, true));
    expect(err.status).toBe(409);
    // 7 × 24 h later, read on the club's clock: summer time started on March 8.
    expect(err.message).toContain('suspended until Monday, March 9, 2026 at 11:00 AM');
    expect(err.extra).toEqual({ suspendedUntil: until });

    // Nor through the waitlist.
    const [b] = await members(1);
    setSignup(t.deps, b!, next.id, true);
    expect(refusal(() => joinWaitlist(t.deps, a!, next.id)).status).toBe(409);

    t.clock.set(until);
    const roomy = workout({ workoutDate: '2026-03-20', capacity: 5 });
    expect(setSignup(t.deps, a!, roomy.id, true)).toEqual({ signedUp: true });
  });

  it('suspends again on the sixth absence, not the fourth or fifth', async () => {
    const { t, workout, members, user } = await setup();
    const [a] = await members(1);
    t.db.update(users).set({ absences: 3 }).where(eq(users.id, a!.id)).run();
    const times = ['06:00', '07:00', '08:00'];
    const results = times.map((time) => {
      const w = workout({ workoutDate: '2026-03-03', workoutTime: time });
      setSignup(t.deps, a!, w.id, true);
      return setSignup(t.deps, a!, w.id, false);
    });
    expect(results.map((r) => r.absences)).toEqual([4, 5, 6]);
    expect(results.map((r) => r.suspendedUntil !== null)).toEqual([false, false, true]);
    expect(user(a!.id).absences).toBe(6);
  });
});

function editable(w: {
  title: string;
  workout_type: NewWorkout['workoutType'];
  workout_date: string;
  workout_time: string;
  content: string;
  capacity: number | null;
}) {
  return {
    title: w.title,
    workoutType: w.workout_type,
    workoutDate: w.workout_date,
    workoutTime: w.workout_time,
    content: w.content,
    capacity: w.capacity,
  };
}

describe('editing capacity', () => {
  it('refuses a capacity below the current signups', async () => {
    const { t, exec, workout, members, signups } = await setup();
    const w = workout({ capacity: 3 });
    for (const m of await members(3)) setSignup(t.deps, m, w.id, true);
    const err = refusal(() => updateWorkoutInScope(t.deps, exec, w.id, { ...editable(w), capacity: 2 }, 'this'));
    expect(err.status).toBe(409);
    expect(err.message).toContain('Capacity cannot be lower than the 3 members already signed up');
    expect(signups(w.id)).toHaveLength(3);
    expect(t.db.select().from(posts).where(eq(posts.id, w.id)).get()!.capacity).toBe(3);
    // Equal to the count is fine.
    expect(updateWorkoutInScope(t.deps, exec, w.id, { ...editable(w), capacity: 3, title: 'Renamed' }, 'this').title).toBe(
      'Renamed',
    );
  });

  it('promotes from the waitlist in join order when raised, and everyone when made unlimited', async () => {
    const { t, exec, workout, members, signups, queued } = await setup();
    const w = workout({ capacity: 1 });
    const [a, b, c, d] = await members(4);
    setSignup(t.deps, a!, w.id, true);
    for (const m of [b!, c!, d!]) {
      joinWaitlist(t.deps, m, w.id);
      t.clock.advance(5);
    }
    const raised = updateWorkoutInScope(t.deps, exec, w.id, { ...editable(w), capacity: 2 }, 'this');
    expect(raised).toMatchObject({ capacity: 2, signupCount: 2, waitlistCount: 2 });
    expect(signups(w.id)).toEqual([a!.id, b!.id]);
    const unlimited = updateWorkoutInScope(t.deps, exec, w.id, { ...editable(w), capacity: null }, 'this');
    expect(unlimited).toMatchObject({ capacity: null, signupCount: 4, waitlistCount: 0 });
    expect(queued().map((m) => m.to)).toEqual([b!.email, c!.email, d!.email]);
  });

  it('lets only the author, an exec or an administrator edit', async () => {
    const { t, workout, members } = await setup();
    const w = workout();
    const [a] = await members(1);
    expect(refusal(() => updateWorkoutInScope(t.deps, a!, w.id, editable(w), 'this')).status).toBe(403);
    // An author who is no longer an exec may still edit their own post.
    const own = createWorkout(t.deps, a!, { type: 'workout', ...editable(w), capacity: 4 });
    expect(updateWorkoutInScope(t.deps, a!, own.id, { ...editable(own), title: 'Mine' }, 'this').title).toBe('Mine');
  });
});

describe('workoutDetail', () => {
  it('joins names and pictures and orders signups by time', async () => {
    const { t, workout, members } = await setup();
    const w = workout({ capacity: 3 });
    const [a, b] = await members(2);
    t.db.update(users).set({ profilePictureUrl: '/uploads/b.webp' }).where(eq(users.id, b!.id)).run();
    setSignup(t.deps, b!, w.id, true);
    t.clock.advance(1000);
    setSignup(t.deps, a!, w.id, true);
    const detail = workoutDetail(t.deps, a!.id, w.id);
    expect(detail.workout).toMatchObject({
      id: w.id,
      signupCount: 2,
      isSignedUp: true,
      author_name: 'Erin Exec',
    });
    expect(detail.signups).toEqual([
      {
        id: expect.any(Number),
        user_id: b!.id,
        user_name: 'Member 2',
        signup_time: t.clock.now() - 1000,
        userProfilePictureUrl: '/uploads/b.webp',
      },
      {
        id: expect.any(Number),
        user_id: a!.id,
        user_name: 'Member 1',
        signup_time: t.clock.now(),
        userProfilePictureUrl: null,
      },
    ]);
    expect(detail.waitlist).toEqual([]);
  });
});
