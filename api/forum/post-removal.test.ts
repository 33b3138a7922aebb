import { describe, expect, it } from 'vitest';
import { posts, workoutSignups } from '../../db/schema';
import { forumScene, weeklySwims } from '../testing/forum-scene';
import { createEvent } from './events';
import { requireManageablePost } from './posts/access';
import { cancelPost } from './post-changes';
import { deletePost, deletePostInScope } from './post-removal';
import { setSignup } from './workouts/workouts';

const setup = () => forumScene();

describe('deleting a post', () => {
  it('is for the author, an exec or an administrator, and takes the signups with it', async () => {
    const { t, workout, member } = await setup();
    const w = workout('2026-03-05', '07:00');
    const m = await member('Mo');
    setSignup(t.deps, m, w.id, true);
    expect(() => deletePost(t.deps, m, w.id)).toThrow(/Only the author of this workout/);
    // A workout with a sign-up is cancelled (so the member hears of it) before it can be deleted.
    expect(() => deletePost(t.deps, { id: 999, role: 'administrator' }, w.id)).toThrow(/1 member answered this workout\. Cancel it instead/);
    cancelPost(t.deps, { id: 999, role: 'administrator' }, w.id, 'Posted twice', 'this');
    expect(deletePost(t.deps, { id: 999, role: 'administrator' }, w.id)).toEqual({
      message: 'Workout deleted',
    });
    expect(t.db.select().from(workoutSignups).all()).toEqual([]);
    expect(() => deletePost(t.deps, m, w.id)).toThrow('Post not found');
  });

  it('lets the author of an event delete it even as a member', async () => {
    const { t, member } = await setup();
    const m = await member('Mo');
    const e = createEvent(t.deps, m, { title: 'Mine', eventDate: '2026-03-09', content: 'x' });
    expect(deletePost(t.deps, m, e.id)).toEqual({ message: 'Event deleted' });
  });
});

describe('DELETE /forum/posts/:id in the service', () => {
  it('takes a workout with what the scope reaches of its series, and an event alone', async () => {
    const { t, exec, member } = await setup();
    const series = weeklySwims(t.deps, exec);
    const [, second] = series.posts;
    const m = await member('Mo');
    expect(() => deletePostInScope(t.deps, m, second!.id, 'following')).toThrow(/Only the author of this workout/);
    expect(deletePostInScope(t.deps, exec, second!.id, 'following')).toEqual({ message: '3 workouts deleted', deleted: 3 });
    expect(t.db.select({ id: posts.id }).from(posts).all()).toEqual([{ id: series.posts[0]!.id }]);
    const e = createEvent(t.deps, exec, { title: 'Social', eventDate: '2026-03-09', content: 'x' });
    expect(deletePostInScope(t.deps, exec, e.id, 'following')).toEqual({ message: 'Event deleted' });
    expect(() => deletePostInScope(t.deps, exec, e.id, 'this')).toThrow('Post not found');
  });

  it('finds a post to change only for someone who may manage it', async () => {
    const { t, exec, workout, member } = await setup();
    const w = workout('2026-03-05', '07:00');
    const m = await member('Mo');
    expect(requireManageablePost(t.deps, exec, w.id)).toMatchObject({ id: w.id, type: 'workout' });
    expect(() => requireManageablePost(t.deps, m, w.id)).toThrow(/Only the author of this workout/);
    expect(() => requireManageablePost(t.deps, exec, w.id + 100)).toThrow('Post not found');
  });
});
