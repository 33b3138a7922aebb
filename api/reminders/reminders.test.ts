// Reminders with an injected clock: each once, none after a cancel, none for a past workout,
// none twice across a restart or with two servers on one database.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageQueue, eventRsvps, posts, users } from '../../db/schema';
import { PUSH_DEVICE } from '../testing/push-service';
import { makeTestApp, type TestApp } from '../testing/test-app';
import { saveDevice } from '../messaging/notifications';
import { startReminders } from './reminder-schedule';
import { sendDueReminders, workoutReminderAt } from './reminders';
import { setSignup } from '../forum/workouts/workouts';

const TZ = 'America/Toronto';
// Thursday 5 March 2026, 07:00 in Toronto (EST, UTC-5): the reminder is Tuesday 3 March at 19:00.
const WORKOUT_DATE = '2026-03-05';
const REMINDER_AT = Date.parse('2026-03-04T00:00:00Z');
const START = Date.parse('2026-03-05T12:00:00Z');
const MINUTE = 60_000;
const KEYS = PUSH_DEVICE.keys;

function addWorkout(t: TestApp, date = WORKOUT_DATE, time = '07:00') {
  return t.db
    .insert(posts)
    .values({ type: 'workout', title: 'Masters swim', content: 'Drills', workoutType: 'swim', workoutDate: date, workoutTime: time, capacity: 10, createdAt: t.clock.now() })
    .returning()
    .get();
}

async function member(t: TestApp, role: 'member' | 'pending' = 'member') {
  const u = await t.createUser({ role });
  return { ...u, role };
}

const queued = (t: TestApp) => t.db.select().from(messageQueue).all();

describe('workout reminders', () => {
  it('go out at 7 PM two days before, in the club zone', () => {
    expect(workoutReminderAt(WORKOUT_DATE, TZ)).toBe(REMINDER_AT);
    // Across the March change to summer time (8 March 2026): 19:00 EDT is 23:00 UTC.
    expect(workoutReminderAt('2026-03-11', TZ)).toBe(Date.parse('2026-03-09T23:00:00Z'));
  });

  it('are sent once, by email to a member with no device, saying until when cancelling is free', async () => {
    const t = makeTestApp();
    const post = addWorkout(t);
    const m = await member(t);
    setSignup(t.deps, m, post.id, true);

    t.clock.set(REMINDER_AT - MINUTE);
    expect(sendDueReminders(t.deps)).toEqual({ workoutReminders: 0, eventReminders: 0, renewalReminders: 0 });
    t.clock.set(REMINDER_AT);
    expect(sendDueReminders(t.deps).workoutReminders).toBe(1);
    t.clock.advance(MINUTE);
    expect(sendDueReminders(t.deps).workoutReminders).toBe(0);
    t.clock.advance(6 * 60 * MINUTE);
    expect(sendDueReminders(t.deps).workoutReminders).toBe(0);

    const [mail] = queued(t);
    expect(queued(t)).toHaveLength(1);
    expect(mail).toMatchObject({ channel: 'email', to: m.email, subject: 'Reminder: Masters swim', dedupeKey: `reminder:workout:${post.id}:${m.id}#email` });
    expect(mail!.text).toContain('Thursday, March 5, 2026 at 7:00 AM');
    expect(mail!.text).toContain('Cancel before Wednesday, March 4, 2026 at 7:00 AM and it costs no absence');
    expect(mail!.text).toContain(`http://club.test/workout/${post.id}`);
    expect(mail!.text).toContain('turn reminders off on your profile');
    // The unique key stops a second copy even from a pass that missed the first (another process).
    expect(t.deps.messageQueue.enqueue({ to: m.email, subject: 'again', text: 'again' }, mail!.dedupeKey!)).toBeNull();
  });

  it('go by push to each device that takes reminders, and by email only when no device does', async () => {
    const t = makeTestApp();
    const post = addWorkout(t);
    const withPush = await member(t);
    const pushOff = await member(t);
    saveDevice(t.deps, withPush.id, { endpoint: 'https://push.example.com/a', keys: KEYS, kinds: { placeFreed: true, reminders: true, newWorkouts: false } }, undefined);
    saveDevice(t.deps, withPush.id, { endpoint: 'https://push.example.com/b', keys: KEYS, kinds: { placeFreed: true, reminders: true, newWorkouts: false } }, undefined);
    saveDevice(t.deps, pushOff.id, { endpoint: 'https://push.example.com/c', keys: KEYS, kinds: { placeFreed: true, reminders: false, newWorkouts: false } }, undefined);
    setSignup(t.deps, withPush, post.id, true);
    setSignup(t.deps, pushOff, post.id, true);

    t.clock.set(REMINDER_AT + 5 * MINUTE);
    expect(sendDueReminders(t.deps).workoutReminders).toBe(2);
    const rows = queued(t).map((r) => [r.channel, r.to]);
    expect(rows).toEqual([
      ['push', withPush.email],
      ['push', withPush.email],
      ['email', pushOff.email],
    ]);
    // A device added after the reminder went out gets no second one.
    saveDevice(t.deps, pushOff.id, { endpoint: 'https://push.example.com/d', keys: KEYS, kinds: { placeFreed: true, reminders: true, newWorkouts: false } }, undefined);
    t.clock.advance(MINUTE);
    expect(sendDueReminders(t.deps).workoutReminders).toBe(0);
    expect(queued(t)).toHaveLength(3);
  });

  it('are not sent after a cancel, to a member who turned them off, whose membership expired, or who signed up after the reminder time', async () => {
    const t = makeTestApp();
    const post = addWorkout(t);
    const cancelled = await member(t);
    const off = await member(t);
    const late = await member(t);
    const expired = { ...(await t.createUser({ role: 'member', expiryDate: '2026-02-28' })), role: 'member' as const };
    setSignup(t.deps, cancelled, post.id, true);
    setSignup(t.deps, off, post.id, true);
    setSignup(t.deps, expired, post.id, true);
    t.db.update(users).set({ remindersEnabled: false }).where(eq(users.id, off.id)).run();
    t.clock.set(REMINDER_AT - 10 * MINUTE);
    setSignup(t.deps, cancelled, post.id, false);
    t.clock.set(REMINDER_AT + MINUTE);
    setSignup(t.deps, late, post.id, true);
    expect(sendDueReminders(t.deps).workoutReminders).toBe(0);
    expect(queued(t)).toEqual([]);
  });

  it('are not sent for a workout that has started, and say so when the free cancel has passed', async () => {
    const t = makeTestApp();
    const post = addWorkout(t);
    const m = await member(t);
    setSignup(t.deps, m, post.id, true);
    t.clock.set(START);
    expect(sendDueReminders(t.deps).workoutReminders).toBe(0);

    // The server was down at 7 PM and starts again the morning of the workout, before it starts.
    const t2 = makeTestApp();
    const p2 = addWorkout(t2);
    const m2 = await member(t2);
    setSignup(t2.deps, m2, p2.id, true);
    t2.clock.set(START - 60 * MINUTE);
    expect(sendDueReminders(t2.deps).workoutReminders).toBe(1);
    expect(queued(t2)[0]!.text).toContain('Cancelling now counts as an absence.');
  });

  it('are sent once across a restart and with two servers started on one database by mistake', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'club-reminders-')), 'club.db');
    const first = makeTestApp({ databasePath });
    const post = addWorkout(first);
    const members = [await member(first), await member(first), await member(first)];
    for (const m of members) setSignup(first.deps, m, post.id, true);

    const second = makeTestApp({ databasePath });
    for (const t of [first, second]) t.clock.set(REMINDER_AT);
    // Both servers' scheduled passes at the same minute, then a restart a minute later.
    const passes = [sendDueReminders(first.deps), sendDueReminders(second.deps)];
    expect(passes.map((p) => p.workoutReminders)).toEqual([3, 0]);
    await first.deps.messageQueue.flush();
    first.database.close();
    const restarted = makeTestApp({ databasePath });
    restarted.clock.set(REMINDER_AT + MINUTE);
    expect(sendDueReminders(restarted.deps).workoutReminders).toBe(0);
    expect(queued(restarted)).toHaveLength(3);
    for (const t of [second, restarted]) {
      await t.deps.messageQueue.flush();
      t.database.close();
    }
  });

  it('run from the scheduler: a pass at start, then one each minute', async () => {
    const t = makeTestApp();
    const post = addWorkout(t);
    const m = await member(t);
    setSignup(t.deps, m, post.id, true);
    t.clock.set(REMINDER_AT);
    const stop = startReminders(t.deps);
    stop();
    expect(queued(t)).toHaveLength(1);
  });
});

describe('event reminders', () => {
  // Friday 6 March 2026 at 18:00 Toronto = 23:00 UTC; the reminder is 48 hours before.
  const EVENT_START = Date.parse('2026-03-06T23:00:00Z');
  const addEvent = (t: TestApp, time: string | null = '18:00') =>
    t.db
      .insert(posts)
      .values({ type: 'event', title: 'Team dinner', content: 'Pizza', eventDate: '2026-03-06', eventTime: time, createdAt: t.clock.now() })
      .returning()
      .get();

  it('go 48 hours before to active members who have not answered, once', async () => {
    const t = makeTestApp();
    const event = addEvent(t);
    const answered = await member(t);
    const silent = await member(t);
    await member(t, 'pending');
    t.db.insert(eventRsvps).values({ postId: event.id, userId: answered.id, status: 'maybe' }).run();

    t.clock.set(EVENT_START - 48 * 60 * MINUTE - MINUTE);
    expect(sendDueReminders(t.deps).eventReminders).toBe(0);
    t.clock.set(EVENT_START - 48 * 60 * MINUTE);
    expect(sendDueReminders(t.deps).eventReminders).toBe(1);
    t.clock.advance(MINUTE);
    expect(sendDueReminders(t.deps).eventReminders).toBe(0);
    const [mail] = queued(t);
    expect(mail).toMatchObject({ to: silent.email, subject: 'Are you coming? Team dinner' });
    expect(mail!.text).toContain('Friday, March 6, 2026 at 6:00 PM');
    expect(mail!.text).toContain(`http://club.test/event/${event.id}`);
  });

  it('count an event with no time as starting at noon, and skip an event posted after its reminder time', async () => {
    const t = makeTestApp();
    const noTime = addEvent(t, null);
    await member(t);
    t.clock.set(Date.parse('2026-03-04T17:00:00Z')); // noon on 6 March (17:00 UTC) less 48 hours
    expect(sendDueReminders(t.deps).eventReminders).toBe(1);
    expect(queued(t)[0]!.text).toContain(`Friday, March 6, 2026.`);
    expect(queued(t)[0]!.dedupeKey).toMatch(new RegExp(`^reminder:event:${noTime.id}:`));

    // Posted on the 4th for the morning of the 5th: its reminder time (the 3rd) had passed.
    t.clock.advance(60 * MINUTE);
    const lateEvent = t.db
      .insert(posts)
      .values({ type: 'event', title: 'Late social', content: '-', eventDate: '2026-03-05', eventTime: '09:00', createdAt: t.clock.now() })
      .returning()
      .get();
    expect(sendDueReminders(t.deps).eventReminders).toBe(0);
    expect(queued(t).filter((r) => r.dedupeKey?.includes(`:${lateEvent.id}:`))).toEqual([]);
  });
});
