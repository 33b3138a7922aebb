import { readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageQueue, roleChangeNotifications, users } from '../../db/schema';
import { phoneProblem } from '../../domain/region/phone';
import { activityCounts, memberActivity } from '../testing/member-activity';
import { pictureForm, smallPng } from '../testing/pictures';
import { ADMIN, MEMBER, PENDING, makeClub, type TestApp } from '../testing/test-app';

/** The administrator, an applicant waiting for approval and a member, in that order (ids 1, 2, 3). */
const setup = () =>
  makeClub({
    admin: { ...ADMIN, email: 'admin@club.test' },
    pending: { ...PENDING, email: 'pat@club.test', expiryDate: null },
    member: { ...MEMBER, email: 'morgan@club.test' },
  });

function notificationsOf(t: TestApp, userId: number) {
  return t.db
    .select()
    .from(roleChangeNotifications)
    .where(eq(roleChangeNotifications.userId, userId))
    .all()
    .map((n) => [n.oldRole, n.newRole]);
}


const ROUTES: [string, string, unknown?][] = [
  ['GET', '/api/admin/members'],
  ['GET', '/api/admin/outbox'],
  ['PUT', '/api/admin/members/2/approve', { role: 'member', expiryDate: '2026-12-31' }],
  ['PUT', '/api/admin/members/2/reject', { role: 'rejected' }],
  ['PUT', '/api/admin/members/2/update', { name: 'X', email: 'x@club.test', role: 'administrator' }],
  ['DELETE', '/api/admin/members/2'],
  ['POST', '/api/admin/notify-role-change', { userId: 2, oldRole: 'pending', newRole: 'member' }],
];

describe('admin permissions', () => {
  it.each(ROUTES)('%s %s: 401 without a token, 403 below administrator', async (method, path, body) => {
    const { t, pending } = await setup();
    const exec = await t.createUser({ role: 'exec' });
    const anon = await t.call(method, path, { body });
    expect(anon.status).toBe(401);
    expect(anon.body).toEqual({ error: expect.any(String) });
    for (const who of [pending, exec]) {
      const res = await t.call(method, path, { token: who.token, body });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({ error: 'Administrators only.' });
    }
    // Nothing changed for the pending account the refused calls named.
    expect(t.userRow(pending.id)?.role).toBe('pending');
  });

  it('an administrator whose role was removed is refused on the next request', async () => {
    const { t, admin } = await setup();
    t.db.update(users).set({ role: 'member' }).where(eq(users.id, admin.id)).run();
    expect((await t.call('GET', '/api/admin/members', { token: admin.token })).status).toBe(403);
  });
});

describe('GET /api/admin/members', () => {
  it('lists every account, pending included, without password hashes', async () => {
    const { t, admin } = await setup();
    const res = await t.call('GET', '/api/admin/members', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.members.map((m: { name: string }) => m.name)).toEqual([
      'Alex Admin',
      'Morgan Member',
      'Pat Pending',
    ]);
    const pat = res.body.members[2];
    expect(Object.keys(pat).sort()).toEqual(
      [
        'absences',
        'charter_accepted',
        'email',
        'expired',
        'expiry_date',
        'id',
        'join_date',
        'name',
        'passkeyCount',
        'phone_number',
        'role',
      ].sort(),
    );
    expect(pat).toMatchObject({ role: 'pending', expiry_date: null, charter_accepted: 1, absences: 0, passkeyCount: 0 });
    expect(JSON.stringify(res.body)).not.toContain('scrypt');
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

describe('PUT /api/admin/members/{id}/approve', () => {
  it('needs an expiry date', async () => {
    const { t, admin, pending } = await setup();
    for (const body of [
      { role: 'member' },
      { role: 'member', expiryDate: '' },
      { role: 'member', expiryDate: null },
    ]) {
      const res = await t.call('PUT', `/api/admin/members/${pending.id}/approve`, {
        token: admin.token,
        body,
      });
      expect(res).toMatchObject({
        status: 400,
        body: { error: 'Please set an expiry date before approving the member.' },
      });
    }
    expect(t.userRow(pending.id)?.role).toBe('pending');
    expect(t.db.select().from(messageQueue).all()).toHaveLength(0);
  });

  it('activates the account, emails it and tells the member through a notification', async () => {
    const { t, admin, pending } = await setup();
    const res = await t.call('PUT', `/api/admin/members/${pending.id}/approve`, {
      token: admin.token,
      body: { expiryDate: '2026-12-31' },
    });
    expect(res.status).toBe(200);
    expect(res.body.member).toMatchObject({ id: pending.id, role: 'member', expiry_date: '2026-12-31' });
    // Roles are read from the database: the same token now opens member content.
    expect((await t.call('GET', '/api/auth/profile', { token: pending.token })).body.user.role).toBe(
      'member',
    );

    const messages = await t.call('GET', '/api/admin/outbox', { token: admin.token });
    expect(messages.body.emails).toEqual([
      expect.objectContaining({
        to: 'pat@club.test',
        subject: expect.stringContaining('active'),
        text: expect.stringContaining('http://club.test/login'),
      }),
    ]);

    const notes = await t.call('GET', '/api/users/role-change-notifications', { token: pending.token });
    expect(notes.body).toEqual({
      notifications: [
        { id: expect.any(Number), oldRole: 'pending', newRole: 'member', createdAt: t.clock.now() },
      ],
    });
  });

  it('accepts exec and administrator, refuses other roles and already approved members', async () => {
    const { t, admin, pending, member } = await setup();
    const bad = await t.call('PUT', `/api/admin/members/${pending.id}/approve`, {
      token: admin.token,
      body: { role: 'superuser', expiryDate: '2026-12-31' },
    });
    expect(bad.status).toBe(400);
    const ok = await t.call('PUT', `/api/admin/members/${pending.id}/approve`, {
      token: admin.token,
      body: { role: 'administrator', expiryDate: '2026-12-31' },
    });
    expect(ok.body.member.role).toBe('administrator');
    const again = await t.call('PUT', `/api/admin/members/${member.id}/approve`, {
      token: admin.token,
      body: { expiryDate: '2026-12-31' },
    });
    expect(again.status).toBe(409);
    const missing = await t.call('PUT', '/api/admin/members/9999/approve', {
      token: admin.token,
      body: { expiryDate: '2026-12-31' },
    });
    expect(missing).toMatchObject({ status: 404, body: { error: 'Member not found' } });
    const badId = await t.call('PUT', '/api/admin/members/abc/approve', {
      token: admin.token,
      body: { expiryDate: '2026-12-31' },
    });
    expect(badId.status).toBe(404);
  });

  it('applies a replayed request (same Idempotency-Key) once', async () => {
    const { t, admin, pending } = await setup();
    const opts = {
      token: admin.token,
      body: { expiryDate: '2026-12-31' },
      headers: { 'idempotency-key': 'approve-1234' },
    };
    const first = await t.call('PUT', `/api/admin/members/${pending.id}/approve`, opts);
    const second = await t.call('PUT', `/api/admin/members/${pending.id}/approve`, opts);
    expect(second).toMatchObject({ status: first.status, body: first.body });
    expect(t.db.select().from(messageQueue).all()).toHaveLength(1);
    expect(notificationsOf(t, pending.id)).toHaveLength(1);
  });
});

describe('PUT /api/admin/members/{id}/reject', () => {
  it('rejects a pending account, whose token then stops working', async () => {
    const { t, admin, pending } = await setup();
    const res = await t.call('PUT', `/api/admin/members/${pending.id}/reject`, {
      token: admin.token,
      body: { role: 'rejected' },
    });
    expect(res.status).toBe(200);
    expect(res.body.member.role).toBe('rejected');
    expect(notificationsOf(t, pending.id)).toEqual([['pending', 'rejected']]);
    expect((await t.call('GET', '/api/auth/profile', { token: pending.token })).status).toBe(403);
  });

  it('refuses another role value and a member who is not pending', async () => {
    const { t, admin, pending, member } = await setup();
    const bad = await t.call('PUT', `/api/admin/members/${pending.id}/reject`, {
      token: admin.token,
      body: { role: 'member' },
    });
    expect(bad.status).toBe(400);
    const notPending = await t.call('PUT', `/api/admin/members/${member.id}/reject`, {
      token: admin.token,
      body: { role: 'rejected' },
    });
    expect(notPending.status).toBe(409);
    expect(t.userRow(member.id)?.role).toBe('member');
  });
});

describe('PUT /api/admin/members/{id}/update', () => {
  const body = {
    name: 'Morgan M',
    email: 'morgan.m@club.test',
    role: 'exec',
    expiryDate: '',
    phoneNumber: '416-555-0123',
    charterAccepted: 0,
  };

  it('updates the member and records the role change with the old role from the database', async () => {
    const { t, admin, member } = await setup();
    const res = await t.call('PUT', `/api/admin/members/${member.id}/update`, { token: admin.token, body });
    expect(res.status).toBe(200);
    expect(res.body.member).toMatchObject({
      name: 'Morgan M',
      email: 'morgan.m@club.test',
      role: 'exec',
      expiry_date: null,
      phone_number: '+14165550123',
      charter_accepted: 0,
    });
    expect(notificationsOf(t, member.id)).toEqual([['member', 'exec']]);
  });

  it('validates with the spec messages', async () => {
    const { t, admin, member } = await setup();
    const cases: [object, string][] = [
      [{ ...body, name: '' }, 'Name, email and role are required'],
      [{ ...body, role: undefined }, 'Name, email and role are required'],
      [{ ...body, phoneNumber: '555' }, phoneProblem('CA')],
      [{ ...body, expiryDate: 'next year' }, 'Enter the expiry date as YYYY-MM-DD'],
      [{ ...body, charterAccepted: 'yes' }, 'charterAccepted must be 1 or 0'],
    ];
    for (const [input, error] of cases) {
      const res = await t.call('PUT', `/api/admin/members/${member.id}/update`, {
        token: admin.token,
        body: input,
      });
      expect(res).toMatchObject({ status: 400, body: { error } });
    }
    const form = await t.call('PUT', `/api/admin/members/${member.id}/update`, {
      token: admin.token,
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
  });

  it('takes a real address of any script and refuses one with a replacement or control character, with the field', async () => {
    const { t, admin, member } = await setup();
    for (const email of ["o'brien+tri@uni.edu.au", 'ünï@example.de']) {
      const res = await t.call('PUT', `/api/admin/members/${member.id}/update`, { token: admin.token, body: { ...body, email } });
      expect(res.status).toBe(200);
    }
    for (const email of ['jo\uFFFD@uni.test', 'jo\u0000@uni.test']) {
      const res = await t.call('PUT', `/api/admin/members/${member.id}/update`, { token: admin.token, body: { ...body, email } });
      expect(res).toMatchObject({ status: 400, body: { error: 'Please enter a valid email address (e.g., name@example.com)' } });
    }
    expect(t.userRow(member.id)?.email).toBe('ünï@example.de');
  });

  it('refuses an email in use (409) and an administrator demoting themself', async () => {
    const { t, admin, member } = await setup();
    const taken = await t.call('PUT', `/api/admin/members/${member.id}/update`, {
      token: admin.token,
      body: { ...body, email: 'pat@club.test' },
    });
    expect(taken).toMatchObject({
      status: 409,
      body: { error: 'An account with this email already exists' },
    });
    const self = await t.call('PUT', `/api/admin/members/${admin.id}/update`, {
      token: admin.token,
      body: { ...body, email: 'admin@club.test', role: 'member' },
    });
    expect(self.status).toBe(409);
    expect(self.body.error).toMatch(/own administrator role/);
    expect(t.userRow(admin.id)?.role).toBe('administrator');
  });
});

describe('POST /api/admin/notify-role-change', () => {
  it('answers 200 and records nothing from the body', async () => {
    const { t, admin, member } = await setup();
    const res = await t.call('POST', '/api/admin/notify-role-change', {
      token: admin.token,
      body: { userId: member.id, oldRole: 'administrator', newRole: 'public' },
    });
    expect(res.status).toBe(200);
    expect(notificationsOf(t, member.id)).toEqual([]);
    expect(t.userRow(member.id)?.role).toBe('member');
  });
});

describe('DELETE /api/admin/members/{id}', () => {
  it('removes the user with their signups, waitlist places, RSVPs and race signups, and promotes the waitlist', async () => {
    const { t, admin, member } = await setup();
    const waiting = await t.createUser({ role: 'member', email: 'wendy@club.test' });
    memberActivity(t.db, member.id, waiting.id, admin.id);
    expect(activityCounts(t.db, waiting.id)).toMatchObject({ signups: 0, waitlist: 1 });
    expect(activityCounts(t.db, member.id)).toEqual({ signups: 1, waitlist: 1, rsvps: 1, raceSignups: 1 });
    const res = await t.call('DELETE', `/api/admin/members/${member.id}`, { token: admin.token });
    expect(res).toMatchObject({ status: 200, body: { message: 'Member deleted' } });
    expect(t.userRow(member.id)?.role).toBeUndefined();
    expect(activityCounts(t.db, member.id)).toEqual({ signups: 0, waitlist: 0, rsvps: 0, raceSignups: 0 });
    expect((await t.call('GET', '/api/auth/profile', { token: member.token })).status).toBe(401);
    // The member waiting for the freed place got it, and the email saying so.
    expect(activityCounts(t.db, waiting.id)).toMatchObject({ signups: 1, waitlist: 0 });
    expect(
      t.db
        .select()
        .from(messageQueue)
        .all()
        .map((m) => m.to),
    ).toEqual(['wendy@club.test']);
    const again = await t.call('DELETE', `/api/admin/members/${member.id}`, { token: admin.token });
    expect(again.status).toBe(404);
  });

  it('removes their uploaded picture too', async () => {
    const { t, admin, member } = await setup();
    const up = await t.call('POST', '/api/users/profile-picture', { token: member.token, body: pictureForm(await smallPng(10, 10)) });
    expect(up.status).toBe(200);
    expect(readdirSync(t.deps.uploadsDir)).toHaveLength(1);
    await t.call('DELETE', `/api/admin/members/${member.id}`, { token: admin.token });
    expect(readdirSync(t.deps.uploadsDir)).toHaveLength(0);
  });

  it('refuses to delete the calling administrator', async () => {
    const { t, admin } = await setup();
    const res = await t.call('DELETE', `/api/admin/members/${admin.id}`, { token: admin.token });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatch(/cannot delete your own account/);
    expect(t.userRow(admin.id)?.role).toBe('administrator');
  });
});
