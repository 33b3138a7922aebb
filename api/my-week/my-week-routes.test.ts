import { describe, expect, it } from 'vitest';
import { EXEC, MEMBER, OTHER, makeClub } from '../testing/test-app';

// Test clock: 2026-03-02T15:00:00Z, 10:00 on Monday, March 2 in Toronto.
async function setup() {
  const club = await makeClub({ exec: EXEC, me: MEMBER, other: OTHER });
  const { t, exec } = club;
  const post = async (body: Record<string, unknown>) => (await t.createPost(exec.token, body)).post.id as number;
  const workout = (title: string, workoutDate: string, workoutTime: string, capacity: number | null = null) =>
    post({ type: 'workout', title, workoutType: 'run', workoutDate, workoutTime, content: 'x', capacity });
  const event = (title: string, eventDate: string, eventTime = '', eventLocation = '') =>
    post({ type: 'event', title, eventDate, eventTime, eventLocation, content: 'x' });
  const race = async (name: string, date: string) => (await t.createRace(exec.token, { name, date, location: 'Lakeside' })).id as number;
  return { ...club, workout, event, race };
}

describe('GET /api/me/week', () => {
  it('lists my signups, waitlist places, events with my RSVP and my races in time order', async () => {
    const { t, exec, me, other, workout, event, race } = await setup();
    const tempo = await workout('Tempo run', '2026-03-04', '18:00');
    const full = await workout('Track session', '2026-03-03', '07:00', 1);
    const later = await workout('Long ride', '2026-03-20', '09:00');
    const notMine = await workout('Open water', '2026-03-05', '06:30');
    const social = await event('Pub quiz', '2026-03-03', '19:30', 'The Crown');
    const meeting = await event('AGM', '2026-03-06');
    const sprint = await race('Spring Sprint', '2026-04-12');
    await race('Not my race', '2026-03-05');

    await t.must('POST', `/api/forum/workouts/${tempo}/signup`, { token: me.token });
    await t.must('POST', `/api/forum/workouts/${full}/signup`, { token: other.token });
    await t.must('POST', `/api/forum/workouts/${full}/waitlist`, { token: exec.token });
    await t.must('POST', `/api/forum/workouts/${full}/waitlist`, { token: me.token });
    await t.must('POST', `/api/forum/workouts/${later}/signup`, { token: me.token });
    await t.must('POST', `/api/forum/workouts/${notMine}/signup`, { token: other.token });
    await t.must('POST', `/api/forum/events/${social}/rsvp`, { token: me.token, body: { status: 'maybe' } });
    await t.must('POST', `/api/forum/events/${meeting}/rsvp`, { token: other.token, body: { status: 'going' } });
    await t.must('POST', `/api/races/${sprint}/signup`, { token: me.token });

    const res = await t.call('GET', '/api/me/week', { token: me.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.items.map((i: { kind: string; id: number }) => [i.kind, i.id])).toEqual([
      ['workout', full],
      ['event', social],
      ['workout', tempo],
      ['event', meeting],
      ['race', sprint],
    ]);
    const [waitlisted, quiz, signedUp, agm, springSprint] = res.body.items;
    expect(waitlisted).toMatchObject({
      title: 'Track session',
      status: 'waitlisted',
      waitlistPosition: 2,
      date: '2026-03-03',
      time: '07:00',
    });
    expect(quiz).toMatchObject({ title: 'Pub quiz', rsvp: 'maybe', time: '19:30', location: 'The Crown' });
    expect(signedUp).toMatchObject({
      title: 'Tempo run',
      status: 'signed_up',
      waitlistPosition: null,
      workoutType: 'run',
    });
    expect(agm).toMatchObject({ title: 'AGM', rsvp: null, time: '' });
    expect(springSprint).toMatchObject({ title: 'Spring Sprint', date: '2026-04-12', location: 'Lakeside' });
    expect(quiz.start).toBe(Date.parse('2026-03-03T19:30:00-05:00'));
    // Each workout and timed event says when it ends: here their kinds' usual lengths (run an hour,
    // an event two); an all-day one has no end.
    expect([waitlisted.endTime, quiz.endTime, signedUp.endTime, agm.endTime]).toEqual(['08:00', '21:30', '19:00', '']);
    expect(springSprint.endTime).toBeUndefined();

    // The other member's answer holds their own state, never mine.
    const theirs = await t.call('GET', '/api/me/week', { token: other.token });
    expect(theirs.body.items.map((i: { kind: string; id: number }) => [i.kind, i.id])).toEqual([
      ['workout', full],
      ['event', social],
      ['workout', notMine],
      ['event', meeting],
    ]);
    expect(theirs.body.items[0]).toMatchObject({ status: 'signed_up' });
    expect(theirs.body.items[1]).toMatchObject({ rsvp: null });
    expect(theirs.body.items[3]).toMatchObject({ rsvp: 'going' });
  });

  it('drops a workout once it has started and an event whose day has passed', async () => {
    const { t, me, workout, event } = await setup();
    const soon = await workout('Lunch swim', '2026-03-03', '12:00');
    await event('Tomorrow', '2026-03-03');
    await t.must('POST', `/api/forum/workouts/${soon}/signup`, { token: me.token });
    expect((await t.call('GET', '/api/me/week', { token: me.token })).body.items).toHaveLength(2);
    t.clock.set(Date.parse('2026-03-03T17:30:00Z')); // 12:30 in Toronto
    const items = (await t.call('GET', '/api/me/week', { token: me.token })).body.items;
    expect(items.map((i: { title: string }) => i.title)).toEqual(['Tomorrow']);
    t.clock.set(Date.parse('2026-03-04T15:00:00Z'));
    expect((await t.call('GET', '/api/me/week', { token: me.token })).body.items).toEqual([]);
  });

  it('is for members, execs and administrators only', async () => {
    const { t, me, exec } = await setup();
    const admin = await t.createUser({ role: 'administrator' });
    for (const user of [me, exec, admin]) {
      expect((await t.call('GET', '/api/me/week', { token: user.token })).status).toBe(200);
    }
    for (const role of ['pending', 'public', 'rejected'] as const) {
      const user = await t.createUser({ role });
      expect((await t.call('GET', '/api/me/week', { token: user.token })).status).toBe(403);
    }
    const visitor = await t.call('GET', '/api/me/week');
    expect(visitor.status).toBe(401);
    expect(visitor.body).toHaveProperty('error');
  });
});
