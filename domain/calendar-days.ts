// Club dates as calendar days ('YYYY-MM-DD'), with no time zone involved: counting days, stepping
// through them, the weekday of one. Apart from ./clock.ts so a screen that only writes dates does not
// download the zone arithmetic.

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

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

/** A real calendar date written YYYY-MM-DD (2026-02-30 and 2027-13-01 are refused). */
export function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  if (m < 1 || m > 12 || d < 1) return false;
  return d <= new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** Day of the week of a club date: 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  return new Date(dayNumber(date) * DAY_MS).getUTCDay();
}

/**
 * A club date as a Date at noon UTC, for formatting the date alone with `timeZone: 'UTC'` (noon keeps
 * it on the same day in every zone). Not an instant of the club's: use `startInstant` for that.
 */
export function calendarDateForFormatting(date: string): Date {
  return new Date(dayNumber(date) * DAY_MS + 12 * 60 * 60 * 1000);
}

