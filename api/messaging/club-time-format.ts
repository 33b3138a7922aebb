// Club times written for people (emails, refusals, reminders): always in the club's zone, whatever
// the server's, so a member reads the time on the club's wall clock.
import { calendarDateForFormatting } from '../../domain/calendar-days';

/** e.g. 'Monday, March 9, 2026 at 10:00 AM', in the club's zone: for messages people read. */
export function formatClubDateTime(
  instant: number,
  timeZone: string,
  dateStyle: 'full' | 'long' = 'full',
): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle, timeStyle: 'short' })
    .format(instant)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** e.g. 'Monday, March 9, 2026': a day in the club's zone, for an item with no time. */
export function formatClubDate(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full' }).format(instant);
}

/** e.g. 'Tuesday, March 3, 2026 at 07:00', straight from the stored club-local strings. */
export function describeWorkoutTime(date: string, time: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(calendarDateForFormatting(date));
  return `${day} at ${time}`;
}
