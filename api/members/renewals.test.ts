import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageQueue, renewalRequests, users } from '../../db/schema';
import { sendDueReminders } from '../reminders/reminders';
import { ADMIN, EXEC, MEMBER, PENDING, makeClub, makeTestApp, type TestApp } from '../testing/test-app';

// Club today: Monday 2026-03-02 (Toronto). Sessions: Winter 2026 ends 04-30, Spring 06-30, Summer 08-31, Fall 12-31.
const DAY = 24 * 3600_000;

const setup = () =>
  makeClub({
    admin: { ...ADMIN, email: 'admin@club.test' },
    soon: { ...MEMBER, name: 'Sam Soon', email: 'sam@club.test', expiryDate: '2026-03-20' },
    ended: { ...MEMBER, name: 'Eve Ended', email: 'eve@club.test', expiryDate: '2026-02-01' },
    later: { ...MEMBER, name: 'Lou Later', email: 'lou@club.test', expiryDate: '2026-08-31' },
  });

const emailsTo = (t: TestApp, to: string) => t.db.select().from(messageQueue).all().filter((m) => m.to === to && m.channel === 'email');

describe('GET /api/config sessions', () => {
  it('lists the current membership session and the three after it', async () => {
    const t = makeTestApp();
    const res = await t.call('GET', '/api/config');
    expect(res.body.sessions).toEqual([
      { id: 'winter-2026', name: 'Winter 2026', starts: '2026-01-01', ends: '2026-04-30' },
      { id: 'spring-2026', name: 'Spring 2026', starts: '2026-05-01', ends: '2026-06-30' },
      { id: 'summer-2026', name: 'Summer 2026', starts: '2026-07-01', ends: '2026-08-31' },
      { id: 'fall-2026', name: 'Fall 2026', starts: '2026-09-01', ends: '2026-12-31' },
    ]);
    // The fields the installed apps read are still there.
    expect(Object.keys(res.body)).toEqual(expect.arrayContaining(['clubTimeZone', 'clubEmail', 'vapidPublicKey', 'passkeys']));
  });
});

describe('POST /api/me/renewal', () => {
  it('a member whose membership ends within 30 days, or has ended, asks for a session', async () => {
    const { t, soon, ended, later } = await setup();
    const mine = await t.call('GET', '/api/me/renewal', { token: soon.token });
    expect(mine.body).toMatchObject({ eligible: true, expiryDate: '2026-03-20', renewal: null });
    expect(mine.body.sessions.map((s: { id: string }) => s.id)).toEqual(['winter-2026', 'spring-2026', 'summer-2026', 'fall-2026']);

    const asked = await t.call('POST', '/api/me/renewal', { token: soon.token, body: { session: 'fall-2026' } });
    expect(asked.status).toBe(200);
    expect(asked.body.renewal).toMatchObject({ session: 'fall-2026', sessionName: 'Fall 2026', sessionEnds: '2026-12-31', status: 'requested' });
    // Asking again changes the open request rather than adding one.
    await t.must('POST', '/api/me/renewal', { token: soon.token, body: { session: 'spring-2026' } });
    expect(t.db.select().from(renewalRequests).all()).toEqual([expect.objectContaining({ session: 'spring-2026', status: 'requested' })]);

    // An ended membership counts as pending, and may still ask.
    expect((await t.call('POST', '/api/me/renewal', { token: ended.token, body: { session: 'winter-2026' } })).status).toBe(200);

    const early = await t.call('POST', '/api/me/renewal', { token: later.token, body: { session: 'fall-2026' } });
    expect(early).toMatchObject({ status: 409, body: { error: expect.stringContaining('30 days') } });
    expect((await t.call('GET', '/api/me/renewal', { token: later.token })).body.eligible).toBe(false);
  });

  it('refuses an unknown or past session, a missing one, an applicant and a visitor', async () => {
    const { t, soon } = await setup();
    for (const session of ['winter-2025', 'fall-2031', 'holidays', '']) {
      const res = await t.call('POST', '/api/me/renewal', { token: soon.token, body: { session } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    const pending = await t.createUser({ ...PENDING, expiryDate: null });
    expect((await t.call('POST', '/api/me/renewal', { token: pending.token, body: { session: 'fall-2026' } })).status).toBe(403);
    expect((await t.call('POST', '/api/me/renewal', { body: { session: 'fall-2026' } })).status).toBe(401);
    expect(t.db.select().from(renewalRequests).all()).toHaveLength(0);
  });
});

describe('Admin renewals', () => {
  it('lists the requests and approves many at once: each expiry becomes the session end, each member gets an email', async () => {
    const { t, admin, soon, ended, later } = await setup();
    await t.must('POST', '/api/me/renewal', { token: soon.token, body: { session: 'fall-2026' } });
    await t.must('POST', '/api/me/renewal', { token: ended.token, body: { session: 'winter-2026' } });
    const list = await t.call('GET', '/api/admin/renewals', { token: admin.token });
    expect(list.body.renewals.map((r: { name: string; status: string }) => [r.name, r.status])).toEqual([
      ['Sam Soon', 'requested'],
      ['Eve Ended', 'requested'],
    ]);
    const ids = list.body.renewals.map((r: { id: number }) => r.id);

    const res = await t.call('POST', '/api/admin/renewals/approve', { token: admin.token, body: { ids } });
    expect(res.status).toBe(200);
    expect(res.body.approved).toBe(2);
    expect(t.userRow(soon.id)?.expiryDate).toBe('2026-12-31');
    expect(t.userRow(ended.id)?.expiryDate).toBe('2026-04-30');
    expect(emailsTo(t, 'sam@club.test')).toEqual([expect.objectContaining({ subject: expect.stringContaining('renewed'), text: expect.stringContaining('Fall 2026') })]);
    // Eve counts as a member again.
    expect((await t.call('GET', '/api/auth/profile', { token: ended.token })).body.user.role).toBe('member');

    // Approving again changes nothing and sends nothing more.
    const again = await t.call('POST', '/api/admin/renewals/approve', { token: admin.token, body: { ids } });
    expect(again.body.approved).toBe(0);
    expect(emailsTo(t, 'sam@club.test')).toHaveLength(1);
    expect(t.userRow(later.id)?.expiryDate).toBe('2026-08-31');
  });

  it('declines a request with a reason the member reads', async () => {
    const { t, admin, soon } = await setup();
    const { renewal } = await t.must('POST', '/api/me/renewal', { token: soon.token, body: { session: 'fall-2026' } });
    const noReason = await t.call('POST', `/api/admin/renewals/${renewal.id}/decline`, { token: admin.token, body: { reason: ' ' } });
    expect(noReason.status).toBe(400);
    const res = await t.call('POST', `/api/admin/renewals/${renewal.id}/decline`, { token: admin.token, body: { reason: 'The fee has not been paid yet.' } });
    expect(res.body.renewal).toMatchObject({ status: 'declined', reason: 'The fee has not been paid yet.' });
    expect(emailsTo(t, 'sam@club.test')[0]!.text).toContain('The fee has not been paid yet.');
    expect(t.userRow(soon.id)?.expiryDate).toBe('2026-03-20');
    expect((await t.call('POST', `/api/admin/renewals/${renewal.id}/decline`, { token: admin.token, body: { reason: 'x' } })).status).toBe(409);
    expect((await t.call('POST', '/api/admin/renewals/999/decline', { token: admin.token, body: { reason: 'x' } })).status).toBe(404);
    // The member may ask again after a refusal.
    expect((await t.call('POST', '/api/me/renewal', { token: soon.token, body: { session: 'fall-2026' } })).status).toBe(200);
  });

  it.each([
    ['GET', '/api/admin/renewals', undefined],
    ['POST', '/api/admin/renewals/approve', { ids: [1] }],
    ['POST', '/api/admin/renewals/1/decline', { reason: 'No' }],
    ['POST', '/api/admin/members/bulk', { action: 'set-role', ids: [2], role: 'exec' }],
  ] as const)('%s %s: 401 without a token, 403 for member, exec and pending', async (method, path, body) => {
    const { t, soon } = await setup();
    await t.must('POST', '/api/me/renewal', { token: soon.token, body: { session: 'fall-2026' } });
    const exec = await t.createUser(EXEC);
    const pending = await t.createUser(PENDING);
    expect((await t.call(method, path, { body })).status).toBe(401);
    for (const who of [soon, exec, pending]) expect((await t.call(method, path, { token: who.token, body })).status).toBe(403);
    expect(t.db.select().from(renewalRequests).all()[0]!.status).toBe('requested');
    expect(t.userRow(soon.id)?.role).toBe('member');
  });
});

describe('POST /api/admin/members/bulk', () => {
  it('sets the expiry of many to a session end in one go, skipping applicants', async () => {
    const { t, admin, soon, ended } = await setup();
    const pending = await t.createUser({ ...PENDING, expiryDate: null });
    const res = await t.call('POST', '/api/admin/members/bulk', {
      token: admin.token,
      body: { action: 'set-expiry', ids: [soon.id, ended.id, pending.id], session: 'fall-2026' },
    });
    expect(res.body).toEqual({ updated: 2, skipped: 1 });
    expect([soon, ended].map((m) => t.userRow(m.id)?.expiryDate)).toEqual(['2026-12-31', '2026-12-31']);
    expect(t.userRow(pending.id)).toMatchObject({ role: 'pending', expiryDate: null });
    const past = await t.call('POST', '/api/admin/members/bulk', { token: admin.token, body: { action: 'set-expiry', ids: [soon.id], session: 'fall-2025' } });
    expect(past.status).toBe(400);
  });

  it('sets a role, never administrator, never the administrator’s own', async () => {
    const { t, admin, soon, later } = await setup();
    const res = await t.call('POST', '/api/admin/members/bulk', { token: admin.token, body: { action: 'set-role', ids: [soon.id, later.id], role: 'exec' } });
    expect(res.body).toEqual({ updated: 2, skipped: 0 });
    expect(t.userRow(later.id)?.role).toBe('exec');
    const toAdmin = await t.call('POST', '/api/admin/members/bulk', { token: admin.token, body: { action: 'set-role', ids: [soon.id], role: 'administrator' } });
    expect(toAdmin.status).toBe(400);
    const self = await t.call('POST', '/api/admin/members/bulk', { token: admin.token, body: { action: 'set-role', ids: [admin.id, soon.id], role: 'member' } });
    expect(self.status).toBe(409);
    expect(t.userRow(soon.id)?.role).toBe('exec');
    expect(t.userRow(admin.id)?.role).toBe('administrator');
  });

  it('refuses to take another administrator’s role unless confirmed, naming them, and never the caller’s own', async () => {
    const { t, admin, soon } = await setup();
    const other = await t.createUser({ ...ADMIN, name: 'Bo Boss', email: 'bo@club.test' });
    const third = await t.createUser({ ...ADMIN, name: 'Ann Able', email: 'ann@club.test' });
    const everyone = [soon.id, other.id, third.id];
    const refused = await t.call('POST', '/api/admin/members/bulk', { token: admin.token, body: { action: 'set-role', ids: everyone, role: 'member' } });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({
      error: 'Ann Able and Bo Boss are administrators: changing roles in bulk would take that role away. Leave them out of the selection, or confirm the change.',
      administrators: [
        { id: third.id, name: 'Ann Able' },
        { id: other.id, name: 'Bo Boss' },
      ],
    });
    // Nothing changed, not even the members of the selection.
    expect([soon, other, third].map((m) => t.userRow(m.id)?.role)).toEqual(['member', 'administrator', 'administrator']);

    const self = await t.call('POST', '/api/admin/members/bulk', {
      token: admin.token,
      body: { action: 'set-role', ids: [admin.id, other.id], role: 'member', confirmDemoteAdmins: true },
    });
    expect(self.status).toBe(409);
    expect(t.userRow(admin.id)?.role).toBe('administrator');

    const confirmed = await t.call('POST', '/api/admin/members/bulk', {
      token: admin.token,
      body: { action: 'set-role', ids: everyone, role: 'exec', confirmDemoteAdmins: true },
    });
    expect(confirmed.body).toEqual({ updated: 3, skipped: 0 });
    expect([soon, other, third].map((m) => t.userRow(m.id)?.role)).toEqual(['exec', 'exec', 'exec']);
  });

  it('exports only the selected members as CSV', async () => {
    const { t, admin, soon } = await setup();
    const res = await t.call('GET', `/api/reports/members.csv?ids=${soon.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toContain('sam@club.test');
    expect(res.body).not.toContain('eve@club.test');
    expect((await t.call('GET', '/api/reports/members.csv?ids=1,x', { token: admin.token })).status).toBe(400);
  });
});

describe('renewal reminders', () => {
  const at = (date: string, time = '10:00') => Date.parse(`${date}T${time}:00-05:00`);
  const renewalMessages = (t: TestApp) => t.db.select().from(messageQueue).all().filter((m) => m.dedupeKey?.startsWith('reminder:renewal'));

  it('go out 30 and 7 days before, once each, and not before 10 AM', async () => {
    const t = makeTestApp({ now: at('2026-03-01', '09:00') });
    const m = await t.createUser({ ...MEMBER, email: 'rae@club.test', expiryDate: '2026-03-31' });
    expect(sendDueReminders(t.deps).renewalReminders).toBe(0);
    t.clock.set(at('2026-03-01'));
    expect(sendDueReminders(t.deps).renewalReminders).toBe(1);
    t.clock.advance(DAY);
    expect(sendDueReminders(t.deps).renewalReminders).toBe(0);
    t.clock.set(at('2026-03-24'));
    expect(sendDueReminders(t.deps).renewalReminders).toBe(1);
    t.clock.set(at('2026-03-30'));
    expect(sendDueReminders(t.deps).renewalReminders).toBe(0);
    expect(renewalMessages(t).map((r) => r.dedupeKey)).toEqual([`reminder:renewal30:20260331:${m.id}#email`, `reminder:renewal7:20260331:${m.id}#email`]);
    expect(renewalMessages(t)[0]!.text).toContain('Tuesday, March 31, 2026');

    // Renewed: the new expiry date has reminders of its own, in time.
    t.db.update(users).set({ expiryDate: '2026-04-30' }).where(eq(users.id, m.id)).run();
    t.clock.set(at('2026-04-01'));
    expect(sendDueReminders(t.deps).renewalReminders).toBe(1);
  });

  it('a member who already asked to renew, or whose membership has ended, gets none', async () => {
    const t = makeTestApp({ now: at('2026-03-05') });
    const asked = await t.createUser({ ...MEMBER, expiryDate: '2026-03-31' });
    await t.createUser({ ...MEMBER, expiryDate: '2026-03-01' });
    await t.must('POST', '/api/me/renewal', { token: asked.token, body: { session: 'spring-2026' } });
    expect(sendDueReminders(t.deps).renewalReminders).toBe(0);
  });

  it('are sent once with two servers on one database', async () => {
    const databasePath = join(mkdtempSync(join(tmpdir(), 'club-renewals-')), 'club.db');
    const first = makeTestApp({ databasePath, now: at('2026-03-24') });
    for (let i = 0; i < 3; i += 1) await first.createUser({ ...MEMBER, expiryDate: '2026-03-31' });
    const second = makeTestApp({ databasePath, now: at('2026-03-24') });
    const passes = [sendDueReminders(first.deps), sendDueReminders(second.deps)];
    expect(passes.map((p) => p.renewalReminders)).toEqual([3, 0]);
    second.clock.advance(60_000);
    expect(sendDueReminders(second.deps).renewalReminders).toBe(0);
    expect(renewalMessages(second)).toHaveLength(3);
    for (const t of [first, second]) {
      await t.deps.messageQueue.flush();
      t.database.close();
    }
  });
});
