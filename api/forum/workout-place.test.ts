import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { LOCATION_MAX } from '../../domain/contract/training/forum';
import { EXEC, MEMBER, makeClub } from '../testing/test-app';

// A workout's optional place: workoutLocation in requests, workout_location in answers (as an event's
// eventLocation / event_location), carried by weekly series, My week and the calendars.
// Test clock: 2026-03-02T15:00:00Z, 10:00 on Monday, March 2 in Toronto.

const body = {
  type: 'workout',
  title: 'Tempo run',
  workoutType: 'run',
  workoutDate: '2026-03-04',
  workoutTime: '18:00',
  content: 'Six by one kilometre.',
  capacity: null,
};
const seriesRepeat = { weekdays: [2, 4], until: '2026-03-17' };

type Post = { id: number; workout_date: string; workout_location: string; title: string };

async function setup() {
  const club = await makeClub({ exec: EXEC, me: MEMBER });
  const { t, exec } = club;
  const create = (over: Record<string, unknown> = {}) => t.call('POST', '/api/forum/posts', { token: exec.token, body: { ...body, ...over } });
  const edit = (id: number, changes: Record<string, unknown>, scope?: string) =>
    t.call('PUT', `/api/forum/posts/${id}${scope ? `?scope=${scope}` : ''}`, { token: exec.token, body: changes });
  const listed = async () => (await t.call('GET', '/api/forum/posts?type=workout', { token: club.me.token })).body.posts as Post[];
  return { ...club, create, edit, listed };
}

/** The LOCATION of each VEVENT of an .ics, read back with an iCalendar library, by summary. */
function locations(text: string): Record<string, string | null> {
  const cal = new ICAL.Component(ICAL.parse(text));
  return Object.fromEntries(
    cal.getAllSubcomponents('vevent').map((v) => [v.getFirstPropertyValue('summary'), (v.getFirstPropertyValue('location') as string | null) ?? null]),
  );
}

describe('a workout with a place', () => {
  it('keeps the place, trimmed, and answers it on the card, the detail and the list', async () => {
    const { t, me, create, listed } = await setup();
    const res = await create({ workoutLocation: '  Varsity track, lane 3 ' });
    expect(res.status).toBe(201);
    const post = res.body.post as Post;
    expect(post.workout_location).toBe('Varsity track, lane 3');
    const detail = await t.call('GET', `/api/forum/workouts/${post.id}`, { token: me.token });
    expect(detail.body.workout.workout_location).toBe('Varsity track, lane 3');
    expect((await listed())[0]!.workout_location).toBe('Varsity track, lane 3');
  });

  it('accepts an older app\u2019s request without the field: no place, answered as an empty string', async () => {
    const { create } = await setup();
    const res = await create();
    expect(res.status).toBe(201);
    expect(res.body.post.workout_location).toBe('');
  });

  it(`refuses a place over ${LOCATION_MAX} characters or with a line break, naming the place`, async () => {
    const { create } = await setup();
    const long = await create({ workoutLocation: 'x'.repeat(LOCATION_MAX + 1) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ error: `Place must be at most ${LOCATION_MAX} characters` });
    const broken = await create({ workoutLocation: 'Pool\nLane 2' });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/^Place cannot contain line breaks/);
    expect((await create({ workoutLocation: 'x'.repeat(LOCATION_MAX) })).status).toBe(201);
  });

  it('an edit sets or clears the place; an edit without the field (an older app) keeps it', async () => {
    const { create, edit } = await setup();
    const id = (await create({ workoutLocation: 'Pool' })).body.post.id as number;
    const { type: _type, ...fields } = body;
    const kept = await edit(id, { ...fields, title: 'Tempo run (long)' });
    expect(kept.status).toBe(200);
    expect(kept.body.post).toMatchObject({ title: 'Tempo run (long)', workout_location: 'Pool' });
    expect((await edit(id, { ...fields, workoutLocation: 'Track' })).body.post.workout_location).toBe('Track');
    expect((await edit(id, { ...fields, workoutLocation: '' })).body.post.workout_location).toBe('');
    const refused = await edit(id, { ...fields, workoutLocation: 'y'.repeat(LOCATION_MAX + 1) });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe(`Place must be at most ${LOCATION_MAX} characters`);
  });
});

describe('a weekly series with a place', () => {
  it('gives every workout of the series the place', async () => {
    const { create } = await setup();
    const res = await create({ workoutDate: '2026-03-03', workoutLocation: 'Athletic centre pool', repeat: seriesRepeat });
    expect(res.status).toBe(201);
    const posts = res.body.series.posts as Post[];
    expect(posts).toHaveLength(5);
    expect(posts.every((p) => p.workout_location === 'Athletic centre pool')).toBe(true);
  });

  it('"this and the following" carries a new place to the later workouts only; leaving it out keeps each one\u2019s', async () => {
    const { create, edit, listed } = await setup();
    const posts = (await create({ workoutDate: '2026-03-03', workoutLocation: 'Pool', repeat: seriesRepeat })).body.series.posts as Post[];
    const third = posts[2]!;
    const { type: _type, ...fields } = body;
    const res = await edit(third.id, { ...fields, workoutDate: third.workout_date, workoutLocation: 'Outdoor track' }, 'following');
    expect(res.status).toBe(200);
    const byDate = Object.fromEntries((await listed()).map((p) => [p.workout_date, p.workout_location]));
    expect(byDate).toEqual({
      '2026-03-03': 'Pool',
      '2026-03-05': 'Pool',
      '2026-03-10': 'Outdoor track',
      '2026-03-12': 'Outdoor track',
      '2026-03-17': 'Outdoor track',
    });
    // An older app's series edit (no place in it) changes the title and leaves every place alone.
    await edit(posts[0]!.id, { ...fields, workoutDate: '2026-03-03', title: 'Renamed' }, 'following');
    const after = await listed();
    expect(after.every((p) => p.title === 'Renamed')).toBe(true);
    expect(Object.fromEntries(after.map((p) => [p.workout_date, p.workout_location]))).toEqual(byDate);
  });
});

describe('the place in My week and the calendars', () => {
  it('is in My week and the LOCATION of the workout\u2019s .ics, the club feed and the personal feed', async () => {
    const { t, me, create } = await setup();
    const id = (await create({ workoutLocation: 'Varsity track, lane 3', workoutDate: '2026-03-03' })).body.post.id as number;
    const plain = (await create({ title: 'Easy spin', workoutDate: '2026-03-03' })).body.post.id as number;
    for (const w of [id, plain]) {
      expect((await t.call('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: true } })).status).toBe(200);
    }

    const week = (await t.call('GET', '/api/me/week', { token: me.token })).body.items as { id: number; location: string }[];
    expect(week.find((i) => i.id === id)!.location).toBe('Varsity track, lane 3');
    expect(week.find((i) => i.id === plain)!.location).toBe('');

    const single = await t.call('GET', `/api/calendar/workout/${id}`, { token: me.token });
    expect(single.status).toBe(200);
    expect(locations(single.body as string)).toEqual({ 'Tempo run': 'Varsity track, lane 3' });

    const club = locations((await t.call('GET', '/api/calendar/club.ics')).body as string);
    expect(club).toEqual({ 'Tempo run': 'Varsity track, lane 3', 'Easy spin': null });

    const link = (await t.call('GET', '/api/me/calendar-link', { token: me.token })).body.url as string;
    const personal = await t.call('GET', new URL(link).pathname);
    expect(personal.status).toBe(200);
    expect(locations(personal.body as string)).toEqual({ 'Tempo run': 'Varsity track, lane 3', 'Easy spin': null });
  });
});
