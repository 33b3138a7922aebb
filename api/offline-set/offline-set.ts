// GET /offline-set: everything a member (or an exec taking attendance) will open next, in one answer
// with one ETag, so the PWA can keep it on the device after a single online visit
// (docs/decisions/0089-offline-set.md). Each part is the answer of the endpoint a screen reads, made
// by that endpoint's own service: the lists come prebuilt from the list cache, as JSON.
import { and, asc, between, eq, or } from 'drizzle-orm';
import { posts } from '../../db/schema';
import { addDays, clubToday } from '../../domain/clock';
import { MY_WEEK_DAYS } from '../../domain/contract/me';
import { OFFLINE_ATTENDANCE_AHEAD_HOURS, type OfflineSetAnswer } from '../../domain/contract/offline-set';
import { hasRole } from '../../domain/contract/roles';
import type { AppDeps, CurrentUser } from '../platform/context';
import { getAttendance } from '../forum/workouts/attendance';
import { eventDetailAnswer, workoutDetailAnswer } from '../forum/detail-cache';
import { myWeek } from '../my-week/my-week';
import { forumListAnswer } from '../forum/posts/list-cache';
import { prebuiltJson, type PrebuiltJson } from '../platform/middleware/etag';
import { listRaces } from '../races/races';
import { feeViewOf } from '../payments/entries/holds';
import { workoutStart } from '../forum/posts/start-instants';
import { clubTimeZone } from '../platform/club-time-zone';
import { offlineSafety } from '../safety/card-access';
import { rosterOwing } from '../payments/reminders';

const HOUR_MS = 3_600_000;

/** The parts of the set that are not prebuilt: not the two lists, nor the pages. */
type OwnParts = Omit<OfflineSetAnswer, 'workouts' | 'events' | 'workoutDetails' | 'eventDetails' | 'attendance'>;

/**
 * The caller's offline set, as a prebuilt answer (body, ETag, gzip). Workouts and events come in full
 * from the club's today to the last day My week covers; for an exec or an administrator, the
 * attendance record of each of those workouts that started today or starts in the next
 * OFFLINE_ATTENDANCE_AHEAD_HOURS, not cancelled.
 */
export function offlineSetAnswer(deps: AppDeps, user: CurrentUser): PrebuiltJson {
  const { database } = deps;
  const now = deps.clock();
  const tz = clubTimeZone(deps);
  const today = clubToday(now, tz);
  const last = addDays(today, MY_WEEK_DAYS);
  const takesAttendance = hasRole(user.role, 'exec');

  // One read transaction: the lists, the pages and the week agree with each other.
  return database.read(() => {
    const workouts = forumListAnswer(deps, user.id, 'workout');
    const events = forumListAnswer(deps, user.id, 'event');
    const coming = database.db
      .select({ id: posts.id, type: posts.type, workoutDate: posts.workoutDate, workoutTime: posts.workoutTime, cancelledAt: posts.cancelledAt })
      .from(posts)
      .where(
        or(
          and(eq(posts.type, 'workout'), between(posts.workoutDate, today, last)),
          and(eq(posts.type, 'event'), between(posts.eventDate, today, last)),
        ),
      )
      .orderBy(asc(posts.id))
      .all();

    const safety = offlineSafety(deps, user);
    const own: OwnParts = {
      week: myWeek(deps, user.id, now),
      races: { races: listRaces(deps, user, feeViewOf(deps, user)) },
      safetyCards: safety.cards,
      safetyMarks: safety.marks,
    };
    // The pages' JSON as the page cache made it (the same answers the pages get).
    const workoutDetails: string[] = [];
    const eventDetails: string[] = [];
    const attendance: OfflineSetAnswer['attendance'] = [];
    for (const post of coming) {
      if (post.type === 'event') {
        eventDetails.push(eventDetailAnswer(deps, user.id, post.id).json);
        continue;
      }
      workoutDetails.push(workoutDetailAnswer(deps, user.id, post.id).json);
      if (takesAttendance && post.cancelledAt === null && workoutStart(post, tz) <= now + OFFLINE_ATTENDANCE_AHEAD_HOURS * HOUR_MS) {
        attendance.push({ workoutId: post.id, record: getAttendance(deps, post.id) });
      }
    }
    // Only for whoever handles payments: the key is left out for anyone else.
    const owed = rosterOwing(deps, user, attendance.map((a) => a.workoutId));
    // The lists' and pages' JSON as their caches made it, not parsed and written again.
    return prebuiltJson(
      `{"workouts":${workouts.json},"events":${events.json},${JSON.stringify(own).slice(1, -1)}` +
        `,"workoutDetails":[${workoutDetails.join(',')}],"eventDetails":[${eventDetails.join(',')}]` +
        `,"attendance":${JSON.stringify(attendance)}${owed === undefined ? '' : `,"owing":${JSON.stringify(owed.owing)},"owingRequests":${JSON.stringify(owed.owingRequests)}`}}`,
    );
  });
}
