/**
 * The club's rules for workouts, as numbers and checks that the server enforces and the screens
 * explain. The words a screen shows about a rule are built here from the same numbers, so changing a
 * number changes every sentence that states it. docs/rules.md tells the rules in full.
 */
import { hasRole } from './contract/roles';
import { FUTURE_WORKOUT_ERROR } from './contract/training/forum';
import { formatDuration } from './region/club-format';

const MINUTE_MS = 60 * 1000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * The numbers of the attendance rules, which the club's administrators set (Admin → Rules, the
 * `rules` document): every check and every sentence below takes them as input, so the server, the
 * screens and the emails apply and word the same numbers. A change applies from then on: the absences
 * and suspensions already counted stay as they were.
 */
export interface RuleNumbers {
  /** Cancelling closer than this many hours to the start counts an absence. */
  lateCancelHours: number;
  /** Every this many absences suspends workout sign-ups… */
  absencesBeforeSuspension: number;
  /** …for this many days. */
  suspensionDays: number;
  /**
   * How soon before its start a new workout may be posted, in minutes. Absent (the default, and every
   * version of the document saved before the choice existed): only for a date after the club's today.
   */
  postingNoticeMinutes?: number;
}

/** The club's rules before an administrator changes them. */
export const DEFAULT_RULE_NUMBERS: RuleNumbers = { lateCancelHours: 24, absencesBeforeSuspension: 3, suspensionDays: 7 };

/** The bounds an administrator may set each number within. */
export const RULE_NUMBER_BOUNDS = {
  lateCancelHours: { min: 1, max: 168 },
  absencesBeforeSuspension: { min: 1, max: 20 },
  suspensionDays: { min: 1, max: 90 },
  // Up to a week: more notice than that is the club's planning, not a rule on posting.
  postingNoticeMinutes: { min: 0, max: 7 * 24 * 60 },
} as const satisfies Record<keyof RuleNumbers, { min: number; max: number }>;

/** True when cancelling a sign-up at `now` for a workout starting at `start` counts an absence. */
export function isLateCancel(rules: RuleNumbers, start: number, now: number): boolean {
  return start - now < rules.lateCancelHours * HOUR_MS;
}

/**
 * True while a workout starting at `start` has not started but is inside the late-cancel window: a
 * member who signs up now cannot take their name off without an absence. The cancel warning and the
 * sign-up note both ask this.
 */
export function insideLateCancelWindow(rules: RuleNumbers, start: number, now: number): boolean {
  return now < start && isLateCancel(rules, start, now);
}

/** The last instant at which a sign-up can be cancelled without an absence. */
export function freeCancelUntil(rules: RuleNumbers, start: number): number {
  return start - rules.lateCancelHours * HOUR_MS;
}

/**
 * True when the absence that brought the count to `absences` starts a suspension: every
 * `absencesBeforeSuspension`-th absence. A changed number judges the next absence, never a past one.
 */
export function startsSuspension(rules: RuleNumbers, absences: number): boolean {
  return absences > 0 && absences % rules.absencesBeforeSuspension === 0;
}

/** When a suspension that starts at `now` ends. */
export function suspensionEndsAt(rules: RuleNumbers, now: number): number {
  return now + rules.suspensionDays * DAY_MS;
}

/** A member whose suspension ends after `now` may not sign up or join a waitlist. */
export function isSuspended(suspendedUntil: number | null | undefined, now: number): boolean {
  return suspendedUntil != null && suspendedUntil > now;
}


/** How many more absences until the next suspension (1 to absencesBeforeSuspension). */
export function absencesUntilSuspension(rules: RuleNumbers, absences: number): number {
  return rules.absencesBeforeSuspension - (absences % rules.absencesBeforeSuspension);
}

/** A workout is full once its sign-ups reach its capacity; no capacity means no limit. */
export function isFull(capacity: number | null, signupCount: number): boolean {
  return capacity !== null && signupCount >= capacity;
}

/**
 * The waitlist is served first come, first served: by the time of joining, and for two joins in the
 * same millisecond by the order they were stored. The server's queries sort the same way
 * (db/queries/waitlist-order.ts); a list on a screen sorts with this.
 */
export function waitlistOrder(a: { joinedAt: number; id: number }, b: { joinedAt: number; id: number }): number {
  return a.joinedAt - b.joinedAt || a.id - b.id;
}

/**
 * Who takes the free places of a pool (a workout without lanes, or one lane of a workout with lanes):
 * its waitlist `queue`, given in `waitlistOrder` (first come, first served), as far as the pool's
 * capacity leaves room beside the `signedUp` already in it (everyone, without a capacity). A suspended
 * member keeps their place on the waitlist but is passed over, and the next one gets the place. A
 * member waiting to move from another lane counts like any other. Answers the entries that get a
 * place, in order.
 */
export function waitlistPromotions<E extends { suspendedUntil: number | null }>(
  queue: readonly E[],
  capacity: number | null,
  signedUp: number,
  now: number,
): E[] {
  const eligible = queue.filter((entry) => !isSuspended(entry.suspendedUntil, now));
  return capacity === null ? eligible : eligible.slice(0, Math.max(0, capacity - signedUp));
}

/**
 * Attendance is taken once: the first submission is locked for good, since the absences of the members
 * marked absent were counted from it. A later submission is refused with the stored record.
 */
export function attendanceLocked(record: { submitted: boolean } | null | undefined): boolean {
  return record?.submitted === true;
}

// ---------- How soon a workout may be posted ----------

/** A workout's start as the posting rule reads it: its club date, and its instant on the club's clock. */
export interface PostingSlot {
  date: string;
  start: number;
}

/**
 * True when a new workout starting at `slot` may be posted at `now` (`today`: the club's date then):
 * by default only for a date after today, whatever the time; with `postingNoticeMinutes`, up to that
 * many minutes before its start. An edit that moves a workout earlier is held to it too
 * (domain/moves.ts), so a move cannot post what New Workout refuses.
 */
export function mayPostFor(rules: RuleNumbers, slot: PostingSlot, now: number, today: string): boolean {
  const minutes = rules.postingNoticeMinutes;
  if (minutes === undefined) return slot.date > today;
  return slot.start - now >= minutes * MINUTE_MS;
}

/** The earliest instant a workout posted at `now` may start, or null when the rule goes by date (from tomorrow). */
export function earliestPostableStart(rules: RuleNumbers, now: number): number | null {
  const minutes = rules.postingNoticeMinutes;
  return minutes === undefined ? null : now + minutes * MINUTE_MS;
}

/** The author of a post, execs and administrators may edit, cancel or delete it. */
export function canManagePost(
  actor: { id: number; role: string | null | undefined } | null | undefined,
  authorId: number | null,
): boolean {
  if (!actor) return false;
  return (authorId !== null && authorId === actor.id) || hasRole(actor.role, 'exec');
}

const NUMBER_WORDS = ['no', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const word = (n: number) => NUMBER_WORDS[n] ?? String(n);
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);
const absences = (n: number) => (n === 1 ? 'one absence suspends' : `${word(n)} absences suspend`);
const period = (days: number) => (days === 7 ? 'one week' : days === 1 ? 'one day' : `${word(days)} days`);
const shortPeriod = (days: number) => (days === 7 ? 'a week' : days === 1 ? 'a day' : `${days} days`);

export type RuleText = ReturnType<typeof ruleText>;

/** The words the screens and emails use for the rules, built from the club's numbers. */
export function ruleText(rules: RuleNumbers) {
  const { lateCancelHours: h, absencesBeforeSuspension: n, suspensionDays: d } = rules;
  return {
    /** 'less than 24 hours' */
    lateWindow: `less than ${hours(h)}`,
    /** 'Cancelling less than 24 hours before a workout counts as an absence.' */
    lateCancel: `Cancelling less than ${hours(h)} before a workout counts as an absence.`,
    /** 'Three absences suspend your workout sign-ups for one week.' */
    suspension: `${capital(absences(n))} your workout sign-ups for ${period(d)}.`,
    /** 'three absences suspend sign-ups for one week' (mid-sentence) */
    suspensionShort: `${absences(n)} sign-ups for ${period(d)}`,
    /** 'a week' */
    suspensionPeriod: shortPeriod(d),
    /** 'three absences (late cancellations or no-shows) suspend sign-ups for a week' */
    suspensionCounted: `${n === 1 ? 'one absence (a late cancellation or a no-show) suspends' : `${word(n)} absences (late cancellations or no-shows) suspend`} sign-ups for ${shortPeriod(d)}`,
    /** 'This workout starts in less than 24 hours: cancelling now counts as an absence.' */
    lateCancelNow: `This workout starts in less than ${hours(h)}: cancelling now counts as an absence.`,
    /** 'Starts in less than 24 hours: once you sign up, cancelling counts as an absence.' */
    lateSignup: `Starts in less than ${hours(h)}: once you sign up, cancelling counts as an absence.`,
    ...postingText(rules.postingNoticeMinutes),
  };
}

/** The posting rule's words: what New Workout says under the date, and its refusals of a new workout and of a move. */
function postingText(minutes: number | undefined) {
  if (minutes === undefined) {
    return {
      /** 'A new workout can be posted for tomorrow or later.' */
      postingRule: 'A new workout can be posted for tomorrow or later.',
      /** The refusal of a new workout that starts too soon. */
      postingRefused: FUTURE_WORKOUT_ERROR,
      /** The refusal of an edit that moves a workout earlier, to a start too soon. */
      moveRefused: 'A workout can be moved earlier only to tomorrow or later, as a new one is posted. Choose a later date.',
    };
  }
  const soonest = minutes === 0 ? 'a start that is still ahead' : `a start at least ${formatDuration(minutes)} from now`;
  return {
    /** 'A new workout can be posted up to 1 h 30 min before it starts.' */
    postingRule: minutes === 0 ? 'A new workout can be posted up to its start.' : `A new workout can be posted up to ${formatDuration(minutes)} before it starts.`,
    postingRefused: `Please choose ${soonest} for your workout.`,
    moveRefused: `A workout can be moved earlier only to ${soonest}, as a new one is posted. Choose a later date or time.`,
  };
}

/** The server's answer to a suspended member's sign-up. */
export function suspendedUntilText(rules: RuleNumbers, when: string): string {
  const n = rules.absencesBeforeSuspension;
  return `Your workout sign-ups are suspended until ${when}: ${n} ${n === 1 ? 'absence suspends' : 'absences suspend'} sign-ups for ${shortPeriod(rules.suspensionDays)}.`;
}

/** 'This cancellation was less than 24 hours before the workout and counts as an absence (2 so far).' */
export function lateCancelCountedText(rules: RuleNumbers, absences: number): string {
  return `This cancellation was less than ${hours(rules.lateCancelHours)} before the workout and counts as an absence (${absences} so far).`;
}

// ---------- When plans change ----------

/** A cancelled workout's or event's reason: one line, at most this long. */
export const CANCEL_REASON_MAX = 200;
/** A deleted workout or event stays in the calendar feeds as cancelled this long, so calendars drop it. */
export const TOMBSTONE_DAYS = 30;

/** The answer to a sign-up, waitlist join or RSVP on a cancelled item, and the note on its card. */
export function cancelledText(kind: 'workout' | 'event', reason: string | null): string {
  return `This ${kind} was cancelled${reason ? `: ${reason}` : '.'}`;
}

// ---------- Club announcements ----------

export const ANNOUNCEMENT_TITLE_MAX = 100;
export const ANNOUNCEMENT_BODY_MAX = 2000;
/** An announcement shows until a club date at most this many days ahead. */
export const ANNOUNCEMENT_MAX_DAYS = 60;
/** A new announcement's last day unless the exec picks another: this many days ahead. */
export const ANNOUNCEMENT_DEFAULT_DAYS = 7;
