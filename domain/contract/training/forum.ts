
// Forum contract: workouts and events, sign-ups, waitlist, RSVPs, attendance. Field names of answers
// are the ones installed apps read (snake_case); the computed per-caller fields are camelCase extras.

import { isCalendarDate } from '../../calendar-days';
import type { PaceUnit } from '../../paces';

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

// The forum's refusals, as the server answers them (a device shows the answer's words).
export const POST_NOT_FOUND = 'Post not found';
export const WORKOUT_NOT_FOUND = 'Workout not found';
export const EVENT_NOT_FOUND = 'Event not found';
export const POST_TYPE_ERROR = "type must be 'workout' or 'event'";
export const postManagersOnlyMessage = (kind: 'workout' | 'event') =>
  `Only the author of this ${kind}, executives and administrators can change or delete it.`;
/** A delete of a post members answered: `on` names its date when the exec is not looking at it (' on 2026-03-05'). */
export const answeredPostMessage = (answered: number, kind: 'workout' | 'event', on: string) =>
  `${answered} ${answered === 1 ? 'member' : 'members'} answered this ${kind}${on}. Cancel it instead, with a reason, so they are told; delete is for ${kind}s posted by mistake.`;
export const WORKOUT_STARTED_ERROR = 'This workout has already started';
export const ALREADY_SIGNED_UP_ERROR = 'You are already signed up for this workout, so you do not need the waitlist.';
export const WORKOUT_NOT_FULL_ERROR = 'This workout still has free places: sign up instead of joining the waitlist.';
export const capacityBelowSignupsMessage = (signedUp: number, on: string) =>
  `Capacity cannot be lower than the ${signedUp} ${signedUp === 1 ? 'member' : 'members'} already signed up${on}. ` +
  'Ask some to cancel first, or choose a capacity of at least that.';
export const NO_LANES_ERROR = 'This workout has no lanes: sign up without one.';
export const laneInUseMessage = (lane: string, on: string) =>
  `${lane}${on} has members signed up or waiting: move them to another lane before removing it.`;
export const laneCapacityBelowSignupsMessage = (lane: string, on: string, taken: number) =>
  `${lane}${on} has ${taken} signed up: its capacity cannot be lower than that.`;
export const LANE_MOVE_EXEC_ONLY_ERROR = 'Only an exec can move another member between lanes.';
export const LANE_MOVE_NOT_SIGNED_UP_ERROR = 'Only a member signed up for this workout can move lanes: sign up into a lane first.';
export const WEEKDAY_REQUIRED_ERROR = 'Choose at least one weekday';
export const noWeekdayBetweenMessage = (days: string, from: string, until: string) => `No ${days} falls between ${from} and ${until}.`;
/** `cancelled`: the cancellation's own words (domain/rules.ts cancelledText). */
export const attendanceCancelledMessage = (cancelled: string) => `${cancelled} Attendance is not taken for a cancelled workout.`;
export const attendanceOpensMessage = (when: string) => `Attendance opens when the workout starts, on ${when}.`;
export const attendanceSubmittedMessage = (by: string | null, when: string) => `Attendance was already submitted by ${by} on ${when}`;
export const notSignedUpForAttendanceMessage = (userId: string) =>
  `User ${userId} is not signed up for this workout, so their attendance cannot be recorded.`;
export const ATTENDED_NOT_CANCELLABLE_ERROR = 'Attendance was taken for this workout: it happened and cannot be cancelled.';

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
  /** The event's fee in whole minor units of `feeCurrency`, owed by whoever answers Going; 0 for free (absent from older answers). */
  feeCents?: number;
  feeCurrency?: string;
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
