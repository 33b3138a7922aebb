// Stored club time ('YYYY-MM-DD' and 'HH:MM' on the club's wall clock) turned into the instant it
// starts, for the lists and the rules that compare it with the clock.
import { clubTimeToEpoch } from '../../../domain/clock';
import type { PostRow } from '../../../db/schema';

const startInstants = new Map<string, number>();
const START_INSTANTS_KEPT = 10_000;

/**
 * The instant a club-local date and time starts, worked out once per distinct (zone, date, time):
 * the zone math costs two Intl calls, and a list of 200 workouts has only a few dozen distinct
 * starts. The one place that turns stored club time into an instant for the lists and the rules.
 */
export function clubStartInstant(date: string, time: string, timeZone: string): number {
  const key = `${timeZone}|${date}|${time}`;
  let instant = startInstants.get(key);
  if (instant === undefined) {
    if (startInstants.size >= START_INSTANTS_KEPT) startInstants.clear();
    instant = clubTimeToEpoch(date, time, timeZone);
    startInstants.set(key, instant);
  }
  return instant;
}

export function workoutStart(post: Pick<PostRow, 'workoutDate' | 'workoutTime'>, timeZone: string): number {
  return clubStartInstant(post.workoutDate ?? '1970-01-01', post.workoutTime ?? '00:00', timeZone);
}

/** A stored workout in the shape the club clock's rules read (hasStarted, attendanceOpens in domain/clock.ts). */
export function clubWorkout(post: Pick<PostRow, 'workoutDate' | 'workoutTime'>): {
  workout_date: string;
  workout_time: string | null;
} {
  return { workout_date: post.workoutDate ?? '1970-01-01', workout_time: post.workoutTime };
}
