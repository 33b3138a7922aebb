// How the club writes its dates and times for people: one format for the app's screens, the emails,
// the pushes and the server's refusals. Times are 12-hour ('6:15 PM'), dates come in three lengths,
// and a date with its time reads 'Monday, March 2, 2026 at 6:15 PM'. Club dates and times are the
// stored club-local strings ('YYYY-MM-DD', 'HH:MM'), formatted as they are: no zone shifts them.
// Only Intl: the PWA's first download formats dates without the zone library.
import { calendarDateForFormatting } from './calendar-days';

/** 'short': 'Mon, Mar 2, 2026'; 'medium': 'Mar 2, 2026'; 'long': 'Monday, March 2, 2026'. */
export type ClubDateStyle = 'short' | 'medium' | 'long';

// Building an Intl.DateTimeFormat costs far more than using one, and a list of 300 cards formats
// hundreds of dates per render: one formatter per set of options.
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

const TIME = /^(\d{1,2}):(\d{2})/;

/** 'HH:MM' (24 h, as stored) as '6:15 PM'; '' or nothing as ''. */
export function formatClubTime(time: string | null | undefined): string {
  if (!time) return '';
  const m = TIME.exec(time);
  if (!m) return time;
  const h = Number(m[1]);
  return `${((h + 11) % 12) + 1}:${m[2]} ${h < 12 ? 'AM' : 'PM'}`;
}

/** A club date ('YYYY-MM-DD') in one of the three styles; anything else is shown as given. */
export function formatClubDate(date: string, style: ClubDateStyle = 'short'): string {
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

/** A part of a club date, without zone shifts: its weekday ('Monday', 'Mon'), its day of the month ('2'), its month and year ('March 2027'). */
export function formatClubDatePart(date: string, part: 'weekday' | 'weekday-short' | 'day' | 'month'): string {
  const d = calendarDateForFormatting(part === 'month' ? `${date.slice(0, 7)}-01` : date);
  if (Number.isNaN(d.getTime())) return date;
  const options: Intl.DateTimeFormatOptions =
    part === 'weekday' ? { weekday: 'long' } : part === 'weekday-short' ? { weekday: 'short' } : part === 'day' ? { day: 'numeric' } : { month: 'long', year: 'numeric' };
  return formatter({ timeZone: 'UTC', ...options }).format(d);
}

/**
 * A club date and time, 'Monday, March 2, 2026 at 6:15 PM'; with an end on the same day,
 * 'Monday, March 2, 2026, 6:00 – 7:30 PM'. No time (an all-day event): the date alone.
 */
export function formatClubDateTime(
  date: string,
  time: string | null | undefined,
  style: ClubDateStyle = 'long',
  end?: string | null,
): string {
  const day = formatClubDate(date, style);
  if (!time) return day;
  return end ? `${day}, ${formatClubTimeRange(time, end)}` : `${day} at ${formatClubTime(time)}`;
}

/**
 * A start and an end on the club's clock: '6:00 – 7:30 PM' (one AM/PM when both share it),
 * '11:00 AM – 12:30 PM' otherwise. No end: the start alone.
 */
export function formatClubTimeRange(start: string, end: string | null | undefined): string {
  const from = formatClubTime(start);
  const to = formatClubTime(end);
  if (!from || !to) return from;
  const half = (t: string) => t.slice(-2);
  return half(from) === half(to) ? `${from.slice(0, -3)} – ${to}` : `${from} – ${to}`;
}

/** A length of time: 90 → '1 h 30 min', 60 → '1 hour', 120 → '2 hours', 45 → '45 min'. */
export function formatDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m} min`;
  if (m === 0) return h === 1 ? '1 hour' : `${h} hours`;
  return `${h} h ${m} min`;
}

const pad = (n: string) => n.padStart(2, '0');

/**
 * The club-local date and time ('YYYY-MM-DD', 'HH:MM') of an instant (epoch ms) in `timeZone`; with
 * no zone (a device that has not yet heard the club's), the device's own.
 */
export function clubDateTimeOf(instant: number, timeZone?: string): { date: string; time: string } {
  const parts = formatter({
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${pad(part('month'))}-${pad(part('day'))}`,
    time: `${pad(part('hour'))}:${part('minute')}`,
  };
}

/** An instant (epoch ms) as its date and time on the club's clock, e.g. 'Mar 2, 2026 at 6:22 PM'. */
export function formatClubInstant(instant: number, timeZone?: string, style: ClubDateStyle = 'medium'): string {
  const { date, time } = clubDateTimeOf(instant, timeZone);
  return formatClubDateTime(date, time, style);
}
