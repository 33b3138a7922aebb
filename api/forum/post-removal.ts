import type { SeriesScope } from '../../domain/contract/training/forum';
import type { AppDeps } from '../platform/context';
import { assertCanManagePost, requirePost, type Actor } from './posts/access';
import { deleteWorkoutsInScope } from './workouts/series';
import { assertDeletable, deleteWithTombstone } from './posts/tombstones';

/** Deletes one post, workout or event, for someone allowed to manage it. */
export function deletePost(deps: AppDeps, actor: Actor, id: number): { message: string } {
  return deps.database.tx(() => {
    const post = requirePost(deps.database.db, id);
    assertCanManagePost(actor, post);
    assertDeletable(deps, post);
    deleteWithTombstone(deps, post);
    return { message: post.type === 'event' ? 'Event deleted' : 'Workout deleted' };
  });
}

/**
 * DELETE /forum/posts/:id: a workout with the workouts of its series that `scope` reaches (the rules
 * of a single delete for each), an event on its own.
 */
export function deletePostInScope(
  deps: AppDeps,
  actor: Actor,
  id: number,
  scope: SeriesScope,
): { message: string; deleted?: number } {
  return requirePost(deps.database.db, id).type === 'workout'
    ? deleteWorkoutsInScope(deps, actor, id, scope)
    : deletePost(deps, actor, id);
}
