import { TZDate } from '@date-fns/tz';

// Calendar dates as the club stores them: 'YYYY-MM-DD' and 'HH:MM' on the club's wall clock, in its
// one time zone (the club's `time-zone` setting, CLUB_TIMEZONE until one is published). Pure functions, used by the API, the seed and the PWA alike; the zone
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

/** Where a club day falls in the forum: today, a day ahead, or a day gone. */
export type ForumDay = 'today' | 'ahead' | 'past';

export function forumDayOf(date: string, today: string): ForumDay {
  return date === today ? 'today' : date > today ? 'ahead' : 'past';
}

/**
 * The forum's order of workouts: today's first, by start time, started ones included, until club
 * midnight (so a session under way stays at hand for attendance); then the days ahead, soonest first;
 * then the days gone, most recent first. Equal starts keep the order they came in.
 */
export function forumOrder<T>(items: readonly T[], startOf: (item: T) => { date: string; time: string | null }, today: string): T[] {
  const rank: Record<ForumDay, number> = { today: 0, ahead: 1, past: 2 };
  const keyed = items.map((item, index) => {
    const { date, time } = startOf(item);
    return { item, index, day: forumDayOf(date, today), at: `${date} ${time || '00:00'}` };
  });
  keyed.sort((a, b) => {
    if (a.day !== b.day) return rank[a.day] - rank[b.day];
    if (a.at === b.at) return a.index - b.index;
    const ascending = a.at < b.at ? -1 : 1;
    return a.day === 'past' ? -ascending : ascending;
  });
  return keyed.map((k) => k.item);
}
