import { TZDate } from '@date-fns/tz';

// Calendar dates as the club stores them: 'YYYY-MM-DD' and 'HH:MM' on the club's wall clock, in its
// one time zone (CLUB_TIMEZONE). Pure functions, used by the API, the seed and the PWA alike; the zone
// arithmetic (offsets, daylight-saving changes) is @date-fns/tz's, not ours.

// In a module of its own so the PWA's entry chunk can check a zone without @date-fns/tz.
export { isTimeZone } from './time-zone';

const DAY_MS = 24 * 60 * 60 * 1000;
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

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / DAY_MS;
}

/**
 * Whole days from `from` to `to`. Counted on UTC midnights, so a 23- or 25-hour day at a
 * daylight-saving change still counts as one.
 */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** The date `days` after `date` (negative: before). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}
