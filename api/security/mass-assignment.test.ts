// Fields a caller may not set, sent anyway: only the fields each route is for reach the database,
// and who did something always comes from the token, never the body.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { posts, races, users } from '../../db/schema';
import { buildWorld, snapshot, type World } from '../testing/security-world';

const userRow = (w: World, id: number) => w.t.userRow(id)!;

const FORBIDDEN_USER_FIELDS = {
  role: 'administrator',
  charterAccepted: true,
  charter_accepted: 1,
  charterAcceptedAt: 1,
  absences: -5,
  tokenVersion: 42,
  token_version: 42,
  passwordHash: 'x',
  password_hash: 'x',
  password: 'new-password',
  profilePictureUrl: '/uploads/evil.svg',
  profile_picture_url: '/uploads/evil.svg',
  expiryDate: '2099-12-31',
  expiry_date: '2099-12-31',
  suspendedUntil: null,
  suspended_until: null,
  joinDate: '2000-01-01',
  join_date: '2000-01-01',
  createdAt: 1,
};

describe('PUT /api/users/profile', () => {
  it('changes only name, email, phone and bio of the caller, whatever else the body holds', async () => {
    const w = await buildWorld();
    const { t } = w;
    const me = w.users.pending; // charter not accepted yet
    t.db.update(users).set({ absences: 2, suspendedUntil: t.clock.now() + 86_400_000 }).where(eq(users.id, me.id)).run();
    const before = userRow(w, me.id);
    const other = userRow(w, w.users.admin.id);
    const res = await t.call('PUT', '/api/users/profile', {
      token: me.token,
      body: {
        ...FORBIDDEN_USER_FIELDS,
        id: w.users.admin.id,
        userId: w.users.admin.id,
        user_id: w.users.admin.id,
        name: 'Plain Name',
        email: 'plain@club.test',
        phone_number: '4165550101',
        bio: 'Just me',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: me.id, role: 'pending', charterAccepted: false, absences: 2 });
    expect(userRow(w, me.id)).toEqual({
      ...before,
      name: 'Plain Name',
      email: 'plain@club.test',
      phoneNumber: '+14165550101',
      bio: 'Just me',
    });
    expect(userRow(w, w.users.admin.id)).toEqual(other);
  });

  it('does not take charterAccepted: false from an accepted member either', async () => {
    const w = await buildWorld();
    const before = userRow(w, w.users.member.id);
    const res = await w.t.call('PUT', '/api/users/profile', {
      token: w.users.member.token,
      body: { name: before.name, email: before.email, charterAccepted: false, charter_accepted: 0, role: 'public' },
    });
    expect(res.status).toBe(200);
    expect(userRow(w, w.users.member.id)).toMatchObject({ charterAcceptedAt: before.charterAcceptedAt, role: 'member' });
  });

  it('ignores a __proto__ key and pollutes nothing', async () => {
    const w = await buildWorld();
    const body = `{"name":"Proto","email":"member@club.test","__proto__":{"role":"administrator","isAdmin":true},"constructor":{"prototype":{"role":"administrator"}}}`;
    const res = await w.t.call('PUT', '/api/users/profile', {
      token: w.users.member.token,
      body,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(userRow(w, w.users.member.id).role).toBe('member');
    expect(({} as Record<string, unknown>).role).toBeUndefined();
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect((await w.t.call('GET', '/api/admin/members', { token: w.users.member.token })).status).toBe(403);
  });
});

describe('authorship comes from the token', () => {
  it('a create-workout body with user_id (and friends) does not change the author', async () => {
    const w = await buildWorld();
    const { t } = w;
    const victim = w.users.admin.id;
    const res = await t.call('POST', '/api/forum/posts', {
      token: w.users.exec.token,
      body: {
        type: 'workout',
        title: 'Mine',
        workoutType: 'run',
        workoutDate: '2026-03-12',
        workoutTime: '06:30',
        content: 'Hills',
        user_id: victim,
        userId: victim,
        author_name: 'The admin',
        id: 999,
        created_at: 1,
        signupCount: 50,
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.post).toMatchObject({ user_id: w.users.exec.id, author_name: 'The exec', signupCount: 0 });
    expect(res.body.post.id).not.toBe(999);
    const row = t.db.select().from(posts).where(eq(posts.id, res.body.post.id)).get()!;
    expect(row.userId).toBe(w.users.exec.id);
    expect(row.createdAt).toBe(t.clock.now());
  });

  it('an edit body with user_id does not hand the post to someone else', async () => {
    const w = await buildWorld();
    const res = await w.t.call('PUT', `/api/forum/posts/${w.openWorkoutId}`, {
      token: w.users.author.token,
      body: {
        title: 'Edited',
        workoutType: 'run',
        workoutDate: '2026-03-11',
        workoutTime: '07:00',
        content: 'Same',
        user_id: w.users.member.id,
        userId: w.users.member.id,
      },
    });
    expect(res.status).toBe(200);
    expect(w.t.db.select().from(posts).where(eq(posts.id, w.openWorkoutId)).get()!.userId).toBe(w.users.author.id);
  });

  it('signup, RSVP and race bodies naming another user act for the caller only', async () => {
    const w = await buildWorld();
    const { t } = w;
    const victim = w.users.waiter;
    const me = w.users.member;
    const signup = await t.call('POST', `/api/forum/workouts/${w.openWorkoutId}/signup`, {
      token: me.token,
      body: { signedUp: true, user_id: victim.id, userId: victim.id },
    });
    expect(signup.status).toBe(200);
    const detail = await t.call('GET', `/api/forum/workouts/${w.openWorkoutId}`, { token: me.token });
    expect(detail.body.signups.map((s: { user_id: number }) => s.user_id)).toEqual([me.id]);
    const rsvp = await t.call('POST', `/api/forum/events/${w.eventId}/rsvp`, {
      token: me.token,
      body: { status: 'going', user_id: victim.id },
    });
    expect(rsvp.status).toBe(200);
    const event = await t.call('GET', `/api/forum/events/${w.eventId}`, { token: me.token });
    expect(event.body.rsvps.map((r: { user_id: number }) => r.user_id)).toEqual([me.id]);
    const race = await t.call('POST', '/api/races', {
      token: me.token,
      body: { name: 'Mine', date: '2026-06-01', createdBy: victim.id, created_by: victim.id, id: 77, signups: [victim.id] },
    });
    expect(race.status).toBe(201);
    const raceRow = t.db.select().from(races).where(eq(races.id, race.body.race.id)).get()!;
    expect(raceRow).toMatchObject({ createdBy: me.id });
    expect(raceRow.id).not.toBe(77);
    expect(race.body.race.signups).toEqual([]);
  });

  it('register takes no role, charter or membership dates from the body', async () => {
    const w = await buildWorld();
    const res = await w.t.call('POST', '/api/auth/register', {
      body: {
        ...FORBIDDEN_USER_FIELDS,
        email: 'climber@club.test',
        password: 'secret1',
        name: 'Climber',
        phoneNumber: '4165550102',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ role: 'pending', charterAccepted: false, absences: 0, expiry_date: null });
    const row = userRow(w, res.body.user.id);
    expect(row).toMatchObject({ role: 'pending', charterAcceptedAt: null, tokenVersion: 0, profilePictureUrl: null, expiryDate: null });
    expect(row.passwordHash).toMatch(/^\$scrypt\$/);
  });

  it('the admin edit writes only the fields of the spec', async () => {
    const w = await buildWorld();
    const { t } = w;
    const target = w.users.target;
    const before = userRow(w, target.id);
    const res = await t.call('PUT', `/api/admin/members/${target.id}/update`, {
      token: w.users.admin.token,
      body: {
        name: 'Tee',
        email: target.email,
        role: 'member',
        expiryDate: before.expiryDate,
        phoneNumber: before.phoneNumber,
        id: w.users.admin.id,
        absences: 99,
        passwordHash: 'x',
        tokenVersion: 7,
        profilePictureUrl: '/uploads/x.webp',
      },
    });
    expect(res.status).toBe(200);
    expect(userRow(w, target.id)).toEqual({ ...before, name: 'Tee' });
  });

  it('notify-role-change trusts nothing in its body', async () => {
    const w = await buildWorld();
    const before = snapshot(w.t);
    const res = await w.t.call('POST', '/api/admin/notify-role-change', {
      token: w.users.admin.token,
      body: { userId: w.users.member.id, oldRole: 'member', newRole: 'administrator', role: 'administrator' },
    });
    expect(res.status).toBe(200);
    expect(snapshot(w.t)).toEqual(before);
  });
});
