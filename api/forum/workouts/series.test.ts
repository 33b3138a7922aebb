import { describe, expect, it } from 'vitest';
import { posts } from '../../../db/schema';
import type { Role } from '../../../domain/contract/roles';
import { makeTestApp } from '../../testing/test-app';
import { ServiceError } from '../../platform/errors';
import { requireWorkout } from '../posts/access';
import { weeklySwims } from '../../testing/forum-scene';
import { createWorkoutSeries, deleteWorkoutsInScope, seriesDates, workoutsInScope } from './series';

// Test clock: 2026-03-02T15:00:00Z, Monday, March 2 in Toronto.
describe('seriesDates', () => {
  it('lists the chosen weekdays in the range, both ends included, across a month end', () => {
    expect(seriesDates('2026-03-27', '2026-04-06', [1, 5])).toEqual(['2026-03-27', '2026-03-30', '2026-04-03', '2026-04-06']);
  });
  it('is empty when no chosen weekday falls in the range', () => {
    expect(seriesDates('2026-03-03', '2026-03-04', [0])).toEqual([]);
  });
});

describe('the series service', () => {
  async function setup() {
    const t = makeTestApp();
    const u = await t.createUser({ role: 'exec' });
    const exec = { id: u.id, role: 'exec' as Role };
    const series = weeklySwims(t.deps, exec);
    return { t, exec, series };
  }

  it('refuses a workout date that is not in the future, and writes nothing', async () => {
    const { t, exec } = await setup();
    expect(() =>
      createWorkoutSeries(t.deps, exec, {
        type: 'workout',
        title: 'Swim',
        workoutType: 'swim',
        workoutDate: '2026-03-02',
        workoutTime: '07:00',
        content: 'Laps',
        capacity: null,
        repeat: { weekdays: [1], until: '2026-03-30' },
      }),
    ).toThrow(ServiceError);
    expect(t.db.select().from(posts).all()).toHaveLength(4); // only the setup's series
  });

  it('"following" reaches this workout and the later ones only; "this" only this one', async () => {
    const { t, series } = await setup();
    const rows = series.posts.map((p) => p.id);
    expect(rows).toHaveLength(4);
    const third = requireWorkout(t.db, rows[2]!);
    expect(workoutsInScope(t.db, third, 'following').map((p) => p.id)).toEqual(rows.slice(2));
    expect(workoutsInScope(t.db, third, 'this').map((p) => p.id)).toEqual([rows[2]]);
  });

  it('refuses a member who is not the author, deleting nothing', async () => {
    const { t, series } = await setup();
    const m = await t.createUser({ role: 'member' });
    expect(() => deleteWorkoutsInScope(t.deps, { id: m.id, role: 'member' }, series.posts[0]!.id, 'following')).toThrow(
      /Only the author/,
    );
    expect(deleteWorkoutsInScope(t.deps, { id: series.posts[0]!.user_id!, role: 'exec' }, series.posts[1]!.id, 'following')).toEqual({
      message: '3 workouts deleted',
      deleted: 3,
    });
  });
});
