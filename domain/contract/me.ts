import type { RsvpStatus, WorkoutType } from './training/forum';

// GET /me/week: the signed-in member's coming days in one answer (docs/decisions/0041).

/** How far ahead workouts and events are listed; races the member signed up for are listed whenever they are. */
export const MY_WEEK_DAYS = 7;
/** The membership expiry is flagged this many days ahead. */
export const EXPIRY_NUDGE_DAYS = 30;

interface WeekItemBase {
  id: number;
  title: string;
  /** Club-local 'YYYY-MM-DD'. */
  date: string;
  /** Club-local 'HH:MM', or '' when it has no time (all day). */
  time: string;
  /**
   * When it ends, club-local 'HH:MM' (a workout's or event's own end, or its kind's usual length);
   * '' with no time. Absent from a race, and from answers kept by an app from before end times.
   */
  endTime?: string;
  /** Epoch ms of the start (midnight for all-day items): the list's order. */
  start: number;
  /** A cancelled workout or event stays in the week with the exec's reason; null while it is on (and for races). */
  cancelReason?: string | null;
  /** When an edit last gave the workout or event a new date, time or place (epoch ms); null if never (and for races). */
  movedAt?: number | null;
}

export interface WeekWorkout extends WeekItemBase {
  kind: 'workout';
  workoutType: WorkoutType;
  /** Where it happens, or ''. */
  location: string;
  /** Signed up, or on the waitlist at `waitlistPosition` (1-based). */
  status: 'signed_up' | 'waitlisted';
  waitlistPosition: number | null;
  /** On a workout with lanes: the member's lane ("Lane 2"), or the lane they wait for. */
  lane?: string;
}

export interface WeekEvent extends WeekItemBase {
  kind: 'event';
  location: string;
  /** The member's RSVP, or null when they have not answered yet. */
  rsvp: RsvpStatus | null;
}

export interface WeekRace extends WeekItemBase {
  kind: 'race';
  location: string;
}

export type WeekItem = WeekWorkout | WeekEvent | WeekRace;

export interface MyWeekStanding {
  term: { key: string; label: string };
  /** Absences counted (late cancels and no-shows) since the term began. */
  absencesThisTerm: number;
  /** Epoch ms the sign-up suspension ends, or null when not suspended. */
  suspendedUntil: number | null;
  /** 'YYYY-MM-DD' or null when none is recorded. */
  expiryDate: string | null;
  /** Whole days until the expiry date (0 = today), or null without one. */
  expiresInDays: number | null;
  /** True when the membership ends within EXPIRY_NUDGE_DAYS. */
  renewSoon: boolean;
}

/** A duty the member holds in the coming days, on a workout, an event or a race. */
export interface WeekDuty {
  id: number;
  /** The kind of duty: 'Lifeguard'. */
  kind: string;
  place: 'workout' | 'event' | 'race';
  place_id: number;
  /** Epoch ms. */
  starts_at: number;
  ends_at: number;
  /** The member asked for a swap and holds it until someone takes it. */
  swap_offered: boolean;
}

/** A duty in the coming days the member may take now (a free place, or a swap on offer). */
export interface WeekOpenDuty {
  id: number;
  kind: string;
  place: 'workout' | 'event' | 'race';
  place_id: number;
  /** Its workout's or event's title, or its race's name. */
  title: string;
  /** Epoch ms. */
  starts_at: number;
  ends_at: number;
  /** Every place is taken and one holder offers theirs: taking it is taking the swap. */
  swap: boolean;
}

export interface MyWeekAnswer {
  items: WeekItem[];
  standing: MyWeekStanding;
  /** The duties the member holds that have not ended and start within the week's days, soonest first. */
  duties?: WeekDuty[];
  /** The duties starting within the week's days that the member may take now, soonest first. */
  open_duties?: WeekOpenDuty[];
}

/** An account a signed-in request names that is gone (deleted while the request ran). */
export const USER_NOT_FOUND = 'User not found';
/** A calendar feed's address that names no feed (a reset link, a deleted account). */
export const CALENDAR_NOT_FOUND = 'Calendar not found';

/** The personal calendar feed's secret address (GET /me/calendar-link, POST /me/calendar-link/reset). */
export interface CalendarLinkAnswer {
  url: string;
}
