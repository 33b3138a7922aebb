import { describe, expect, it } from 'vitest';
import type { Role } from '../../../domain/contract/roles';
import { makeTestApp } from '../../testing/test-app';
import { createEvent, setRsvp } from '../events';
import { listEventPosts, listWorkoutPosts } from './list';
import { loadEventPost, loadWorkoutPost } from './reads';
import { createWorkout, joinWaitlist, setSignup } from '../workouts/workouts';

async function club() {
  const t = makeTestApp();
  const exec = { ...(await t.createUser({ role: 'exec', name: 'Erin Exec' })), role: 'exec' as Role };
  const member = async (name: string) => ({ ...(await t.createUser({ name })), role: 'member' as Role });
  const people = [exec, await member('Ana'), await member('Ben'), await member('Cy'), await member('Dee')];
  return { t, exec, people };
}

describe('a single post', () => {
  it('reads as the same workout the list shows, for whoever asks', async () => {
    const { t, exec, people } = await club();
    const [, ana, ben, cy] = people;
    const w = createWorkout(t.deps, exec, {
      type: 'workout',
      title: 'Tempo',
      workoutType: 'run',
      workoutDate: '2026-03-05',
      workoutTime: '07:00',
      content: 'Run',
      capacity: 1,
    });
    setSignup(t.deps, ana!, w.id, true);
    joinWaitlist(t.deps, ben!, w.id);
    t.clock.advance(1);
    joinWaitlist(t.deps, cy!, w.id);
    for (const p of people) {
      const listed = listWorkoutPosts(t.deps, p.id).find((x) => x.id === w.id);
      expect(loadWorkoutPost(t.deps, p.id, w.id), `as user ${p.id}`).toEqual(listed);
    }
    expect(loadWorkoutPost(t.deps, cy!.id, w.id)).toMatchObject({ isSignedUp: false, waitlistPosition: 2, waitlistCount: 2 });
    expect(loadWorkoutPost(t.deps, ana!.id, w.id)).toMatchObject({ isSignedUp: true, waitlistPosition: null, signupCount: 1 });
    expect(loadWorkoutPost(t.deps, ana!.id, w.id + 100)).toBeUndefined();
  });

  it('reads as the same event the list shows, for whoever asks', async () => {
    const { t, exec, people } = await club();
    const [, ana, ben, cy] = people;
    const e = createEvent(t.deps, exec, { title: 'Social', eventDate: '2026-03-10', content: 'Pizza' });
    setRsvp(t.deps, ana!, e.id, 'going');
    setRsvp(t.deps, ben!, e.id, 'maybe');
    setRsvp(t.deps, cy!, e.id, 'not_going');
    for (const p of people) {
      const listed = listEventPosts(t.deps, p.id).find((x) => x.id === e.id);
      expect(loadEventPost(t.database, p.id, e.id), `as user ${p.id}`).toEqual(listed);
    }
    expect(loadEventPost(t.database, ben!.id, e.id)).toMatchObject({
      rsvpCounts: { going: 1, maybe: 1, not_going: 1 },
      myRsvp: 'maybe',
    });
    expect(loadEventPost(t.database, ben!.id, e.id + 100)).toBeUndefined();
  });
});
