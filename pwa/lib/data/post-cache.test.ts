import { describe, expect, it } from 'vitest';
import type { AnswerOf } from '../../../domain/contract/endpoints';
import type { EventPost, WorkoutPost } from '../../../domain/contract/training/forum';
import type { Written } from '../offline/outbox-store';
import { applyPost, applyWritten, removePost } from './post-cache';
import { forumKeys, myWeekKey } from './keys/post-keys';
import { createQueryClient } from './query-client';

const workout = (over: Partial<WorkoutPost> = {}): WorkoutPost => ({
  id: 1,
  type: 'workout',
  user_id: 2,
  author_name: 'Erin Exec',
  authorProfilePictureUrl: null,
  title: 'Track',
  workout_type: 'run',
  workout_date: '2099-03-03',
  workout_time: '07:00',
  workout_end_time: '08:00',
  duration_minutes: null,
  content: '',
  capacity: 4,
  workout_location: '',
  series_id: null,
  created_at: 0,
  cancelled_at: null,
  cancel_reason: null,
  signupCount: 4,
  waitlistCount: 2,
  isSignedUp: false,
  waitlistPosition: 2,
  attendanceSubmitted: false,
  ...over,
});

const event = (over: Partial<EventPost> = {}): EventPost => ({
  id: 3,
  type: 'event',
  user_id: 2,
  author_name: 'Erin Exec',
  authorProfilePictureUrl: null,
  title: 'Quiz',
  event_date: '2099-03-05',
  event_time: '19:30',
  event_end_time: '21:30',
  duration_minutes: null,
  event_location: 'The Crown',
  content: '',
  created_at: 0,
  cancelled_at: null,
  cancel_reason: null,
  rsvpCounts: { going: 2, maybe: 0, not_going: 0 },
  myRsvp: null,
  ...over,
});

const week = (): AnswerOf<'GET /me/week'> => ({
  items: [
    { kind: 'workout', id: 1, title: 'Track', date: '2099-03-03', time: '07:00', start: 1, workoutType: 'run', location: '', status: 'waitlisted', waitlistPosition: 2 },
    { kind: 'event', id: 3, title: 'Quiz', date: '2099-03-05', time: '19:30', start: 3, location: 'The Crown', rsvp: null },
    { kind: 'race', id: 4, title: 'Sprint', date: '2099-04-12', time: '', start: 4, location: 'Lakeside' },
  ],
  standing: {
    term: { key: '2099-winter', label: 'Winter 2099' },
    absencesThisTerm: 0,
    suspendedUntil: null,
    expiryDate: null,
    expiresInDays: null,
    renewSoon: false,
  },
});

const READ_AT = Date.UTC(2099, 0, 1);

/** A data layer holding every copy of workout 1 and event 3, read at READ_AT. */
function keptCopies() {
  const client = createQueryClient();
  const set = (key: readonly unknown[], data: unknown) => client.setQueryData(key, data, { updatedAt: READ_AT });
  set(forumKeys.workouts(), { posts: [workout(), workout({ id: 9, title: 'Other' })] });
  set(forumKeys.workout(1), { workout: workout(), signups: [], waitlist: [] });
  set(forumKeys.events(), { posts: [event()] });
  set(forumKeys.event(3), { event: event(), rsvps: [] });
  set(myWeekKey, week());
  const get = <T>(key: readonly unknown[]) => client.getQueryData<T>(key)!;
  return {
    client,
    listed: () => get<AnswerOf<'GET /forum/posts?type=workout'>>(forumKeys.workouts()).posts[0]!,
    detail: () => get<AnswerOf<'GET /forum/workouts/:id'>>(forumKeys.workout(1)).workout,
    listedEvent: () => get<AnswerOf<'GET /forum/posts?type=event'>>(forumKeys.events()).posts[0]!,
    eventPage: () => get<AnswerOf<'GET /forum/events/:id'>>(forumKeys.event(3)).event,
    weekItems: () => get<AnswerOf<'GET /me/week'>>(myWeekKey).items,
  };
}

const replayed = (written: Omit<Written, 'replayed'>) => ({ ...written, replayed: true }) as Written;

describe('post cache', () => {
  it("puts the club's answer to a sign-up in the list, the page and the week, once however often it comes", () => {
    const copies = keptCopies();
    const signedUp = replayed({ kind: 'workout-signup', action: { kind: 'workout-signup', workoutId: 1, signedUp: true }, answer: { signedUp: true } });
    applyWritten(copies.client, signedUp);
    applyWritten(copies.client, signedUp);
    for (const copy of [copies.listed(), copies.detail()]) {
      // Signing up takes the member off the waitlist, as the server does.
      expect(copy).toMatchObject({ isSignedUp: true, signupCount: 5, waitlistPosition: null, waitlistCount: 1 });
    }
    expect(copies.weekItems()[0]).toMatchObject({ kind: 'workout', status: 'signed_up', waitlistPosition: null });
    // A change of the member's own keeps the time of the last full answer.
    expect(copies.client.getQueryState(forumKeys.workout(1))?.dataUpdatedAt).toBe(READ_AT);
    expect(copies.client.getQueryState(myWeekKey)?.dataUpdatedAt).toBe(READ_AT);

    applyWritten(copies.client, replayed({ kind: 'workout-signup', action: { kind: 'workout-signup', workoutId: 1, signedUp: false }, answer: { signedUp: false } }));
    expect(copies.detail()).toMatchObject({ isSignedUp: false, signupCount: 4 });
    expect(copies.weekItems().map((i) => i.kind)).toEqual(['event', 'race']);
  });

  it('moves the waitlist place and count, and drops the week item when the member leaves it', () => {
    const copies = keptCopies();
    applyWritten(copies.client, replayed({ kind: 'waitlist', action: { kind: 'waitlist', workoutId: 1, joined: false }, answer: { onWaitlist: false, position: null } }));
    expect(copies.listed()).toMatchObject({ waitlistPosition: null, waitlistCount: 1 });
    expect(copies.detail()).toMatchObject({ waitlistPosition: null, waitlistCount: 1 });
    expect(copies.weekItems().some((i) => i.kind === 'workout')).toBe(false);
  });

  it('moves an RSVP and its counts in every copy', () => {
    const copies = keptCopies();
    const going = replayed({ kind: 'rsvp', action: { kind: 'rsvp', eventId: 3, status: 'going' }, answer: { status: 'going' } });
    applyWritten(copies.client, going);
    applyWritten(copies.client, going);
    for (const copy of [copies.listedEvent(), copies.eventPage()]) {
      expect(copy).toMatchObject({ myRsvp: 'going', rsvpCounts: { going: 3, maybe: 0, not_going: 0 } });
    }
    expect(copies.weekItems()[1]).toMatchObject({ kind: 'event', rsvp: 'going' });
  });

  it('invents no copy the device did not keep', () => {
    const client = createQueryClient();
    applyWritten(client, replayed({ kind: 'workout-signup', action: { kind: 'workout-signup', workoutId: 1, signedUp: true }, answer: { signedUp: true } }));
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('after a write sent from a screen, marks every copy to be read again', () => {
    const copies = keptCopies();
    applyWritten(copies.client, { kind: 'rsvp', action: { kind: 'rsvp', eventId: 3, status: 'maybe' }, answer: { status: 'maybe' }, replayed: false });
    for (const key of [forumKeys.events(), forumKeys.event(3), myWeekKey]) expect(copies.client.getQueryState(key)?.isInvalidated).toBe(true);
    expect(copies.client.getQueryState(forumKeys.workouts())?.isInvalidated).toBe(false);
  });

  it('shows an edit in every copy and takes a deleted post out of the lists and the week', () => {
    const copies = keptCopies();
    applyPost(copies.client, workout({ title: 'Track: 400s', workout_time: '07:30' }));
    expect(copies.listed().title).toBe('Track: 400s');
    expect(copies.detail().workout_time).toBe('07:30');
    expect(copies.weekItems()[0]).toMatchObject({ title: 'Track: 400s', time: '07:30' });

    removePost(copies.client, 'event', 3);
    expect(copies.client.getQueryData<AnswerOf<'GET /forum/posts?type=event'>>(forumKeys.events())!.posts).toEqual([]);
    expect(copies.weekItems().map((i) => i.kind)).toEqual(['workout', 'race']);
  });
});
