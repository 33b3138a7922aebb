// Editing when and where a workout or event happens: may the edit be saved, and does it count as a
// move that the members who answered are told of? One rule for the server (which decides) and the
// edit form (which shows the problem next to the field before sending).
import type { ClubFormat } from './club-format';
import { clubToday, startInstant } from './clock';

/** Where and when, as stored: club-local 'YYYY-MM-DD', 'HH:MM' ('' for an all-day event), a place or ''. */
export interface Slot {
  date: string;
  time: string;
  place: string;
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
 * - a session that has already started (or happened) may be corrected on its own day, its time or
 *   place included, without telling anyone: the members are there, or it is over, and the change is
 *   to the club's record, not to anyone's plans;
 * - any other change of date, time or place is a move, and the members who answered are told (a
 *   started session put off to another day included).
 */
export function judgeEdit(kind: 'workout' | 'event', before: Slot, after: Slot, now: number, timeZone: string, dates: ClubFormat): EditVerdict {
  const startChanged = before.date !== after.date || before.time !== after.time;
  const changed = startChanged || before.place !== after.place;
  if (!changed) return { allowed: true, moved: false };
  const wasPast = slotHasPassed(before, now, timeZone);
  const nowPast = slotHasPassed(after, now, timeZone);
  if (startChanged && nowPast && !wasPast) {
    return { allowed: false, error: pastMoveError(kind, after, dates), field: before.date !== after.date ? 'date' : 'time' };
  }
  const correction = wasPast && (nowPast || after.date === before.date);
  return { allowed: true, moved: !correction };
}
