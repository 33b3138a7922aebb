import type { AttendanceRecord, EventDetailAnswer, EventPost, PostsAnswer, WorkoutDetailAnswer, WorkoutPost } from './training/forum';
import type { MyWeekAnswer } from './me';
import type { RacesAnswer } from './training/races';
import type { SafetyCard, SafetyMark } from './members/safety';
import type { RosterOwing } from './members/payments';

// GET /offline-set: what a signed-in member will open next, in one answer, so a phone that was online
// once has it when the signal is gone (docs/decisions/0089-offline-set.md). Every part has the shape
// of the endpoint a screen reads it from, and the PWA keeps each under that screen's own query key.

/** Execs and administrators get the attendance record of every workout that started today or starts within this many hours. */
export const OFFLINE_ATTENDANCE_AHEAD_HOURS = 24;

export interface OfflineSetAnswer {
  /** GET /forum/posts?type=workout */
  workouts: PostsAnswer<WorkoutPost>;
  /** GET /forum/posts?type=event */
  events: PostsAnswer<EventPost>;
  /** GET /me/week */
  week: MyWeekAnswer;
  /** GET /races */
  races: RacesAnswer;
  /** GET /forum/workouts/{id} of every workout from the club's today to the last day My week covers. */
  workoutDetails: WorkoutDetailAnswer[];
  /** GET /forum/events/{id} of every event of the same days. */
  eventDetails: EventDetailAnswer[];
  /** GET /forum/workouts/{id}/attendance, for those who take it (empty for a member). */
  attendance: { workoutId: number; record: AttendanceRecord }[];
  /**
   * For an exec or an administrator only (empty for anyone else): the safety cards of everyone on the
   * workouts and events they may take attendance of, and the races, of the next SAFETY_OFFLINE_DAYS,
   * and a roster's mark for each of them. The PWA keeps the cards in a store of their own, never in
   * the query cache.
   */
  safetyCards?: SafetyCard[];
  safetyMarks?: SafetyMark[];
  /**
   * For whoever handles the club's money only (absent for anyone else): who on the rosters in
   * `attendance` owes a membership for the term (and the payment requests they owe besides), so cash
   * taken at the pool with no signal is asked of the right people.
   */
  owing?: RosterOwing[];
  /** Likewise, those on the rosters who owe payment requests and no membership (absent for anyone else). */
  owingRequests?: RosterOwing[];
}
