// Deleting a workout or an event (for mistakes: one that members answered is cancelled instead, so
// they hear of it). What is deleted stays in the calendar feeds as cancelled for TOMBSTONE_DAYS, so a
// calendar that subscribed to it removes it (docs/decisions/0073-cancelled-and-moved.md).
import { eq, lt } from 'drizzle-orm';
import { eventRsvps, postTombstoneMembers, postTombstones, posts, waitlistEntries, workoutSignups, type PostRow } from '../../../db/schema';
import { TOMBSTONE_DAYS } from '../../../domain/rules';
import type { AppDeps } from '../../platform/context';
import { ServiceError } from '../../platform/errors';
import { answerCount, kindOf, whereAndWhen } from './change-notices';
import { answeredPostMessage } from '../../../domain/contract/training/forum';
import { removeDutiesOf } from '../../../db/queries/duty-places';

const DAY_MS = 24 * 3_600_000;

/** The first instant a tombstone made at `now` is no longer published. */
export function tombstoneCutoff(now: number): number {
  return now - TOMBSTONE_DAYS * DAY_MS;
}

/**
 * Refuses (409) to delete a post members answered while it is on: cancel it first. `nameDate` puts
 * the date in the refusal (a series delete reaches workouts the exec is not looking at).
 */
export function assertDeletable(deps: AppDeps, post: PostRow, nameDate = false): void {
  if (post.cancelledAt !== null) return;
  const n = answerCount(deps, post);
  if (n === 0) return;
  const on = nameDate ? ` on ${post.workoutDate ?? post.eventDate}` : '';
  throw new ServiceError(409, answeredPostMessage(n, kindOf(post), on), { answered: n, cancelInstead: true });
}

/** Deletes the post and leaves its tombstone (call inside a transaction, after assertDeletable). */
export function deleteWithTombstone(deps: AppDeps, post: PostRow): void {
  const { db } = deps.database;
  const now = deps.clock();
  db.delete(postTombstones).where(lt(postTombstones.deletedAt, tombstoneCutoff(now))).run();
  const { date, time, place } = whereAndWhen(post);
  db.insert(postTombstones)
    .values({
      postId: post.id,
      type: kindOf(post),
      title: post.title,
      date,
      time,
      location: place,
      // One more than the last version calendars saw, so they take the cancellation.
      revision: post.revision + 1,
      deletedAt: now,
    })
    .onConflictDoNothing()
    .run();
  const holders = post.type === 'event'
    ? db.select({ userId: eventRsvps.userId }).from(eventRsvps).where(eq(eventRsvps.postId, post.id)).all()
    : [
        ...db.select({ userId: workoutSignups.userId }).from(workoutSignups).where(eq(workoutSignups.postId, post.id)).all(),
        ...db.select({ userId: waitlistEntries.userId }).from(waitlistEntries).where(eq(waitlistEntries.postId, post.id)).all(),
      ];
  if (holders.length > 0) {
    db.insert(postTombstoneMembers)
      .values(holders.map(({ userId }) => ({ postId: post.id, userId })))
      .onConflictDoNothing()
      .run();
  }
  removeDutiesOf(db, post.type === 'event' ? 'event' : 'workout', post.id);
  // Signups, waitlist, RSVPs and attendance go with it (ON DELETE CASCADE); absences already counted
  // stay on the members' records.
  db.delete(posts).where(eq(posts.id, post.id)).run();
}
