// Club announcements: who may post and remove them, the rules of the fields, what members read, and
// the one push or email each active member gets.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageQueue, pushSubscriptions, users } from '../../db/schema';
import { PUSH_DEVICE } from '../testing/push-service';
import { ADMIN, EXEC, MEMBER, OTHER, PENDING, makeClub, type TestApp, type TestUser } from '../testing/test-app';

const DAY = 24 * 3_600_000;
// The test clock's today is Monday 2026-03-02 in the club's zone.
const note = { title: 'Pool closed Friday', body: 'The varsity meet takes the pool.\nSwim moves to Saturday.', until: '2026-03-06' };

const queued = (t: TestApp) => t.db.select().from(messageQueue).all();

function device(t: TestApp, user: TestUser, announcements: boolean, n: number) {
  return t.db
    .insert(pushSubscriptions)
    .values({ userId: user.id, endpoint: `${PUSH_DEVICE.endpoint}-${n}`, p256dh: PUSH_DEVICE.keys.p256dh, auth: PUSH_DEVICE.keys.auth, label: 'Phone', announcements })
    .returning()
    .get();
}

async function setup() {
  const club = await makeClub({ exec: EXEC, other_exec: { role: 'exec', name: 'Ezra Exec' }, admin: ADMIN, me: MEMBER, other: OTHER, pending: PENDING });
  const post = (body: Record<string, unknown> = note, user: TestUser = club.exec) => club.t.call('POST', '/api/announcements', { token: user.token, body });
  return { ...club, post };
}

describe('POST /api/announcements', () => {
  it('is for execs and administrators; members and pending accounts are refused', async () => {
    const { t, me, pending, admin, post } = await setup();
    expect((await post(note, me)).status).toBe(403);
    expect((await post(note, pending)).status).toBe(403);
    expect((await t.call('POST', '/api/announcements', { body: note })).status).toBe(401);
    expect((await post(note, admin)).status).toBe(201);
  });

  it('checks title, body and last day', async () => {
    const { post } = await setup();
    const error = async (body: Record<string, unknown>) => (await post(body)).body.error;
    expect(await error({})).toBe('Title, message and last day are required');
    expect(await error({ ...note, title: 'x'.repeat(101) })).toBe('Title must be at most 100 characters');
    expect(await error({ ...note, title: 'Two\nlines' })).toMatch(/cannot contain line breaks/);
    expect(await error({ ...note, body: 'x'.repeat(2001) })).toBe('The message must be at most 2,000 characters');
    expect(await error({ ...note, until: '2026-02-30' })).toBe('Enter the last day as YYYY-MM-DD');
    expect(await error({ ...note, until: '2026-03-01' })).toMatch(/^The last day must be from today to 60 days ahead \(2026-05-01\)/);
    expect(await error({ ...note, until: '2026-05-02' })).toMatch(/60 days ahead/);
    expect((await post({ ...note, title: 'x'.repeat(100), body: 'x'.repeat(2000), until: '2026-05-01' })).status).toBe(201);
    expect((await post({ ...note, until: '2026-03-02' })).status).toBe(201);
  });

  it('tells each active member once: a push to devices that keep announcements on, an email to a member with no such device', async () => {
    const { t, exec, me, other, pending, post } = await setup();
    const phone = device(t, me, true, 1);
    device(t, me, false, 2);
    device(t, other, false, 3);
    const lapsed = await t.createUser({ role: 'member', name: 'Lee Lapsed', expiryDate: '2026-01-01' });
    const res = await post();
    expect(res.status).toBe(201);
    expect(res.body.announcement).toMatchObject({ title: note.title, body: note.body, until: note.until, user_id: exec.id, author_name: 'Erin Exec' });
    const sent = queued(t);
    // The author is not told, nor a pending or lapsed account; `other`, whose devices all turned
    // announcements off, gets the email a member with no device gets.
    const byWho = sent.map((m) => [m.channel, m.to, m.subscriptionId]);
    expect(byWho).toContainEqual(['push', me.email, phone.id]);
    expect(sent.filter((m) => m.to === me.email)).toHaveLength(1);
    expect(sent.filter((m) => m.to === other.email).map((m) => m.channel)).toEqual(['email']);
    for (const who of [exec, pending, lapsed]) expect(sent.some((m) => m.to === who.email)).toBe(false);
    const emails = sent.filter((m) => m.channel === 'email');
    expect(emails.length).toBeGreaterThanOrEqual(2);
    expect(emails[0]!.subject).toBe('Club news: Pool closed Friday');
    expect(emails[0]!.text).toContain('Swim moves to Saturday.');
    expect(res.body.notified).toBe(sent.length);
    // Replayed with the same Idempotency-Key: the same answer, nothing queued again.
    const headers = { 'idempotency-key': '6f0c8a3e-1d1b-4e4e-9d76-2a4d3c1b9f00' };
    const once = await t.call('POST', '/api/announcements', { token: exec.token, body: note, headers });
    const again = await t.call('POST', '/api/announcements', { token: exec.token, body: note, headers });
    expect(again.body).toEqual(once.body);
    expect(queued(t)).toHaveLength(sent.length * 2);
  });
});

describe('GET and DELETE /api/announcements', () => {
  it('lists the current ones newest first, for members only, until their last day has passed', async () => {
    const { t, me, pending, post } = await setup();
    await post({ ...note, title: 'Kit order', until: '2026-03-03' });
    t.clock.advance(60_000);
    await post({ ...note, title: 'Pool closed', until: '2026-03-10' });
    const read = async () => (await t.call('GET', '/api/announcements', { token: me.token })).body.announcements.map((a: { title: string }) => a.title);
    expect(await read()).toEqual(['Pool closed', 'Kit order']);
    expect((await t.call('GET', '/api/announcements', { token: pending.token })).status).toBe(403);
    t.clock.advance(DAY);
    expect(await read()).toEqual(['Pool closed', 'Kit order']);
    t.clock.advance(DAY);
    expect(await read()).toEqual(['Pool closed']);
  });

  it('removes one for its author, another exec or an administrator; not for a member', async () => {
    const { t, me, other_exec, admin, exec, post } = await setup();
    const ids = [];
    for (let i = 0; i < 3; i += 1) ids.push((await post()).body.announcement.id as number);
    expect((await t.call('DELETE', `/api/announcements/${ids[0]}`, { token: me.token })).status).toBe(403);
    expect((await t.call('DELETE', `/api/announcements/${ids[0]}`, { token: exec.token })).body).toEqual({ message: 'Announcement removed' });
    expect((await t.call('DELETE', `/api/announcements/${ids[1]}`, { token: other_exec.token })).status).toBe(200);
    // An author demoted to member still removes their own.
    t.db.update(users).set({ role: 'member' }).where(eq(users.id, exec.id)).run();
    expect((await t.call('DELETE', `/api/announcements/${ids[2]}`, { token: exec.token })).status).toBe(200);
    expect((await t.call('DELETE', `/api/announcements/${ids[2]}`, { token: admin.token })).status).toBe(404);
    expect((await t.call('DELETE', '/api/announcements/abc', { token: admin.token })).status).toBe(404);
    expect((await t.call('GET', '/api/announcements', { token: me.token })).body.announcements).toEqual([]);
  });
});

describe('POST /api/announcements/:id/dismiss', () => {
  it('is the member’s own: gone for them on every device, still there for everyone else, and saying it twice changes nothing', async () => {
    const { t, me, other, pending, post } = await setup();
    const first = (await post({ ...note, title: 'Kit order' })).body.announcement.id as number;
    t.clock.advance(60_000);
    const second = (await post({ ...note, title: 'Pool closed' })).body.announcement.id as number;
    const flags = async (user: TestUser) =>
      (await t.call('GET', '/api/announcements', { token: user.token })).body.announcements.map((a: { title: string; dismissed: boolean }) => [
        a.title,
        a.dismissed,
      ]);
    expect(await flags(me)).toEqual([['Pool closed', false], ['Kit order', false]]);

    const dismiss = (user: TestUser | null, id: number | string) =>
      t.call('POST', `/api/announcements/${id}/dismiss`, user ? { token: user.token } : {});
    expect((await dismiss(me, first)).body).toEqual({ dismissed: true });
    // A second phone, or a retried request: the same answer, one row.
    expect((await dismiss(me, first)).status).toBe(200);
    expect(await flags(me)).toEqual([['Pool closed', false], ['Kit order', true]]);
    expect(await flags(other)).toEqual([['Pool closed', false], ['Kit order', false]]);

    expect((await dismiss(null, second)).status).toBe(401);
    expect((await dismiss(pending, second)).status).toBe(403);
    expect((await dismiss(me, 9999)).body).toEqual({ error: 'Announcement not found' });
    expect((await dismiss(me, 'abc')).status).toBe(404);
    // Past its last day there is nothing left to dismiss.
    t.clock.advance(6 * DAY);
    expect((await dismiss(me, second)).status).toBe(404);
  });
});

describe('a dismissal replayed from a device’s outbox', () => {
  it('is answered once per Idempotency-Key: a replay after a lost answer gets the stored answer', async () => {
    const { t, me, exec, post } = await setup();
    const id = (await post()).body.announcement.id as number;
    const send = (key: string) => t.call('POST', `/api/announcements/${id}/dismiss`, { token: me.token, headers: { 'idempotency-key': key } });
    const sent = await send('dismiss-key-1');
    expect(sent).toMatchObject({ status: 200, body: { dismissed: true } });
    expect(sent.headers.get('idempotency-key')).toBe('dismiss-key-1');
    // Removed meanwhile: the replay of the same key is still the answer the device missed; a new key is a new request.
    expect((await t.call('DELETE', `/api/announcements/${id}`, { token: exec.token })).status).toBe(200);
    expect(await send('dismiss-key-1')).toMatchObject({ status: 200, body: { dismissed: true } });
    expect(await send('dismiss-key-2')).toMatchObject({ status: 404, body: { error: 'Announcement not found' } });
  });
});
