// How long a workout or an event lasts: an exec may give its end time; without one it lasts the
// usual length of its kind. Calendars (DTEND), My week, the cards and the forms all read it here.
import { workoutTypeOf, type SportsDocument } from './sports';

/** The usual length of an event (a club social, a clinic or a meeting), in minutes. A workout's is its type's (sports.ts). */
export const EVENT_MINUTES = 120;

/** The usual length of a session of `kind` (a workout type's id, or 'event'), in minutes. */
export function usualMinutes(sports: SportsDocument, kind: string): number {
  return kind === 'event' ? EVENT_MINUTES : workoutTypeOf(sports, kind).minutes;
}

/** The longest a workout or event may last: it ends on the day it starts. */
export const DURATION_MAX_MINUTES = 24 * 60 - 1;

function minutesOf(time: string): number {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The minutes from `start` to `end` ('HH:MM', the same day), or null when the end is not after the start. */
export function durationBetween(start: string, end: string): number | null {
  const minutes = minutesOf(end) - minutesOf(start);
  return minutes > 0 ? minutes : null;
}

/** 'HH:MM' `minutes` after `start`, on the club's wall clock (past midnight it wraps: '00:30'). */
export function endTimeOf(start: string, minutes: number): string {
  const end = (minutesOf(start) + minutes) % (24 * 60);
  return `${pad(Math.floor(end / 60))}:${pad(end % 60)}`;
}

/** How long a session lasts: its own length when an exec gave an end time, else its kind's usual one. */
export function durationOf(usual: number, stored: number | null | undefined): number {
  return stored ?? usual;
}

/** When a session starting at `start` ends; '' for an all-day event (no start time). */
export function endOf(usual: number, start: string, stored: number | null | undefined): string {
  return start ? endTimeOf(start, durationOf(usual, stored)) : '';
}

/**
 * The length to store for a request's end time: undefined when none was sent (an edit keeps its
 * length), null for '' (the usual length of its kind), else the minutes from the start.
 */
export function storedDuration(start: string, end: string | undefined): number | null | undefined {
  if (end === undefined) return undefined;
  if (end === '' || !start) return null;
  return durationBetween(start, end);
}

/** The message next to an end time that is not after the start. */
export const END_BEFORE_START_ERROR = 'The end time must be after the start time (on the same day)';
