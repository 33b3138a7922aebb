
// Forum contract: workouts and events, sign-ups, waitlist, RSVPs, attendance. Field names of answers
// are the ones installed apps read (snake_case); the computed per-caller fields are camelCase extras.

import { isCalendarDate } from '../calendar-days';
import type { PaceUnit } from '../paces';

/**
 * A workout type's id: one of the club's types (the `sports` document, ../sports.ts), e.g. 'spin',
 * 'outdoor-ride', 'run', 'swim', 'brick', 'other', or one an administrator added ('erg'). Ids stay
 * when a type is renamed, so an answer's `workout_type` always means the same type.
 */
export type WorkoutType = string;

/** GET /forum/workout-types/usage (administrators): how many workouts, past or planned, each type has; unused types are left out. */
export interface WorkoutTypeUsageAnswer {
  types: { id: WorkoutType; workouts: number }[];
}

export const RSVP_STATUSES = ['going', 'maybe', 'not_going'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

/** Which workouts of a series an edit or a delete applies to. */
export const SERIES_SCOPES = ['this', 'following'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
/** By JavaScript's day number (0 Sunday … 6 Saturday), as `repeat.weekdays` counts them. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const TITLE_MAX = 100;
export const CONTENT_MAX = 500;
export const CAPACITY_MIN = 1;
export const CAPACITY_MAX = 100;
export const COMMENT_MAX = 500;
export const COMMENT_REQUIRED = 'Please write a comment before posting.';
export const COMMENT_TOO_LONG = `Comments can be at most ${COMMENT_MAX} characters.`;

export const FUTURE_WORKOUT_ERROR = 'Please select a future date for your workout.';
export const LOCATION_MAX = 200;
export const FUTURE_EVENT_ERROR = 'Please select a future date for your event.';
export const CAPACITY_ERROR = 'Capacity must be a whole number from 1 to 100 (leave it empty for unlimited).';
export const fullWorkoutError = (capacity: number) =>
  `Sorry, this workout is full! Maximum capacity: ${capacity} people.`;

/** A real calendar date strictly after `today` (both 'YYYY-MM-DD'). */
export function isFutureDate(date: string, today: string): boolean {
  return isCalendarDate(date) && date > today;
}

// ---------- Answers ----------

export interface WorkoutPost {
  id: number;
  type: 'workout';
  user_id: number | null;
  author_name: string;
  authorProfilePictureUrl: string | null;
  title: string;
  workout_type: WorkoutType;
  workout_date: string;
  workout_time: string;
  /**
   * When it ends ('HH:MM', club-local): the end time an exec gave, else its type's usual length after
   * the start (domain/durations.ts). Absent from answers kept by an app from before end times.
   */
  workout_end_time: string;
  /** The length an exec gave it, in minutes; null: its type's usual length. */
  duration_minutes: number | null;
  content: string;
  capacity: number | null;
  /** Where it happens, or '' (optional, like an event's place). */
  workout_location: string;
  /** Shared by the workouts of one weekly series; null for a one-off workout. */
  series_id: string | null;
  created_at: number;
  /** When an exec cancelled it (epoch ms), or null: a cancelled workout stays listed and takes no sign-ups. */
  cancelled_at: number | null;
  /** The exec's one-line reason, or null while not cancelled. */
  cancel_reason: string | null;
  /** When an edit last gave it a new date, time or place (epoch ms), or null (absent from older answers). */
  moved_at?: number | null;
  signupCount: number;
  waitlistCount: number;
  isSignedUp: boolean;
  /** 1-based place of the caller on the waitlist, or null. */
  waitlistPosition: number | null;
  attendanceSubmitted: boolean;
  /** Members counted present in the submitted attendance; null before it (absent from older answers). */
  attendancePresent?: number | null;
  /** Members the submitted attendance covers ('10 of 12': this is the 12); null before it. */
  attendanceTotal?: number | null;
  /**
   * The workout's lanes by pace (domain/lanes.ts), in order; [] for a workout without lanes. The
   * workout's capacity, signupCount and waitlistCount are the sums over its lanes (absent from older
   * answers).
   */
  lanes?: WorkoutLane[];
}

/** Where the caller stands in one lane. */
export type LaneMine = 'signed_up' | 'waitlisted' | null;

/** One lane of a workout, as the caller sees it. */
export interface WorkoutLane {
  id: number;
  name: string;
  /** The band as the exec wrote it, or ''. */
  pace: string;
  /** The band in numbers in `paceUnit` (seconds per 100 m, per km or per 500 m, or km/h); null: open. */
  paceFrom: number | null;
  paceTo: number | null;
  paceUnit: PaceUnit | null;
  capacity: number | null;
  signedUp: number;
  waitlist: number;
  mine: LaneMine;
  /** 1-based place of the caller on this lane's waitlist, or null. */
  waitlistPosition: number | null;
}

export interface EventPost {
  id: number;
  type: 'event';
  user_id: number | null;
  author_name: string;
  authorProfilePictureUrl: string | null;
  title: string;
  event_date: string;
  /** 'HH:MM' in the club zone, or '' for an all-day event. */
  event_time: string;
  /** When it ends ('HH:MM'), as for a workout; '' for an all-day event. */
  event_end_time: string;
  /** The length an exec gave it, in minutes; null: an event's usual length. */
  duration_minutes: number | null;
  /** Where it happens, or ''. */
  event_location: string;
  content: string;
  created_at: number;
  /** When an exec cancelled it (epoch ms), or null: a cancelled event stays listed and takes no RSVPs. */
  cancelled_at: number | null;
  cancel_reason: string | null;
  /** When an edit last gave it a new date, time or place (epoch ms), or null (absent from older answers). */
  moved_at?: number | null;
  rsvpCounts: Record<RsvpStatus, number>;
  myRsvp: RsvpStatus | null;
}

export interface WorkoutSignup {
  id: number;
  user_id: number;
  user_name: string;
  signup_time: number;
  userProfilePictureUrl: string | null;
  /** The lane of the place on a workout with lanes; null otherwise (absent from older answers). */
  lane?: number | null;
}

export interface WaitlistEntry {
  id: number;
  user_id: number;
  user_name: string;
  joined_at: number;
  userProfilePictureUrl: string | null;
  /** The lane waited for on a workout with lanes; null otherwise (absent from older answers). */
  lane?: number | null;
}

export interface EventRsvp {
  id: number;
  user_id: number;
  user_name: string;
  status: RsvpStatus;
  rsvp_time: number;
  signed_up_at: number;
  userProfilePictureUrl: string | null;
}

export interface AttendanceRecord {
  /** user id → present. Empty when not submitted yet. */
  attendance: Record<string, boolean>;
  submitted: boolean;
  submitted_by: string | null;
  submitted_at: number | null;
}

/** POST /forum/posts with `repeat`: `post` is the series' first workout, `series` all of them. */
export interface SeriesAnswer {
  id: string;
  posts: WorkoutPost[];
}

/** POST and DELETE /forum/posts/{id}/cancel: the post as it is now; `changed` counts the posts cancelled or reinstated (a series' following ones included). */
export interface CancelAnswer<P> {
  post: P;
  changed: number;
  /** Members a push or an email was queued for. */
  notified: number;
  message: string;
}

export interface PostsAnswer<P> {
  posts: P[];
}
export interface WorkoutDetailAnswer {
  workout: WorkoutPost;
  signups: WorkoutSignup[];
  waitlist: WaitlistEntry[];
}
export interface EventDetailAnswer {
  event: EventPost;
  rsvps: EventRsvp[];
}
export interface SignupAnswer {
  signedUp: boolean;
  /** Set when a cancel under 24 h counted an absence. */
  absenceCounted?: boolean;
  absences?: number;
  /** Epoch ms until which sign-ups are suspended, when this cancel caused it. */
  suspendedUntil?: number | null;
  /**
   * Only when the request asked for `waitlistIfFull`: whether the member is on the waitlist instead
   * of the list, and their 1-based place on it (null when not waiting).
   */
  onWaitlist?: boolean;
  position?: number | null;
}
export interface WaitlistAnswer {
  onWaitlist: boolean;
  position: number | null;
  /** On a workout with lanes: the lane waited for. */
  lane?: number | null;
}
/** POST /forum/workouts/{id}/lane: moved now, or waiting for a place in `lane` (keeping the one held). */
export interface LaneMoveAnswer {
  moved: boolean;
  lane: number;
  /** 1-based place on the lane's waitlist while waiting; null once moved. */
  position: number | null;
}
export interface RsvpAnswer {
  status: RsvpStatus | null;
}
export interface AttendanceAnswer extends AttendanceRecord {
  message: string;
}
