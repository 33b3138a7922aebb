// One workout or event as the caller sees it, counts and their own state included, in one statement.
import type { Database_ } from '../../../db/client';
import { eventRow, workoutRow } from '../../../db/queries/post-queries';
import type { EventPost, WorkoutPost } from '../../../domain/contract/training/forum';
import { toEventPost, toWorkoutPost } from './answers';
import type { AppDeps } from '../../platform/context';
import { clubSports } from '../../club/settings';

export function loadWorkoutPost(deps: AppDeps, userId: number, id: number): WorkoutPost | undefined {
  const row = workoutRow(deps.database, id);
  return row && toWorkoutPost(row, userId, clubSports(deps));
}

export function loadEventPost(database: Database_, userId: number, id: number): EventPost | undefined {
  const row = eventRow(database, id);
  return row && toEventPost(row, userId);
}
