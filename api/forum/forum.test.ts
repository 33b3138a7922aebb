import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageQueue, posts, users, workoutSignups } from '../../db/schema';
import {
  CAPACITY_ERROR,
  FUTURE_EVENT_ERROR,
  FUTURE_WORKOUT_ERROR,
  fullWorkoutError,
} from '../../domain/contract/training/forum';
import { DEFAULT_RULE_NUMBERS, ruleText } from '../../domain/rules';
import { ADMIN, EXEC, MEMBER, makeClub } from '../testing/test-app';

// Test clock: 2026-03-02T15:00:00Z, 10:00 on Monday, March 2 in Toronto.
const workoutBody = {
  type: 'workout',
  title: 'Threshold swim',
  workoutType: 'swim',
  workoutDate: '2026-03-04',
  workoutTime: '18:00',
  content: 'Bring a pull buoy.',
  capacity: 2,
};
const eventBody = {
  type: 'event',
  title: 'Kick-off social',
  eventDate: '2026-03-10',
  content: 'Pizza and kit orders.',
};

type Post = { id: number } & Record<string, unknown>;

async function setup() {
  const club = await makeClub({ exec: EXEC, admin: ADMIN, member: MEMBER });
  const { t, exec } = club;
  const createWorkout = async (over: Record<string, unknown> = {}): Promise<Post> =>
    (await t.createPost(exec.token, { ...workoutBody, ...over })).post;
  const createEvent = async (): Promise<Post> => (await t.createPost(exec.token, eventBody)).post;
  const members = async (n: number) => {
    const list = [];
    for (let i = 0; i < n; i++) list.push(await t.createUser({ role: 'member', name: `Extra ${i + 1}` }));
    return list;
  };
  const queued = () => t.db.select().from(messageQueue).all();
  return { ...club, createWorkout, createEvent, members, queued };
}

describe('event time and place', () => {
  it('are optional, kept, shown in the list and detail, and an edit bumps the revision', async () => {
    const { t, exec, member } = await setup();
    const plain = await t.call('POST', '/api/forum/posts', { token: exec.token, body: eventBody });
    expect(plain.body.post).toMatchObject({ event_time: '', event_location: '' });
    const placed = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: {
        ...eventBody,
        eventDate: '2026-03-11',
        eventTime: '19:30',
        eventLocation: ' Student Union, room 2 ',
      },
    });
    expect(placed.status).toBe(201);
    expect(placed.body.post).toMatchObject({ event_time: '19:30', event_location: 'Student Union, room 2' });
    const list = await t.call('GET', '/api/forum/posts?type=event', { token: member.token });
    expect(
      list.body.posts.map((p: { event_time: string; event_location: string }) => [
        p.event_time,
        p.event_location,
      ]),
    ).toEqual([
      ['', ''],
      ['19:30', 'Student Union, room 2'],
    ]);
    const id = placed.body.post.id as number;
    const edit = await t.call('PUT', `/api/forum/posts/${id}`, {
      token: exec.token,
      body: { title: 'Social', eventDate: '2026-03-11', eventTime: '', eventLocation: 'Pub', content: 'x' },
    });
    expect(edit.body.post).toMatchObject({ event_time: '', event_location: 'Pub' });
    const detail = await t.call('GET', `/api/forum/events/${id}`, { token: member.token });
    expect(detail.body.event).toMatchObject({ event_time: '', event_location: 'Pub' });
    expect(t.db.select().from(posts).where(eq(posts.id, id)).get()!.revision).toBe(1);
  });
});

describe('end times', () => {
  it('a workout ends at the end time given, else after its type’s usual length; an edit without it keeps it', async () => {
    const { t, exec, member, createWorkout } = await setup();
    expect(await createWorkout()).toMatchObject({ workout_time: '18:00', workout_end_time: '19:00', duration_minutes: null });
    expect(await createWorkout({ workoutType: 'outdoor-ride' })).toMatchObject({ workout_end_time: '20:00', duration_minutes: null });
    expect(await createWorkout({ workoutType: 'brick' })).toMatchObject({ workout_end_time: '19:30' });
    const swim = await createWorkout({ workoutEndTime: '19:30' });
    expect(swim).toMatchObject({ workout_end_time: '19:30', duration_minutes: 90 });
    const { type: _type, ...edit } = workoutBody;
    // Left out (an app from before end times): the length stays, and moves with the start.
    const later = await t.must('PUT', `/api/forum/posts/${swim.id}`, { token: exec.token, body: { ...edit, workoutTime: '18:30' } });
    expect(later.post).toMatchObject({ workout_time: '18:30', workout_end_time: '20:00', duration_minutes: 90 });
    const usual = await t.must('PUT', `/api/forum/posts/${swim.id}`, { token: exec.token, body: { ...edit, workoutEndTime: '' } });
    expect(usual.post).toMatchObject({ workout_end_time: '19:00', duration_minutes: null });
    const detail = await t.must('GET', `/api/forum/workouts/${swim.id}`, { token: member.token });
    expect(detail.workout).toMatchObject({ workout_end_time: '19:00', duration_minutes: null });
  });

  it('refuses an end time that is not after the start, on its field, and changes nothing', async () => {
    const { t, exec, createWorkout } = await setup();
    const before = await t.call('POST', '/api/forum/posts', { token: exec.token, body: { ...workoutBody, workoutEndTime: '17:30' } });
    expect(before).toMatchObject({ status: 400, body: { error: 'The end time must be after the start time (on the same day)' } });
    const same = await t.call('POST', '/api/forum/posts', { token: exec.token, body: { ...workoutBody, workoutEndTime: '18:00' } });
    expect(same.status).toBe(400);
    const malformed = await t.call('POST', '/api/forum/posts', { token: exec.token, body: { ...workoutBody, workoutEndTime: '7pm' } });
    expect(malformed).toMatchObject({ status: 400, body: { error: 'Enter the end time as HH:MM, or leave it empty' } });
    const w = await createWorkout({ workoutEndTime: '19:00' });
    const { type: _type, ...edit } = workoutBody;
    const moved = await t.call('PUT', `/api/forum/posts/${w.id}`, { token: exec.token, body: { ...edit, workoutTime: '19:30', workoutEndTime: '19:00' } });
    expect(moved.status).toBe(400);
    expect(t.db.select().from(posts).where(eq(posts.id, w.id)).get()).toMatchObject({ workoutTime: '18:00', durationMinutes: 60 });
  });

  it('a timed event ends at its end time or two hours on; an all-day event has none', async () => {
    const { t, exec } = await setup();
    const timed = await t.must('POST', '/api/forum/posts', { token: exec.token, body: { ...eventBody, eventTime: '19:00', eventEndTime: '22:30' }, status: 201 });
    expect(timed.post).toMatchObject({ event_time: '19:00', event_end_time: '22:30', duration_minutes: 210 });
    const usual = await t.must('POST', '/api/forum/posts', { token: exec.token, body: { ...eventBody, eventTime: '19:00' }, status: 201 });
    expect(usual.post).toMatchObject({ event_end_time: '21:00', duration_minutes: null });
    const allDay = await t.must('POST', '/api/forum/posts', { token: exec.token, body: eventBody, status: 201 });
    expect(allDay.post).toMatchObject({ event_time: '', event_end_time: '' });
    const endOnly = await t.call('POST', '/api/forum/posts', { token: exec.token, body: { ...eventBody, eventEndTime: '22:00' } });
    expect(endOnly).toMatchObject({ status: 400, body: { error: 'Give the start time too, or leave the end time empty' } });
  });
});

describe('who may use the forum API', () => {
  it('needs a token (401) and at least the member role (403 for pending, public, rejected)', async () => {
    const { t } = await setup();
    expect((await t.call('GET', '/api/forum/posts?type=workout')).status).toBe(401);
    for (const role of ['pending', 'public', 'rejected'] as const) {
      const u = await t.createUser({ role });
      const res = await t.call('GET', '/api/forum/posts?type=workout', { token: u.token });
      expect(res.status, role).toBe(403);
      expect(res.body.error).toEqual(expect.any(String));
    }
  });

  it('treats an expired membership as pending', async () => {
    const { t } = await setup();
    const lapsed = await t.createUser({ role: 'member', expiryDate: '2026-03-01' });
    expect((await t.call('GET', '/api/forum/posts?type=event', { token: lapsed.token })).status).toBe(403);
  });

  it('refuses a member creating a workout or an event (403)', async () => {
    const { t, member } = await setup();
    for (const body of [workoutBody, eventBody]) {
      const res = await t.call('POST', '/api/forum/posts', { token: member.token, body });
      expect(res).toMatchObject({
        status: 403,
        body: { error: 'Only executives and administrators can do that.' },
      });
    }
    expect(t.db.select().from(posts).all()).toEqual([]);
  });

  it("refuses a member editing or deleting another's workout (403), and 404s a missing post", async () => {
    const { t, member, createWorkout } = await setup();
    const w = await createWorkout();
    const put = await t.call('PUT', `/api/forum/posts/${w.id}`, {
      token: member.token,
      body: { ...workoutBody, title: 'Mine now' },
    });
    expect(put.status).toBe(403);
    expect(put.body.error).toContain('Only the author');
    expect((await t.call('DELETE', `/api/forum/posts/${w.id}`, { token: member.token })).status).toBe(403);
    expect(
      (await t.call('PUT', '/api/forum/posts/999', { token: member.token, body: workoutBody })).status,
    ).toBe(404);
    expect((await t.call('DELETE', '/api/forum/posts/999', { token: member.token })).body).toEqual({
      error: 'Post not found',
    });
    expect((await t.call('DELETE', '/api/forum/posts/abc', { token: member.token })).status).toBe(404);
  });

  it('refuses attendance submission by a member (403)', async () => {
    const { t, member, createWorkout } = await setup();
    const w = await createWorkout();
    const res = await t.call('POST', `/api/forum/workouts/${w.id}/attendance`, {
      token: member.token,
      body: { attendanceData: {} },
    });
    expect(res.status).toBe(403);
  });
});

describe('GET /api/forum/posts', () => {
  it('needs type workout or event', async () => {
    const { t, member } = await setup();
    for (const q of ['', '?type=race', '?type=']) {
      const res = await t.call('GET', `/api/forum/posts${q}`, { token: member.token });
      expect(res).toEqual(
        expect.objectContaining({ status: 400, body: { error: "type must be 'workout' or 'event'" } }),
      );
    }
  });

  it("lists workouts with each one's counts and the caller's own state", async () => {
    const { t, exec, member, createWorkout, members } = await setup();
    const full = await createWorkout({ capacity: 1, workoutDate: '2026-03-05' });
    const open = await createWorkout({ capacity: null, workoutDate: '2026-03-04' });
    const [x, y] = await members(2);
    await t.call('POST', `/api/forum/workouts/${full.id}/signup`, { token: x!.token });
    await t.call('POST', `/api/forum/workouts/${full.id}/waitlist`, { token: y!.token });
    await t.call('POST', `/api/forum/workouts/${full.id}/waitlist`, { token: member.token });
    await t.call('POST', `/api/forum/workouts/${open.id}/signup`, {
      token: member.token,
      body: { signedUp: true },
    });

    const res = await t.call('GET', '/api/forum/posts?type=workout', { token: member.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body.posts.map((p: { id: number }) => p.id)).toEqual([open.id, full.id]);
    expect(res.body.posts[0]).toMatchObject({
      signupCount: 1,
      waitlistCount: 0,
      isSignedUp: true,
      waitlistPosition: null,
    });
    expect(res.body.posts[1]).toEqual({
      id: full.id,
      type: 'workout',
      user_id: exec.id,
      author_name: 'Erin Exec',
      authorProfilePictureUrl: null,
      title: 'Threshold swim',
      workout_type: 'swim',
      workout_date: '2026-03-05',
      workout_time: '18:00',
      // No end time given: a swim's usual hour.
      workout_end_time: '19:00',
      duration_minutes: null,
      content: 'Bring a pull buoy.',
      capacity: 1,
      workout_location: '',
      series_id: null,
      created_at: t.clock.now(),
      cancelled_at: null,
      cancel_reason: null,
      moved_at: null,
      signupCount: 1,
      waitlistCount: 2,
      isSignedUp: false,
      waitlistPosition: 2,
      attendanceSubmitted: false,
      attendancePresent: null,
      attendanceTotal: null,
    });
  });

  it('lists events with RSVP counts and myRsvp', async () => {
    const { t, member, createEvent, members } = await setup();
    const e = await createEvent();
    const [x] = await members(1);
    await t.call('POST', `/api/forum/events/${e.id}/rsvp`, { token: x!.token, body: { status: 'going' } });
    await t.call('POST', `/api/forum/events/${e.id}/rsvp`, {
      token: member.token,
      body: { status: 'maybe' },
    });
    const res = await t.call('GET', '/api/forum/posts?type=event', { token: member.token });
    expect(res.body.posts).toEqual([
      expect.objectContaining({
        id: e.id,
        type: 'event',
        event_date: '2026-03-10',
        rsvpCounts: { going: 1, maybe: 1, not_going: 0 },
        myRsvp: 'maybe',
      }),
    ]);
  });
});

describe('POST /api/forum/posts', () => {
  it('creates a workout (201) with the full post shape', async () => {
    const { t, exec } = await setup();
    const res = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: { ...workoutBody, capacity: '' },
    });
    expect(res.status).toBe(201);
    expect(res.body.post).toMatchObject({
      type: 'workout',
      user_id: exec.id,
      author_name: 'Erin Exec',
      capacity: null,
      signupCount: 0,
      waitlistCount: 0,
      isSignedUp: false,
      waitlistPosition: null,
      attendanceSubmitted: false,
    });
  });

  it('creates an event (201) as an administrator too', async () => {
    const { t, admin } = await setup();
    const res = await t.call('POST', '/api/forum/posts', { token: admin.token, body: eventBody });
    expect(res.status).toBe(201);
    expect(res.body.post).toMatchObject({
      type: 'event',
      author_name: 'Alex Admin',
      rsvpCounts: { going: 0, maybe: 0, not_going: 0 },
      myRsvp: null,
    });
  });

  it.each([
    [{ ...workoutBody, title: '' }, 'Title, date, time and description are required'],
    [{ ...workoutBody, content: '  ' }, 'Title, date, time and description are required'],
    [{ ...workoutBody, title: 'x'.repeat(101) }, 'Title must be at most 100 characters'],
    [{ ...workoutBody, content: 'x'.repeat(501) }, 'Description must be at most 500 characters'],
    [{ ...workoutBody, capacity: 0 }, CAPACITY_ERROR],
    [{ ...workoutBody, capacity: 101 }, CAPACITY_ERROR],
    [{ ...workoutBody, capacity: 2.5 }, CAPACITY_ERROR],
    [{ ...workoutBody, workoutDate: '2026-03-02' }, FUTURE_WORKOUT_ERROR],
    [{ ...workoutBody, workoutDate: '2025-12-31' }, FUTURE_WORKOUT_ERROR],
    [{ ...eventBody, eventDate: '2026-03-02' }, FUTURE_EVENT_ERROR],
    [{ ...eventBody, content: '' }, 'Title, date and details are required'],
    [{ ...eventBody, eventTime: '25:00' }, 'Enter the time as HH:MM, or leave it empty'],
    [{ ...eventBody, eventLocation: 'x'.repeat(201) }, 'Place must be at most 200 characters'],
    [{ ...workoutBody, type: 'race' }, "type must be 'workout' or 'event'"],
    [{ title: 'x' }, "type must be 'workout' or 'event'"],
  ])('refuses %j with 400 and its message', async (body, message) => {
    const { t, exec } = await setup();
    const res = await t.call('POST', '/api/forum/posts', { token: exec.token, body });
    expect(res).toMatchObject({ status: 400, body: { error: message } });
    expect(t.db.select().from(posts).all()).toEqual([]);
  });

  it('answers 415 for a body that is not JSON and 400 for malformed JSON', async () => {
    const { t, exec } = await setup();
    const text = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: 'title=x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
    const bad = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: '{"type":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.status).toBe(400);
  });

  it('creates once per Idempotency-Key; the key with another body is a 422', async () => {
    const { t, exec } = await setup();
    const headers = { 'idempotency-key': 'create-post-0001' };
    const first = await t.call('POST', '/api/forum/posts', { token: exec.token, body: workoutBody, headers });
    const again = await t.call('POST', '/api/forum/posts', { token: exec.token, body: workoutBody, headers });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(t.db.select().from(posts).all()).toHaveLength(1);
    const other = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: { ...workoutBody, title: 'Other' },
      headers,
    });
    expect(other.status).toBe(422);
  });
});

describe('PUT /api/forum/posts/{id}', () => {
  it('lets the author, an exec or an administrator edit a workout', async () => {
    const { t, admin, createWorkout } = await setup();
    const w = await createWorkout();
    const res = await t.call('PUT', `/api/forum/posts/${w.id}`, {
      token: admin.token,
      body: { ...workoutBody, title: 'Endurance swim', workoutTime: '19:00', capacity: '5' },
    });
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({
      id: w.id,
      type: 'workout',
      title: 'Endurance swim',
      workout_time: '19:00',
      capacity: 5,
    });
  });

  it('validates with the same messages; no future-date check on edit, but a move earlier keeps the posting rule', async () => {
    const { t, exec, createWorkout } = await setup();
    const w = await createWorkout();
    const bad = await t.call('PUT', `/api/forum/posts/${w.id}`, {
      token: exec.token,
      body: { ...workoutBody, capacity: 0 },
    });
    expect(bad).toMatchObject({ status: 400, body: { error: CAPACITY_ERROR } });
    const badTime = await t.call('PUT', `/api/forum/posts/${w.id}`, {
      token: exec.token,
      body: { ...workoutBody, workoutTime: '25:00' },
    });
    expect(badTime).toMatchObject({ status: 400, body: { error: 'Enter the time as HH:MM' } });
    // Moved from Wednesday to later today: New Workout could not post that, so neither can a move.
    const today = await t.call('PUT', `/api/forum/posts/${w.id}`, {
      token: exec.token,
      body: { ...workoutBody, workoutDate: '2026-03-02' },
    });
    expect(today).toMatchObject({ status: 400, body: { field: 'workoutDate', error: ruleText(DEFAULT_RULE_NUMBERS).moveRefused } });
    // Put off, it may go anywhere ahead; and a workout already on today may be put off within the day.
    const later = await t.call('PUT', `/api/forum/posts/${w.id}`, { token: exec.token, body: { ...workoutBody, workoutDate: '2026-03-09' } });
    expect(later.status).toBe(200);
    t.db.update(posts).set({ workoutDate: '2026-03-02', workoutTime: '18:00' }).where(eq(posts.id, w.id)).run();
    const delayed = await t.call('PUT', `/api/forum/posts/${w.id}`, {
      token: exec.token,
      body: { ...workoutBody, workoutDate: '2026-03-02', workoutTime: '19:00' },
    });
    expect(delayed.status).toBe(200);
  });

  it('refuses a capacity below the signups (409) and promotes from the waitlist when raised, with the email', async () => {
    const { t, exec, createWorkout, members, queued } = await setup();
    const w = await createWorkout({ capacity: 2 });
    const [a, b, c] = await members(3);
    await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: a!.token });
    await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: b!.token });
    await t.call('POST', `/api/forum/workouts/${w.id}/waitlist`, { token: c!.token });

    const lower = await t.call('PUT', `/api/forum/posts/${w.id}`, {
      token: exec.token,
      body: { ...workoutBody, capacity: 1 },
    });
    expect(lower.status).toBe(409);
    expect(lower.body.error).toContain('Capacity cannot be lower than the 2 members already signed up');

    const raise = await t.call('PUT', `/api/forum/posts/${w.id}`, {
      token: exec.token,
      body: { ...workoutBody, capacity: 3 },
    });
    expect(raise.status).toBe(200);
    expect(raise.body.post).toMatchObject({ capacity: 3, signupCount: 3, waitlistCount: 0 });
    expect(queued()).toMatchObject([{ to: c!.email, subject: "You're in: Threshold swim" }]);
  });

  it('edits an event with the event schema', async () => {
    const { t, exec, createEvent } = await setup();
    const e = await createEvent();
    const res = await t.call('PUT', `/api/forum/posts/${e.id}`, {
      token: exec.token,
      body: { title: 'Social night', eventDate: '2026-03-12', content: 'Tacos.' },
    });
    expect(res.status).toBe(200);
    expect(res.body.post).toMatchObject({
      type: 'event',
      title: 'Social night',
      event_date: '2026-03-12',
      content: 'Tacos.',
    });
    const bad = await t.call('PUT', `/api/forum/posts/${e.id}`, { token: exec.token, body: { title: 'x' } });
    expect(bad).toMatchObject({ status: 400, body: { error: 'Title, date and details are required' } });
  });
});

describe('DELETE /api/forum/posts/{id}', () => {
  it('deletes for an exec, and for the author of an event', async () => {
    const { t, exec, member, createWorkout } = await setup();
    const w = await createWorkout();
    expect(await t.call('DELETE', `/api/forum/posts/${w.id}`, { token: exec.token })).toMatchObject({
      status: 200,
      body: { message: 'Workout deleted' },
    });
    expect((await t.call('GET', `/api/forum/workouts/${w.id}`, { token: exec.token })).status).toBe(404);

    // A member may have written an event while an exec; it stays theirs to delete.
    const e = await t.call('POST', '/api/forum/posts', { token: exec.token, body: eventBody });
    t.db.update(posts).set({ userId: member.id }).where(eq(posts.id, e.body.post.id)).run();
    const del = await t.call('DELETE', `/api/forum/posts/${e.body.post.id}`, { token: member.token });
    expect(del).toMatchObject({ status: 200, body: { message: 'Event deleted' } });
  });
});

describe('workout detail, signups and waitlist', () => {
  it('answers workout, signups and waitlist with names and pictures', async () => {
    const { t, member, createWorkout, members } = await setup();
    const w = await createWorkout({ capacity: 1 });
    const [a] = await members(1);
    t.db.update(users).set({ profilePictureUrl: '/uploads/a.webp' }).where(eq(users.id, a!.id)).run();
    await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: a!.token });
    await t.call('POST', `/api/forum/workouts/${w.id}/waitlist`, { token: member.token });

    const res = await t.call('GET', `/api/forum/workouts/${w.id}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.workout).toMatchObject({
      id: w.id,
      signupCount: 1,
      waitlistCount: 1,
      waitlistPosition: 1,
      isSignedUp: false,
    });
    expect(res.body.signups).toEqual([
      {
        id: expect.any(Number),
        user_id: a!.id,
        user_name: 'Extra 1',
        signup_time: t.clock.now(),
        userProfilePictureUrl: '/uploads/a.webp',
      },
    ]);
    expect(res.body.waitlist).toEqual([
      {
        id: expect.any(Number),
        user_id: member.id,
        user_name: 'Morgan Member',
        joined_at: t.clock.now(),
        userProfilePictureUrl: null,
      },
    ]);
    expect(
      (await t.call('GET', `/api/forum/workouts/${w.id}/signups`, { token: member.token })).body,
    ).toEqual({ signups: res.body.signups });
    expect(
      (await t.call('GET', `/api/forum/workouts/${w.id}/waitlist`, { token: member.token })).body,
    ).toEqual({ waitlist: res.body.waitlist });
  });

  it("answers 404 'Workout not found' for a missing id, an event id or a malformed id", async () => {
    const { t, member, createEvent } = await setup();
    const e = await createEvent();
    for (const path of ['/999', `/${e.id}`, '/abc', '/999/signups', '/999/waitlist', '/999/attendance']) {
      const res = await t.call('GET', `/api/forum/workouts${path}`, { token: member.token });
      expect(res, path).toMatchObject({ status: 404, body: { error: 'Workout not found' } });
    }
    const signup = await t.call('POST', '/api/forum/workouts/999/signup', { token: member.token });
    expect(signup).toMatchObject({ status: 404, body: { error: 'Workout not found' } });
  });
});

describe('POST /api/forum/workouts/{id}/signup', () => {
  it('toggles without a body; sets with { signedUp }, idempotently', async () => {
    const { t, member, createWorkout } = await setup();
    const w = await createWorkout();
    const path = `/api/forum/workouts/${w.id}/signup`;
    expect((await t.call('POST', path, { token: member.token })).body).toEqual({ signedUp: true });
    expect(await t.call('POST', path, { token: member.token, body: { signedUp: true } })).toMatchObject({
      status: 200,
      body: { signedUp: true },
    });
    expect((await t.call('POST', path, { token: member.token })).body).toEqual({ signedUp: false });
    expect((await t.call('POST', path, { token: member.token, body: { signedUp: false } })).body).toEqual({
      signedUp: false,
    });
    // An empty JSON body is a toggle too.
    expect(
      (
        await t.call('POST', path, {
          token: member.token,
          body: '',
          headers: { 'content-type': 'application/json' },
        })
      ).body,
    ).toEqual({ signedUp: true });
  });

  it('validates the body', async () => {
    const { t, member, createWorkout } = await setup();
    const w = await createWorkout();
    const path = `/api/forum/workouts/${w.id}/signup`;
    expect(await t.call('POST', path, { token: member.token, body: { signedUp: 'yes' } })).toMatchObject({
      status: 400,
      body: { error: 'signedUp must be true or false' },
    });
    expect(
      (
        await t.call('POST', path, {
          token: member.token,
          body: '{',
          headers: { 'content-type': 'application/json' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await t.call('POST', path, {
          token: member.token,
          body: 'x',
          headers: { 'content-type': 'text/plain' },
        })
      ).status,
    ).toBe(415);
  });

  it('answers 409 with the full message when the workout is full', async () => {
    const { t, member, createWorkout, members } = await setup();
    const w = await createWorkout({ capacity: 1 });
    const [a] = await members(1);
    await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: a!.token });
    const res = await t.call('POST', `/api/forum/workouts/${w.id}/signup`, {
      token: member.token,
      body: { signedUp: true },
    });
    expect(res).toMatchObject({ status: 409, body: { error: fullWorkoutError(1) } });
  });

  it('answers 409 once the workout has started', async () => {
    const { t, member, createWorkout } = await setup();
    const w = await createWorkout({ workoutDate: '2026-03-03', workoutTime: '07:00' });
    t.clock.set(Date.parse('2026-03-03T12:30:00Z'));
    const res = await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: member.token });
    expect(res).toMatchObject({ status: 409, body: { error: 'This workout has already started' } });
  });

  it('counts a late cancel, and on the third one answers until when sign-ups are suspended', async () => {
    const { t, member, createWorkout } = await setup();
    const answers = [];
    for (const time of ['07:00', '08:00', '09:00']) {
      const w = await createWorkout({ workoutDate: '2026-03-03', workoutTime: time });
      await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: member.token });
      answers.push(
        (await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: member.token })).body,
      );
    }
    const until = t.clock.now() + 7 * 24 * 3_600_000;
    expect(answers).toEqual([
      { signedUp: false, absenceCounted: true, absences: 1, suspendedUntil: null },
      { signedUp: false, absenceCounted: true, absences: 2, suspendedUntil: null },
      { signedUp: false, absenceCounted: true, absences: 3, suspendedUntil: until },
    ]);
    const next = await createWorkout({ workoutDate: '2026-03-20' });
    const refused = await t.call('POST', `/api/forum/workouts/${next.id}/signup`, { token: member.token });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: expect.stringContaining('suspended until Monday, March 9, 2026'),
      suspendedUntil: until,
    });
  });

  it('promotes the first waitlisted member on a cancel and emails them the workout link', async () => {
    const { t, member, createWorkout, members, queued } = await setup();
    const w = await createWorkout({ capacity: 1 });
    const [a, b] = await members(2);
    await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: member.token });
    expect((await t.call('POST', `/api/forum/workouts/${w.id}/waitlist`, { token: a!.token })).body).toEqual({
      onWaitlist: true,
      position: 1,
    });
    t.clock.advance(5);
    expect((await t.call('POST', `/api/forum/workouts/${w.id}/waitlist`, { token: b!.token })).body).toEqual({
      onWaitlist: true,
      position: 2,
    });

    expect(
      (
        await t.call('POST', `/api/forum/workouts/${w.id}/signup`, {
          token: member.token,
          body: { signedUp: false },
        })
      ).body,
    ).toEqual({ signedUp: false });
    const detail = await t.call('GET', `/api/forum/workouts/${w.id}`, { token: b!.token });
    expect(detail.body.signups.map((s: { user_id: number }) => s.user_id)).toEqual([a!.id]);
    expect(detail.body.workout.waitlistPosition).toBe(1);
    const mails = queued();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: a!.email, subject: "You're in: Threshold swim" });
    expect(mails[0]!.text).toContain(`http://club.test/workout/${w.id}`);
  });

  it('replays a repeated Idempotency-Key (one effect) and refuses the key with another body (422)', async () => {
    const { t, member, createWorkout } = await setup();
    const w = await createWorkout();
    const path = `/api/forum/workouts/${w.id}/signup`;
    const headers = { 'idempotency-key': '7d1c8a43-0f4e-4a53-9a1d-0d3b4f1c2b11' };
    const first = await t.call('POST', path, { token: member.token, headers });
    const replay = await t.call('POST', path, { token: member.token, headers });
    expect(first).toMatchObject({ status: 200, body: { signedUp: true } });
    expect(replay).toMatchObject({ status: 200, body: { signedUp: true } });
    expect(t.db.select().from(workoutSignups).all()).toHaveLength(1);
    const other = await t.call('POST', path, { token: member.token, headers, body: { signedUp: false } });
    expect(other.status).toBe(422);
    expect(t.db.select().from(workoutSignups).all()).toHaveLength(1);
  });

  it('replays a stored refusal the same way', async () => {
    const { t, member, createWorkout, members } = await setup();
    const w = await createWorkout({ capacity: 1 });
    const [a] = await members(1);
    await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: a!.token });
    const headers = { 'idempotency-key': 'full-workout-key-1' };
    const body = { signedUp: true };
    const first = await t.call('POST', `/api/forum/workouts/${w.id}/signup`, {
      token: member.token,
      headers,
      body,
    });
    await t.call('POST', `/api/forum/workouts/${w.id}/signup`, {
      token: a!.token,
      body: { signedUp: false },
    });
    const replay = await t.call('POST', `/api/forum/workouts/${w.id}/signup`, {
      token: member.token,
      headers,
      body,
    });
    expect(first).toMatchObject({ status: 409 });
    expect(replay).toMatchObject({ status: 409, body: first.body });
  });
});

describe('waitlist routes', () => {
  it('joins only when full (409 otherwise), leaves, and both are idempotent', async () => {
    const { t, member, createWorkout, members } = await setup();
    const w = await createWorkout({ capacity: 1 });
    const path = `/api/forum/workouts/${w.id}/waitlist`;
    const notFull = await t.call('POST', path, { token: member.token });
    expect(notFull.status).toBe(409);
    expect(notFull.body.error).toContain('free places');
    const [a] = await members(1);
    await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: a!.token });
    const signedUp = await t.call('POST', path, { token: a!.token });
    expect(signedUp.status).toBe(409);
    expect(signedUp.body.error).toContain('already signed up');

    const headers = { 'idempotency-key': 'join-waitlist-1' };
    expect(await t.call('POST', path, { token: member.token, headers })).toMatchObject({
      status: 200,
      body: { onWaitlist: true, position: 1 },
    });
    expect(await t.call('POST', path, { token: member.token, headers })).toMatchObject({
      status: 200,
      body: { onWaitlist: true, position: 1 },
    });
    expect(await t.call('POST', path, { token: member.token })).toMatchObject({
      status: 200,
      body: { onWaitlist: true, position: 1 },
    });
    expect(await t.call('DELETE', path, { token: member.token })).toMatchObject({
      status: 200,
      body: { onWaitlist: false, position: null },
    });
    expect(await t.call('DELETE', path, { token: member.token })).toMatchObject({
      status: 200,
      body: { onWaitlist: false, position: null },
    });
    expect((await t.call('DELETE', '/api/forum/workouts/999/waitlist', { token: member.token })).status).toBe(
      404,
    );
  });
});

describe('attendance routes', () => {
  it('reads, submits once (201), then answers 409 with who and when and the stored map', async () => {
    const { t, exec, admin, member, createWorkout, members } = await setup();
    const w = await createWorkout({ workoutDate: '2026-03-03', workoutTime: '07:00', capacity: 5 });
    const [a] = await members(1);
    await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: member.token });
    await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: a!.token });
    t.clock.set(Date.parse('2026-03-03T14:00:00Z'));
    const path = `/api/forum/workouts/${w.id}/attendance`;
    expect((await t.call('GET', path, { token: member.token })).body).toEqual({
      attendance: {},
      submitted: false,
      submitted_by: null,
      submitted_at: null,
    });

    const attendanceData = { [member.id]: true, [a!.id]: false };
    const res = await t.call('POST', path, {
      token: exec.token,
      body: { attendanceData },
      headers: { 'idempotency-key': 'attendance-1' },
    });
    const record = {
      attendance: attendanceData,
      submitted: true,
      submitted_by: 'Erin Exec',
      submitted_at: t.clock.now(),
    };
    expect(res).toMatchObject({ status: 201, body: { message: expect.any(String), ...record } });
    // The offline replay of the same submission gets the same answer.
    expect(
      await t.call('POST', path, {
        token: exec.token,
        body: { attendanceData },
        headers: { 'idempotency-key': 'attendance-1' },
      }),
    ).toMatchObject({
      status: 201,
      body: res.body,
    });
    expect((await t.call('GET', path, { token: member.token })).body).toEqual(record);
    expect(t.userRow(a!.id)!.absences).toBe(1);

    const late = await t.call('POST', path, {
      token: admin.token,
      body: { attendanceData: { [member.id]: false } },
    });
    expect(late.status).toBe(409);
    expect(late.body).toEqual({
      error: 'Attendance was already submitted by Erin Exec on Tuesday, March 3, 2026 at 9:00 AM',
      ...record,
    });
  });

  it('answers 409 with a clear message and the opening time before the workout starts', async () => {
    const { t, exec, member, createWorkout } = await setup();
    const w = await createWorkout({ workoutDate: '2026-03-12', workoutTime: '07:00' });
    await t.call('POST', `/api/forum/workouts/${w.id}/signup`, { token: member.token });
    const path = `/api/forum/workouts/${w.id}/attendance`;
    const early = await t.call('POST', path, {
      token: exec.token,
      body: { attendanceData: { [member.id]: true } },
    });
    expect(early).toMatchObject({
      status: 409,
      body: {
        error: 'Attendance opens when the workout starts, on Thursday, March 12, 2026 at 7:00 AM.',
        opens_at: Date.parse('2026-03-12T11:00:00Z'),
      },
    });
    expect((await t.call('GET', path, { token: member.token })).body.submitted).toBe(false);
    t.clock.set(Date.parse('2026-03-12T11:00:00Z'));
    expect(
      (await t.call('POST', path, { token: exec.token, body: { attendanceData: { [member.id]: true } } }))
        .status,
    ).toBe(201);
  });

  it('refuses keys not in the signup list and malformed maps (400)', async () => {
    const { t, exec, member, createWorkout } = await setup();
    const w = await createWorkout();
    t.clock.advance(20 * 24 * 60 * 60_000); // attendance opens once the workout has started
    const path = `/api/forum/workouts/${w.id}/attendance`;
    const stranger = await t.call('POST', path, {
      token: exec.token,
      body: { attendanceData: { [member.id]: true } },
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toContain('is not signed up');
    const notBool = await t.call('POST', path, {
      token: exec.token,
      body: { attendanceData: { [member.id]: 'yes' } },
    });
    expect(notBool).toMatchObject({ status: 400, body: { error: expect.any(String) } });
    const noMap = await t.call('POST', path, { token: exec.token, body: {} });
    expect(noMap).toMatchObject({
      status: 400,
      body: { error: 'attendanceData must map user ids to true or false' },
    });
  });
});

describe('event routes', () => {
  it("answers the event and its RSVPs, and 404 'Event not found'", async () => {
    const { t, member, createEvent, createWorkout } = await setup();
    const e = await createEvent();
    await t.call('POST', `/api/forum/events/${e.id}/rsvp`, {
      token: member.token,
      body: { status: 'going' },
    });
    const res = await t.call('GET', `/api/forum/events/${e.id}`, { token: member.token });
    expect(res.status).toBe(200);
    expect(res.body.event).toMatchObject({
      id: e.id,
      title: 'Kick-off social',
      author_name: 'Erin Exec',
      myRsvp: 'going',
    });
    expect(res.body.rsvps).toEqual([
      {
        id: expect.any(Number),
        user_id: member.id,
        user_name: 'Morgan Member',
        status: 'going',
        rsvp_time: t.clock.now(),
        signed_up_at: t.clock.now(),
        userProfilePictureUrl: null,
      },
    ]);
    const w = await createWorkout();
    for (const id of ['999', String(w.id), 'x']) {
      expect(await t.call('GET', `/api/forum/events/${id}`, { token: member.token })).toMatchObject({
        status: 404,
        body: { error: 'Event not found' },
      });
    }
  });

  it('sets, repeats as a no-op and removes an RSVP; validates the status', async () => {
    const { t, member, createEvent } = await setup();
    const e = await createEvent();
    const path = `/api/forum/events/${e.id}/rsvp`;
    expect((await t.call('POST', path, { token: member.token, body: { status: 'maybe' } })).body).toEqual({
      status: 'maybe',
    });
    expect((await t.call('POST', path, { token: member.token, body: { status: 'maybe' } })).body).toEqual({
      status: 'maybe',
    });
    expect((await t.call('POST', path, { token: member.token, body: { status: 'not_going' } })).body).toEqual(
      { status: 'not_going' },
    );
    expect((await t.call('POST', path, { token: member.token, body: { status: null } })).body).toEqual({
      status: null,
    });
    const bad = await t.call('POST', path, { token: member.token, body: { status: 'yes' } });
    expect(bad).toMatchObject({
      status: 400,
      body: { error: "status must be 'going', 'maybe', 'not_going' or null" },
    });
    expect(
      (await t.call('POST', '/api/forum/events/999/rsvp', { token: member.token, body: { status: 'going' } }))
        .status,
    ).toBe(404);
  });
});
