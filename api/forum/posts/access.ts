// Finding a post and deciding who may change it. The rule itself (author, exec, administrator) is
// domain/rules.ts's; this file applies it to stored posts and words the refusal.
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { posts, type PostRow } from '../../../db/schema';
import { canManagePost as clubCanManagePost, cancelledText } from '../../../domain/rules';
import type { AppDeps, CurrentUser } from '../../platform/context';
import { ServiceError } from '../../platform/errors';
import { EVENT_NOT_FOUND, POST_NOT_FOUND, postManagersOnlyMessage, WORKOUT_NOT_FOUND } from '../../../domain/contract/training/forum';

/** Who is acting: enough of CurrentUser for the rules (tests may pass a plain object). */
export type Actor = Pick<CurrentUser, 'id' | 'role'>;

export type PostType = 'workout' | 'event';

export function findPost(db: Db, id: number): PostRow | undefined {
  return db.select().from(posts).where(eq(posts.id, id)).get();
}

export function requirePost(db: Db, id: number): PostRow {
  const post = findPost(db, id);
  if (!post) throw new ServiceError(404, POST_NOT_FOUND);
  return post;
}

export function requireWorkout(db: Db, id: number): PostRow {
  const post = db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.type, 'workout')))
    .get();
  if (!post) throw new ServiceError(404, WORKOUT_NOT_FOUND);
  return post;
}

export function requireEvent(db: Db, id: number): PostRow {
  const post = db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.type, 'event')))
    .get();
  if (!post) throw new ServiceError(404, EVENT_NOT_FOUND);
  return post;
}

/** A post is changed or deleted by its author, an exec or an administrator (domain/rules.ts). */
export function canManagePost(actor: Actor, post: Pick<PostRow, 'userId'>): boolean {
  return clubCanManagePost(actor, post.userId);
}

export function assertCanManagePost(actor: Actor, post: PostRow): void {
  if (!canManagePost(actor, post)) {
    throw new ServiceError(403, postManagersOnlyMessage(post.type === 'event' ? 'event' : 'workout'));
  }
}

/** The post `id`, once `actor` may change it: 404 when there is none, 403 when they may not. */
export function requireManageablePost(deps: Pick<AppDeps, 'database'>, actor: Actor, id: number): PostRow {
  const post = requirePost(deps.database.db, id);
  assertCanManagePost(actor, post);
  return post;
}

/** The 409 of a sign-up, waitlist join, RSVP or attendance on a cancelled workout or event. */
export function assertNotCancelled(post: PostRow): void {
  if (post.cancelledAt !== null) {
    throw new ServiceError(409, cancelledText(post.type === 'event' ? 'event' : 'workout', post.cancelReason), { cancelled: true });
  }
}
