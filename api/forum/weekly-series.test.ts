import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts, workoutSignups } from '../../db/schema';
import { workoutStart } from './posts/start-instants';
import { ADMIN, EXEC, MEMBER, makeClub } from '../testing/test-app';
import { clubTimeZone } from '../platform/club-time-zone';

// Test clock: 2026-03-02T15:00:00Z, 10:00 on Monday, March 2 in Toronto. Clocks go forward on
// Sunday, March 8, 2026 (EST UTC-5 → EDT UTC-4).
const seriesBody = {
  type: 'workout',
  title: 'Tempo run',
  workoutType: 'run',
  workoutDate: '2026-03-03',
  workoutTime: '18:00',
  content: 'Six by one kilometre.',
  capacity: 2,
  repeat: { weekdays: [2, 4], until: '2026-03-17' },
};

type Post = { id: number; workout_date: string; workout_time: string; title: string; capacity: number | null; series_id: string | null };

async function setup() {
  const club = await makeClub({ exec: EXEC, admin: ADMIN, member: MEMBER });
  const { t, exec, member } = club;
  const createSeries = async (over: Record<string, unknown> = {}) =>
    (await t.createPost(exec.token, { ...seriesBody, ...over })) as { post: Post; series: { id: string; posts: Post[] } };
  const listed = async (token = member.token) =>
    (await t.call('GET', '/api/forum/posts?type=workout', { token })).body.posts as Post[];
  return { ...club, createSeries, listed };
}

describe('creating a weekly series', () => {
  it('makes one workout per chosen weekday, at the same club-local time across the DST change', async () => {
    const { t, createSeries, listed } = await setup();
    expect(await listed()).toEqual([]); // the cached list is built before the series exists
    const { post, series } = await createSeries();
    expect(series.posts.map((p) => p.workout_date)).toEqual([
      '2026-03-03',
      '2026-03-05',
      '2026-03-10',
      '2026-03-12',
      '2026-03-17',
    ]);
    expect(post.id).toBe(series.posts[0]!.id);
    expect(new Set(series.posts.map((p) => p.series_id))).toEqual(new Set([series.id]));
    expect(series.posts.every((p) => p.workout_time === '18:00' && p.capacity === 2)).toBe(true);
    // 18:00 EST is 23:00 UTC before the change, 18:00 EDT is 22:00 UTC after it.
    const tz = clubTimeZone(t.deps);
    expect(new Date(workoutStart({ workoutDate: '2026-03-05', workoutTime: '18:00' }, tz)).toISOString()).toBe(
      '2026-03-05T23:00:00.000Z',
    );
    expect(new Date(workoutStart({ workoutDate: '2026-03-10', workoutTime: '18:00' }, tz)).toISOString()).toBe(
      '2026-03-10T22:00:00.000Z',
    );
    // The forum list (cached) shows them at once, as separate workouts.
    const dates = (await listed()).filter((p) => p.series_id === series.id).map((p) => p.workout_date);
    expect(dates).toHaveLength(5);
  });

  it('gives every workout of the series the end time, and an edit of the following ones carries a new one', async () => {
    const { t, exec, createSeries } = await setup();
    const { series } = await createSeries({ workoutEndTime: '19:30' });
    expect(series.posts.map((p) => (p as Post & { workout_end_time: string }).workout_end_time)).toEqual(Array(5).fill('19:30'));
    const third = series.posts[2]!;
    const { type: _type, repeat: _repeat, ...edit } = seriesBody;
    await t.must('PUT', `/api/forum/posts/${third.id}?scope=following`, {
      token: exec.token,
      body: { ...edit, workoutDate: third.workout_date, workoutEndTime: '19:15' },
    });
    const lengths = t.db.select().from(posts).all().sort((a, b) => a.workoutDate!.localeCompare(b.workoutDate!)).map((p) => p.durationMinutes);
    expect(lengths).toEqual([90, 90, 75, 75, 75]);
  });

  it('gives each date its own signups', async () => {
    const { t, member, createSeries } = await setup();
    const { series } = await createSeries();
    const second = series.posts[1]!.id;
    const res = await t.call('POST', `/api/forum/workouts/${second}/signup`, { token: member.token, body: { signedUp: true } });
    expect(res.status).toBe(200);
    const rows = t.db.select().from(workoutSignups).all();
    expect(rows.map((r) => r.postId)).toEqual([second]);
  });

  it('refuses a range past the end of the term, with the message on the last date', async () => {
    const { t, exec } = await setup();
    const res = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: { ...seriesBody, repeat: { weekdays: [2], until: '2026-05-05' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('A series stays within one term: Winter 2026 ends on 2026-04-30');
    expect(t.db.select().from(posts).all()).toHaveLength(0);
  });

  it('refuses a series with no weekday, or with no date in its range', async () => {
    const { t, exec } = await setup();
    const none = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: { ...seriesBody, repeat: { weekdays: [], until: '2026-03-17' } },
    });
    expect(none.status).toBe(400);
    expect(none.body.error).toBe('Choose at least one weekday');
    const empty = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: { ...seriesBody, repeat: { weekdays: [1], until: '2026-03-04' } },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('No Monday falls between 2026-03-03 and 2026-03-04.');
    expect(t.db.select().from(posts).all()).toHaveLength(0);
  });

  it('is for execs and administrators only', async () => {
    const { t, member, admin } = await setup();
    const pending = await t.createUser({ role: 'pending' });
    expect((await t.call('POST', '/api/forum/posts', { token: member.token, body: seriesBody })).status).toBe(403);
    expect((await t.call('POST', '/api/forum/posts', { token: pending.token, body: seriesBody })).status).toBe(403);
    expect((await t.call('POST', '/api/forum/posts', { body: seriesBody })).status).toBe(401);
    expect((await t.call('POST', '/api/forum/posts', { token: admin.token, body: seriesBody })).status).toBe(201);
  });
});

describe('editing and deleting a workout of a series', () => {
  const edit = { title: 'Hill repeats', workoutType: 'run', workoutTime: '07:00', content: 'Hills.', capacity: 5 };

  it('"this one" changes only that workout', async () => {
    const { t, exec, createSeries } = await setup();
    const { series } = await createSeries();
    const third = series.posts[2]!;
    const res = await t.call('PUT', `/api/forum/posts/${third.id}?scope=this`, {
      token: exec.token,
      body: { ...edit, workoutDate: '2026-03-11' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = t.db.select().from(posts).all();
    expect(rows.filter((r) => r.title === 'Hill repeats').map((r) => r.workoutDate)).toEqual(['2026-03-11']);
  });

  it('"this and the following" changes the later ones too, each keeping its own date', async () => {
    const { t, exec, createSeries, listed } = await setup();
    const { series } = await createSeries();
    expect((await listed()).map((p) => p.title)).toEqual(Array(5).fill('Tempo run'));
    const third = series.posts[2]!;
    const res = await t.call('PUT', `/api/forum/posts/${third.id}?scope=following`, {
      token: exec.token,
      body: { ...edit, workoutDate: third.workout_date },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = t.db.select().from(posts).orderBy(posts.workoutDate).all();
    expect(rows.map((r) => [r.workoutDate, r.title, r.workoutTime, r.capacity])).toEqual([
      ['2026-03-03', 'Tempo run', '18:00', 2],
      ['2026-03-05', 'Tempo run', '18:00', 2],
      ['2026-03-10', 'Hill repeats', '07:00', 5],
      ['2026-03-12', 'Hill repeats', '07:00', 5],
      ['2026-03-17', 'Hill repeats', '07:00', 5],
    ]);
    // The forum list (cached before the edit) shows the change at once.
    expect((await listed()).map((p) => [p.workout_date, p.title])).toEqual([
      ['2026-03-03', 'Tempo run'],
      ['2026-03-05', 'Tempo run'],
      ['2026-03-10', 'Hill repeats'],
      ['2026-03-12', 'Hill repeats'],
      ['2026-03-17', 'Hill repeats'],
    ]);
  });

  it('refuses the whole edit when a later workout has more signups than the new capacity', async () => {
    const { t, exec, createSeries } = await setup();
    const { series } = await createSeries();
    const last = series.posts[4]!;
    for (const name of ['A', 'B']) {
      const m = await t.createUser({ role: 'member', name });
      await t.call('POST', `/api/forum/workouts/${last.id}/signup`, { token: m.token, body: { signedUp: true } });
    }
    const res = await t.call('PUT', `/api/forum/posts/${series.posts[2]!.id}?scope=following`, {
      token: exec.token,
      body: { ...edit, capacity: 1, workoutDate: '2026-03-10' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error).toContain('on 2026-03-17');
    expect(t.db.select().from(posts).where(eq(posts.title, 'Hill repeats')).all()).toHaveLength(0);
  });

  it('deletes one, or it and the following; a member may not; a bad scope is a 400', async () => {
    const { t, exec, member, createSeries, listed } = await setup();
    const { series } = await createSeries();
    expect(await listed()).toHaveLength(5);
    const [first, second, third] = series.posts;
    expect((await t.call('DELETE', `/api/forum/posts/${third!.id}?scope=following`, { token: member.token })).status).toBe(403);
    expect((await t.call('DELETE', `/api/forum/posts/${third!.id}?scope=later`, { token: exec.token })).status).toBe(400);

    const one = await t.call('DELETE', `/api/forum/posts/${second!.id}`, { token: exec.token });
    expect(one.status).toBe(200);
    expect(one.body.message).toBe('Workout deleted');
    const following = await t.call('DELETE', `/api/forum/posts/${third!.id}?scope=following`, { token: exec.token });
    expect(following.status).toBe(200);
    expect(following.body.message).toBe('3 workouts deleted');
    expect(t.db.select().from(posts).all().map((r) => r.id)).toEqual([first!.id]);
    expect((await listed()).map((p) => p.id)).toEqual([first!.id]);
  });
});
