// Race countdowns count calendar days in the club's time zone, whatever the device's own zone is:
// a member travelling, or a browser set to UTC, still sees the club's 'Today!'.
export const CLUB_TIME_ZONE = 'America/Toronto';

const DAY_MS = 24 * 60 * 60 * 1000;
const todayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: CLUB_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Today's date ('YYYY-MM-DD') in the club time zone at instant `now`. */
export function clubToday(now: Date | number = Date.now()): string {
  const parts = todayFormat.formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

function dayNumber(date: string): number {
  const [y, m, d] = date.split('-').map(Number);
  return Date.UTC(y!, m! - 1, d!) / DAY_MS;
}

/**
 * Whole days from `from` to `to` (both 'YYYY-MM-DD'). Counted on UTC midnights, so a 23- or 25-hour
 * day at a daylight-saving change still counts as one.
 */
export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/** 'Today!', 'Tomorrow', 'N days' or 'Past (N days ago)' (SPEC.md §2 Races). */
export function countdownText(raceDate: string, today: string = clubToday()): string {
  const days = daysBetween(today, raceDate);
  if (days === 0) return 'Today!';
  if (days === 1) return 'Tomorrow';
  if (days > 1) return `${days} days`;
  return `Past (${-days} days ago)`;
}

/** The date `days` after `date` ('YYYY-MM-DD'). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}
