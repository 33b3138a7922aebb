// When a workout or event may be placed: how soon a new workout may start (the posting rule of
// rules.ts, read on the club's clock), and whether an edit of its date, time or place may be saved
// and counts as a move that the members who answered are told of. One rule for the server (which
// decides) and the forms (which show the problem next to the field before sending).
import type { ClubFormat } from './region/club-format';
import { addDays, clubToday, startInstant } from './clock';
import { earliestPostableStart, mayPostFor, ruleText, type RuleNumbers } from './rules';

/** Where and when, as stored: club-local 'YYYY-MM-DD', 'HH:MM' ('' for an all-day event), a place or ''. */
export interface Slot {
  date: string;
  time: string;
  place: string;
}

/** A refusal of a start, with the field to mark: 'date' when no time that day would do, else 'time'. */
export interface SlotProblem {
  field: 'date' | 'time';
  error: string;
}

/**
 * The club's posting rule (rules.ts `mayPostFor`) for a new workout at `slot`, judged at `now` on the
 * club's clock: null when it may be posted, else the refusal and the field to mark.
 */
export function postingProblem(rules: RuleNumbers, slot: Pick<Slot, 'date' | 'time'>, now: number, timeZone: string): SlotProblem | null {
  return tooSoon(rules, slot, now, timeZone) ? { field: tooSoonField(rules, slot, now, timeZone), error: ruleText(rules).postingRefused } : null;
}

function tooSoon(rules: RuleNumbers, slot: Pick<Slot, 'date' | 'time'>, now: number, timeZone: string): boolean {
  return !mayPostFor(rules, { date: slot.date, start: startInstant(slot.date, slot.time, timeZone) }, now, clubToday(now, timeZone));
}

/** The date is what to change when even the day's last minute is too soon; otherwise the time. */
function tooSoonField(rules: RuleNumbers, slot: Pick<Slot, 'date' | 'time'>, now: number, timeZone: string): 'date' | 'time' {
  return tooSoon(rules, { date: slot.date, time: '23:59' }, now, timeZone) ? 'date' : 'time';
}

/** The first date New Workout's date picker offers at `now`: tomorrow, or the day the earliest start allowed falls on. */
export function earliestPostingDate(rules: RuleNumbers, now: number, timeZone: string): string {
  const soonest = earliestPostableStart(rules, now);
  return soonest === null ? addDays(clubToday(now, timeZone), 1) : clubToday(soonest, timeZone);
}

export type EditVerdict =
  /** Refused: `field` is the one to mark ('date' when the date changed, else 'time'). */
  | { allowed: false; error: string; field: 'date' | 'time' }
  /** Allowed; `moved`: the members who answered are told of the new date, time or place. */
  | { allowed: true; moved: boolean };

/**
 * True once a slot's start has passed on the club's clock: a timed one at its start, an all-day one
 * once its day is over (it is still on today).
 */
export function slotHasPassed(slot: Pick<Slot, 'date' | 'time'>, now: number, timeZone: string): boolean {
  if (!slot.time) return slot.date < clubToday(now, timeZone);
  return startInstant(slot.date, slot.time, timeZone) <= now;
}

export function pastMoveError(kind: 'workout' | 'event', to: Pick<Slot, 'date' | 'time'>, dates: ClubFormat): string {
  return `This would move the ${kind} to ${dates.dateTime(to.date, to.time)}, which has already passed. Choose a later date or time.`;
}

/**
 * An edit from `before` to `after`, judged at `now` on the club's clock (`timeZone`), a refusal naming
 * the new start in the club's writing (`dates`):
 * - a start moved into the past is refused: nobody can come to it, and telling the members it
 *   "moved" would only confuse them;
 * - with the club's `posting` rule (workouts), a move to an earlier start is refused when a new
 *   workout could not be posted for that start now: moving a workout is no way round the notice New
 *   Workout keeps. A later start (a session put off, a pool booked an hour later) is always allowed;
 * - a session that has already started (or happened) may be corrected on its own day, its time or
 *   place included, without telling anyone: the members are there, or it is over, and the change is
 *   to the club's record, not to anyone's plans;
 * - any other change of date, time or place is a move, and the members who answered are told (a
 *   started session put off to another day included).
 */
export function judgeEdit(
  kind: 'workout' | 'event',
  before: Slot,
  after: Slot,
  now: number,
  timeZone: string,
  dates: ClubFormat,
  posting?: RuleNumbers,
): EditVerdict {
  const startChanged = before.date !== after.date || before.time !== after.time;
  const changed = startChanged || before.place !== after.place;
  if (!changed) return { allowed: true, moved: false };
  const wasPast = slotHasPassed(before, now, timeZone);
  const nowPast = slotHasPassed(after, now, timeZone);
  if (startChanged && nowPast && !wasPast) {
    return { allowed: false, error: pastMoveError(kind, after, dates), field: before.date !== after.date ? 'date' : 'time' };
  }
  const correction = wasPast && (nowPast || after.date === before.date);
  if (posting && startChanged && !correction && startInstant(after.date, after.time, timeZone) < startInstant(before.date, before.time, timeZone)) {
    if (tooSoon(posting, after, now, timeZone)) {
      return { allowed: false, error: ruleText(posting).moveRefused, field: tooSoonField(posting, after, now, timeZone) };
    }
  }
  return { allowed: true, moved: !correction };
}
