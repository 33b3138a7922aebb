// The scene most forum service tests start from: a fresh club with an exec who posts, members made on
// demand, and a workout builder with a date, time and capacity. Services are called directly, as the
// routes would call them; the route tests use makeClub and t.createPost instead.
import type { Role } from '../../domain/contract/roles';
import { createWorkoutSeries } from '../forum/workouts/series';
import { createWorkout } from '../forum/workouts/workouts';
import { makeTestApp, type TestAppOptions } from './test-app';

/** Four Tuesday 7:00 swims, March 3 to 24 2026, posted by `exec` as one weekly series. */
export function weeklySwims(deps: Parameters<typeof createWorkoutSeries>[0], exec: { id: number; role: Role }) {
  return createWorkoutSeries(deps, exec, {
    type: 'workout',
    title: 'Swim',
    workoutType: 'swim',
    workoutDate: '2026-03-03',
    workoutTime: '07:00',
    content: 'Laps',
    capacity: null,
    repeat: { weekdays: [2], until: '2026-03-24' },
  });
}

export async function forumScene(options: TestAppOptions = {}) {
  const t = makeTestApp(options);
  const execUser = await t.createUser({ role: 'exec', name: 'Erin Exec' });
  const exec = { id: execUser.id, role: 'exec' as Role };
  /** A run on `date` at `time`, titled by both, with room for `capacity` (null: no limit). */
  const workout = (date: string, time: string, capacity: number | null = 2) =>
    createWorkout(t.deps, exec, {
      type: 'workout',
      title: `${date} ${time}`,
      workoutType: 'run',
      workoutDate: date,
      workoutTime: time,
      content: 'Run',
      capacity,
    });
  const member = async (name: string) => ({ ...(await t.createUser({ name })), role: 'member' as Role });
  return { t, exec, execUser, workout, member };
}
