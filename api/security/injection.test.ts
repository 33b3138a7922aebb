// SQL- and HTML-looking text is data: stored and answered verbatim as JSON (the server renders no
// HTML; the PWA escapes when it shows it), and the tables survive.
import { describe, expect, it } from 'vitest';
import { messageQueue } from '../../db/schema';
import { buildWorld, rowCount, tableNames } from '../testing/security-world';

const PAYLOADS = [
  "'); DROP TABLE users;--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '" OR "1"="1',
  "x' OR '1'='1' --",
  '1; DELETE FROM posts WHERE 1=1',
  '</script><svg onload=alert(1)>',
  '{{7*7}} ${7*7} <%= 7*7 %>',
  'javascript:alert(1)',
  '\u202eevil.exe \u2028 ünïcödé 🚴',
];

/**
 * The payload as a one-line field takes it: short enough for a title (100), and without direction
 * overrides, which one-line fields refuse (input-hygiene.test.ts). Multi-line text
 * (bio, description) still keeps them verbatim.
 */
const short = (p: string) => p.replace(/[\u202a-\u202e\u2066-\u2069]/g, '').slice(0, 100);

function expectJson(res: { headers: Headers }) {
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
}

describe('hostile strings are stored and answered verbatim', () => {
  it.each(PAYLOADS.map((p) => [p] as const))('%s', async (payload) => {
    const w = await buildWorld();
    const { t, users } = w;
    const tables = tableNames(t);
    const userCount = rowCount(t, 'users');

    // Own profile: name and bio.
    const profile = await t.call('PUT', '/api/users/profile', {
      token: users.member.token,
      body: { name: short(payload), email: 'member@club.test', bio: `${payload}\n\n${payload}` },
    });
    expect(profile.status).toBe(200);
    expectJson(profile);
    expect(profile.body.user).toMatchObject({ name: short(payload).trim(), bio: `${payload}\n\n${payload}`.trim() });
    const me = await t.call('GET', '/api/auth/profile', { token: users.member.token });
    expect(me.body.user.bio).toBe(`${payload}\n\n${payload}`.trim());

    // A workout and an event.
    const workout = await t.call('POST', '/api/forum/posts', {
      token: users.exec.token,
      body: { type: 'workout', title: short(payload), workoutType: 'run', workoutDate: '2026-03-12', workoutTime: '06:30', content: payload },
    });
    expect(workout.status).toBe(201);
    const event = await t.call('POST', '/api/forum/posts', {
      token: users.exec.token,
      body: { type: 'event', title: short(payload), eventDate: '2026-03-12', content: payload },
    });
    expect(event.status).toBe(201);
    const listed = await t.call('GET', '/api/forum/posts?type=workout', { token: users.member.token });
    expectJson(listed);
    const mine = listed.body.posts.find((p: { id: number }) => p.id === workout.body.post.id);
    expect(mine).toMatchObject({ title: short(payload).trim(), content: payload.trim() });
    const eventDetail = await t.call('GET', `/api/forum/events/${event.body.post.id}`, { token: users.member.token });
    expect(eventDetail.body.event).toMatchObject({ title: short(payload).trim(), content: payload.trim() });

    // A race, and a team profile.
    const race = await t.call('POST', '/api/races', {
      token: users.member.token,
      body: { name: short(payload), date: '2026-07-01', location: short(payload), description: payload },
    });
    expect(race.status).toBe(201);
    const raceDetail = await t.call('GET', `/api/races/${race.body.race.id}`, { token: users.member.token });
    expectJson(raceDetail);
    expect(raceDetail.body.race).toMatchObject({ name: short(payload).trim(), location: short(payload).trim(), description: payload.trim() });
    const team = await t.call('PUT', '/api/profiles/run-coach', { token: users.exec.token, body: { name: short(payload), bio: payload } });
    expect(team.status).toBe(200);
    const publicList = await t.call('GET', '/api/profiles');
    expectJson(publicList);
    expect(publicList.body.teamMembers.find((m: { id: string }) => m.id === 'run-coach')).toMatchObject({
      name: short(payload).trim(),
      bio: payload.trim(),
    });

    // A sign-up name goes into the admin list as it was typed.
    const reg = await t.call('POST', '/api/auth/register', {
      body: { email: 'new@club.test', password: 'secret1', name: short(payload), phoneNumber: '4165550103' },
    });
    expect(reg.status).toBe(201);
    const members = await t.call('GET', '/api/admin/members', { token: users.admin.token });
    expect(members.body.members.find((m: { email: string }) => m.email === 'new@club.test').name).toBe(short(payload).trim());

    expect(tableNames(t)).toEqual(tables);
    expect(rowCount(t, 'users')).toBe(userCount + 1);
    expect(rowCount(t, 'posts')).toBe(5);
  });
});

describe('hostile text where the server reads ids, types and emails', () => {
  it('answers 4xx, never 5xx, and changes nothing', async () => {
    const w = await buildWorld();
    const { t, users } = w;
    const counts = () => ['users', 'posts', 'races', 'workout_signups'].map((n) => rowCount(t, n));
    const before = counts();
    const token = users.admin.token;
    const attempts: [string, string, unknown?][] = [
      ['GET', "/api/forum/posts?type=workout' OR '1'='1"],
      ['GET', '/api/forum/posts?type=workout;DROP TABLE posts'],
      ['GET', '/api/races/1%20OR%201=1'],
      ['GET', "/api/races/1'--"],
      ['DELETE', '/api/races/1%20OR%201=1'],
      ['DELETE', '/api/forum/posts/0x1'],
      ['DELETE', '/api/forum/posts/1e3'],
      ['DELETE', `/api/admin/members/${users.target.id}%20OR%201=1`],
      ['DELETE', '/api/admin/members/-1'],
      ['PUT', "/api/profiles/swim-coach' OR '1'='1", { name: 'x' }],
      ['PUT', '/api/profiles/..%2F..%2Fusers', { name: 'x' }],
      ['POST', '/api/forum/workouts/1;DROP TABLE users/signup'],
    ];
    for (const [method, path, body] of attempts) {
      const res = await t.call(method, path, { token, ...(body ? { body } : {}) });
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    for (const email of ["' OR '1'='1' --", "admin@club.test' --", 'admin@club.test" OR 1=1 --']) {
      const res = await t.login(email, "' OR '1'='1");
      expect(res.status).toBe(401);
      expect(res.body).not.toHaveProperty('token');
    }
    expect(counts()).toEqual(before);
  });
});

describe('hostile text in emails', () => {
  it('is escaped in the HTML part (names and workout titles)', async () => {
    const w = await buildWorld();
    const { t, users } = w;
    const evil = '<img src=x onerror=alert(1)>"\'&';
    await t.call('PUT', '/api/users/profile', { token: users.waiter.token, body: { name: evil, email: 'waiter@club.test' } });
    await t.call('PUT', `/api/forum/posts/${w.fullWorkoutId}`, {
      token: users.exec.token,
      body: { title: `<script>alert(1)</script>`, workoutType: 'swim', workoutDate: '2026-03-10', workoutTime: '18:15', content: 'x', capacity: 1 },
    });
    // The filler cancels: the waiter is promoted and emailed; then the waiter asks for a reset link.
    const cancel = await t.call('POST', `/api/forum/workouts/${w.fullWorkoutId}/signup`, { token: users.filler.token, body: { signedUp: false } });
    expect(cancel.status).toBe(200);
    await t.call('POST', '/api/auth/forgot-password', { body: { email: 'waiter@club.test' } });
    const mails = t.db.select().from(messageQueue).all().filter((m) => m.to === 'waiter@club.test');
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.html).toBeTruthy();
      expect(mail.html).not.toMatch(/<img|<script|onerror=alert\(1\)>/);
      expect(mail.html).toContain('&#60;img src=x onerror=alert(1)&#62;');
      expect(mail.text).toContain(evil);
    }
  });
});
