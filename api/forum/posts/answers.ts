// The one place a workout or an event answer (WorkoutPost, EventPost) is put together from its stored
// row: for a single post and for the lists alike. Each answer is the part every member sees, then the
// caller's own fields, in that order (the lists send the shared part prebuilt and append the rest).
import type { EventPostRow, WorkoutPostRow } from '../../../db/queries/post-queries';
import { idsOf, lanePairsOf, rsvpsOf } from '../../../db/queries/post-queries';
import type { EventPost, RsvpStatus, WorkoutLane, WorkoutPost } from '../../../domain/contract/training/forum';
import { FORMER_MEMBER } from '../../../domain/contract/members/privacy';
import { EVENT_MINUTES, endOf, usualMinutes } from '../../../domain/durations';
import type { SportsDocument } from '../../../domain/sports';

/** Shown as the author of a post whose author's account was deleted. */
export const DELETED_AUTHOR = FORMER_MEMBER;

/**
 * The caller's own fields on a workout. A workout with lanes carries its lanes here too, since each
 * lane says where the caller stands in it; a workout without lanes has no `lanes`.
 */
export type WorkoutOwn = Pick<WorkoutPost, 'isSignedUp' | 'waitlistPosition' | 'lanes'>;
/** The caller's own fields on an event. */
export type EventOwn = Pick<EventPost, 'myRsvp'>;
export type SharedWorkout = Omit<WorkoutPost, keyof WorkoutOwn>;
export type SharedEvent = Omit<EventPost, keyof EventOwn>;

export const NOT_ON_WORKOUT: WorkoutOwn = { isSignedUp: false, waitlistPosition: null };
export const SIGNED_UP: WorkoutOwn = { isSignedUp: true, waitlistPosition: null };
/** On the waitlist at a 1-based position. */
export const waitingAt = (position: number): WorkoutOwn => ({ isSignedUp: false, waitlistPosition: position });
export const rsvpOwn = (myRsvp: RsvpStatus | null): EventOwn => ({ myRsvp });

/** A workout as every member sees it; its end, when none was given, is its type's usual length in the club's `sports`. */
export function sharedWorkout(row: WorkoutPostRow, signupCount: number, waitlistCount: number, sports: SportsDocument): SharedWorkout {
  const type = row.workout_type ?? 'other';
  return {
    id: row.id,
    type: 'workout',
    user_id: row.user_id,
    author_name: row.author_name ?? DELETED_AUTHOR,
    authorProfilePictureUrl: row.author_picture,
    title: row.title,
    workout_type: type,
    workout_date: row.workout_date ?? '',
    workout_time: row.workout_time ?? '',
    workout_end_time: endOf(usualMinutes(sports, type), row.workout_time ?? '', row.duration_minutes),
    duration_minutes: row.duration_minutes,
    content: row.content,
    capacity: row.capacity,
    workout_location: row.workout_location ?? '',
    series_id: row.series_id,
    created_at: row.created_at,
    cancelled_at: row.cancelled_at,
    cancel_reason: row.cancel_reason,
    moved_at: row.moved_at,
    signupCount,
    waitlistCount,
    attendanceSubmitted: row.attendance_submitted === 1,
    attendancePresent: row.attendance_submitted === 1 ? row.attendance_present : null,
    attendanceTotal: row.attendance_submitted === 1 ? row.attendance_marked : null,
  };
}

/** An event as every member sees it, with its RSVPs counted by status. */
export function sharedEvent(row: EventPostRow, rsvps: readonly [number, RsvpStatus][]): SharedEvent {
  const rsvpCounts: Record<RsvpStatus, number> = { going: 0, maybe: 0, not_going: 0 };
  for (const [, status] of rsvps) rsvpCounts[status] += 1;
  return {
    id: row.id,
    type: 'event',
    user_id: row.user_id,
    author_name: row.author_name ?? DELETED_AUTHOR,
    authorProfilePictureUrl: row.author_picture,
    title: row.title,
    event_date: row.event_date ?? '',
    event_time: row.event_time ?? '',
    event_end_time: endOf(EVENT_MINUTES, row.event_time ?? '', row.duration_minutes),
    duration_minutes: row.duration_minutes,
    event_location: row.event_location ?? '',
    content: row.content,
    created_at: row.created_at,
    cancelled_at: row.cancelled_at,
    cancel_reason: row.cancel_reason,
    moved_at: row.moved_at,
    rsvpCounts,
    // A free event's answer is as it always was; a fee comes with its currency.
    ...(row.fee_cents > 0 ? { feeCents: row.fee_cents, feeCurrency: row.fee_currency } : {}),
  };
}

/** One lane as every member sees it, with who holds its places and who waits, in order. */
export interface LaneRoll {
  lane: Omit<WorkoutLane, 'mine' | 'waitlistPosition'>;
  signed: number[];
  waiting: number[];
}

type LaneColumns = [number, string, string, number | null, number | null, WorkoutLane['paceUnit'], number | null];

/** A workout's lanes from its row; [] for a workout without lanes. */
export function laneRollsOf(row: Pick<WorkoutPostRow, 'lanes' | 'lane_signed' | 'lane_waiting'>): LaneRoll[] {
  if (!row.lanes) return [];
  const signed = lanePairsOf(row.lane_signed);
  const waiting = lanePairsOf(row.lane_waiting);
  return (JSON.parse(row.lanes) as LaneColumns[]).map(([id, name, pace, paceFrom, paceTo, paceUnit, capacity]) =>
    laneRoll(
      { id, name, pace, paceFrom, paceTo, paceUnit, capacity },
      signed.filter(([lane]) => lane === id).map(([, user]) => user),
      waiting.filter(([lane]) => lane === id).map(([, user]) => user),
    ),
  );
}

/** A lane's roll from its fields and its people. */
export function laneRoll(lane: Omit<LaneRoll['lane'], 'signedUp' | 'waitlist'>, signed: number[], waiting: number[]): LaneRoll {
  return { lane: { ...lane, signedUp: signed.length, waitlist: waiting.length }, signed, waiting };
}

/** The caller's own fields on a workout with lanes: the lanes with where they stand in each. */
export function laneOwn(rolls: readonly LaneRoll[], userId: number): WorkoutOwn {
  let isSignedUp = false;
  let waitlistPosition: number | null = null;
  const lanes = rolls.map(({ lane, signed, waiting }): WorkoutLane => {
    const position = waiting.indexOf(userId) + 1;
    if (signed.includes(userId)) {
      isSignedUp = true;
      return { ...lane, mine: 'signed_up', waitlistPosition: null };
    }
    if (position > 0) {
      waitlistPosition = position;
      return { ...lane, mine: 'waitlisted', waitlistPosition: position };
    }
    return { ...lane, mine: null, waitlistPosition: null };
  });
  // A member with a place who waits for another lane is signed up, not on "the" waitlist.
  return { isSignedUp, waitlistPosition: isSignedUp ? null : waitlistPosition, lanes };
}

/** One workout as `userId` sees it. */
export function toWorkoutPost(row: WorkoutPostRow, userId: number, sports: SportsDocument): WorkoutPost {
  const signedUp = idsOf(row.signed_up);
  const waiting = idsOf(row.waiting);
  const rolls = laneRollsOf(row);
  if (rolls.length > 0) return { ...sharedWorkout(row, signedUp.length, waiting.length, sports), ...laneOwn(rolls, userId) };
  const position = waiting.indexOf(userId) + 1;
  const own: WorkoutOwn = signedUp.includes(userId) ? SIGNED_UP : position > 0 ? waitingAt(position) : NOT_ON_WORKOUT;
  return { ...sharedWorkout(row, signedUp.length, waiting.length, sports), ...own };
}

/** One event as `userId` sees it. */
export function toEventPost(row: EventPostRow, userId: number): EventPost {
  const rsvps = rsvpsOf(row);
  const mine = rsvps.find(([id]) => id === userId);
  return { ...sharedEvent(row, rsvps), ...rsvpOwn(mine ? mine[1] : null) };
}
