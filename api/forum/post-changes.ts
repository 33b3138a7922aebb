// Cancelling and reinstating a workout or an event (docs/decisions/0073-cancelled-and-moved.md): the
// post stays, with its sign-ups, waitlist and RSVPs, marked with the exec's reason, and every member
// who answered it, but the one who made the change, hears so once (posts/change-notices.ts). Each change bumps the post's revision.
import { and, eq, sql } from 'drizzle-orm';
import { attendanceSubmissions, posts, type PostRow } from '../../db/schema';
import { ATTENDED_NOT_CANCELLABLE_ERROR, type CancelAnswer, type EventPost, type SeriesScope, type WorkoutPost } from '../../domain/contract/training/forum';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { cancelledNotice, reinstatedNotice } from '../messaging/mail-templates';
import { assertCanManagePost, requirePost, type Actor, type PostType } from './posts/access';
import { kindOf, tellAnswered, whenOf } from './posts/change-notices';
import { loadEventPost, loadWorkoutPost } from './posts/reads';
import { workoutsInScope } from './workouts/series';
import { fillFromWaitlist } from './workouts/workouts';

function targetsOf(deps: AppDeps, actor: Actor, id: number, scope: SeriesScope): PostRow[] {
  const { db } = deps.database;
  const post = requirePost(db, id);
  assertCanManagePost(actor, post);
  const targets = post.type === 'workout' ? workoutsInScope(db, post, scope) : [post];
  for (const target of targets) assertCanManagePost(actor, target);
  return targets;
}

function answer(deps: AppDeps, actor: Actor, id: number, changed: number, notified: number, message: string): CancelAnswer<WorkoutPost | EventPost> {
  const post = requirePost(deps.database.db, id);
  const loaded = post.type === 'event' ? loadEventPost(deps.database, actor.id, id) : loadWorkoutPost(deps, actor.id, id);
  return { post: loaded!, changed, notified, message };
}

function plural(n: number, kind: PostType): string {
  return `${n} ${kind}${n === 1 ? '' : 's'}`;
}

/**
 * POST /forum/posts/:id/cancel: cancels the post (for a workout of a series with scope 'following',
 * it and the later ones), keeping its sign-ups, waitlist and RSVPs, and tells who answered. A post
 * already cancelled is left as it is (a retry or a second exec's cancel changes nothing and sends
 * nothing). One immediate transaction.
 */
export function cancelPost(deps: AppDeps, actor: Actor, id: number, reason: string, scope: SeriesScope) {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const targets = targetsOf(deps, actor, id, scope);
    const first = targets[0]!;
    const now = deps.clock();
    let changed = 0;
    let notified = 0;
    for (const target of targets) {
      if (target.cancelledAt !== null) continue;
      const attendanceTaken = db.select().from(attendanceSubmissions).where(eq(attendanceSubmissions.postId, target.id)).get();
      if (attendanceTaken) {
        if (target.id === first.id) throw new ServiceError(409, ATTENDED_NOT_CANCELLABLE_ERROR);
        continue;
      }
      const updated = db
        .update(posts)
        .set({ cancelledAt: now, cancelReason: reason, revision: sql`${posts.revision} + 1`, updatedAt: now })
        .where(and(eq(posts.id, target.id), sql`${posts.cancelledAt} is null`))
        .returning()
        .get();
      if (!updated) continue;
      changed += 1;
      notified += tellAnswered(deps, updated, cancelledNotice(kindOf(updated), updated.title, whenOf(deps, updated), reason, updated.id), actor.id);
    }
    const kind = kindOf(first);
    const message = changed === 0 ? `This ${kind} was already cancelled` : `${changed === 1 ? `${kind[0]!.toUpperCase()}${kind.slice(1)}` : plural(changed, kind)} cancelled`;
    return answer(deps, actor, id, changed, notified, message);
  });
}

/**
 * DELETE /forum/posts/:id/cancel: the post (and with 'following' the later cancelled ones of its
 * series) is on again; places that freed up meanwhile go to the waitlist, and who answered is told.
 */
export function reinstatePost(deps: AppDeps, actor: Actor, id: number, scope: SeriesScope) {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const targets = targetsOf(deps, actor, id, scope);
    const now = deps.clock();
    let changed = 0;
    let notified = 0;
    for (const target of targets) {
      const updated = db
        .update(posts)
        .set({ cancelledAt: null, cancelReason: null, revision: sql`${posts.revision} + 1`, updatedAt: now })
        .where(and(eq(posts.id, target.id), sql`${posts.cancelledAt} is not null`))
        .returning()
        .get();
      if (!updated) continue;
      changed += 1;
      if (updated.type === 'workout') fillFromWaitlist(deps, updated, now);
      notified += tellAnswered(deps, updated, reinstatedNotice(kindOf(updated), updated.title, whenOf(deps, updated), updated.id), actor.id);
    }
    const kind = kindOf(targets[0]!);
    const message = changed === 0 ? `This ${kind} was not cancelled` : `${changed === 1 ? `${kind[0]!.toUpperCase()}${kind.slice(1)}` : plural(changed, kind)} back on`;
    return answer(deps, actor, id, changed, notified, message);
  });
}
