import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts, users } from '../../../db/schema';
import { forumScene } from '../../testing/forum-scene';
import { submitAttendance } from '../workouts/attendance';
import { createEvent, setRsvp } from '../events';
import { listEventPosts, listWorkoutPosts } from './list';
import { joinWaitlist, setSignup } from '../workouts/workouts';

const setup = () => forumScene();

describe('the workout list', () => {
  it("carries each workout's counts and the caller's own state", async () => {
    const { t, workout, member, execUser } = await setup();
    const full = workout('2026-03-05', '18:00', 1);
    const open = workout('2026-03-04', '18:00', null);
    const [a, b, c] = [await member('Ana'), await member('Ben'), await member('Cal')];
    setSignup(t.deps, a, full.id, true);
    joinWaitlist(t.deps, b, full.id);
    t.clock.advance(1);
    joinWaitlist(t.deps, c, full.id);
    setSignup(t.deps, c, open.id, true);

    const forC = listWorkoutPosts(t.deps, c.id);
    expect(forC.map((w) => w.id)).toEqual([open.id, full.id]);
    expect(forC[0]).toMatchObject({
      signupCount: 1,
      waitlistCount: 0,
      isSignedUp: true,
      waitlistPosition: null,
      capacity: null,
    });
    expect(forC[1]).toEqual({
      id: full.id,
      type: 'workout',
      user_id: execUser.id,
      author_name: 'Erin Exec',
      authorProfilePictureUrl: null,
      title: '2026-03-05 18:00',
      workout_type: 'run',
      workout_date: '2026-03-05',
      workout_time: '18:00',
      workout_end_time: '19:00',
      duration_minutes: null,
      content: 'Run',
      capacity: 1,
      workout_location: '',
      series_id: null,
      created_at: expect.any(Number),
      cancelled_at: null,
      cancel_reason: null,
      moved_at: null,
      signupCount: 1,
      waitlistCount: 2,
      isSignedUp: false,
      waitlistPosition: 2,
      attendanceSubmitted: false,
      attendancePresent: null,
      attendanceTotal: null,
    });
    expect(listWorkoutPosts(t.deps, b.id)[1]).toMatchObject({ waitlistPosition: 1, isSignedUp: false });
    expect(listWorkoutPosts(t.deps, a.id)[1]).toMatchObject({ waitlistPosition: null, isSignedUp: true });
  });

  it('lists upcoming workouts soonest first, then past ones most recent first', async () => {
    const { t, workout, exec } = await setup();
    const ids = [
      workout('2026-03-05', '07:00').id,
      workout('2026-03-03', '18:00').id,
      workout('2026-03-03', '06:00').id,
      workout('2026-03-04', '12:00').id,
    ];
    // Wednesday 10:00 in Toronto: the two Tuesday sessions are over.
    t.clock.set(Date.parse('2026-03-04T15:00:00Z'));
    submitAttendance(t.deps, { id: exec.id, name: 'Erin Exec' }, ids[1]!, {});
    const list = listWorkoutPosts(t.deps, exec.id);
    expect(list.map((w) => w.id)).toEqual([ids[3], ids[0], ids[1], ids[2]]);
    expect(list.map((w) => w.attendanceSubmitted)).toEqual([false, false, true, false]);
  });

  it("keeps today's workouts on top until club midnight, started ones included, with the attendance counts", async () => {
    const { t, workout, exec, member } = await setup();
    const early = workout('2026-03-04', '06:00', null);
    const noon = workout('2026-03-04', '12:00');
    const tomorrow = workout('2026-03-05', '07:00');
    const yesterday = workout('2026-03-03', '18:00');
    const people = [await member('Ana'), await member('Ben'), await member('Cal')];
    for (const p of people) setSignup(t.deps, p, early.id, true);
    // Wednesday 10:00 in Toronto: the 6:00 swim is under way, the noon one is not.
    t.clock.set(Date.parse('2026-03-04T15:00:00Z'));
    const order = () => listWorkoutPosts(t.deps, exec.id).map((w) => w.id);
    expect(order()).toEqual([early.id, noon.id, tomorrow.id, yesterday.id]);

    submitAttendance(t.deps, { id: exec.id, name: 'Erin Exec' }, early.id, {
      [people[0]!.id]: true,
      [people[1]!.id]: true,
      [people[2]!.id]: false,
    });
    const [first] = listWorkoutPosts(t.deps, exec.id);
    expect(first).toMatchObject({ id: early.id, attendanceSubmitted: true, attendancePresent: 2, attendanceTotal: 3 });

    // Just before club midnight they are still today's; just after, yesterday's, below the days ahead.
    t.clock.set(Date.parse('2026-03-05T04:59:00Z'));
    expect(order()).toEqual([early.id, noon.id, tomorrow.id, yesterday.id]);
    t.clock.set(Date.parse('2026-03-05T05:00:00Z'));
    expect(order()).toEqual([tomorrow.id, noon.id, early.id, yesterday.id]);
  });

  it('keeps past workouts and events in the lists for 30 days only', async () => {
    const { t, workout, exec } = await setup();
    const recent = workout('2026-03-03', '07:00').id;
    const old = workout('2026-03-03', '08:00').id;
    const event = createEvent(t.deps, exec, { title: 'Social', eventDate: '2026-03-03', content: 'Pizza' });
    // 30 days after March 3 the posts are still listed; a day later they are not.
    t.clock.set(Date.parse('2026-04-02T15:00:00Z'));
    expect(listWorkoutPosts(t.deps, exec.id).map((w) => w.id)).toEqual([old, recent]);
    expect(listEventPosts(t.deps, exec.id).map((e) => e.id)).toEqual([event.id]);
    t.clock.set(Date.parse('2026-04-03T15:00:00Z'));
    expect(listWorkoutPosts(t.deps, exec.id)).toEqual([]);
    expect(listEventPosts(t.deps, exec.id)).toEqual([]);
  });

  it('names a deleted author as a former member', async () => {
    const { t, workout, member } = await setup();
    const author = await member('Gone');
    const w = workout('2026-03-05', '07:00');
    t.db.update(posts).set({ userId: author.id }).where(eq(posts.id, w.id)).run();
    t.db.delete(users).where(eq(users.id, author.id)).run();
    expect(listWorkoutPosts(t.deps, 1)[0]).toMatchObject({ user_id: null, author_name: 'Former member' });
  });

  it('reads the whole list in one statement, however many posts', async () => {
    const { t, workout, exec } = await setup();
    for (let i = 0; i < 20; i++) workout('2026-03-10', `0${i % 10}:00`);
    const prepare = t.database.sqlite.prepare.bind(t.database.sqlite);
    let statements = 0;
    t.database.sqlite.prepare = ((source: string) => {
      statements += 1;
      return prepare(source);
    }) as typeof t.database.sqlite.prepare;
    try {
      expect(listWorkoutPosts(t.deps, exec.id)).toHaveLength(20);
      expect(listEventPosts(t.deps, exec.id)).toHaveLength(0);
    } finally {
      t.database.sqlite.prepare = prepare;
    }
    expect(statements).toBe(2);
  });
});

describe('the event list', () => {
  it('carries RSVP counts and myRsvp; upcoming by date, then past', async () => {
    const { t, exec, member } = await setup();
    const later = createEvent(t.deps, exec, { title: 'Later', eventDate: '2026-03-20', content: 'x' });
    const sooner = createEvent(t.deps, exec, { title: 'Sooner', eventDate: '2026-03-03', content: 'x' });
    const [a, b] = [await member('Ana'), await member('Ben')];
    setRsvp(t.deps, a, later.id, 'going');
    setRsvp(t.deps, b, later.id, 'maybe');
    const forA = listEventPosts(t.deps, a.id);
    expect(forA.map((e) => e.id)).toEqual([sooner.id, later.id]);
    expect(forA[1]).toMatchObject({ rsvpCounts: { going: 1, maybe: 1, not_going: 0 }, myRsvp: 'going' });
    expect(forA[0]).toMatchObject({ rsvpCounts: { going: 0, maybe: 0, not_going: 0 }, myRsvp: null });
    t.clock.set(Date.parse('2026-03-05T15:00:00Z'));
    expect(listEventPosts(t.deps, a.id).map((e) => e.id)).toEqual([later.id, sooner.id]);
  });
});
