import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../testing/test-app';

// Every date the API takes is a real day on the calendar. An impossible one ('2027-13-01',
// '2027-02-30') is refused with a 400 and a message naming the field, in production mode too, and
// never reaches the database (where it would break feeds and calendar downloads later).
const IMPOSSIBLE = ['2027-13-01', '2027-02-30', '2027-04-31', '2027-00-10'];

async function setup() {
  const t = makeTestApp({ env: { NODE_ENV: 'production', TRUST_PROXY: '0' } });
  const admin = await t.createUser({ role: 'administrator' });
  const exec = await t.createUser({ role: 'exec' });
  const pending = await t.createUser({ role: 'pending', expiryDate: null });
  const workout = await t.call('POST', '/api/forum/posts', {
    token: exec.token,
    body: { type: 'workout', title: 'Swim', workoutType: 'swim', workoutDate: '2026-03-10', workoutTime: '18:00', content: 'Laps' },
  });
  const event = await t.call('POST', '/api/forum/posts', {
    token: exec.token,
    body: { type: 'event', title: 'Social', eventDate: '2026-03-10', eventTime: '19:00', content: 'Pizza' },
  });
  const race = await t.call('POST', '/api/races', { token: exec.token, body: { name: 'Spring Sprint', date: '2026-05-10' } });
  expect([workout.status, event.status, race.status]).toEqual([201, 201, 201]);
  return { t, admin, exec, pending, workoutId: workout.body.post.id as number, eventId: event.body.post.id as number, raceId: race.body.race.id as number };
}

describe('impossible dates', () => {
  it.each(IMPOSSIBLE)('are refused with a 400 and a field message on every route that takes a date (%s)', async (date) => {
    const { t, admin, exec, pending, workoutId, eventId, raceId } = await setup();
    const attempts: [string, string, string, unknown][] = [
      ['POST', '/api/forum/posts', exec.token, { type: 'workout', title: 'Swim', workoutType: 'swim', workoutDate: date, workoutTime: '18:00', content: 'Laps' }],
      [
        'POST',
        '/api/forum/posts',
        exec.token,
        { type: 'workout', title: 'Swim', workoutType: 'swim', workoutDate: '2026-03-10', workoutTime: '18:00', content: 'Laps', repeat: { weekdays: [2], until: date } },
      ],
      ['POST', '/api/forum/posts', exec.token, { type: 'event', title: 'Social', eventDate: date, eventTime: '19:00', content: 'Pizza' }],
      ['PUT', `/api/forum/posts/${workoutId}`, exec.token, { title: 'Swim', workoutType: 'swim', workoutDate: date, workoutTime: '18:00', content: 'Laps' }],
      ['PUT', `/api/forum/posts/${eventId}`, exec.token, { title: 'Social', eventDate: date, eventTime: '19:00', content: 'Pizza' }],
      ['POST', '/api/races', exec.token, { name: 'Fall Classic', date }],
      ['PUT', `/api/races/${raceId}`, exec.token, { name: 'Spring Sprint', date }],
      ['PUT', `/api/admin/members/${pending.id}/approve`, admin.token, { role: 'member', expiryDate: date }],
      ['PUT', `/api/admin/members/${pending.id}/update`, admin.token, { expiryDate: date }],
    ];
    for (const [method, path, token, body] of attempts) {
      const res = await t.call(method, path, { token, body });
      expect({ method, path, status: res.status }).toEqual({ method, path, status: 400 });
      expect(typeof res.body.error).toBe('string');
      expect(res.body.error).not.toMatch(/internal/i);
    }
    // Nothing impossible was stored.
    const stored = t.database.sqlite
      .prepare('select workout_date as d from posts union all select event_date from posts union all select date from races union all select expiry_date from users')
      .all() as { d: string | null }[];
    expect(stored.map((r) => r.d)).not.toContain(date);
  });
});
