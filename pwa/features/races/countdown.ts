import { daysBetween } from '../../../domain/clock';

// Race countdowns count calendar days on the club's clock (pwa/lib/club-clock), whatever the device's
// own zone is: a member travelling, or a browser set to UTC, still sees the club's 'Today!'.

/** 'Today!', 'Tomorrow', 'N days' or 'Past (N days ago)'. */
export function countdownText(raceDate: string, today: string): string {
  const days = daysBetween(today, raceDate);
  if (days === 0) return 'Today!';
  if (days === 1) return 'Tomorrow';
  if (days > 1) return `${days} days`;
  return `Past (${-days} days ago)`;
}
