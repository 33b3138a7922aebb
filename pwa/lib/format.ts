// Building an Intl.DateTimeFormat costs far more than using one, and a list of 300 cards formats
// hundreds of dates per render: keep one formatter per set of options.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options);
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', options);
    formatters.set(key, f);
  }
  return f;
}

/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st… (waitlist positions, SPEC.md §9). */
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

/** 'YYYY-MM-DD' as a readable date, without time-zone shifts (the date is already local to the club). */
export function formatDate(date: string, style: 'short' | 'long' = 'short'): string {
  const d = new Date(`${date}T12:00:00Z`);
  if (Number.isNaN(d.getTime())) return date;
  return formatter({
    timeZone: 'UTC',
    weekday: style === 'long' ? 'long' : 'short',
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

/** Epoch ms as a short local date and time. */
export function formatDateTime(ms: number | string): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  return formatter({ dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** Today's date as 'YYYY-MM-DD' in the browser's time zone (the club's, for its members). */
export function localToday(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
