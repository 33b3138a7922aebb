// The check of a club time-zone name, apart from dates.ts: the PWA's entry chunk runs it on the
// server's answer, and dates.ts would bring @date-fns/tz into every page's first download.

/**
 * True for a time-zone name the runtime knows (IANA, e.g. 'America/Toronto', or 'UTC'). Offsets such
 * as '+05:00' are refused: they ignore daylight saving, so the club's dates would drift twice a year.
 */
export function isTimeZone(timeZone: string): boolean {
  if (!/^[A-Za-z][A-Za-z_]*(\/[A-Za-z0-9_+-]+)*$/.test(timeZone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
