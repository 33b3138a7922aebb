import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageQueue, posts, roleChangeNotifications, users, workoutSignups } from '../../db/schema';
import {
  ALREADY_APPROVED_ERROR,
  NOT_PENDING_ERROR,
  PAST_EXPIRY_ERROR,
  SELF_DELETE_ERROR,
  SELF_DEMOTE_ERROR,
  SET_REJECTED_ERROR,
  approveMemberSchema,
  updateMemberSchema,
} from '../../domain/contract/members/admin';
import { phoneProblem, readPhone } from '../../domain/region/phone';
import { activityCounts, memberActivity } from '../testing/member-activity';
import { makeTestApp } from '../testing/test-app';
import {
  approveMember,
  deleteMember,
  listMembers,
  rejectMember,
  updateMember,
} from './members';
import { ServiceError } from '../platform/errors';

const approve = (input: unknown) => approveMemberSchema.parse(input);
// The default club (Canada): numbers read as North American ones.
const readCanadian = (typed: string) => readPhone(typed, 'CA');
const edit = (input: unknown) => updateMemberSchema(readCanadian).parse(input);

function refusal(fn: () => unknown): ServiceError {
  try {
    fn();
  } catch (err) {
    expect(err).toBeInstanceOf(ServiceError);
    return err as ServiceError;
  }
  throw new Error('expected a refusal');
}

function notifications(t: ReturnType<typeof makeTestApp>, userId: number) {
  return t.db
    .select()
    .from(roleChangeNotifications)
    .where(eq(roleChangeNotifications.userId, userId))
    .all()
    .map((n) => [n.oldRole, n.newRole]);
}

describe('listMembers', () => {
  it('lists everyone by name with the admin view fields, and flags expired members', async () => {
    const t = makeTestApp();
    await t.createUser({ name: 'zed', role: 'pending', charter: false, expiryDate: null });
    await t.createUser({ name: 'Amy', role: 'member', expiryDate: '2026-01-31' });
    const members = listMembers(t.deps);
    expect(members.map((m) => m.name)).toEqual(['Amy', 'zed']);
    expect(members[0]).toEqual({
      id: expect.any(Number),
      name: 'Amy',
      email: expect.any(String),
      role: 'member',
      phone_number: '(555) 123-4567',
      join_date: '2026-01-01',
      expiry_date: '2026-01-31',
      absences: 0,
      charter_accepted: 1,
      expired: true,
    });
    expect(members[1]).toMatchObject({ role: 'pending', charter_accepted: 0, expired: false });
    expect(members[0]).not.toHaveProperty('passwordHash');
  });
});

describe('approveMember', () => {
  it('sets role and expiry, records the change and queues the activation email', async () => {
    const t = makeTestApp();
    const p = await t.createUser({ role: 'pending', expiryDate: null });
    const member = approveMember(t.deps, p.id, approve({ role: 'exec', expiryDate: '2026-08-31' }));
    expect(member).toMatchObject({ role: 'exec', expiry_date: '2026-08-31' });
    expect(notifications(t, p.id)).toEqual([['pending', 'exec']]);
    const mail = t.db.select().from(messageQueue).all();
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to: p.email, subject: expect.stringContaining('active') });
    expect(mail[0]!.text).toContain('http://club.test/login');
    // Approval applies the next time the app loads: the email asks for a reload, never a new sign-in.
    expect(mail[0]!.text).toContain('If it is already open, reload it');
    expect(`${mail[0]!.text}${mail[0]!.html}`).not.toMatch(/log ?out|sign in again|log in again/i);
  });

  it('defaults to the member role and needs an expiry date', () => {
    expect(approve({ expiryDate: '2026-09-01' }).role).toBe('member');
    expect(approveMemberSchema.safeParse({ role: 'member' }).error?.issues[0]?.message).toBe(
      'Please set an expiry date before approving the member.',
    );
    expect(approveMemberSchema.safeParse({ expiryDate: '' }).error?.issues[0]?.message).toBe(
      'Please set an expiry date before approving the member.',
    );
    expect(approveMemberSchema.safeParse({ expiryDate: '2026-02-30' }).success).toBe(false);
    expect(approveMemberSchema.safeParse({ expiryDate: '2026-09-01', role: 'pending' }).success).toBe(false);
  });

  it('refuses an approved member and a past expiry date, changing nothing', async () => {
    const t = makeTestApp();
    const m = await t.createUser({ role: 'member' });
    expect(refusal(() => approveMember(t.deps, m.id, approve({ expiryDate: '2026-09-01' })))).toMatchObject({
      status: 409,
      message: ALREADY_APPROVED_ERROR,
    });
    const p = await t.createUser({ role: 'pending', expiryDate: null });
    expect(refusal(() => approveMember(t.deps, p.id, approve({ expiryDate: '2026-03-01' })))).toMatchObject({
      status: 400,
      message: PAST_EXPIRY_ERROR,
    });
    expect(t.db.select().from(messageQueue).all()).toHaveLength(0);
    expect(notifications(t, p.id)).toEqual([]);
    expect(refusal(() => approveMember(t.deps, 9999, approve({ expiryDate: '2026-09-01' }))).status).toBe(
      404,
    );
  });

  it('approves a rejected account too', async () => {
    const t = makeTestApp();
    const r = await t.createUser({ role: 'rejected', expiryDate: null });
    expect(approveMember(t.deps, r.id, approve({ expiryDate: '2026-09-01' })).role).toBe('member');
    expect(notifications(t, r.id)).toEqual([['rejected', 'member']]);
  });
});

describe('rejectMember', () => {
  it('rejects a pending account once, and refuses members', async () => {
    const t = makeTestApp();
    const p = await t.createUser({ role: 'pending' });
    expect(rejectMember(t.deps, p.id).role).toBe('rejected');
    expect(rejectMember(t.deps, p.id).role).toBe('rejected');
    expect(notifications(t, p.id)).toEqual([['pending', 'rejected']]);
    const m = await t.createUser({ role: 'member' });
    expect(refusal(() => rejectMember(t.deps, m.id))).toMatchObject({
      status: 409,
      message: NOT_PENDING_ERROR,
    });
  });
});

describe('updateMember', () => {
  const base = {
    name: 'New Name',
    email: 'new@club.test',
    role: 'exec',
    expiryDate: '',
    phoneNumber: '4165550100',
    charterAccepted: 0,
  };

  it('writes every field, keeps the phone in E.164, clears the charter and records the role change', async () => {
    const t = makeTestApp();
    const admin = await t.createUser({ role: 'administrator' });
    const m = await t.createUser({ role: 'member' });
    const member = updateMember(t.deps, admin.id, m.id, edit(base));
    expect(member).toMatchObject({
      name: 'New Name',
      email: 'new@club.test',
      role: 'exec',
      expiry_date: null,
      phone_number: '+14165550100',
      charter_accepted: 0,
    });
    const row = t.db.select().from(users).where(eq(users.id, m.id)).get()!;
    expect(row.charterAcceptedAt).toBeNull();
    expect(notifications(t, m.id)).toEqual([['member', 'exec']]);
    // The same role again is not a change.
    updateMember(t.deps, admin.id, m.id, edit({ ...base, charterAccepted: true }));
    expect(notifications(t, m.id)).toHaveLength(1);
    expect(t.db.select().from(users).where(eq(users.id, m.id)).get()!.charterAcceptedAt).toBe(t.clock.now());
  });

  it('activating a pending account from the edit dialog sends the activation email', async () => {
    const t = makeTestApp();
    const admin = await t.createUser({ role: 'administrator' });
    const p = await t.createUser({ role: 'pending' });
    updateMember(t.deps, admin.id, p.id, edit({ ...base, role: 'member', expiryDate: '2026-12-31' }));
    expect(
      t.db
        .select()
        .from(messageQueue)
        .all()
        .map((m) => m.to),
    ).toEqual(['new@club.test']);
  });

  it('validates required fields, phone and role choices', () => {
    const message = (input: unknown) => updateMemberSchema(readCanadian).safeParse(input).error?.issues[0]?.message;
    expect(message({ ...base, name: ' ' })).toBe('Name, email and role are required');
    expect(message({ ...base, role: '' })).toBe('Name, email and role are required');
    expect(message({ ...base, phoneNumber: '12345' })).toBe(phoneProblem('CA'));
    expect(message({ ...base, role: 'superuser' })).toBe(
      'Choose Pending, Member, Executive or Administrator',
    );
    expect(edit({ ...base, phoneNumber: '', expiryDate: null, charterAccepted: '1' })).toMatchObject({
      phoneNumber: '',
      expiryDate: null,
      charterAccepted: true,
    });
  });

  it('refuses a taken email, a self-demotion and setting rejected by edit', async () => {
    const t = makeTestApp();
    const admin = await t.createUser({ role: 'administrator', email: 'boss@club.test' });
    const m = await t.createUser({ role: 'member' });
    expect(
      refusal(() => updateMember(t.deps, admin.id, m.id, edit({ ...base, email: 'BOSS@club.test' }))),
    ).toMatchObject({
      status: 409,
      message: 'An account with this email already exists',
    });
    expect(
      refusal(() =>
        updateMember(t.deps, admin.id, admin.id, edit({ ...base, email: 'boss@club.test', role: 'member' })),
      ),
    ).toMatchObject({ status: 409, message: SELF_DEMOTE_ERROR });
    expect(
      refusal(() => updateMember(t.deps, admin.id, m.id, edit({ ...base, role: 'rejected' }))),
    ).toMatchObject({
      status: 400,
      message: SET_REJECTED_ERROR,
    });
    // An administrator may still edit their own name.
    expect(
      updateMember(
        t.deps,
        admin.id,
        admin.id,
        edit({ ...base, email: 'boss@club.test', role: 'administrator' }),
      ).name,
    ).toBe('New Name');
  });
});

describe('deleteMember', () => {
  it('removes the account and, through the cascades, everything that pointed at it', async () => {
    const t = makeTestApp();
    const admin = await t.createUser({ role: 'administrator' });
    const m = await t.createUser({ role: 'member' });
    const other = await t.createUser({ role: 'member' });
    const { full } = memberActivity(t.db, m.id, other.id, admin.id);
    const authored = memberActivity(t.db, other.id, admin.id, m.id).full;
    expect(activityCounts(t.db, m.id)).toEqual({ signups: 1, waitlist: 1, rsvps: 1, raceSignups: 1 });

    deleteMember(t.deps, admin.id, m.id);
    expect(t.db.select().from(users).where(eq(users.id, m.id)).get()).toBeUndefined();
    expect(activityCounts(t.db, m.id)).toEqual({ signups: 0, waitlist: 0, rsvps: 0, raceSignups: 0 });
    // Posts the member wrote stay, without an author.
    expect(t.db.select().from(posts).where(eq(posts.id, authored.id)).get()?.userId).toBeNull();
    // The freed place on the full workout went to the member waiting for it, who was emailed.
    const promoted = t.db
      .select()
      .from(workoutSignups)
      .where(and(eq(workoutSignups.postId, full.id), eq(workoutSignups.userId, other.id)))
      .get();
    expect(promoted).toBeDefined();
    // (their own waitlist place elsewhere stays)
    expect(activityCounts(t.db, other.id)).toMatchObject({ signups: 2, waitlist: 1 });
    expect(
      t.db
        .select()
        .from(messageQueue)
        .all()
        .map((m) => m.to),
    ).toEqual([other.email]);
  });

  it('refuses to delete yourself or a missing member', async () => {
    const t = makeTestApp();
    const admin = await t.createUser({ role: 'administrator' });
    expect(refusal(() => deleteMember(t.deps, admin.id, admin.id))).toMatchObject({
      status: 409,
      message: SELF_DELETE_ERROR,
    });
    expect(refusal(() => deleteMember(t.deps, admin.id, 424242)).status).toBe(404);
  });
});
