import { describe, expect, it } from 'vitest';
import { checkNewEvent } from './events/new-event-modal';
import { filterWorkouts } from './workouts/workouts-tab';
import { defaultSports } from '../../../domain/sports';
import { whosComingTitle } from './workouts/workout-roster';
import { checkNewWorkout, checkWorkoutUpdate, EMPTY_WORKOUT } from './workouts/workout-form';
import { commentSchema } from '../../../domain/contract/training/forum-schemas';
import {
  capacityText,
  cardStateText,
  dayLabel,
  detectPromotions,
  eventView,
  groupByDay,
  rosterWith,
  startedOnClubClock,
  waitlistPositionText,
  workoutView,
} from './common/workout-rules';
import { canManagePost, isFull } from '../../../domain/rules';
import { hoursUntil } from '../../../domain/clock';
import { clubTimeZone } from '../../lib/club/club-zone';
import { testUser } from '../../test-support';
import { event, exec, member, workout } from './test-handlers';
import { defaultTerms } from '../../../domain/calendar';

const terms = defaultTerms().terms;

describe('workout view', () => {
  it('is full only with a capacity that is reached', () => {
    expect(isFull(null, 500)).toBe(false);
    expect(isFull(3, 2)).toBe(false);
    expect(isFull(3, 3)).toBe(true);
  });

  it('lays a queued sign-up or waitlist choice over the answer', () => {
    const base = workout({ capacity: 3, signupCount: 2 });
    expect(workoutView(base)).toMatchObject({
      signedUp: false,
      signupCount: 2,
      full: false,
      unsynced: false,
    });
    expect(workoutView(base, { signedUp: true })).toMatchObject({
      signedUp: true,
      signupCount: 3,
      full: true,
      unsynced: true,
    });
    const waiting = workout({ capacity: 2, signupCount: 2, waitlistCount: 1 });
    expect(workoutView(waiting, { joined: true })).toMatchObject({
      waitlistPosition: 0,
      waitlistCount: 2,
      unsynced: true,
    });
    // The same state as the server's is not "unsynced".
    expect(workoutView(workout({ isSignedUp: true, signupCount: 1 }), { signedUp: true }).unsynced).toBe(
      false,
    );
  });

  it("has started once its start on the club's clock is reached, whatever the phone's zone", () => {
    const w = { workout_date: '2026-03-02', workout_time: '18:00' };
    // 18:00 in Toronto (the tests' club zone) is 23:00 UTC in March.
    const start = Date.parse('2026-03-02T23:00:00Z');
    expect(startedOnClubClock(w, start - 60_000)).toBe(false);
    expect(startedOnClubClock(w, start)).toBe(true);
    expect(hoursUntil(w.workout_date, w.workout_time, start - 30 * 3_600_000, clubTimeZone()!)).toBe(30);
    // Before the device knows the club's zone, nothing is claimed: the server decides.
    expect(startedOnClubClock(w, start, null)).toBe(false);
  });

  it('words the capacity and the waitlist place', () => {
    expect(capacityText(4, 10)).toBe('4/10 spots filled');
    expect(capacityText(4, null)).toBe('Unlimited');
    expect(waitlistPositionText(1)).toBe('1st on the waitlist');
    expect(waitlistPositionText(2)).toBe('2nd on the waitlist');
    expect(waitlistPositionText(3)).toBe('3rd on the waitlist');
    expect(waitlistPositionText(11)).toBe('11th on the waitlist');
    expect(waitlistPositionText(0)).toBe('on the waitlist');
    expect(waitlistPositionText(null)).toBeNull();
    expect(whosComingTitle(2, 10)).toBe("Who's Coming (2/10)");
    expect(whosComingTitle(2, null)).toBe("Who's Coming (2)");
  });

  it('filters by sport with the contract groups', () => {
    const list = (['spin', 'outdoor-ride', 'run', 'swim', 'brick', 'other'] as const).map((t, i) =>
      workout({ id: i, workout_type: t }),
    );
    const types = (f: string) => filterWorkouts(list, defaultSports(), f).map((w) => w.workout_type);
    expect(types('all')).toHaveLength(6);
    expect(types('bike')).toEqual(['spin', 'outdoor-ride', 'brick']);
    expect(types('swim')).toEqual(['swim']);
    expect(types('run')).toEqual(['run']);
  });
});

describe('forum card state and day headings', () => {
  it('says the state in one line', () => {
    expect(cardStateText(workoutView(workout({ capacity: 12, signupCount: 4 })))).toBe('4 of 12');
    expect(cardStateText(workoutView(workout({ capacity: 12, signupCount: 12, waitlistCount: 2 })))).toBe('12 of 12 · 2 waiting');
    expect(cardStateText(workoutView(workout({ capacity: 2, signupCount: 2, waitlistCount: 4, waitlistPosition: 3 })))).toBe(
      '2 of 2 · you are 3rd on the waitlist',
    );
    expect(cardStateText(workoutView(workout({ capacity: null, signupCount: 7 })))).toBe('7 signed up');
    expect(cardStateText(workoutView(workout({ capacity: 5, signupCount: 5 })))).toBe('5 of 5');
  });

  it('names days relative to the club\u2019s today', () => {
    expect(dayLabel('2026-11-23', '2026-11-23')).toEqual({ label: 'Today', detail: 'Mon, Nov 23, 2026' });
    expect(dayLabel('2026-11-24', '2026-11-23').label).toBe('Tomorrow');
    expect(dayLabel('2026-11-27', '2026-11-23')).toEqual({ label: 'Friday', detail: 'Nov 27, 2026' });
    expect(dayLabel('2026-11-30', '2026-11-23')).toEqual({ label: 'Mon, Nov 30, 2026', detail: null });
    expect(dayLabel('2026-11-20', '2026-11-23').label).toBe('Fri, Nov 20, 2026');
    // Before the device knows the club's zone: plain dates.
    expect(dayLabel('2026-11-23', null)).toEqual({ label: 'Mon, Nov 23, 2026', detail: null });
  });

  it('groups consecutive items of one date, keeping their order', () => {
    const groups = groupByDay(['2026-11-23', '2026-11-23', '2026-11-25'], (d) => d, '2026-11-23');
    expect(groups.map((g) => [g.label, g.items.length])).toEqual([
      ['Today', 2],
      ['Wednesday', 1],
    ]);
  });
});

describe('who may manage a post', () => {
  it('is its author, an exec or an administrator', () => {
    const post = { user_id: 5 };
    expect(canManagePost(member({ id: 5 }), post.user_id)).toBe(true);
    expect(canManagePost(member({ id: 6 }), post.user_id)).toBe(false);
    expect(canManagePost(exec({ id: 6 }), post.user_id)).toBe(true);
    expect(canManagePost(testUser('administrator', { id: 6 }), post.user_id)).toBe(true);
    expect(canManagePost(null, post.user_id)).toBe(false);
    expect(canManagePost(member(), null)).toBe(false);
  });
});

describe('RSVP', () => {
  it('moves the counts with a queued choice', () => {
    const e = event({ myRsvp: 'going', rsvpCounts: { going: 3, maybe: 1, not_going: 0 } });
    expect(eventView(e, undefined)).toEqual({ myRsvp: 'going', counts: e.rsvpCounts, unsynced: false });
    expect(eventView(e, { status: 'not_going' })).toEqual({
      myRsvp: 'not_going',
      counts: { going: 2, maybe: 1, not_going: 1 },
      unsynced: true,
    });
    expect(eventView(e, { status: null })).toMatchObject({ myRsvp: null, counts: { going: 2 } });
  });
});

describe('promotion notice', () => {
  it('finds workouts where a remembered waitlist place became a sign-up, and remembers the new places', () => {
    const list = [
      workout({ id: 1, isSignedUp: true }),
      workout({ id: 2, waitlistPosition: 2 }),
      workout({ id: 3, isSignedUp: true }),
      workout({ id: 4 }),
    ];
    const { promoted, positions } = detectPromotions({ 1: 1, 4: 3 }, list);
    expect(promoted.map((w) => w.id)).toEqual([1]);
    expect(positions).toEqual({ 2: 2 });
  });
});

describe('form checks', () => {
  const today = '2026-03-02';
  // 10:00 on that day in the club's zone.
  const clock = { now: Date.parse('2026-03-02T15:00:00Z'), timeZone: 'America/Toronto' };
  const draft = {
    ...EMPTY_WORKOUT,
    title: 'Swim',
    workoutDate: '2026-03-03',
    workoutTime: '07:00',
    content: 'Lanes by pace',
  };

  it('new workout: required fields, lengths, capacity, then a strictly future date', () => {
    expect(checkNewWorkout(EMPTY_WORKOUT, clock, terms)).toEqual({
      ok: false,
      error: 'Title, date, time and description are required',
    });
    expect(checkNewWorkout({ ...draft, title: 'x'.repeat(101) }, clock, terms)).toEqual({
      ok: false,
      error: 'Title must be at most 100 characters',
    });
    expect(checkNewWorkout({ ...draft, content: 'x'.repeat(501) }, clock, terms)).toEqual({
      ok: false,
      error: 'Description must be at most 500 characters',
    });
    expect(checkNewWorkout({ ...draft, capacity: '0' }, clock, terms).ok).toBe(false);
    expect(checkNewWorkout({ ...draft, capacity: '2.5' }, clock, terms).ok).toBe(false);
    expect(checkNewWorkout({ ...draft, workoutDate: today }, clock, terms)).toEqual({
      ok: false,
      error: 'Please select a future date for your workout.',
    });
    expect(checkNewWorkout({ ...draft, capacity: ' ' }, clock, terms)).toEqual({
      ok: true,
      body: {
        type: 'workout',
        title: 'Swim',
        workoutType: 'spin',
        workoutDate: '2026-03-03',
        workoutTime: '07:00',
        content: 'Lanes by pace',
        capacity: null,
      },
    });
    expect(checkNewWorkout({ ...draft, capacity: '100' }, clock, terms)).toMatchObject({
      ok: true,
      body: { capacity: 100 },
    });
  });

  it('new workout repeated weekly: weekdays as numbers, at least one, the last date within the term', () => {
    const weekly = (weekdays: string[], until: string) => ({ ...draft, repeatOn: true, repeat: { weekdays, until } });
    expect(checkNewWorkout(weekly(['4', '2'], '2026-03-31'), clock, terms)).toMatchObject({
      ok: true,
      body: { workoutDate: '2026-03-03', repeat: { weekdays: [2, 4], until: '2026-03-31' } },
    });
    expect(checkNewWorkout(weekly([], '2026-03-31'), clock, terms)).toEqual({ ok: false, error: 'Choose at least one weekday' });
    expect(checkNewWorkout(weekly(['2'], '2026-05-05'), clock, terms)).toEqual({
      ok: false,
      error: 'A series stays within one term: Winter 2026 ends on 2026-04-30',
    });
    // Unticked, the repeat part is not sent at all.
    const off = checkNewWorkout({ ...weekly([], ''), repeatOn: false }, clock, terms);
    expect(off.ok && off.body.repeat).toBe(undefined);
  });

  it('a lane’s pace band past its unit’s bounds is refused before sending, as the server refuses it', () => {
    const lane = (paceFrom: string, paceTo = '') => ({ name: 'Lane 1', pace: '', paceFrom, paceTo, capacity: '' });
    const swim = { ...draft, workoutType: 'swim' };
    expect(checkNewWorkout({ ...swim, lanes: [lane('1:30', '11:00')] }, clock, terms)).toEqual({ ok: false, error: "A lane's pace band is at most 10:00 per 100 m" });
    expect(checkNewWorkout({ ...swim, lanes: [lane('1:30', '10:00')] }, clock, terms).ok).toBe(true);
    expect(checkWorkoutUpdate({ ...draft, workoutType: 'outdoor-ride', lanes: [lane('1000000000000000')] })).toEqual({
      ok: false,
      error: "A lane's speed band is at most 80 km/h",
    });
  });

  it('edit workout: no future-date rule, capacity at least 1', () => {
    expect(checkWorkoutUpdate({ ...draft, workoutDate: '2020-01-01' }).ok).toBe(true);
    expect(checkWorkoutUpdate({ ...draft, capacity: '0' }).ok).toBe(false);
  });

  it('new event: time and place are sent only when given, and checked', () => {
    const base = { title: 'Social', eventDate: '2026-03-10', content: 'Pizza' };
    expect(
      checkNewEvent({ ...base, eventTime: '19:30', eventLocation: ' The Crown ' }, '2026-03-02'),
    ).toEqual({
      ok: true,
      body: { type: 'event', ...base, eventTime: '19:30', eventLocation: 'The Crown' },
    });
    expect(checkNewEvent({ ...base, eventTime: '', eventLocation: '' }, '2026-03-02')).toEqual({
      ok: true,
      body: { type: 'event', ...base },
    });
    expect(checkNewEvent({ ...base, eventTime: '7pm' }, '2026-03-02')).toEqual({
      ok: false,
      error: 'Enter the time as HH:MM, or leave it empty',
    });
  });

  it('new event: a fee typed in the club’s money is sent in cents, an empty one not at all, and one that is no amount is refused', () => {
    const base = { title: 'Dinner', eventDate: '2026-03-09', content: 'Pizza' };
    expect(checkNewEvent({ ...base, feeCents: '25.00' }, '2026-03-02')).toEqual({ ok: true, body: { type: 'event', ...base, feeCents: 2500 } });
    expect(checkNewEvent({ ...base, feeCents: '' }, '2026-03-02')).toEqual({ ok: true, body: { type: 'event', ...base } });
    expect(checkNewEvent({ ...base, feeCents: 'lots' }, '2026-03-02')).toEqual({ ok: false, error: 'Give the fee like 25.00' });
  });

  it('new event: required fields and a future date', () => {
    expect(checkNewEvent({ title: '', eventDate: '', content: '' }, today)).toEqual({
      ok: false,
      error: 'Title, date and details are required',
    });
    expect(checkNewEvent({ title: 'Social', eventDate: '2026-03-01', content: 'Pizza' }, today)).toEqual({
      ok: false,
      error: 'Please select a future date for your event.',
    });
    expect(checkNewEvent({ title: 'Social', eventDate: '2026-03-09', content: 'Pizza' }, today).ok).toBe(
      true,
    );
  });

  it('comments: required, trimmed, at most 500 characters', () => {
    const checkComment = (content: string) => commentSchema.safeParse({ content });
    expect(checkComment('   ').success).toBe(false);
    expect(checkComment('   ').error!.issues.map((i) => i.message)).toEqual(['Please write a comment before posting.']);
    expect(checkComment(`  ${'x'.repeat(500)}  `)).toMatchObject({ success: true, data: { content: 'x'.repeat(500) } });
    const long = checkComment('x'.repeat(501));
    expect(long.success).toBe(false);
    expect(long.error!.issues.map((i) => i.message)).toEqual(['Comments can be at most 500 characters.']);
  });
});

describe('rosterWith', () => {
  const me = { id: 3, name: 'Morgan Member', profilePictureUrl: null };
  const row = (user_id: number, user_name: string) => ({
    id: user_id * 10,
    user_id,
    user_name,
    signup_time: 1,
    userProfilePictureUrl: null,
  });

  it('adds a stand-in row for a sign-up the server does not list yet, and removes a cancelled one', () => {
    const others = [row(11, 'Sam')];
    expect(rosterWith(others, me, true).map((s) => [s.id, s.user_id, s.user_name])).toEqual([
      [110, 11, 'Sam'],
      [-3, 3, 'Morgan Member'],
    ]);
    expect(rosterWith([...others, row(3, 'Morgan Member')], me, false)).toEqual(others);
  });

  it('leaves the server list alone when it already agrees, or for nobody signed in', () => {
    const listed = [row(3, 'Morgan Member')];
    expect(rosterWith(listed, me, true)).toBe(listed);
    expect(rosterWith([], null, true)).toEqual([]);
  });
});
