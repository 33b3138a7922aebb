/**
 * The club's rules for workouts, as numbers and checks that the server enforces and the screens
 * explain. The words a screen shows about a rule are built here from the same numbers, so changing a
 * number changes every sentence that states it. docs/rules.md tells the rules in full.
 */
import { hasRole } from './contract/roles';

const HOUR_MS = 60 * 60 * 1000;

/** Cancelling closer than this to the start counts an absence. */
export const LATE_CANCEL_HOURS = 24;
export const LATE_CANCEL_WINDOW_MS = LATE_CANCEL_HOURS * HOUR_MS;

/** Every this many absences suspends workout sign-ups… */
export const ABSENCES_PER_SUSPENSION = 3;
/** …for this many days. */
export const SUSPENSION_DAYS = 7;
export const SUSPENSION_MS = SUSPENSION_DAYS * 24 * HOUR_MS;

/** True when cancelling a sign-up at `now` for a workout starting at `start` counts an absence. */
export function isLateCancel(start: number, now: number): boolean {
  return start - now < LATE_CANCEL_WINDOW_MS;
}

/**
 * True while a workout starting at `start` has not started but is inside the late-cancel window: a
 * member who signs up now cannot take their name off without an absence. The cancel warning and the
 * sign-up note both ask this.
 */
export function insideLateCancelWindow(start: number, now: number): boolean {
  return now < start && isLateCancel(start, now);
}

/** The last instant at which a sign-up can be cancelled without an absence. */
export function freeCancelUntil(start: number): number {
  return start - LATE_CANCEL_WINDOW_MS;
}

/** True when the absence that brought the count to `absences` starts a suspension. */
export function startsSuspension(absences: number): boolean {
  return absences > 0 && absences % ABSENCES_PER_SUSPENSION === 0;
}

/** When a suspension that starts at `now` ends. */
export function suspensionEndsAt(now: number): number {
  return now + SUSPENSION_MS;
}

/** A member whose suspension ends after `now` may not sign up or join a waitlist. */
export function isSuspended(suspendedUntil: number | null | undefined, now: number): boolean {
  return suspendedUntil != null && suspendedUntil > now;
}

/**
 * A waitlisted member is promoted to a freed place unless suspended: a suspended member keeps their
 * place on the waitlist but is passed over, and the next one in waitlist order gets it.
 */
export function mayBePromoted(member: { suspendedUntil: number | null }, now: number): boolean {
  return !isSuspended(member.suspendedUntil, now);
}

/** How many more absences until the next suspension (1 to ABSENCES_PER_SUSPENSION). */
export function absencesUntilSuspension(absences: number): number {
  return ABSENCES_PER_SUSPENSION - (absences % ABSENCES_PER_SUSPENSION);
}

/** A workout is full once its sign-ups reach its capacity; no capacity means no limit. */
export function isFull(capacity: number | null, signupCount: number): boolean {
  return capacity !== null && signupCount >= capacity;
}

/**
 * The waitlist is served first come, first served: by the time of joining, and for two joins in the
 * same millisecond by the order they were stored. The server's queries sort the same way
 * (db/queries.ts); a list on a screen sorts with this.
 */
export function waitlistOrder(a: { joinedAt: number; id: number }, b: { joinedAt: number; id: number }): number {
  return a.joinedAt - b.joinedAt || a.id - b.id;
}

/**
 * Attendance is taken once: the first submission is locked for good, since the absences of the members
 * marked absent were counted from it. A later submission is refused with the stored record.
 */
export function attendanceLocked(record: { submitted: boolean } | null | undefined): boolean {
  return record?.submitted === true;
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
const period = (days: number) => (days === 7 ? 'one week' : `${word(days)} days`);

/** The words the screens use for the rules, built from the numbers above. */
export const RULE_TEXT = {
  /** 'less than 24 hours' */
  lateWindow: `less than ${LATE_CANCEL_HOURS} hours`,
  /** 'Cancelling less than 24 hours before a workout counts as an absence.' */
  lateCancel: `Cancelling less than ${LATE_CANCEL_HOURS} hours before a workout counts as an absence.`,
  /** 'Three absences suspend your workout sign-ups for one week.' */
  suspension: `${capital(word(ABSENCES_PER_SUSPENSION))} absences suspend your workout sign-ups for ${period(SUSPENSION_DAYS)}.`,
  /** 'three absences suspend sign-ups for one week' (mid-sentence) */
  suspensionShort: `${word(ABSENCES_PER_SUSPENSION)} absences suspend sign-ups for ${period(SUSPENSION_DAYS)}`,
  /** 'a week' */
  suspensionPeriod: SUSPENSION_DAYS === 7 ? 'a week' : `${SUSPENSION_DAYS} days`,
  /** 'three absences (late cancellations or no-shows) suspend sign-ups for a week' */
  suspensionCounted: `${word(ABSENCES_PER_SUSPENSION)} absences (late cancellations or no-shows) suspend sign-ups for ${SUSPENSION_DAYS === 7 ? 'a week' : `${SUSPENSION_DAYS} days`}`,
  /** 'This workout starts in less than 24 hours: cancelling now counts as an absence.' */
  lateCancelNow: `This workout starts in less than ${LATE_CANCEL_HOURS} hours: cancelling now counts as an absence.`,
  /** 'Starts in less than 24 hours: once you sign up, cancelling counts as an absence.' */
  lateSignup: `Starts in less than ${LATE_CANCEL_HOURS} hours: once you sign up, cancelling counts as an absence.`,
} as const;

/** The server's answer to a suspended member's sign-up. */
export function suspendedUntilText(when: string): string {
  return `Your workout sign-ups are suspended until ${when}: ${ABSENCES_PER_SUSPENSION} absences suspend sign-ups for ${RULE_TEXT.suspensionPeriod}.`;
}

/** 'This cancellation was less than 24 hours before the workout and counts as an absence (2 so far).' */
export function lateCancelCountedText(absences: number): string {
  return `This cancellation was less than ${LATE_CANCEL_HOURS} hours before the workout and counts as an absence (${absences} so far).`;
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
