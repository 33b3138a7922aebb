// The club's workout types (the `sports` document) against the workouts that carry them: a new or
// edited workout takes only a type the club offers (a type's removal: type-removal.ts).
import { count, eq } from 'drizzle-orm';
import { posts } from '../../../db/schema';
import { defaultTypeId, workoutTypeProblem } from '../../../domain/sports';
import { clubSports } from '../../club/settings';
import type { AppDeps } from '../../platform/context';
import { ServiceError } from '../../platform/errors';
import type { WorkoutTypeUsageAnswer } from '../../../domain/contract/training/forum';

/**
 * The type a workout is saved with: the one asked for, else (an edit that left it out) the one it
 * has, else the club's default for a new workout. A type the club does not have, or has retired, is
 * refused (400 naming the field), except that an edit may keep the retired type its workout has.
 */
export function chosenWorkoutType(deps: AppDeps, requested: string | undefined, current?: string | null): string {
  const sports = clubSports(deps);
  const id = requested ?? current ?? defaultTypeId(sports);
  const problem = workoutTypeProblem(sports, id, current ?? undefined);
  if (problem) throw new ServiceError(400, problem, { field: 'workoutType' });
  return id;
}

/** How many workouts each type has (Admin → Sports offers Retire instead of Remove for these). */
export function workoutTypeUsage(deps: AppDeps): WorkoutTypeUsageAnswer {
  const rows = deps.database.db
    .select({ id: posts.workoutType, workouts: count() })
    .from(posts)
    .where(eq(posts.type, 'workout'))
    .groupBy(posts.workoutType)
    .all();
  return { types: rows.filter((r): r is { id: string; workouts: number } => r.id !== null) };
}
