import { clubToday as clubDate, daysBetween } from '../../../api/contract/dates';

// Race countdowns count calendar days in the club's time zone, whatever the device's own zone is:
// a member travelling, or a browser set to UTC, still sees the club's 'Today!'.
export const CLUB_TIME_ZONE = 'America/Toronto';

/** Today's date ('YYYY-MM-DD') in the club time zone at instant `now`. */
export function clubToday(now: Date | number = Date.now()): string {
  return clubDate(now, CLUB_TIME_ZONE);
}

/** 'Today!', 'Tomorrow', 'N days' or 'Past (N days ago)' (SPEC.md §2 Races). */
export function countdownText(raceDate: string, today: string = clubToday()): string {
  const days = daysBetween(today, raceDate);
  if (days === 0) return 'Today!';
  if (days === 1) return 'Tomorrow';
  if (days > 1) return `${days} days`;
  return `Past (${-days} days ago)`;
}
