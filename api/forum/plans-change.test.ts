// When plans change: cancelling and reinstating workouts and events, the messages to those who
// answered (once per member and change, racing included), moved sessions, the calendar feeds'
// STATUS and SEQUENCE, tombstones of deleted items, and what a cancelled item still allows.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { messageQueue, posts, pushSubscriptions, users } from '../../db/schema';
import { eq } from 'drizzle-orm';
import { PUSH_DEVICE } from '../testing/push-service';
import { tellAnswered } from './posts/change-notices';
import { cancelledNotice } from '../messaging/mail-templates';
import { ADMIN, EXEC, MEMBER, OTHER, makeTestApp, type TestApp, type TestUser } from '../testing/test-app';

const DAY = 24 * 3_600_000;
const REASON = 'Pool closed for a meet';

function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  return cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      sequence: e.sequence,
      status: (v.getFirstPropertyValue('status') as string | null) ?? null,
    };
  });
}

const queued = (t: TestApp) => t.db.select().from(messageQueue).all();

let devices = 0;
/** A device of `user` that takes the given kinds. */
function device(
  t: TestApp,
  user: TestUser,
  kinds: Partial<Record<'placeFreed' | 'reminders' | 'newWorkouts' | 'announcements', boolean>> = {},
) {
  devices += 1;
  return t.db
    .insert(pushSubscriptions)
    .values({
      userId: user.id,
      endpoint: `${PUSH_DEVICE.endpoint}-${devices}`,
      p256dh: PUSH_DEVICE.keys.p256dh,
      auth: PUSH_DEVICE.keys.auth,
      label: 'Phone',
      ...kinds,
    })
    .returning()
    .get();
}

const workoutBody = {
  type: 'workout',
  title: 'Swim',
  workoutType: 'swim',
  workoutDate: '2026-03-05',
  workoutTime: '18:00',
  content: 'Threshold set.',
  capacity: 2,
};
const eventBody = {
  type: 'event',
  title: 'Social',
  eventDate: '2026-03-06',
  eventTime: '19:00',
  eventLocation: 'Room 101',
  content: 'Pizza.',
};

async function setup(t: TestApp = makeTestApp()) {
  const people = {
    exec: EXEC,
    admin: ADMIN,
    me: MEMBER,
    other: OTHER,
    third: { role: 'member', name: 'Theo Third' },
  } as const;
  const made = {} as Record<keyof typeof people, TestUser>;
  for (const [key, fields] of Object.entries(people))
    made[key as keyof typeof people] = await t.createUser(fields);
  const club = { t, ...made };
  const workout = async (body: Record<string, unknown> = {}) =>
    (await club.t.createPost(club.exec.token, { ...workoutBody, ...body })).post.id as number;
  const event = async () => (await club.t.createPost(club.exec.token, eventBody)).post.id as number;
  const cancel = (id: number, user: TestUser = club.exec, body: unknown = { reason: REASON }, query = '') =>
    club.t.call('POST', `/api/forum/posts/${id}/cancel${query}`, { token: user.token, body });
  return { ...club, workout, event, cancel };
}

describe('POST /api/forum/posts/:id/cancel', () => {
  it('marks the workout, keeps it listed with its sign-ups and waitlist, and answers with it', async () => {
    const { t, exec, me, other, third, workout, cancel } = await setup();
    const w = await workout();
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: true } });
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: other.token, body: { signedUp: true } });
    await t.must('POST', `/api/forum/workouts/${w}/waitlist`, { token: third.token });
    const res = await cancel(w);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ changed: 1, notified: 3, message: 'Workout cancelled' });
    expect(res.body.post).toMatchObject({
      id: w,
      cancelled_at: t.clock.now(),
      cancel_reason: REASON,
      signupCount: 2,
      waitlistCount: 1,
    });
    const list = await t.call('GET', '/api/forum/posts?type=workout', { token: me.token });
    expect(list.body.posts[0]).toMatchObject({
      id: w,
      cancelled_at: t.clock.now(),
      cancel_reason: REASON,
      isSignedUp: true,
    });
    const detail = await t.call('GET', `/api/forum/workouts/${w}`, { token: third.token });
    expect(detail.body.workout).toMatchObject({ cancel_reason: REASON, waitlistPosition: 1 });
    // And in my week, marked.
    const week = await t.call('GET', '/api/me/week', { token: me.token });
    expect(week.body.items.find((i: { id: number }) => i.id === w)).toMatchObject({
      kind: 'workout',
      status: 'signed_up',
      cancelReason: REASON,
    });
    expect(detail.body.signups).toHaveLength(2);
    // Not cancelled: null on both.
    const fresh = await workout({ title: 'Run' });
    expect(
      (await t.call('GET', `/api/forum/workouts/${fresh}`, { token: exec.token })).body.workout,
    ).toMatchObject({ cancelled_at: null, cancel_reason: null });
  });

  it('validates the reason: required, one line, at most 200 characters', async () => {
    const { workout, cancel } = await setup();
    const w = await workout();
    expect((await cancel(w, undefined, {})).body).toEqual({ error: 'Say why it is cancelled (one line)' });
    expect((await cancel(w, undefined, { reason: '   ' })).status).toBe(400);
    expect((await cancel(w, undefined, { reason: 'Pool\nclosed' })).body.error).toMatch(
      /cannot contain line breaks/,
    );
    expect((await cancel(w, undefined, { reason: 'x'.repeat(201) })).body).toEqual({
      error: 'The reason must be at most 200 characters',
    });
    expect((await cancel(w, undefined, { reason: 'x'.repeat(200) })).status).toBe(200);
  });

  it('is for the author, an exec or an administrator; 404 for a missing post', async () => {
    const { t, me, admin, workout, event, cancel } = await setup();
    const w = await workout();
    expect((await cancel(w, me)).status).toBe(403);
    expect((await cancel(9999)).status).toBe(404);
    expect((await t.call('POST', `/api/forum/posts/${w}/cancel`, { body: { reason: REASON } })).status).toBe(
      401,
    );
    expect((await cancel(w, admin)).status).toBe(200);
    expect((await t.call('DELETE', `/api/forum/posts/${w}/cancel`, { token: me.token })).status).toBe(403);
    const e = await event();
    expect((await cancel(e, admin)).body.post).toMatchObject({ type: 'event', cancel_reason: REASON });
  });

  it('refuses sign-ups, waitlist joins, RSVPs and attendance with the reason; a member may still take their name off, with no absence and no promotion', async () => {
    const { t, exec, me, other, third, workout, event, cancel } = await setup();
    const w = await workout({ capacity: 1 });
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: true } });
    await t.must('POST', `/api/forum/workouts/${w}/waitlist`, { token: other.token });
    await cancel(w);
    const message = `This workout was cancelled: ${REASON}`;
    expect(
      await t.call('POST', `/api/forum/workouts/${w}/signup`, {
        token: third.token,
        body: { signedUp: true },
      }),
    ).toMatchObject({
      status: 409,
      body: { error: message },
    });
    expect(
      (await t.call('POST', `/api/forum/workouts/${w}/waitlist`, { token: third.token })).body.error,
    ).toBe(message);
    // Under 24 hours before the start: a cancel would count an absence, but not on a cancelled workout.
    t.clock.set(Date.parse('2026-03-05T12:00:00Z'));
    const off = await t.call('POST', `/api/forum/workouts/${w}/signup`, {
      token: me.token,
      body: { signedUp: false },
    });
    expect(off.body).toEqual({ signedUp: false });
    expect(t.userRow(me.id)!.absences).toBe(0);
    const after = await t.call('GET', `/api/forum/workouts/${w}`, { token: exec.token });
    expect(after.body.signups).toEqual([]);
    expect(after.body.waitlist.map((e: { user_id: number }) => e.user_id)).toEqual([other.id]);
    expect(
      (await t.call('DELETE', `/api/forum/workouts/${w}/waitlist`, { token: other.token })).body,
    ).toEqual({ onWaitlist: false, position: null });

    t.clock.set(Date.parse('2026-03-05T23:30:00Z'));
    const attendance = await t.call('POST', `/api/forum/workouts/${w}/attendance`, {
      token: exec.token,
      body: { attendanceData: {} },
    });
    expect(attendance.status).toBe(409);
    expect(attendance.body.error).toContain(message);

    const e = await event();
    await t.must('POST', `/api/forum/events/${e}/rsvp`, { token: me.token, body: { status: 'going' } });
    await cancel(e);
    expect(
      await t.call('POST', `/api/forum/events/${e}/rsvp`, { token: other.token, body: { status: 'maybe' } }),
    ).toMatchObject({
      status: 409,
      body: { error: `This event was cancelled: ${REASON}` },
    });
    expect(
      (await t.call('POST', `/api/forum/events/${e}/rsvp`, { token: me.token, body: { status: null } })).body,
    ).toEqual({ status: null });
  });

  it('reinstating opens it again and fills places freed meanwhile from the waitlist', async () => {
    const { t, exec, me, other, workout, cancel } = await setup();
    const w = await workout({ capacity: 1 });
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: true } });
    await t.must('POST', `/api/forum/workouts/${w}/waitlist`, { token: other.token });
    await cancel(w);
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: false } });
    const back = await t.call('DELETE', `/api/forum/posts/${w}/cancel`, { token: exec.token });
    expect(back.body).toMatchObject({
      changed: 1,
      message: 'Workout back on',
      post: { cancelled_at: null, cancel_reason: null, signupCount: 1, waitlistCount: 0 },
    });
    expect(
      (await t.call('DELETE', `/api/forum/posts/${w}/cancel`, { token: exec.token })).body,
    ).toMatchObject({ changed: 0, notified: 0 });
  });

  it('cancels this one or this and the following of a weekly series', async () => {
    const { t, exec, cancel } = await setup();
    const created = await t.createPost(exec.token, {
      ...workoutBody,
      workoutDate: '2026-03-03',
      repeat: { weekdays: [2], until: '2026-03-31' },
    });
    const ids = created.series.posts.map((p: { id: number }) => p.id) as number[];
    expect(ids).toHaveLength(5);
    expect((await cancel(ids[1]!)).body.changed).toBe(1);
    const following = await cancel(ids[2]!, exec, { reason: 'Pool refit' }, '?scope=following');
    expect(following.body).toMatchObject({ changed: 3, message: '3 workouts cancelled' });
    const reasons = t.db.select({ id: posts.id, reason: posts.cancelReason }).from(posts).all();
    expect(reasons.map((r) => r.reason)).toEqual([null, REASON, 'Pool refit', 'Pool refit', 'Pool refit']);
    expect((await cancel(ids[0]!, exec, { reason: REASON }, '?scope=later')).status).toBe(400);
    const back = await t.call('DELETE', `/api/forum/posts/${ids[1]}/cancel?scope=following`, {
      token: exec.token,
    });
    expect(back.body.changed).toBe(4);
  });
});

describe('who hears of a change, and how often', () => {
  it('pushes to devices that take it, emails a member with none; reinstating tells again; a retry tells nobody twice', async () => {
    const { t, exec, me, other, third, workout, cancel } = await setup();
    const phone = device(t, me, { reminders: true });
    device(t, other, { reminders: false });
    const w = await workout({ capacity: 1 });
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: true } });
    await t.must('POST', `/api/forum/workouts/${w}/waitlist`, { token: other.token });
    // Not going to be told: answered nothing.
    void third;
    expect((await cancel(w)).body.notified).toBe(2);
    const first = queued(t);
    expect(first.map((m) => [m.channel, m.to, m.subscriptionId])).toEqual([
      ['push', me.email, phone.id],
      ['email', other.email, null],
    ]);
    expect(first[0]).toMatchObject({ subject: 'Cancelled: Swim', url: `/workout/${w}` });
    expect(first[0]!.text).toContain(REASON);
    expect(first[1]!.text).toContain(REASON);

    // The same cancel again (a retry, a second exec): nothing changes, nobody is told twice.
    expect((await cancel(w)).body).toMatchObject({
      changed: 0,
      notified: 0,
      message: 'This workout was already cancelled',
    });
    expect(queued(t)).toHaveLength(2);

    const back = await t.call('DELETE', `/api/forum/posts/${w}/cancel`, { token: exec.token });
    expect(back.body.notified).toBe(2);
    expect(
      queued(t)
        .slice(2)
        .map((m) => m.subject),
    ).toEqual(['Back on: Swim', 'Back on: Swim']);
  });

  it('the unique key stops a second queueing of the same change, whoever sends it', async () => {
    const { t, exec, me, workout, cancel } = await setup();
    const w = await workout();
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: true } });
    await cancel(w);
    const row = t.db.select().from(posts).where(eq(posts.id, w)).get()!;
    const notice = cancelledNotice('workout', row.title, 'Thursday', REASON, w);
    expect(t.deps.database.tx(() => tellAnswered(t.deps, row, notice, exec.id))).toBe(0);
    expect(queued(t)).toHaveLength(1);
  });

  it('racing cancels on two servers sharing one database tell each member once', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'club-plans-')), 'club.db');
    const one = makeTestApp({ databasePath });
    const { exec, me, other, workout } = await setup(one);
    const two = makeTestApp({ databasePath });
    const w = await workout();
    for (const m of [me, other])
      await one.must('POST', `/api/forum/workouts/${w}/signup`, { token: m.token, body: { signedUp: true } });
    const [a, b, c] = await Promise.all([
      one.call('POST', `/api/forum/posts/${w}/cancel`, { token: exec.token, body: { reason: REASON } }),
      two.call('POST', `/api/forum/posts/${w}/cancel`, { token: exec.token, body: { reason: REASON } }),
      two.call('POST', `/api/forum/posts/${w}/cancel`, {
        token: exec.token,
        body: { reason: 'Other reason' },
      }),
    ]);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect([a, b, c].map((r) => r.body.changed).sort()).toEqual([0, 0, 1]);
    expect(
      queued(one)
        .map((m) => m.to)
        .sort(),
    ).toEqual([me.email, other.email].sort());
    for (const t of [one, two]) {
      await t.deps.messageQueue.flush();
      t.database.close();
    }
  });

  it('a moved workout or event tells who answered; other edits do not; a member who lapsed is not told', async () => {
    const { t, exec, me, other, third, workout, event } = await setup();
    const w = await workout();
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: true } });
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: other.token, body: { signedUp: true } });
    t.db.update(users).set({ expiryDate: '2026-01-01' }).where(eq(users.id, other.id)).run();
    const { type: _type, ...edit } = workoutBody;
    await t.must('PUT', `/api/forum/posts/${w}`, {
      token: exec.token,
      body: { ...edit, title: 'Swim drills', content: 'Drills.' },
    });
    expect(queued(t)).toEqual([]);
    await t.must('PUT', `/api/forum/posts/${w}`, {
      token: exec.token,
      body: { ...edit, workoutTime: '19:00' },
    });
    expect(queued(t).map((m) => [m.to, m.subject])).toEqual([[me.email, 'Swim moved']]);
    expect(queued(t)[0]!.text).toContain('Now Thursday, March 5, 2026 at 7:00 PM');
    // A workout's place counts as where it is: a new pool tells them too.
    await t.must('PUT', `/api/forum/posts/${w}`, {
      token: exec.token,
      body: { ...edit, workoutTime: '19:00', workoutLocation: 'Aquatic Centre' },
    });
    expect(queued(t).map((m) => m.subject)).toEqual(['Swim moved', 'Swim moved']);
    expect(queued(t)[1]!.text).toContain('Now Thursday, March 5, 2026 at 7:00 PM, Aquatic Centre');
    t.db.delete(messageQueue).where(eq(messageQueue.subject, 'Swim moved')).run();

    const e = await event();
    await t.must('POST', `/api/forum/events/${e}/rsvp`, { token: third.token, body: { status: 'maybe' } });
    await t.must('POST', `/api/forum/events/${e}/rsvp`, { token: me.token, body: { status: 'not_going' } });
    const { type: _e, ...eventEdit } = eventBody;
    await t.must('PUT', `/api/forum/posts/${e}`, {
      token: exec.token,
      body: { ...eventEdit, eventLocation: 'Aquatic Centre' },
    });
    const moved = queued(t);
    expect(moved.map((m) => [m.to, m.subject])).toEqual([[third.email, 'Social moved']]);
    expect(moved[0]!.text).toContain('Now Friday, March 6, 2026 at 7:00 PM, Aquatic Centre');
  });
});

describe('who hears of a change', () => {
  it('never the one who made it: an exec who answered is not told of their own move, cancel or reinstatement, everyone else once', async () => {
    const { t, exec, admin, me, workout, event, cancel } = await setup();
    const w = await workout();
    for (const who of [exec, me]) await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: who.token, body: { signedUp: true } });
    const { type: _type, ...edit } = workoutBody;
    await t.must('PUT', `/api/forum/posts/${w}`, { token: exec.token, body: { ...edit, workoutTime: '19:00' } });
    expect(queued(t).map((m) => [m.to, m.subject])).toEqual([[me.email, 'Swim moved']]);
    const cancelled = await cancel(w);
    expect(cancelled.body.notified).toBe(1);
    const back = await t.call('DELETE', `/api/forum/posts/${w}/cancel`, { token: exec.token });
    expect(back.body.notified).toBe(1);
    expect(queued(t).map((m) => m.to)).toEqual([me.email, me.email, me.email]);
    // Another exec's change tells the exec who signed up, as anyone else.
    await t.must('PUT', `/api/forum/posts/${w}`, { token: admin.token, body: { ...edit, workoutTime: '20:00' } });
    expect(queued(t).slice(3).map((m) => m.to).sort()).toEqual([exec.email, me.email].sort());

    // An event's author who answered Going is not told of their own move either.
    const e = await event();
    for (const who of [exec, me]) await t.must('POST', `/api/forum/events/${e}/rsvp`, { token: who.token, body: { status: 'going' } });
    const { type: _e, ...eventEdit } = eventBody;
    await t.must('PUT', `/api/forum/posts/${e}`, { token: exec.token, body: { ...eventEdit, eventLocation: 'Aquatic Centre' } });
    expect(queued(t).slice(5).map((m) => [m.to, m.subject])).toEqual([[me.email, 'Social moved']]);
  });
});

describe('moving into the past, and correcting a session that has started', () => {
  it('refuses moving a workout or event that is still ahead to a start that has passed, and tells nobody', async () => {
    const { t, exec, me, other, workout, event } = await setup();
    const w = await workout();
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: true } });
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: other.token, body: { signedUp: true } });
    const { type: _type, ...edit } = workoutBody;
    // Today is Monday, March 2, 2026, 10:00 in Toronto: last Sunday has passed, and so has 9:00 today.
    const past = await t.call('PUT', `/api/forum/posts/${w}`, { token: exec.token, body: { ...edit, workoutDate: '2026-03-01' } });
    expect(past).toMatchObject({
      status: 400,
      body: {
        error: 'This would move the workout to Sunday, March 1, 2026 at 6:00 PM, which has already passed. Choose a later date or time.',
        field: 'workoutDate',
      },
    });
    const earlier = await t.call('PUT', `/api/forum/posts/${w}`, {
      token: exec.token,
      body: { ...edit, workoutDate: '2026-03-02', workoutTime: '09:00' },
    });
    expect(earlier).toMatchObject({ status: 400, body: { field: 'workoutDate', error: expect.stringContaining('already passed') } });
    expect(t.db.select().from(posts).where(eq(posts.id, w)).get()).toMatchObject({ workoutDate: '2026-03-05', workoutTime: '18:00', revision: 0 });

    const e = await event();
    await t.must('POST', `/api/forum/events/${e}/rsvp`, { token: me.token, body: { status: 'going' } });
    const { type: _e, ...eventEdit } = eventBody;
    const eventPast = await t.call('PUT', `/api/forum/posts/${e}`, { token: exec.token, body: { ...eventEdit, eventDate: '2026-02-27' } });
    expect(eventPast).toMatchObject({ status: 400, body: { field: 'eventDate', error: expect.stringContaining('move the event to Friday, February 27, 2026') } });
    expect(queued(t)).toEqual([]);
  });

  it('lets an exec correct the time or place of a workout that has started, telling nobody it moved', async () => {
    const { t, exec, me, other, workout } = await setup();
    const w = await workout();
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: true } });
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: other.token, body: { signedUp: true } });
    // Thursday, March 5, 18:10: the swim is under way; it really started at 18:15, at the other pool.
    t.clock.set(Date.parse('2026-03-05T23:10:00Z'));
    const { type: _type, ...edit } = workoutBody;
    const fixed = await t.must('PUT', `/api/forum/posts/${w}`, {
      token: exec.token,
      body: { ...edit, workoutTime: '18:15', workoutLocation: 'Aquatic Centre' },
    });
    expect(fixed.post).toMatchObject({ workout_time: '18:15', workout_location: 'Aquatic Centre' });
    expect(queued(t)).toEqual([]);
    // Put off to next week instead, it is a move: they are told.
    await t.must('PUT', `/api/forum/posts/${w}`, { token: exec.token, body: { ...edit, workoutDate: '2026-03-12' } });
    expect(queued(t).map((m) => [m.to, m.subject])).toEqual([
      [me.email, 'Swim moved'],
      [other.email, 'Swim moved'],
    ]);
  });

  it('a moved workout or event says so in the lists, on its page and in My week; other edits do not mark it', async () => {
    const { t, exec, me, workout, event } = await setup();
    const w = await workout();
    const e = await event();
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: true } });
    await t.must('POST', `/api/forum/events/${e}/rsvp`, { token: me.token, body: { status: 'going' } });
    const movedAt = async () => {
      const workouts = (await t.must('GET', '/api/forum/posts?type=workout', { token: me.token })).posts;
      const events = (await t.must('GET', '/api/forum/posts?type=event', { token: me.token })).posts;
      const page = (await t.must('GET', `/api/forum/workouts/${w}`, { token: me.token })).workout;
      const week = (await t.must('GET', '/api/me/week', { token: me.token })).items;
      return {
        workout: workouts.find((p: { id: number }) => p.id === w).moved_at,
        page: page.moved_at,
        event: events.find((p: { id: number }) => p.id === e).moved_at,
        weekWorkout: week.find((i: { kind: string; id: number }) => i.kind === 'workout' && i.id === w).movedAt,
        weekEvent: week.find((i: { kind: string; id: number }) => i.kind === 'event' && i.id === e).movedAt,
      };
    };
    expect(await movedAt()).toEqual({ workout: null, page: null, event: null, weekWorkout: null, weekEvent: null });

    const { type: _type, ...edit } = workoutBody;
    await t.must('PUT', `/api/forum/posts/${w}`, { token: exec.token, body: { ...edit, title: 'Swim drills' } });
    expect((await movedAt()).workout).toBeNull();

    const when = t.clock.now();
    await t.must('PUT', `/api/forum/posts/${w}`, { token: exec.token, body: { ...edit, workoutTime: '19:00' } });
    const { type: _e, ...eventEdit } = eventBody;
    await t.must('PUT', `/api/forum/posts/${e}`, { token: exec.token, body: { ...eventEdit, eventLocation: 'Aquatic Centre' } });
    expect(await movedAt()).toEqual({ workout: when, page: when, event: when, weekWorkout: when, weekEvent: when });
  });
});

describe('deleting and the calendars', () => {
  it('asks to cancel a workout or event that members answered; once cancelled it can go', async () => {
    const { t, exec, me, workout, event, cancel } = await setup();
    const w = await workout();
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: true } });
    const refused = await t.call('DELETE', `/api/forum/posts/${w}`, { token: exec.token });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^1 member answered this workout\. Cancel it instead/);
    const e = await event();
    await t.must('POST', `/api/forum/events/${e}/rsvp`, { token: me.token, body: { status: 'going' } });
    expect((await t.call('DELETE', `/api/forum/posts/${e}`, { token: exec.token })).status).toBe(409);
    await cancel(w);
    expect((await t.call('DELETE', `/api/forum/posts/${w}`, { token: exec.token })).status).toBe(200);
    // A post nobody answered goes at once (a mistake).
    const lone = await workout({ title: 'Typo' });
    expect((await t.call('DELETE', `/api/forum/posts/${lone}`, { token: exec.token })).status).toBe(200);
  });

  it('publishes a cancelled item as CANCELLED with a higher SEQUENCE, keeps a moved one’s UID, and a deleted one as a tombstone for 30 days', async () => {
    const { t, exec, me, workout, event, cancel } = await setup();
    const w = await workout({ workoutDate: '2026-04-20' });
    const e = await event();
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token, body: { signedUp: true } });
    await t.must('POST', `/api/forum/events/${e}/rsvp`, { token: me.token, body: { status: 'going' } });
    const feedUrl = new URL((await t.must('GET', '/api/me/calendar-link', { token: me.token })).url).pathname;
    const mine = async () => parse((await t.call('GET', feedUrl)).body);
    const club = async () => parse((await t.call('GET', '/api/calendar/club.ics')).body);

    expect(await mine()).toMatchObject([
      { uid: `event-${e}@club.test`, status: 'CONFIRMED', sequence: 0 },
      { uid: `workout-${w}@club.test`, status: 'CONFIRMED', sequence: 0 },
    ]);
    await cancel(w);
    await cancel(e);
    expect(await mine()).toMatchObject([
      { uid: `event-${e}@club.test`, status: 'CANCELLED', sequence: 1, summary: 'Cancelled: Social' },
      { uid: `workout-${w}@club.test`, status: 'CANCELLED', sequence: 1, summary: 'Cancelled: Swim' },
    ]);
    expect(await club()).toMatchObject([{ uid: `workout-${w}@club.test`, status: 'CANCELLED', sequence: 1 }]);
    const single = await t.call('GET', `/api/calendar/workout/${w}`, { token: me.token });
    expect(parse(single.body)).toMatchObject([{ status: 'CANCELLED', sequence: 1 }]);

    await t.must('DELETE', `/api/forum/posts/${w}/cancel`, { token: exec.token });
    const { type: _type, ...edit } = workoutBody;
    await t.must('PUT', `/api/forum/posts/${w}`, {
      token: exec.token,
      body: { ...edit, workoutDate: '2026-04-21' },
    });
    expect((await club())[0]).toMatchObject({
      uid: `workout-${w}@club.test`,
      status: 'CONFIRMED',
      sequence: 3,
    });

    await cancel(w);
    await t.must('DELETE', `/api/forum/posts/${w}`, { token: exec.token });
    await t.must('DELETE', `/api/forum/posts/${e}`, { token: exec.token });
    // Gone from the forum, still in both feeds as cancelled, one SEQUENCE higher.
    expect(await club()).toMatchObject([{ uid: `workout-${w}@club.test`, status: 'CANCELLED', sequence: 5 }]);
    expect(await mine()).toMatchObject([
      { uid: `event-${e}@club.test`, status: 'CANCELLED', sequence: 2 },
      { uid: `workout-${w}@club.test`, status: 'CANCELLED', sequence: 5 },
    ]);
    t.clock.advance(29 * DAY);
    expect(await club()).toHaveLength(1);
    t.clock.advance(2 * DAY);
    expect(await club()).toEqual([]);
    expect(await mine()).toEqual([]);
  });
});
