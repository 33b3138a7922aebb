import { clubTimeZone } from '../club/club-zone';
import { clubFormat, currencyName, type ClubDateStyle, type ClubFormat } from '../../../domain/region/club-format';
import { clubLocale } from '../club/club-region';

// The PWA's names for the club's one date and time format (domain/region/club-format.ts), which the emails
// and pushes use too, in the club's language as this device knows it (lib/club/club-region.ts):
// '6:15 PM', 'Mon, Mar 2, 2026', 'Mar 2, 2026 at 6:15 PM' in en-US; '6:15 pm', 'Mon, 2 Mar 2026' in en-AU.
// The app's routes re-render when the language changes (app/router.tsx), so every screen follows.

/** The club's writing of dates and times in its language now (for a rule in domain/ that words a date). */
export function clubDates(): ClubFormat {
  return clubFormat(clubLocale());
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… (waitlist positions). */
export function ordinal(n: number): string {
  const mod100 = n % 100;
  if (mod100 >= 11 && mod100 <= 13) return `${n}th`;
  switch (n % 10) {
    case 1:
      return `${n}st`;
    case 2:
      return `${n}nd`;
    case 3:
      return `${n}rd`;
    default:
      return `${n}th`;
  }
}

/** 'YYYY-MM-DD' as a readable date, e.g. 'Mon, Mar 2, 2026', without zone shifts (it is already club-local). */
export function formatDate(date: string, style: ClubDateStyle = 'short'): string {
  return clubDates().date(date, style);
}

/** A club date's weekday: 'Monday' ('long') or 'Mon' ('short'), without zone shifts. */
export function formatWeekday(date: string, style: 'long' | 'short' = 'long'): string {
  return clubDates().datePart(date, style === 'long' ? 'weekday' : 'weekday-short');
}

/** The day of the month of a club date: '2' for '2027-03-02'. */
export function formatDayOfMonth(date: string): string {
  return clubDates().datePart(date, 'day');
}

/** The month of a club date with its year: 'March 2027' for '2027-03-…'. */
export function formatMonth(date: string): string {
  return clubDates().datePart(date, 'month');
}

/** An amount in whole minor units of `currency` as the club writes it: '$289.28' (en-US, CAD), '289,28 $' (fr-CA). */
export function formatMoney(minor: number, currency: string): string {
  return clubDates().money(minor, currency);
}

/** A currency's name in the club's language: 'Canadian dollar' for 'CAD'. */
export function formatCurrencyName(currency: string): string {
  return currencyName(currency, clubDates().locale);
}

/** A count as the club writes it: '2,000'. */
export function formatNumber(n: number): string {
  return n.toLocaleString(clubDates().locale);
}

/** 'HH:MM' (24 h) as '6:15 PM'. */
export function formatTime(time: string | null | undefined): string {
  return clubDates().time(time);
}

/** A club date and its time ('YYYY-MM-DD', 'HH:MM'), e.g. 'Sun, Nov 29, 2026 at 5:00 AM'; no time: the date alone. */
export function formatDateAndTime(date: string, time: string | null | undefined, style: ClubDateStyle = 'short'): string {
  return clubDates().dateTime(date, time, style);
}

/** A start and its end, '6:00 – 7:30 PM'; the start alone when there is no end (an older kept copy). */
export function formatTimeRange(start: string | null | undefined, end: string | null | undefined): string {
  return start ? clubDates().timeRange(start, end) : '';
}

/**
 * Epoch ms as a short date and time on the club's clock, e.g. 'Mar 2, 2026 at 6:00 PM'. Before the
 * device has learnt the club's zone (first visit, offline) it falls back to the device's.
 */
export function formatDateTime(ms: number | string, timeZone: string | null = clubTimeZone()): string {
  const instant = new Date(ms).getTime();
  if (Number.isNaN(instant)) return String(ms);
  return clubDates().instant(instant, timeZone ?? undefined, 'medium');
}

/**
 * How long ago `ms` was, in the fewest words: 'just now', '12 min ago', '2 h ago', '3 days ago'.
 * Rounded down, so a copy never reads younger than it is.
 */
export function formatAge(ms: number, now: number = Date.now()): string {
  const minutes = Math.floor(Math.max(0, now - ms) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ago`;
  const days = Math.floor(hours / 24);
  return `${days} ${days === 1 ? 'day' : 'days'} ago`;
}
