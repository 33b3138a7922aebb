import { existsSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { announcementDismissals, clubDocuments, idempotencyKeys, messageQueue, passkeys, raceEntryReleases, renewalRequests, roleChangeNotifications, users } from '../../db/schema';
import {
  ACCOUNT_DELETED_ERROR,
  DELETE_WRONG_PASSWORD,
  EXPORTS_PER_DAY,
  FORMER_MEMBER,
  LAST_ADMIN_ERROR,
  REQUEST_LOG_LINE,
} from '../../domain/contract/members/privacy';
import { ACCOUNT_TABLES } from '../accounts/account-deletion';
import { activationEmail } from '../messaging/mail-templates';
import { MY_DATA_TABLES } from './my-data';
import { uploadPath } from '../media/uploads';
import { pictureForm, smallPng } from '../testing/pictures';
import { PUSH_DEVICE } from '../testing/push-service';
import { ADMIN, OTHER, TEST_PASSWORD, makeClub, type TestApp } from '../testing/test-app';

// Test clock: 2026-03-02T15:00:00Z, 10:00 on Monday, March 2 in Toronto (Winter 2026).

/**
 * Quincy, an exec, with something in every table that can hold a member's data: a workout that has
 * happened (attendance taken by Quincy, present), a late cancel, a place on a full workout Wendy waits
 * for, a waitlist place, an RSVP, a race, a picture, a calendar link, a device, a passkey, a role
 * change, emails (an activation and a password reset), an offline change's stored answer and posts
 * written. Olive and Wendy have data of their own next to it.
 */
async function leavingScene() {
  const club = await makeClub({
    admin: ADMIN,
    me: { role: 'exec', name: 'Quincy Quitter', email: 'quincy.quitter@club.test' },
    other: OTHER,
    waiting: { role: 'member', name: 'Wendy Waiting', email: 'wendy.waiting@club.test' },
  });
  const { t, me, other, waiting } = club;
  const workout = async (workoutDate: string, capacity: number | null, title: string) =>
    (
      await t.createPost(me.token, {
        type: 'workout',
        title,
        workoutType: 'swim',
        workoutDate,
        workoutTime: '07:00',
        capacity,
        content: 'Laps.',
      })
    ).post.id as number;
  const signUp = (token: string, id: number, signedUp = true) =>
    t.must('POST', `/api/forum/workouts/${id}/signup`, { token, body: { signedUp }, status: 200 });

  const past = await workout('2026-03-03', null, 'Tuesday swim');
  const late = await workout('2026-03-04', null, 'Wednesday swim');
  const full = await workout('2026-03-20', 1, 'Full swim');
  const othersFull = await workout('2026-03-21', 1, 'Olive swim');
  const event = (
    await t.createPost(me.token, {
      type: 'event',
      title: 'Pub quiz',
      eventDate: '2026-03-25',
      content: 'Quiz.',
    })
  ).post.id as number;
  const race = (
    await t.createRace(me.token, {
      name: 'Spring sprint',
      // Run today: its results are open.
      date: '2026-03-02',
      location: 'Lake',
      description: '',
      distances: ['Sprint'],
    })
  ).id as number;

  await signUp(me.token, past);
  await signUp(other.token, past);
  await signUp(me.token, late);
  // With an Idempotency-Key: the server keeps its answer (a row about Quincy).
  await t.must('POST', `/api/forum/workouts/${full}/signup`, {
    token: me.token,
    body: { signedUp: true },
    headers: { 'idempotency-key': 'quincy-offline-1' },
    status: 200,
  });
  await t.must('POST', `/api/forum/workouts/${full}/waitlist`, { token: waiting.token });
  await signUp(other.token, othersFull);
  await t.must('POST', `/api/forum/workouts/${othersFull}/waitlist`, { token: me.token });
  await t.must('POST', `/api/forum/events/${event}/rsvp`, { token: me.token, body: { status: 'going' } });
  await t.must('POST', `/api/races/${race}/signup`, { token: me.token });
  // Race weekend: my lift, a seat in another's, looking for a lift home, and my result.
  const lift = { leavingFrom: 'Gym', leavingAt: '2026-03-02T05:00', seats: 2, bikeSpots: 1, note: '' };
  await t.must('POST', `/api/races/${race}/lifts`, { token: me.token, body: lift, status: 201 });
  const othersLift = (await t.must('POST', `/api/races/${race}/lifts`, { token: other.token, body: lift, status: 201 })).lift.id;
  await t.must('POST', `/api/races/${race}/lifts/${othersLift}/bike-spot`, { token: me.token });
  await t.must('POST', `/api/races/${race}/looking-for-lift`, { token: me.token });
  await t.must('PUT', `/api/races/${race}/result`, { token: me.token, body: { distance: 'Sprint', finishTime: '1:05:00', splits: ['12:00'] } });
  // The own paces, rowing's among them.
  await t.must('PUT', '/api/users/profile', { token: me.token, body: { name: me.name, email: me.email, phone_number: '(555) 123-4567', swimPace: '1:45', rowPace: '2:05' } });
  await t.must('POST', '/api/users/profile-picture', {
    token: me.token,
    body: pictureForm(await smallPng()),
  });
  await t.must('GET', '/api/me/calendar-link', { token: me.token });
  await t.must('PUT', '/api/me/notifications/devices', {
    token: me.token,
    body: PUSH_DEVICE,
    headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0 Mobile Safari/537.36' },
  });
  await t.must('POST', '/api/auth/forgot-password', { body: { email: me.email } });
  t.deps.messageQueue.enqueue(activationEmail('University Triathlon Club', me.email, me.name, 'Exec', 'http://club.test'));
  t.db.insert(roleChangeNotifications).values({ userId: me.id, oldRole: 'member', newRole: 'exec' }).run();
  // An earlier entry of mine let go, its fee unpaid within the club's hold.
  t.db.insert(raceEntryReleases).values({ raceId: race, userId: me.id, releasedAt: t.clock.now() }).run();
  await t.must('POST', '/api/announcements', {
    token: me.token,
    body: { title: 'Pool closed Friday', body: 'The meet takes the pool.', until: '2026-03-06' },
    status: 201,
  });
  // An administrator's announcement that Quincy and Olive each dismissed.
  const kit = (
    await t.must('POST', '/api/announcements', {
      token: club.admin.token,
      body: { title: 'Kit order closes', body: 'Order by Friday.', until: '2026-03-06' },
      status: 201,
    })
  ).announcement.id as number;
  for (const who of [me, other]) await t.must('POST', `/api/announcements/${kit}/dismiss`, { token: who.token, status: 200 });
  // A poll Quincy posted and answered by name, with Olive's answer beside it (not Quincy's to download).
  const poll = (
    await t.must('POST', '/api/polls', {
      token: me.token,
      body: { question: 'Which Saturday for the brick?', options: ['Mar 7', 'Mar 14'], closesDate: '2026-03-05', closesTime: '18:00' },
      status: 201,
    })
  ).poll.id as number;
  for (const who of [me, other]) await t.must('PUT', `/api/polls/${poll}/answer`, { token: who.token, body: { choices: [1] } });
  // A duty Quincy added to the full swim and holds.
  const duty = (
    await t.must('POST', '/api/duties', { token: me.token, body: { place: 'workout', placeId: full, kind: 'Lifeguard', places: 2 }, status: 201 })
  ).duties[0].id as number;
  await t.must('POST', `/api/duties/${duty}/claim`, { token: me.token });
  // A social Quincy answered, cancelled then deleted: kept for calendars as a tombstone naming who answered.
  const social = (
    await t.createPost(me.token, {
      type: 'event',
      title: 'Bowling night',
      eventDate: '2026-03-27',
      content: 'Lanes.',
    })
  ).post.id as number;
  await t.must('POST', `/api/forum/events/${social}/rsvp`, { token: me.token, body: { status: 'going' } });
  await t.must('POST', `/api/forum/posts/${social}/cancel`, {
    token: me.token,
    body: { reason: 'Alley closed' },
  });
  await t.must('DELETE', `/api/forum/posts/${social}`, { token: me.token });
  t.db.insert(renewalRequests).values({ userId: me.id, session: 'winter-2027' }).run();
  t.db
    .insert(passkeys)
    .values({
      userId: me.id,
      credentialId: 'cred-quincy',
      publicKey: 'pk',
      userHandle: 'handle-quincy',
      name: 'Quincy’s phone',
      deviceType: 'multiDevice',
    })
    .run();

  // Tuesday 08:00: the Tuesday swim has happened; Quincy takes attendance and cancels Wednesday late.
  t.clock.set(Date.parse('2026-03-03T13:00:00Z'));
  await t.must('POST', `/api/forum/workouts/${past}/attendance`, {
    token: me.token,
    body: { attendanceData: { [me.id]: true, [other.id]: false } },
    status: 201,
  });
  await signUp(me.token, late, false);
  // Quincy's safety card and waiver; an exec opened the card (who opened it is Quincy's to know), and
  // Quincy, an exec, opened Olive's (that is Olive's to know, not in Quincy's file).
  const card = { contacts: [{ name: 'Quinn Parent', relation: 'Parent', phone: '(416) 555-0142' }], flags: ['Asthma'], notes: 'Inhaler', consent: true };
  await t.must('PUT', '/api/safety/me', { token: me.token, body: card });
  await t.must('PUT', '/api/safety/me', { token: other.token, body: { ...card, notes: 'Olive’s own note' } });
  await t.must('POST', '/api/safety/waiver', { token: me.token, body: { fullName: 'Quincy Quitter', version: '0' }, status: 201 });
  const opener = await t.createUser({ role: 'exec', name: 'Erin Opener', email: 'erin.opener@club.test' });
  await t.must('GET', `/api/safety/cards/${me.id}`, { token: opener.token });
  await t.must('GET', `/api/safety/cards/${other.id}`, { token: me.token });
  return { ...club, past, late, full, othersFull, event, race };
}

async function download(t: TestApp, token: string) {
  const res = await t.app.request('/api/me/export', { headers: { authorization: `Bearer ${token}` } });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

function readZip(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  return {
    files,
    json: strFromU8(files['my-data.json']!),
    data: JSON.parse(strFromU8(files['my-data.json']!)),
  };
}

/** Every table of the database, as the database itself lists them (a new table is covered as it comes). */
function allTables(t: TestApp): string[] {
  return (
    t.database.sqlite
      .prepare(
        `select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '__drizzle%' order by name`,
      )
      .all() as { name: string }[]
  ).map((r) => r.name);
}

/** Every cell of every table that contains one of `needles` (case-insensitive): `table.column = value`. */
function cellsContaining(t: TestApp, needles: string[]): string[] {
  const found: string[] = [];
  const lower = needles.map((n) => n.toLowerCase());
  for (const table of allTables(t)) {
    for (const row of t.database.sqlite.prepare(`select * from "${table}"`).all() as Record<
      string,
      unknown
    >[]) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value === 'string' && lower.some((n) => value.toLowerCase().includes(n)))
          found.push(`${table}.${column} = ${value}`);
      }
    }
  }
  return found;
}

describe('GET /api/me/export', () => {
  it('holds everything stored about the member, in every table, and nothing of anyone else', async () => {
    const { t, me, other, waiting, admin, past, full, othersFull, event, race } = await leavingScene();
    // A club setting this member published (as an administrator of an earlier year).
    t.db.insert(clubDocuments).values({ key: 'permissions', version: 1, body: '{"execsEditPages":true}', publishedBy: me.id, note: 'Execs edit the FAQ' }).run();
    // A price of their own (the club's fee, as a coach), a membership paid in cash, part of it given back.
    await t.must('PUT', `/api/payments/members/${me.id}/price`, { token: admin.token, body: { exempt: false, priceCents: 25600, reason: 'Coach' } });
    await t.must('POST', '/api/payments/requests', { token: admin.token, body: { title: 'Club kit', amountCents: 4000, dueDate: '2026-03-20', userIds: [me.id] } });
    await t.must('POST', '/api/payments/reminders', { token: admin.token });
    const { payment } = await t.must('POST', '/api/payments/record', { token: admin.token, body: { userId: me.id, package: 'Full Tri', method: 'cash', receipt: '0042' } });
    await t.must('POST', `/api/payments/${payment.id}/refunds`, { token: admin.token, body: { amountCents: 1000, reason: 'Overpaid' } });
    const { res, bytes } = await download(t, me.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="my-data-2026-03-03.zip"');
    expect(res.headers.get('cache-control')).toBe('no-store');

    const { files, json, data } = readZip(bytes);
    expect(Object.keys(files).sort()).toEqual(['my-data.json', 'picture.webp']);
    // The picture is the stored file, byte for byte.
    const { readFileSync } = await import('node:fs');
    const stored = t.userRow(me.id)!.profilePictureUrl!;
    expect(
      Buffer.from(files['picture.webp']!).equals(readFileSync(uploadPath(t.deps.uploadsDir, stored)!)),
    ).toBe(true);

    expect(data.users).toMatchObject({
      id: me.id,
      name: 'Quincy Quitter',
      email: 'quincy.quitter@club.test',
      role: 'exec',
      phone_number: '(555) 123-4567',
      picture: 'picture.webp',
      calendar_link: true,
      expiry_date: '2099-12-31',
      absences: 1,
      swim_pace_seconds_per_100m: 105,
      run_pace_seconds_per_km: null,
      row_pace_seconds_per_500m: 125,
    });
    expect(data.race_results).toEqual([
      expect.objectContaining({ race_id: race, finish_seconds: 3900, splits: [{ leg: 'Swim', seconds: 720 }, ...['T1', 'Bike', 'T2', 'Run'].map((leg) => ({ leg, seconds: null }))] }),
    ]);
    expect(data.announcements).toEqual([
      expect.objectContaining({ title: 'Pool closed Friday', until: '2026-03-06' }),
    ]);
    expect(data.club_documents).toEqual([{ setting: 'permissions', version: 1, published_at: expect.any(String), note: 'Execs edit the FAQ' }]);
    expect(data.announcement_dismissals).toEqual([
      { announcement_id: expect.any(Number), title: 'Kit order closes', dismissed_at: expect.any(String) },
    ]);
    expect(data.post_tombstone_members).toEqual([
      expect.objectContaining({ title: 'Bowling night', date: '2026-03-27' }),
    ]);
    expect(data.renewal_requests).toEqual([
      expect.objectContaining({ session: 'winter-2027', status: 'requested' }),
    ]);
    expect(data.role_change_notifications).toEqual([expect.objectContaining({ from: 'member', to: 'exec' })]);
    expect(data.payments).toEqual([expect.objectContaining({ for: 'Full Tri', amount_cents: 28928, method: 'cash', status: 'paid', receipt: '0042' })]);
    expect(data.refunds).toEqual([expect.objectContaining({ amount_cents: 1000, reason: 'Overpaid' })]);
    expect(data.payment_request_members).toEqual([expect.objectContaining({ for: 'Club kit', amount_cents: 4000, due: '2026-03-20' })]);
    expect(data.payment_reminders).toEqual([{ last_reminded_at: expect.any(String) }]);
    expect(data.member_prices).toEqual([expect.objectContaining({ exempt: false, price_cents: 25600, reason: 'Coach' })]);
    expect(data.workout_signups.map((s: { workout_id: number }) => s.workout_id).sort()).toEqual(
      [past, full].sort(),
    );
    expect(data.waitlist_entries).toEqual([expect.objectContaining({ workout_id: othersFull, position: 1 })]);
    expect(data.attendance_records).toEqual([expect.objectContaining({ workout_id: past, present: true })]);
    expect(data.absence_log).toEqual([
      expect.objectContaining({ reason: 'late-cancel', title: 'Wednesday swim' }),
    ]);
    expect(data.event_rsvps).toEqual([expect.objectContaining({ event_id: event, status: 'going' })]);
    expect(data.race_signups).toEqual([expect.objectContaining({ race_id: race, name: 'Spring sprint' })]);
    expect(data.push_subscriptions).toEqual([
      expect.objectContaining({ device: 'Chrome on Android', reminders: true }),
    ]);
    expect(data.passkeys).toEqual([expect.objectContaining({ name: 'Quincy’s phone', synced: true })]);
    expect(data.posts).toHaveLength(5);
    expect(data.attendance_submissions).toEqual([expect.objectContaining({ workout_id: past })]);
    expect(data.message_queue.map((m: { subject: string }) => m.subject).sort()).toEqual(
      t.db
        .select()
        .from(messageQueue)
        .all()
        .filter((m) => m.to === me.email)
        .map((m) => m.subject)
        .sort(),
    );
    expect(data.message_queue.length).toBeGreaterThanOrEqual(2);
    expect(data.safety_cards).toEqual([expect.objectContaining({ health_flags: ['Asthma'], health_notes: 'Inhaler', shared_with_execs: true })]);
    expect(data.waiver_signatures).toEqual([expect.objectContaining({ full_name: 'Quincy Quitter', version: '0' })]);
    // Who opened the card is the member's to know: the one name of another person the file holds on purpose.
    expect(data.safety_openings).toEqual([expect.objectContaining({ opened_by: 'Erin Opener', how: 'online' })]);
    expect(json).not.toContain('Olive’s own note');
    // Every table that gives something is in the file, and none of them is empty for Quincy.
    for (const [table, read] of Object.entries(MY_DATA_TABLES)) {
      if (typeof read === 'function') expect(data[table], table).not.toEqual([]);
    }

    // Nothing of another member, and no secret of Quincy's.
    const row = t.userRow(me.id)!;
    for (const needle of [other.name, other.email, waiting.name, waiting.email, admin.name, admin.email])
      expect(json).not.toContain(needle);
    for (const secret of [
      row.passwordHash,
      row.calendarToken!,
      PUSH_DEVICE.keys.auth,
      PUSH_DEVICE.keys.p256dh,
      PUSH_DEVICE.endpoint,
      'cred-quincy',
      'handle-quincy',
    ]) {
      expect(json).not.toContain(secret);
    }
    // A reset email's text carries its link: the export names the email, not its text.
    expect(json).not.toContain('reset-password');
  });

  it('is for the signed-in account only, and limited per day', async () => {
    const { t, me, other } = await makeClub({ me: { role: 'pending', name: 'Pat Pending' }, other: OTHER });
    expect((await t.call('GET', '/api/me/export')).status).toBe(401);
    // A pending account can see what is held about it too.
    const mine = readZip((await download(t, me.token)).bytes);
    expect(mine.data.users).toMatchObject({ id: me.id, name: 'Pat Pending', picture: null });
    expect(mine.json).not.toContain(other.email);
    for (let i = 1; i < EXPORTS_PER_DAY; i += 1) expect((await download(t, me.token)).res.status).toBe(200);
    const refused = await t.call('GET', '/api/me/export', { token: me.token });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/times a day/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another member's limit is their own.
    expect((await download(t, other.token)).res.status).toBe(200);
    t.clock.advance(24 * 3_600_000);
    expect((await download(t, me.token)).res.status).toBe(200);
  });
});

describe('deleting an account', () => {
  it('knows what to do with every table of the database (a new table needs a line in both lists)', async () => {
    const { t } = await makeClub({});
    const tables = allTables(t);
    expect(
      tables.filter((name) => !(name in ACCOUNT_TABLES)),
      'tables missing from ACCOUNT_TABLES (api/accounts/account-deletion.ts)',
    ).toEqual([]);
    expect(
      tables.filter((name) => !(name in MY_DATA_TABLES)),
      'tables missing from MY_DATA_TABLES (api/privacy/my-data.ts)',
    ).toEqual([]);
  });

  it('refuses a wrong or missing password and changes nothing', async () => {
    const { t, me } = await makeClub({ me: { role: 'member', name: 'Morgan Member' } });
    const wrong = await t.call('DELETE', '/api/me', { token: me.token, body: { password: 'not-it' } });
    expect(wrong).toMatchObject({ status: 403, body: { error: DELETE_WRONG_PASSWORD } });
    expect((await t.call('DELETE', '/api/me', { token: me.token, body: {} })).status).toBe(400);
    expect((await t.call('DELETE', '/api/me', { body: { password: TEST_PASSWORD } })).status).toBe(401);
    expect(t.userRow(me.id)).toBeDefined();
    expect((await t.call('GET', '/api/auth/profile', { token: me.token })).status).toBe(200);
  });

  for (const by of ['the member', 'an administrator'] as const) {
    it(`by ${by}: leaves no personal field anywhere, keeps the reports, promotes the waitlist`, async () => {
      const { t, me, other, waiting, admin, past, full, othersFull } = await leavingScene();
      const picture = uploadPath(t.deps.uploadsDir, t.userRow(me.id)!.profilePictureUrl)!;
      expect(existsSync(picture)).toBe(true);
      const report = async () =>
        (await t.must('GET', '/api/reports/attendance?term=2026-winter', { token: admin.token })).workouts;
      const before = await report();
      const rowOf = (list: { workout_id: number }[], id: number) => list.find((w) => w.workout_id === id);
      expect(rowOf(before, past)).toMatchObject({ signedUp: 2, present: 1, absent: 1 });
      const emailsBefore = t.db.select().from(messageQueue).all().length;
      const wendysBefore = t.db.select().from(messageQueue).all().filter((m) => m.to === waiting.email).length;
      // Before: Quincy's name and address are in many places.
      expect(cellsContaining(t, [me.email, me.name]).length).toBeGreaterThan(3);

      if (by === 'the member') {
        const res = await t.call('DELETE', '/api/me', { token: me.token, body: { password: TEST_PASSWORD } });
        expect(res.status).toBe(204);
        expect(res.body).toBeNull();
      } else {
        await t.must('DELETE', `/api/admin/members/${me.id}`, { token: admin.token, status: 200 });
      }

      // No table holds the name or the address any more, the message queue included.
      expect(cellsContaining(t, [me.email, me.name, 'quincy'])).toEqual([]);
      expect(t.userRow(me.id)).toBeUndefined();
      // Rows keyed by the account's number alone go too: Olive's dismissal stays, Quincy's is gone.
      expect(t.db.select().from(announcementDismissals).all().map((d) => d.userId)).toEqual([other.id]);
      expect(existsSync(picture)).toBe(false);
      // Signed out everywhere, and told why: the app then wipes that device too.
      expect(await t.call('GET', '/api/auth/profile', { token: me.token })).toMatchObject({
        status: 401,
        body: { error: ACCOUNT_DELETED_ERROR },
      });

      // The report is the same: the place in the workout that happened stays, nameless.
      const after = await report();
      expect(rowOf(after, past)).toEqual(rowOf(before, past));
      const roster = await t.must('GET', `/api/forum/workouts/${past}`, { token: other.token });
      expect(roster.signups.map((s: { user_name: string }) => s.user_name).sort()).toEqual(
        [FORMER_MEMBER, other.name].sort(),
      );
      const attendance = await t.must('GET', `/api/forum/workouts/${past}/attendance`, {
        token: admin.token,
      });
      expect(attendance.submitted_by).toBe(FORMER_MEMBER);
      expect(Object.values(attendance.attendance).sort()).toEqual([false, true]);
      // Olive's absence from that workout still counts.
      expect(t.userRow(other.id)!.absences).toBe(1);

      // Wendy moved up into the freed place on the full workout, and was told.
      const fullNow = await t.must('GET', `/api/forum/workouts/${full}`, { token: waiting.token });
      expect(fullNow.signups.map((s: { user_id: number }) => s.user_id)).toEqual([waiting.id]);
      expect(fullNow.waitlist).toEqual([]);
      const queued = t.db.select().from(messageQueue).all();
      expect(queued.filter((m) => m.to === waiting.email)).toHaveLength(wendysBefore + 1);
      expect(queued).toHaveLength(emailsBefore + 1);
      // Quincy's own messages: nothing left waiting to go.
      expect(
        queued.filter((m) => m.to === FORMER_MEMBER).every((m) => m.status !== 'pending' && m.text === ''),
      ).toBe(true);
      expect(
        (await t.must('GET', `/api/forum/workouts/${othersFull}`, { token: other.token })).waitlist,
      ).toEqual([]);

      // Posts stay for the club, by a former member.
      const posts = await t.must('GET', '/api/forum/posts?type=workout', { token: other.token });
      expect(posts.posts.length).toBeGreaterThan(0);
      expect(
        posts.posts.every(
          (p: { author_name: string; user_id: number | null }) =>
            p.author_name === FORMER_MEMBER && p.user_id === null,
        ),
      ).toBe(true);

      // The address can sign up again, as a new account.
      const again = await t.call('POST', '/api/auth/register', {
        body: {
          email: me.email,
          password: 'a-new-password-1',
          name: 'Quincy Again',
          phoneNumber: '6135550100',
        },
      });
      expect(again.status, JSON.stringify(again.body)).toBe(201);
      expect(again.body.user.id).not.toBe(me.id);
      expect(again.body.user.role).toBe('pending');
      // …and finds nothing of the old account.
      const fresh = readZip((await download(t, again.body.token)).bytes).data;
      expect(fresh.workout_signups).toEqual([]);
      expect(fresh.attendance_records).toEqual([]);
    });
  }

  it("leaves nothing of the member in anyone's stored answers (an administrator's approval and edit named them)", async () => {
    const { t, admin, other } = await makeClub({ admin: ADMIN, other: OTHER });
    const x = await t.createUser({ role: 'pending', name: 'Xena Xavier', email: 'xena.xavier@club.test', expiryDate: null });
    const phone = '(613) 555-0199';
    t.db.update(users).set({ phoneNumber: phone }).where(eq(users.id, x.id)).run();
    const once = (key: string) => ({ token: admin.token, headers: { 'idempotency-key': key } });
    const approve = { ...once('approve-xena-1'), body: { expiryDate: '2026-12-31' } };
    const approved = await t.must('PUT', `/api/admin/members/${x.id}/approve`, { ...approve, status: 200 });
    expect(JSON.stringify(approved)).toContain(x.email);
    await t.must('PUT', `/api/admin/members/${x.id}/update`, {
      ...once('edit-xena-1'),
      body: { name: x.name, email: x.email, phoneNumber: phone, role: 'exec', expiryDate: '2026-12-31' },
      status: 200,
    });
    // Olive's edit is kept as it was: it does not name Xena.
    const oliveEdit = await t.must('PUT', `/api/admin/members/${other.id}/update`, {
      ...once('edit-olive-1'),
      body: { name: other.name, email: other.email, phoneNumber: '(416) 555-0177', role: 'member', expiryDate: '2026-12-31' },
      status: 200,
    });
    const stored = () => t.db.select().from(idempotencyKeys).all();
    const naming = () => stored().filter((r) => [x.email, x.name, phone, phone.replace(/\D/g, '')].some((n) => r.body.includes(n)));
    expect(naming().map((r) => r.key).sort()).toEqual(['approve-xena-1', 'edit-xena-1']);

    await t.must('DELETE', `/api/admin/members/${x.id}`, { token: admin.token, status: 200 });

    expect(naming()).toEqual([]);
    expect(JSON.parse(stored().find((r) => r.key === 'edit-olive-1')!.body)).toEqual(oliveEdit);
    // The answers stay, without her: a replay gets the outcome it had and changes nothing.
    const replay = await t.call('PUT', `/api/admin/members/${x.id}/approve`, approve);
    expect(replay.status).toBe(200);
    expect(replay.body.member).toMatchObject({ id: x.id, name: FORMER_MEMBER, email: '', role: 'member' });
    expect(JSON.stringify(replay.body)).not.toContain('Xena');
    expect(t.userRow(x.id)).toBeUndefined();
  });

  it("refuses the club's last administrator, and lets one go when another remains", async () => {
    const { t, admin } = await makeClub({ admin: ADMIN });
    const refused = await t.call('DELETE', '/api/me', {
      token: admin.token,
      body: { password: TEST_PASSWORD },
    });
    expect(refused).toMatchObject({ status: 409, body: { error: LAST_ADMIN_ERROR } });
    expect(t.userRow(admin.id)).toBeDefined();
    await t.createUser({ role: 'administrator', name: 'Second Admin' });
    expect(
      (await t.call('DELETE', '/api/me', { token: admin.token, body: { password: TEST_PASSWORD } })).status,
    ).toBe(204);
  });
});

describe('GET /api/privacy', () => {
  it('names every field a request-log line holds, and nothing of the member besides the account number', async () => {
    const { t, me } = await makeClub(
      { me: { role: 'member', name: 'Lou Logged', email: 'lou.logged@club.test' } },
      { env: { LOG_LEVEL: 'info' } },
    );
    await t.must('GET', '/api/auth/profile', { token: me.token });
    await t.call('DELETE', '/api/me', { token: me.token, body: { password: 'wrong-password' } });
    const lines = t.logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'request');
    expect(lines.length).toBe(2);
    for (const line of lines) {
      const { level: _level, time: _time, pid: _pid, msg: _msg, ...fields } = line;
      expect(
        Object.keys(fields).every((key) => key in REQUEST_LOG_LINE),
        JSON.stringify(fields),
      ).toBe(true);
      expect(fields.userId).toBe(me.id);
    }
    expect(t.logLines.join('\n')).not.toMatch(/lou|wrong-password/i);
    expect((await t.call('GET', '/api/privacy')).body.requestLogFields).toEqual(
      Object.values(REQUEST_LOG_LINE),
    );
  });

  it("states the server's own backup settings", async () => {
    const { t } = await makeClub({}, { env: { BACKUP_EVERY: '6h', BACKUP_KEEP: '14' } });
    const res = await t.call('GET', '/api/privacy');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      backups: { everyHours: 6, kept: 14 },
      offlineChangesDays: 30,
      exportsPerDay: EXPORTS_PER_DAY,
    });
    const off = await makeClub({}, { env: { BACKUP_EVERY: 'off' } });
    expect((await off.t.call('GET', '/api/privacy')).body.backups).toEqual({ everyHours: null, kept: 7 });
  });

  it('states how long the club keeps a safety card after a membership ends', async () => {
    const { t, admin } = await makeClub({ admin: ADMIN });
    expect((await t.call('GET', '/api/privacy')).body.safetyCardDays).toBe(90);
    const doc = await t.must('GET', '/api/club/documents/safety', { token: admin.token });
    await t.must('PUT', '/api/club/documents/safety', { token: admin.token, body: { body: { ...doc.body, keepDaysAfterMembership: 30 }, version: doc.version } });
    expect((await t.call('GET', '/api/privacy')).body.safetyCardDays).toBe(30);
  });
});
