// Weekly workout series: one workout per date, each with its own signups and attendance,
// tied together only by posts.series_id so an edit or a delete can reach "this and the following".
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, gte, or } from 'drizzle-orm';
import { addDays } from '../../../domain/clock';
import type { Db } from '../../../db/client';
import { posts, type PostRow } from '../../../db/schema';
import { noWeekdayBetweenMessage, WEEKDAY_NAMES, WEEKDAY_REQUIRED_ERROR, type SeriesAnswer, type SeriesScope } from '../../../domain/contract/training/forum';
import type { NewWorkout, WorkoutUpdate } from '../../../domain/contract/training/forum-schemas';
import type { AppDeps } from '../../platform/context';
import { ServiceError } from '../../platform/errors';
import { newWorkoutNotice } from '../../messaging/mail-templates';
import { pushNewWorkout } from '../../messaging/notifications';
import { assertCanManagePost, requireWorkout, type Actor } from '../posts/access';
import { loadWorkoutPost } from '../posts/reads';
import { applyWorkoutUpdate, refuseTooSoon } from './workouts';
import { saveLanes, siblingLanes } from './lanes';
import { assertDeletable, deleteWithTombstone } from '../posts/tombstones';
import { weekdayOf } from '../../../domain/calendar-days';
import { storedDuration } from '../../../domain/durations';
import { clubDates, clubSports } from '../../club/settings';
import { paceUnitOf } from '../../../domain/sports';
import { chosenWorkoutType } from './workout-types';

/** Club-local dates from `first` to `last` (inclusive) that fall on one of `weekdays` (0 Sunday). */
export function seriesDates(first: string, last: string, weekdays: readonly number[]): string[] {
  const wanted = new Set(weekdays);
  const dates: string[] = [];
  // Dates are calendar strings, so a daylight-saving change in between moves nothing: each workout
  // keeps its wall-clock time, and its instant is worked out from date and time when needed.
  for (let d = first; d <= last; d = addDays(d, 1)) {
    if (wanted.has(weekdayOf(d))) dates.push(d);
  }
  return dates;
}

/**
 * Creates one workout per chosen weekday from the workout date to `repeat.until`, in one
 * transaction (all or nothing). The route has checked the range stays within one term.
 */
export function createWorkoutSeries(
  deps: AppDeps,
  actor: Actor,
  input: NewWorkout & { repeat: NonNullable<NewWorkout['repeat']> },
): SeriesAnswer {
  const { weekdays, until } = input.repeat;
  if (weekdays.length === 0) throw new ServiceError(400, WEEKDAY_REQUIRED_ERROR);
  // The first date is the earliest of the series: each later one, at the same time, is further ahead.
  refuseTooSoon(deps, input);
  const dates = seriesDates(input.workoutDate, until, weekdays);
  if (dates.length === 0) {
    const days = weekdays.map((d) => WEEKDAY_NAMES[d]).join(' or ');
    throw new ServiceError(400, noWeekdayBetweenMessage(days, input.workoutDate, until));
  }
  return deps.database.tx(() => {
    const { db } = deps.database;
    const now = deps.clock();
    const seriesId = randomUUID();
    const workoutType = chosenWorkoutType(deps, input.workoutType);
    const unit = paceUnitOf(clubSports(deps), workoutType);
    const ids = db
      .insert(posts)
      .values(
        dates.map((workoutDate) => ({
          userId: actor.id,
          type: 'workout',
          title: input.title,
          content: input.content,
          workoutType,
          workoutDate,
          workoutTime: input.workoutTime,
          durationMinutes: storedDuration(input.workoutTime, input.workoutEndTime) ?? null,
          workoutLocation: input.workoutLocation ?? '',
          capacity: input.capacity,
          seriesId,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .returning({ id: posts.id })
      .all();
    // Each workout of the series gets the lanes, its own places and waitlists in each.
    for (const { id } of ids) saveLanes(db, requireWorkout(db, id), unit, input.lanes);
    // One push for the series, not one per date.
    const when = clubDates(deps).dateTime(dates[0]!, input.workoutTime);
    pushNewWorkout(deps, actor.id, newWorkoutNotice(input.title, when, ids[0]!.id, ids.length - 1));
    return { id: seriesId, posts: ids.map(({ id }) => loadWorkoutPost(deps, actor.id, id)!) };
  });
}

/** The workout and, for 'following', the later workouts of its series (by date, then id), in order. */
export function workoutsInScope(db: Db, post: PostRow, scope: SeriesScope): PostRow[] {
  if (scope === 'this' || post.seriesId === null) return [post];
  return db
    .select()
    .from(posts)
    .where(
      and(
        eq(posts.seriesId, post.seriesId),
        eq(posts.type, 'workout'),
        or(
          gt(posts.workoutDate, post.workoutDate ?? ''),
          and(eq(posts.workoutDate, post.workoutDate ?? ''), gte(posts.id, post.id)),
        ),
      ),
    )
    .orderBy(asc(posts.workoutDate), asc(posts.id))
    .all();
}

/**
 * Edits one workout, or it and the later ones of its series: those take the changed title,
 * description, type, time, end time, place and capacity but keep their own dates. Each must accept the capacity
 * (nobody is dropped); one refusal refuses the whole edit.
 */
export function updateWorkoutInScope(
  deps: AppDeps,
  actor: Actor,
  workoutId: number,
  input: WorkoutUpdate,
  scope: SeriesScope,
) {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const post = requireWorkout(db, workoutId);
    assertCanManagePost(actor, post);
    for (const target of workoutsInScope(db, post, scope)) {
      assertCanManagePost(actor, target);
      const date = target.id === post.id ? input.workoutDate : target.workoutDate!;
      const lanes = target.id === post.id ? input.lanes : siblingLanes(db, post, target, input.lanes);
      applyWorkoutUpdate(deps, actor, target, { ...input, workoutDate: date, lanes }, target.id !== post.id);
    }
    return loadWorkoutPost(deps, actor.id, post.id)!;
  });
}

/** Deletes one workout, or it and the later ones of its series, with the rules of a single delete. */
export function deleteWorkoutsInScope(
  deps: AppDeps,
  actor: Actor,
  workoutId: number,
  scope: SeriesScope,
): { message: string; deleted: number } {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const post = requireWorkout(db, workoutId);
    const targets = workoutsInScope(db, post, scope);
    for (const target of targets) assertCanManagePost(actor, target);
    for (const target of targets) assertDeletable(deps, target, target.id !== post.id);
    for (const target of targets) deleteWithTombstone(deps, target);
    const n = targets.length;
    return { message: n === 1 ? 'Workout deleted' : `${n} workouts deleted`, deleted: n };
  });
}
