// Access follows the member's standing, in production: once a membership has expired (it counts as
// pending), or the account was rejected or deleted, nothing keeps flowing from the time it counted:
// no personal calendar feed (event places and door codes), no My week, no pushes, no reminders. And a
// password reset, like "sign out everywhere", takes the account's push devices with it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageQueue, pushSubscriptions, renewalRequests, workoutSignups } from '../../db/schema';
import { sendDueReminders } from '../reminders/reminders';
import type { MailTransport } from '../messaging/queue/transports';
import type { PushTransport } from '../messaging/queue/web-push';
import { PUSH_DEVICE } from '../testing/push-service';
import { makeTestApp, type TestApp, type TestAppOptions } from '../testing/test-app';

const PRODUCTION = { NODE_ENV: 'production', TRUST_PROXY: '0', PUSH_SERVICE_HOSTS: 'push.example.com' };
const DOOR_CODE = 'door code 4821';
// The test clock starts Monday, March 2, 2026, 10:00 in Toronto (the club's zone).
const at = (iso: string) => Date.parse(iso);

/** A push service that records what it is sent and answers `status()` (a 503 to keep a push waiting). */
function recordingPush(status: () => number = () => 201) {
  const sent: string[] = [];
  const transport: PushTransport = {
    async send(target) {
      sent.push(target.endpoint);
      return status();
    },
  };
  return { sent, transport };
}

type Standing = 'expired' | 'rejected' | 'deleted';

async function club(options: TestAppOptions = {}) {
  const t = makeTestApp({ ...options, env: { ...PRODUCTION, ...options.env } });
  const admin = await t.createUser({ role: 'administrator' });
  const exec = await t.createUser({ role: 'exec' });
  return { t, admin, exec };
}

/** Makes the member stop counting, the way it happens in the club. */
async function lose(t: TestApp, admin: { token: string }, member: { id: number; email: string; name: string }, standing: Standing) {
  if (standing === 'expired') {
    // Expiry 2026-03-04: the next club day it counts as pending.
    t.clock.set(at('2026-03-05T15:00:00Z'));
    return;
  }
  if (standing === 'rejected') {
    // An administrator sends the account back to pending, then rejects it.
    const demoted = await t.call('PUT', `/api/admin/members/${member.id}/update`, {
      token: admin.token,
      body: { name: member.name, email: member.email, role: 'pending', expiryDate: '2026-03-04' },
    });
    expect(demoted.status, JSON.stringify(demoted.body)).toBe(200);
    expect((await t.call('PUT', `/api/admin/members/${member.id}/reject`, { token: admin.token, body: {} })).status).toBe(200);
    return;
  }
  expect((await t.call('DELETE', `/api/admin/members/${member.id}`, { token: admin.token })).status).toBe(200);
}

async function post(t: TestApp, token: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.call('POST', '/api/forum/posts', { token, body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.post.id as number;
}

const workout = (over: Record<string, unknown> = {}) => ({
  type: 'workout',
  title: 'Tempo run',
  workoutType: 'run',
  workoutDate: '2026-03-10',
  workoutTime: '18:00',
  content: 'Track',
  capacity: null,
  ...over,
});

describe.each<Standing>(['expired', 'rejected', 'deleted'])('a member whose membership is %s', (standing) => {
  it('has no calendar feed any more: 404, no event place or door code', async () => {
    const { t, admin, exec } = await club();
    const m = await t.createUser({ expiryDate: '2026-03-04' });
    const eventId = await post(t, exec.token, {
      type: 'event',
      title: 'Pool party',
      content: `Side entrance, ${DOOR_CODE}`,
      eventDate: '2026-03-20',
      eventTime: '19:00',
      eventLocation: `Aquatic centre, ${DOOR_CODE}`,
    });
    expect((await t.call('POST', `/api/forum/events/${eventId}/rsvp`, { token: m.token, body: { status: 'going' } })).status).toBe(200);
    const link = (await t.call('GET', '/api/me/calendar-link', { token: m.token })).body.url as string;
    const path = new URL(link).pathname;
    const before = await t.call('GET', path);
    expect(before.status).toBe(200);
    expect(before.body).toContain('4821');

    await lose(t, admin, m, standing);
    const after = await t.call('GET', path);
    expect(after.status).toBe(404);
    expect(after.body).toEqual({ error: 'Calendar not found' });
  });

  it('gets what a pending member gets from My week', async () => {
    const { t, admin } = await club();
    const m = await t.createUser({ expiryDate: '2026-03-04' });
    expect((await t.call('GET', '/api/me/week', { token: m.token })).status).toBe(200);
    await lose(t, admin, m, standing);
    const week = await t.call('GET', '/api/me/week', { token: m.token });
    if (standing === 'deleted') {
      expect(week.status).toBe(401);
    } else {
      const pending = await t.createUser({ role: 'pending', expiryDate: null });
      const asPending = await t.call('GET', '/api/me/week', { token: pending.token });
      expect(asPending.status).toBe(403);
      expect(week.status).toBe(403);
      if (standing === 'expired') expect(week.body).toEqual(asPending.body);
    }
    expect(JSON.stringify(week.body)).not.toContain('items');
  });

  it('is sent no push, even one queued while the membership still counted', async () => {
    let answer = 503;
    const push = recordingPush(() => answer);
    const { t, admin, exec } = await club({ push: push.transport });
    const m = await t.createUser({ expiryDate: '2026-03-04' });
    expect((await t.call('PUT', '/api/me/notifications/devices', { token: m.token, body: { ...PUSH_DEVICE, kinds: { placeFreed: true, reminders: true, newWorkouts: true } } })).status).toBe(200);
    // A new workout while it counts: its push meets a busy push service and waits for a retry.
    await post(t, exec.token, workout({ title: 'Before' }));
    await t.deps.messageQueue.deliverPending();
    expect(push.sent).toHaveLength(1);

    // A full workout the member waits for (its own new-workout push meets the busy service too).
    const holder = await t.createUser();
    const full = await post(t, exec.token, workout({ title: 'Full swim', workoutType: 'swim', capacity: 1 }));
    expect((await t.call('POST', `/api/forum/workouts/${full}/signup`, { token: holder.token, body: { signedUp: true } })).status).toBe(200);
    expect((await t.call('POST', `/api/forum/workouts/${full}/waitlist`, { token: m.token })).status).toBe(200);

    await t.deps.messageQueue.deliverPending();
    const triedWhileCounting = push.sent.length;
    expect(triedWhileCounting).toBe(2);

    await lose(t, admin, m, standing);
    answer = 201;
    // A place frees up; a new workout is posted; the waiting push's retry comes due.
    expect((await t.call('POST', `/api/forum/workouts/${full}/signup`, { token: holder.token, body: { signedUp: false } })).status).toBe(200);
    await post(t, exec.token, workout({ title: 'After' }));
    t.clock.advance(60 * 60_000);
    await t.deps.messageQueue.deliverPending();
    expect(push.sent).toHaveLength(triedWhileCounting);
    const rows = t.db.select().from(messageQueue).where(eq(messageQueue.channel, 'push')).all();
    expect(rows.every((r) => r.status !== 'sent' && r.status !== 'pending' && r.status !== 'sending')).toBe(true);
  });

  it('is reminded of nothing, even a reminder queued while the membership still counted', async () => {
    let failing = true;
    const mails: string[] = [];
    const transport: MailTransport = {
      async send(message) {
        if (failing) throw new Error('The provider is down');
        mails.push(message.subject);
        return { id: `mail-${mails.length}` };
      },
    };
    const push = recordingPush(() => (failing ? 503 : 201));
    const { t, admin, exec } = await club({ push: push.transport, transport });
    const withDevice = await t.createUser({ expiryDate: '2026-03-04' });
    const byEmail = await t.createUser({ expiryDate: '2026-03-04' });
    // Both have already asked to renew, so no renewal reminder joins the workout's.
    for (const m of [withDevice, byEmail]) t.db.insert(renewalRequests).values({ userId: m.id, session: 'spring-2026' }).run();
    expect((await t.call('PUT', '/api/me/notifications/devices', { token: withDevice.token, body: PUSH_DEVICE })).status).toBe(200);
    const workoutId = await post(t, exec.token, workout({ workoutDate: '2026-03-05' }));
    for (const m of [withDevice, byEmail]) {
      expect((await t.call('POST', `/api/forum/workouts/${workoutId}/signup`, { token: m.token, body: { signedUp: true } })).status).toBe(200);
    }
    // Tuesday 19:30 in Toronto: the reminder of Thursday's workout is due, and both still count.
    t.clock.set(at('2026-03-04T00:30:00Z'));
    expect(sendDueReminders(t.deps).workoutReminders).toBe(2);
    await t.deps.messageQueue.deliverPending();
    expect(push.sent).toHaveLength(1);
    expect(mails).toEqual([]);

    await lose(t, admin, withDevice, standing);
    await lose(t, admin, byEmail, standing);
    failing = false;
    // Thursday morning: the workout has not started; the retries are due.
    t.clock.set(at('2026-03-05T15:00:00Z'));
    await t.deps.messageQueue.deliverPending();
    expect(push.sent).toHaveLength(1);
    expect(mails.filter((subject) => subject.startsWith('Reminder'))).toEqual([]);
    const reminders = t.db.select().from(messageQueue).all().filter((r) => r.dedupeKey?.startsWith('reminder:'));
    expect(reminders).toHaveLength(2);
    expect(reminders.map((r) => r.status)).toEqual(['dropped', 'dropped']);
  });
});

describe('a member whose membership has expired', () => {
  it('is not reminded of a workout signed up for while it counted, nor told of new workouts', async () => {
    const push = recordingPush();
    const { t, exec } = await club({ push: push.transport });
    const lapsed = await t.createUser({ expiryDate: '2026-03-01' });
    t.db.insert(pushSubscriptions).values({ userId: lapsed.id, endpoint: PUSH_DEVICE.endpoint, ...PUSH_DEVICE.keys, label: 'Phone', newWorkouts: true }).run();
    const workoutId = await post(t, exec.token, workout({ workoutDate: '2026-03-05' }));
    // Signed up before the membership ran out (the sign-up itself is refused now).
    expect((await t.call('POST', `/api/forum/workouts/${workoutId}/signup`, { token: lapsed.token, body: { signedUp: true } })).status).toBe(403);
    t.db.insert(workoutSignups).values({ postId: workoutId, userId: lapsed.id, signupTime: t.clock.now() - 86_400_000 }).run();
    t.clock.set(at('2026-03-04T00:30:00Z'));
    expect(sendDueReminders(t.deps)).toEqual({ workoutReminders: 0, eventReminders: 0, renewalReminders: 0 });
    await t.deps.messageQueue.deliverPending();
    expect(push.sent).toEqual([]);
    expect(t.db.select().from(messageQueue).all().filter((r) => r.to === lapsed.email)).toEqual([]);
  });
});

describe('a password reset', () => {
  it('removes every push device of the account, as signing out everywhere does', async () => {
    const { t } = await club();
    const m = await t.createUser();
    const other = await t.createUser();
    for (const [who, name] of [[m, 'a'], [m, 'b'], [other, 'c']] as const) {
      const res = await t.call('PUT', '/api/me/notifications/devices', { token: who.token, body: { ...PUSH_DEVICE, endpoint: `https://push.example.com/send/${name}` } });
      expect(res.status).toBe(200);
    }
    expect((await t.call('POST', '/api/auth/forgot-password', { body: { email: m.email } })).status).toBe(200);
    const mail = t.db.select().from(messageQueue).where(eq(messageQueue.to, m.email)).get()!;
    const token = /token=([\w-]+)/.exec(mail.text)![1]!;
    const reset = await t.call('POST', '/api/auth/reset-password', { body: { token, newPassword: 'a-new-password' } });
    expect(reset.status).toBe(200);
    const left = t.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).all();
    expect(left).toEqual([{ userId: other.id }]);
    expect((await t.call('GET', '/api/me/notifications', { token: m.token })).status).toBe(401);
  });
});
