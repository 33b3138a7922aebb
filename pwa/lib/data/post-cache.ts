// Every copy of a workout or event the data layer keeps, and the one place that changes them all.
// A member's workout can sit in four answers at once: the forum's list, its own page, "my week", and
// (for an exec) its attendance record. A change that reached one copy only would leave the others
// showing the state before, and a page opened offline shows whichever copy it finds.
// So each server answer to a write (performWrite's, or the outbox's replay) goes through
// `applyWritten`, and an edit or a deletion through `applyPost` / `removePost`: setQueryData on every
// key, which the persister then keeps on the device too. A change still waiting in the outbox is not
// written here: the copies keep the club's state, and screens lay the waiting change over whichever
// copy they show (post-actions.ts), so it disappears by itself if the club refuses it. The one other
// write the outbox carries, an announcement's dismissal, reaches the kept list of announcements here too.
// Loaded with the data layer (app/members/query-layer.tsx): keep it small, with no date library.
import { announcementsKey, dutiesKey, forumKeys, myWeekKey, pollsKey } from './keys/post-keys';
import { raceKeys } from './keys/race-keys';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AnswerOf } from '../../../domain/contract/endpoints';
import type { AttendanceRecord, EventPost, RsvpStatus, WorkoutPost } from '../../../domain/contract/training/forum';
import type { WeekItem } from '../../../domain/contract/me';
import type { Written } from '../offline/outbox-store';

type WorkoutList = AnswerOf<'GET /forum/posts?type=workout'>;
type EventList = AnswerOf<'GET /forum/posts?type=event'>;
type WorkoutDetail = AnswerOf<'GET /forum/workouts/:id'>;
type EventDetail = AnswerOf<'GET /forum/events/:id'>;
type MyWeek = AnswerOf<'GET /me/week'>;
type Announcements = AnswerOf<'GET /announcements'>;

/**
 * Changes one kept answer, if there is one. The copy keeps the time of the server's last full answer:
 * it is what the offline note shows, and how a screen tells a fresh read from a change of its own.
 */
function update<T>(client: QueryClient, key: QueryKey, change: (previous: T) => T): void {
  const state = client.getQueryState<T>(key);
  if (state?.data === undefined) return;
  const next = change(state.data);
  if (next !== state.data) client.setQueryData<T>(key, next, { updatedAt: state.dataUpdatedAt });
}

function changeWorkout(client: QueryClient, id: number, change: (workout: WorkoutPost) => WorkoutPost): void {
  update<WorkoutList>(client, forumKeys.workouts(), (list) =>
    list.posts.some((p) => p.id === id) ? { ...list, posts: list.posts.map((p) => (p.id === id ? change(p) : p)) } : list,
  );
  update<WorkoutDetail>(client, forumKeys.workout(id), (detail) => ({ ...detail, workout: change(detail.workout) }));
}

function changeEvent(client: QueryClient, id: number, change: (event: EventPost) => EventPost): void {
  update<EventList>(client, forumKeys.events(), (list) =>
    list.posts.some((p) => p.id === id) ? { ...list, posts: list.posts.map((p) => (p.id === id ? change(p) : p)) } : list,
  );
  update<EventDetail>(client, forumKeys.event(id), (detail) => ({ ...detail, event: change(detail.event) }));
}

/** Changes (or, with null, drops) the week's item of this kind and id, when the week has one. */
function changeWeekItem(client: QueryClient, kind: WeekItem['kind'], id: number, change: (item: WeekItem) => WeekItem | null): void {
  const matches = (i: WeekItem) => i.kind === kind && i.id === id;
  update<MyWeek>(client, myWeekKey, (week) =>
    week.items.some(matches) ? { ...week, items: week.items.flatMap((i) => (matches(i) ? (change(i) ?? []) : [i])) } : week,
  );
}

const step = (was: boolean, now: boolean) => (was === now ? 0 : now ? 1 : -1);

/** The event's counts after the member's RSVP moved from `from` to `to`. */
export function shiftRsvpCounts(counts: Record<RsvpStatus, number>, from: RsvpStatus | null, to: RsvpStatus | null): Record<RsvpStatus, number> {
  if (from === to) return counts;
  const next = { ...counts };
  if (from) next[from] = Math.max(0, next[from] - 1);
  if (to) next[to] += 1;
  return next;
}

/**
 * The member signed up (or cancelled) as the server answered: each copy's counts move from that
 * copy's own state, so applying the same answer twice changes nothing. Signing up takes the member
 * off the waitlist, as the server does.
 */
function applySignup(client: QueryClient, workoutId: number, signedUp: boolean): void {
  changeWorkout(client, workoutId, (w) => ({
    ...w,
    isSignedUp: signedUp,
    signupCount: Math.max(0, w.signupCount + step(w.isSignedUp, signedUp)),
    waitlistPosition: signedUp ? null : w.waitlistPosition,
    waitlistCount: signedUp && w.waitlistPosition !== null ? Math.max(0, w.waitlistCount - 1) : w.waitlistCount,
  }));
  changeWeekItem(client, 'workout', workoutId, (item) => {
    if (item.kind !== 'workout') return item;
    if (signedUp) return { ...item, status: 'signed_up', waitlistPosition: null };
    return item.status === 'signed_up' ? null : item;
  });
}

/** The member's place on the waitlist as the server answered it (null: not on it). */
function applyWaitlistPlace(client: QueryClient, workoutId: number, position: number | null): void {
  changeWorkout(client, workoutId, (w) => ({
    ...w,
    waitlistPosition: position,
    waitlistCount: Math.max(0, w.waitlistCount + step(w.waitlistPosition !== null, position !== null)),
  }));
  changeWeekItem(client, 'workout', workoutId, (item) => {
    if (item.kind !== 'workout' || item.status === 'signed_up') return item;
    return position === null ? null : { ...item, status: 'waitlisted', waitlistPosition: position };
  });
}

/** The member's RSVP as the server answered it. */
function applyRsvp(client: QueryClient, eventId: number, status: RsvpStatus | null): void {
  changeEvent(client, eventId, (e) => ({ ...e, myRsvp: status, rsvpCounts: shiftRsvpCounts(e.rsvpCounts, e.myRsvp, status) }));
  changeWeekItem(client, 'event', eventId, (item) => (item.kind === 'event' ? { ...item, rsvp: status } : item));
}

/** A workout's attendance as the server holds it (its answer to a submission, or the record a 409 carries). */
export function applyAttendance(client: QueryClient, workoutId: number, record: AttendanceRecord): void {
  const key = forumKeys.attendance(workoutId);
  client.setQueryData<AttendanceRecord>(key, record, { updatedAt: client.getQueryState(key)?.dataUpdatedAt });
  if (record.submitted) {
    const marks = Object.values(record.attendance);
    const attendancePresent = marks.filter(Boolean).length;
    changeWorkout(client, workoutId, (w) => ({ ...w, attendanceSubmitted: true, attendancePresent, attendanceTotal: marks.length }));
  }
}

/** A workout or event as the server answered an edit: every copy shows the new wording and time. */
export function applyPost(client: QueryClient, post: WorkoutPost | EventPost): void {
  if (post.type === 'workout') {
    changeWorkout(client, post.id, (w) => ({ ...w, ...post }));
    changeWeekItem(client, 'workout', post.id, (item) =>
      item.kind === 'workout'
        ? { ...item, title: post.title, date: post.workout_date, time: post.workout_time, workoutType: post.workout_type, location: post.workout_location, movedAt: post.moved_at ?? item.movedAt }
        : item,
    );
  } else {
    changeEvent(client, post.id, (e) => ({ ...e, ...post }));
    changeWeekItem(client, 'event', post.id, (item) =>
      item.kind === 'event'
        ? { ...item, title: post.title, date: post.event_date, time: post.event_time, location: post.event_location, movedAt: post.moved_at ?? item.movedAt }
        : item,
    );
  }
  // A new date may move it in or out of the week, whose order the server decides.
  void client.invalidateQueries({ queryKey: myWeekKey, exact: true });
}

/** A deleted workout or event leaves the lists and the week; its own page reads again when opened. */
export function removePost(client: QueryClient, type: 'workout' | 'event', id: number): void {
  const without = <L extends WorkoutList | EventList>(list: L): L =>
    list.posts.some((p) => p.id === id) ? { ...list, posts: list.posts.filter((p) => p.id !== id) } : list;
  if (type === 'workout') update<WorkoutList>(client, forumKeys.workouts(), without);
  else update<EventList>(client, forumKeys.events(), without);
  changeWeekItem(client, type, id, () => null);
  void client.invalidateQueries({ queryKey: type === 'workout' ? forumKeys.workout(id) : forumKeys.event(id), exact: true, refetchType: 'none' });
}

/**
 * Reads every copy of one workout or event again (those on screen now, the others when next shown):
 * after the member's own change, the counts and lists of others may have moved too.
 */
export function refreshCopies(client: QueryClient, thing: { workoutId: number } | { eventId: number }): void {
  const keys: QueryKey[] =
    'workoutId' in thing
      ? [forumKeys.workouts(), forumKeys.workout(thing.workoutId), myWeekKey]
      : [forumKeys.events(), forumKeys.event(thing.eventId), myWeekKey];
  for (const queryKey of keys) void client.invalidateQueries({ queryKey, exact: true });
}

/**
 * The server's answer to a write, in every copy. A write sent from a screen then reads its copies
 * again; a replayed one does not need to, the outbox's pass ends with a reload of every screen.
 */
export function applyWritten(client: QueryClient, written: Written): void {
  switch (written.kind) {
    case 'workout-signup':
      // A sign-up that found the workout full and waits instead (asked with waitlistIfFull).
      if (written.answer.onWaitlist) applyWaitlistPlace(client, written.action.workoutId, written.answer.position ?? null);
      else applySignup(client, written.action.workoutId, written.answer.signedUp);
      if (!written.replayed) refreshCopies(client, written.action);
      return;
    case 'waitlist':
      applyWaitlistPlace(client, written.action.workoutId, written.answer.onWaitlist ? written.answer.position : null);
      if (!written.replayed) refreshCopies(client, written.action);
      return;
    case 'rsvp':
      applyRsvp(client, written.action.eventId, written.answer.status);
      if (!written.replayed) refreshCopies(client, written.action);
      return;
    case 'lane-move':
      // Lanes' counts and places are the server's to tell: every copy of the workout reads again.
      refreshCopies(client, written.action);
      return;
    case 'attendance':
      applyAttendance(client, written.action.workoutId, { ...written.answer, submitted: true });
      return;
    case 'race-signup':
      // The races feature keeps its own list and page up to date; the week lists the races one is in.
      if (!written.answer.signedUp) changeWeekItem(client, 'race', written.action.raceId, () => null);
      void client.invalidateQueries({ queryKey: myWeekKey, exact: true });
      return;
    case 'lift-place':
    case 'race-result':
      // The race's page reads them; its next load brings the lift and the results as the server has them.
      void client.invalidateQueries({ queryKey: raceKeys.detail(String(written.action.raceId)) });
      return;
    case 'duty-claim':
    case 'duty-swap':
    case 'duty-holder':
    case 'duty-no-show':
    case 'duty-removal':
    case 'poll-answer':
      // Who holds a duty, a poll's counts (and an anonymous answer comes back without its choices) are
      // the club's to tell: every duty or poll on screen reads again, and My week with a duty.
      void client.invalidateQueries({ queryKey: written.kind === 'poll-answer' ? pollsKey : dutiesKey });
      if (written.kind !== 'poll-answer') void client.invalidateQueries({ queryKey: myWeekKey, exact: true });
      return;
    case 'announcement-dismissal': {
      const id = written.action.announcementId;
      update<Announcements>(client, announcementsKey, (list) =>
        list.announcements.some((a) => a.id === id && !a.dismissed)
          ? { announcements: list.announcements.map((a) => (a.id === id ? { ...a, dismissed: true } : a)) }
          : list,
      );
      return;
    }
  }
}
