import { clubTimeZone } from '../club/club-clock';
import { calendarDateForFormatting } from '../../../domain/calendar-days';

// The one place the PWA turns dates and times into text, in the club's 12-hour style ('6:15 PM').
// Building an Intl.DateTimeFormat costs far more than using one, and a list of 300 cards formats
// hundreds of dates per render: keep one formatter per set of options.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', options);
    formatters.set(key, f);
  }
  return f;
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
export function formatDate(date: string, style: 'short' | 'medium' | 'long' = 'short'): string {
  const d = calendarDateForFormatting(date);
  if (Number.isNaN(d.getTime())) return date;
  return formatter({
    timeZone: 'UTC',
    // 'medium' leaves out the weekday: 'Nov 21, 2026' (member lists).
    ...(style === 'medium' ? {} : { weekday: style }),
    year: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    day: 'numeric',
  }).format(d);
}

/** 'HH:MM' (24 h) as '6:15 PM'. */
export function formatTime(time: string | null | undefined): string {
  if (!time) return '';
  const m = /^(\d{1,2}):(\d{2})/.exec(time);
  if (!m) return time;
  const h = Number(m[1]);
  return `${((h + 11) % 12) + 1}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/**
 * Epoch ms as a short date and time on the club's clock, e.g. 'Mar 2, 2026, 6:00 PM': the same
 * 12-hour 'AM'/'PM' as formatTime, so one screen never shows two styles. Before the device has
 * learnt the club's zone (first visit, offline) it falls back to the device's.
 */
export function formatDateTime(ms: number | string, timeZone: string | null = clubTimeZone()): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  return formatter({ dateStyle: 'medium', timeStyle: 'short', hourCycle: 'h12', ...(timeZone ? { timeZone } : {}) })
    .format(d)
    .replace(/[\u202f\u00a0]/g, ' ');
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
