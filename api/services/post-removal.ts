import { eq } from 'drizzle-orm';
import { posts } from '../../db/schema';
import type { AppDeps } from '../context';
import { assertCanManagePost, requirePost, type Actor } from './post-access';

/** Deletes one post, workout or event, for someone allowed to manage it. */
export function deletePost(deps: AppDeps, actor: Actor, id: number): { message: string } {
  return deps.database.tx(() => {
    const post = requirePost(deps.database.db, id);
    assertCanManagePost(actor, post);
    // Signups, waitlist, RSVPs and attendance go with it (ON DELETE CASCADE); absences already
    // counted stay on the members' records.
    deps.database.db.delete(posts).where(eq(posts.id, id)).run();
    return { message: post.type === 'event' ? 'Event deleted' : 'Workout deleted' };
  });
}
