import { TZDate } from '@date-fns/tz';

// Calendar dates as the club stores them: 'YYYY-MM-DD' and 'HH:MM' on the club's wall clock, in its
// one time zone (CLUB_TIMEZONE). Pure functions, used by the API, the seed and the PWA alike; the zone
// arithmetic (offsets, daylight-saving changes) is @date-fns/tz's, not ours.

// In modules of their own so the PWA's first download can check a zone or write a date without
// @date-fns/tz.
export { isTimeZone } from './time-zone';
export { addDays, calendarDateForFormatting, daysBetween, isCalendarDate, weekdayOf } from './calendar-days';

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date ('YYYY-MM-DD') in `timeZone` at instant `now`. */
export function clubToday(now: Date | number, timeZone: string): string {
  const d = new TZDate(+now, timeZone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/**
 * The instant (epoch ms) of a club-local date ('YYYY-MM-DD') and time ('HH:MM'), daylight saving
 * included: the 24-hour rules need the real instant.
 */
export function clubTimeToEpoch(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  return new TZDate(y, mo - 1, d, h, mi, timeZone).getTime();
}

/** The instant a workout or event starts: its club-local date and time ('' or missing: midnight). */
export function startInstant(date: string, time: string | null | undefined, timeZone: string): number {
  return clubTimeToEpoch(date, time || '00:00', timeZone);
}

/** Hours from `now` until the start, on the club's clock whatever the phone's zone (negative once started). */
export function hoursUntil(date: string, time: string | null | undefined, now: number, timeZone: string): number {
  return (startInstant(date, time, timeZone) - now) / 3_600_000;
}

/**
 * True once a workout has started: its list is then the attendance roster, nobody signs up or cancels
 * any more, and attendance may be taken.
 */
export function hasStarted(workout: { workout_date: string; workout_time: string | null }, now: number, timeZone: string): boolean {
  return startInstant(workout.workout_date, workout.workout_time, timeZone) <= now;
}

/** Attendance opens when the workout starts and stays open until an exec submits it. */
export const attendanceOpens = hasStarted;
