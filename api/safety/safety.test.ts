import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { ADMIN, EXEC, MEMBER, OTHER, PENDING, makeClub } from '../testing/test-app';
import { removeEndedCards } from './retention';
import { sendSafetyReminders } from './safety-reminders';
import { defaultTerms } from '../../domain/calendar';
import { addDays } from '../../domain/calendar-days';
import { deleteAccount } from '../accounts/account-deletion';
import { signSessionToken } from '../platform/tokens';
import type { TestApp } from '../testing/test-app';
import { WAIVER_UNSIGNED_ERROR } from '../../domain/contract/members/safety';

/** A token signed at the test clock's now (a move of months outlives the first). */
const tokenNow = (t: TestApp, id: number) => signSessionToken(t.deps.jwtSecret, id, 0, { now: t.clock.now() });

// Test clock: Monday 2026-03-02, 10:00 in Toronto (winter-2026 term).
const CARD = {
  contacts: [{ name: 'Sam Parent', relation: 'Parent', phone: '(416) 555-0177' }],
  flags: ['Asthma'],
  notes: 'Inhaler in the blue bag',
  consent: true,
};

async function setup() {
  const club = await makeClub({ admin: ADMIN, exec: EXEC, me: MEMBER, other: OTHER, pending: PENDING });
  const { t, me, exec } = club;
  await t.must('PUT', '/api/safety/me', { token: me.token, body: CARD });
  const workout = (await t.createPost(exec.token, { type: 'workout', title: 'Swim', workoutType: 'swim', workoutDate: '2026-03-04', workoutTime: '07:00', content: 'Lanes' })).post
    .id as number;
  await t.must('POST', `/api/forum/workouts/${workout}/signup`, { token: me.token, body: { signedUp: true } });
  const openings = async () => (await t.call('GET', '/api/safety/me', { token: me.token })).body.openings as { opened_by: string; how: string }[];
  return { ...club, workout, openings };
}

describe('a member’s own safety card', () => {
  it('is kept with its phone read for the club’s country, asked for once a term, and removable', async () => {
    const { t, me, other } = await setup();
    const mine = await t.must('GET', '/api/safety/me', { token: me.token });
    expect(mine.card).toMatchObject({ contacts: [{ name: 'Sam Parent', relation: 'Parent', phone: '+14165550177' }], flags: ['Asthma'], notes: 'Inhaler in the blue bag' });
    expect(mine.ask).toBeNull();
    expect(mine.consented).toBe(true);
    expect((await t.must('GET', '/api/safety/me', { token: other.token })).ask).toBe('missing');

    // Next term the club asks again.
    t.clock.set(Date.parse('2026-05-10T15:00:00Z'));
    const later = await tokenNow(t, me.id);
    expect((await t.must('GET', '/api/safety/me', { token: later })).ask).toBe('new-term');

    const removed = await t.must('DELETE', '/api/safety/me', { token: later });
    expect(removed.card).toBeNull();
  });

  it('refuses a bad phone, a third contact and a card without consent, on the field', async () => {
    const { t, me } = await setup();
    const bad = await t.call('PUT', '/api/safety/me', { token: me.token, body: { ...CARD, contacts: [{ ...CARD.contacts[0], phone: 'call me' }] } });
    expect(bad.status).toBe(400);
    expect(bad.body.field).toBe('contacts.0.phone');
    const three = await t.call('PUT', '/api/safety/me', { token: me.token, body: { ...CARD, contacts: [CARD.contacts[0], CARD.contacts[0], CARD.contacts[0]] } });
    expect(three.status).toBe(400);
    const noConsent = await t.call('PUT', '/api/safety/me', { token: me.token, body: { ...CARD, consent: false } });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.field).toBe('consent');
  });

  it('asks again for consent when its words change', async () => {
    const { t, me, admin } = await setup();
    const doc = await t.must('GET', '/api/club/documents/safety', { token: admin.token });
    await t.must('PUT', '/api/club/documents/safety', { token: admin.token, body: { body: { ...doc.body, consentText: 'New words' }, version: doc.version } });
    const mine = await t.must('GET', '/api/safety/me', { token: me.token });
    expect(mine.ask).toBe('consent-changed');
    expect(mine.consented).toBe(false);
  });
});

describe('the waiver', () => {
  it('is signed with the typed name for this term; a new version asks again, a wording fix does not', async () => {
    const { t, me, admin } = await setup();
    expect((await t.must('GET', '/api/safety/me', { token: me.token })).waiver).toMatchObject({ version: '0', signed: false });
    await t.must('POST', '/api/safety/waiver', { token: me.token, body: { fullName: 'Morgan Member', version: '0' }, status: 201 });
    expect((await t.must('GET', '/api/safety/me', { token: me.token })).waiver).toMatchObject({ signed: true, full_name: 'Morgan Member' });

    const fix = await t.must('PUT', '/api/club/documents/waiver', { token: admin.token, body: { body: { text: 'Fixed a typo' }, version: 0, minor: true } });
    expect((await t.must('GET', '/api/safety/me', { token: me.token })).waiver.signed).toBe(true);
    await t.must('PUT', '/api/club/documents/waiver', { token: admin.token, body: { body: { text: 'A new season' }, version: fix.version } });
    const after = await t.must('GET', '/api/safety/me', { token: me.token });
    expect(after.waiver).toMatchObject({ signed: false, version: '2' });
    // Signing the version one read before is refused: the new one must be read.
    expect((await t.call('POST', '/api/safety/waiver', { token: me.token, body: { fullName: 'Morgan Member', version: '0' } })).status).toBe(409);

    // Next term the signature no longer holds.
    await t.must('POST', '/api/safety/waiver', { token: me.token, body: { fullName: 'Morgan Member', version: '2' }, status: 201 });
    t.clock.set(Date.parse('2026-05-10T15:00:00Z'));
    expect((await t.must('GET', '/api/safety/me', { token: await tokenNow(t, me.id) })).waiver.signed).toBe(false);
  });
});

describe('who receives another member’s card', () => {
  it('an exec and an administrator, each opening recorded; no one else', async () => {
    const { t, me, other, pending, exec, admin, openings } = await setup();
    const path = `/api/safety/cards/${me.id}`;
    expect((await t.call('GET', path)).status).toBe(401);
    expect((await t.call('GET', path, { token: other.token })).status).toBe(403);
    expect((await t.call('GET', path, { token: pending.token })).status).toBe(403);
    const feed = new URL((await t.must('GET', '/api/me/calendar-link', { token: exec.token })).url).pathname.split('/').pop()!;
    expect((await t.call('GET', path, { token: feed.replace(/\.ics$/, '') })).status).toBe(401);
    expect(await openings()).toEqual([]);

    const seen = await t.call('GET', path, { token: exec.token });
    expect(seen.status).toBe(200);
    expect(seen.headers.get('cache-control')).toBe('no-store');
    expect(seen.body.card).toMatchObject({ name: 'Morgan Member', flags: ['Asthma'] });
    await t.must('GET', path, { token: admin.token });
    expect(await openings()).toEqual([
      expect.objectContaining({ opened_by: 'Alex Admin', how: 'online' }),
      expect.objectContaining({ opened_by: 'Erin Exec', how: 'online' }),
    ]);
    // A member reads their own, unrecorded.
    expect((await t.call('GET', `/api/safety/cards/${other.id}`, { token: exec.token })).status).toBe(404);
  });

  it('not an exec whose membership lapsed, nor an old session after the role is taken away', async () => {
    const { t, me, exec, openings } = await setup();
    const path = `/api/safety/cards/${me.id}`;
    expect((await t.call('GET', path, { token: exec.token })).status).toBe(200);
    // The same token, once the exec is a member again: the role is read from the database each time.
    t.db.update(users).set({ role: 'member' }).where(eq(users.id, exec.id)).run();
    expect((await t.call('GET', path, { token: exec.token })).status).toBe(403);
    expect((await t.call('GET', '/api/offline-set', { token: exec.token })).body.safetyCards).toEqual([]);
    // A lapsed exec counts as pending.
    t.db.update(users).set({ role: 'exec', expiryDate: '2026-02-01' }).where(eq(users.id, exec.id)).run();
    expect((await t.call('GET', path, { token: exec.token })).status).toBe(403);
    expect(await openings()).toHaveLength(1);
  });

  it('marks a roster per person for an exec only', async () => {
    const { t, me, other, exec, workout } = await setup();
    await t.must('POST', `/api/forum/workouts/${workout}/signup`, { token: other.token, body: { signedUp: true } });
    const url = `/api/safety/marks?place=workout&id=${workout}`;
    expect((await t.call('GET', url, { token: other.token })).status).toBe(403);
    const { marks } = await t.must('GET', url, { token: exec.token });
    expect(marks).toEqual([
      { userId: me.id, contact: true, health: true, waiver: false },
      { userId: other.id, contact: false, health: false, waiver: false },
    ]);
    expect((await t.call('GET', '/api/safety/marks?place=pool&id=1', { token: exec.token })).status).toBe(400);
  });

  it('puts the cards of the coming week’s sessions in an exec’s offline set, never a member’s', async () => {
    const { t, me, other, exec } = await setup();
    const set = (await t.call('GET', '/api/offline-set', { token: exec.token })).body;
    expect(set.safetyCards).toEqual([expect.objectContaining({ user_id: me.id, flags: ['Asthma'] })]);
    expect(set.safetyMarks).toEqual([{ userId: me.id, contact: true, health: true, waiver: false }]);
    expect((await t.call('GET', '/api/offline-set', { token: other.token })).body.safetyCards).toEqual([]);
    // A session past the week's end carries nothing.
    t.clock.set(Date.parse('2026-03-12T15:00:00Z'));
    expect((await t.call('GET', '/api/offline-set', { token: exec.token })).body.safetyCards).toEqual([]);
  });
});

describe('openings made with no signal', () => {
  it('are recorded once however often the phone replays them', async () => {
    const { t, me, exec, other, openings } = await setup();
    const body = { userId: me.id, openedAt: t.clock.now() - 60_000 };
    const send = (token: string) => t.call('POST', '/api/safety/openings', { token, body, headers: { 'idempotency-key': 'opening-0000-1111' } });
    expect((await send(exec.token)).status).toBe(201);
    expect((await send(exec.token)).status).toBe(201);
    expect(await openings()).toEqual([expect.objectContaining({ opened_by: 'Erin Exec', how: 'offline', opened_at: body.openedAt })]);
    expect((await send(other.token)).status).toBe(403);
    expect((await t.call('POST', '/api/safety/openings', { token: exec.token, body: { userId: 'x' } })).status).toBe(400);
  });
});

describe('a race’s emergency list', () => {
  it('is for administrators, quoted, and each card in it recorded as opened', async () => {
    const { t, me, other, exec, admin, openings } = await setup();
    const race = await t.createRace(me.token, { name: 'Spring Sprint', date: '2026-05-17', location: 'Lake' });
    await t.must('POST', `/api/races/${race.id}/signup`, { token: me.token });
    await t.must('POST', `/api/races/${race.id}/signup`, { token: other.token });
    const url = `/api/safety/races/${race.id}/emergency.csv`;
    expect((await t.call('GET', url, { token: exec.token })).status).toBe(403);
    const res = await t.call('GET', url, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.body).toContain('"Morgan Member","Sam Parent","Parent","\'+14165550177"');
    expect(res.body).toContain('"Olive Other","","",');
    expect(await openings()).toEqual([expect.objectContaining({ opened_by: 'Alex Admin', how: 'csv' })]);
    expect((await t.call('GET', '/api/safety/races/999/emergency.csv', { token: admin.token })).status).toBe(404);
  });
});

describe('retention and deletion', () => {
  it('removes a card the club’s days after its membership ended, with its openings, keeping their count', async () => {
    const { t, me, exec } = await setup();
    await t.must('GET', `/api/safety/cards/${me.id}`, { token: exec.token });
    t.db.update(users).set({ expiryDate: '2026-03-01' }).where(eq(users.id, me.id)).run();
    t.clock.set(Date.parse('2026-05-30T15:00:00Z'));
    expect(removeEndedCards(t.deps)).toBe(0);
    t.clock.set(Date.parse('2026-05-31T15:00:00Z'));
    expect(removeEndedCards(t.deps)).toBe(1);
    expect(t.database.sqlite.prepare('select count(*) as n from safety_cards').get()).toEqual({ n: 0 });
    expect(t.database.sqlite.prepare('select count(*) as n from safety_openings').get()).toEqual({ n: 0 });
    expect(t.database.sqlite.prepare('select sum(openings) as n from safety_openings_removed').get()).toEqual({ n: 1 });
  });

  it('account deletion removes the card and who opened it, keeping a count; an exec who leaves becomes Former member', async () => {
    const { t, me, other, exec, admin } = await setup();
    await t.must('PUT', '/api/safety/me', { token: other.token, body: CARD });
    await t.must('GET', `/api/safety/cards/${me.id}`, { token: exec.token });
    await t.must('GET', `/api/safety/cards/${other.id}`, { token: exec.token });
    await t.must('POST', '/api/safety/waiver', { token: me.token, body: { fullName: 'Morgan Member', version: '0' }, status: 201 });
    deleteAccount(t.deps, me.id);
    const count = (table: string) => (t.database.sqlite.prepare(`select count(*) as n from ${table} where ${table === 'safety_openings' ? 'member_id' : 'user_id'} = ?`).get(me.id) as { n: number }).n;
    expect([count('safety_cards'), count('safety_openings'), count('waiver_signatures')]).toEqual([0, 0, 0]);
    expect(t.database.sqlite.prepare('select sum(openings) as n from safety_openings_removed').get()).toEqual({ n: 1 });
    deleteAccount(t.deps, exec.id);
    expect((await t.must('GET', '/api/safety/me', { token: other.token })).openings).toEqual([expect.objectContaining({ opened_by: 'Former member' })]);
    void admin;
  });
});

describe('the club’s choice for unsigned members', () => {
  it('lets them sign up by default, and refuses them once the club says so', async () => {
    const { t, other, admin, workout } = await setup();
    await t.must('POST', `/api/forum/workouts/${workout}/signup`, { token: other.token, body: { signedUp: true } });
    await t.must('POST', `/api/forum/workouts/${workout}/signup`, { token: other.token, body: { signedUp: false } });
    const doc = await t.must('GET', '/api/club/documents/safety', { token: admin.token });
    await t.must('PUT', '/api/club/documents/safety', { token: admin.token, body: { body: { ...doc.body, unsignedMaySignUp: false }, version: doc.version } });
    const refused = await t.call('POST', `/api/forum/workouts/${workout}/signup`, { token: other.token, body: { signedUp: true } });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('waiver');
    await t.must('POST', '/api/safety/waiver', { token: other.token, body: { fullName: 'Olive Other', version: '0' }, status: 201 });
    await t.must('POST', `/api/forum/workouts/${workout}/signup`, { token: other.token, body: { signedUp: true } });
  });
});

describe('the club’s choice for unsigned members, on events and races', () => {
  it('refuses a new RSVP, race sign-up or entry from an unsigned member in the one wording, and keeps what they had', async () => {
    const { t, me, other, admin, exec } = await setup();
    const event = (await t.createPost(exec.token, { type: 'event', title: 'Social', eventDate: '2026-03-10', content: 'Pizza' })).post.id as number;
    const race = (await t.createRace(me.token, { name: 'Spring Sprint', date: '2026-05-17', location: 'Lake', distances: ['Sprint'] })).id as number;
    const rsvp = (status: string | null) => t.call('POST', `/api/forum/events/${event}/rsvp`, { token: other.token, body: { status } });
    // By default an unsigned member answers and enters as anyone does.
    expect((await rsvp('maybe')).status).toBe(200);
    await t.must('POST', `/api/races/${race}/signup`, { token: other.token });
    const doc = await t.must('GET', '/api/club/documents/safety', { token: admin.token });
    await t.must('PUT', '/api/club/documents/safety', { token: admin.token, body: { body: { ...doc.body, unsignedMaySignUp: false }, version: doc.version } });
    // Already on the lists: a change of answer and an entry of a distance stay theirs.
    expect((await rsvp('going')).status).toBe(200);
    await t.must('PUT', `/api/races/${race}/entry`, { token: other.token, body: { distance: 'Sprint' } });
    // Off them, coming back is a new sign-up; saying no never needs the waiver.
    expect((await rsvp(null)).status).toBe(200);
    await t.must('DELETE', `/api/races/${race}/signup`, { token: other.token });
    expect((await rsvp('not_going')).status).toBe(200);
    const refusals = [await rsvp('going'), await t.call('POST', `/api/races/${race}/signup`, { token: other.token }), await t.call('PUT', `/api/races/${race}/entry`, { token: other.token, body: { distance: 'Sprint' } })];
    for (const refused of refusals) expect([refused.status, refused.body.error]).toEqual([409, WAIVER_UNSIGNED_ERROR]);
    await t.must('POST', '/api/safety/waiver', { token: other.token, body: { fullName: 'Olive Other', version: '0' }, status: 201 });
    expect((await rsvp('going')).status).toBe(200);
    await t.must('POST', `/api/races/${race}/signup`, { token: other.token });
  });
});

describe('the reminder before a term', () => {
  it('tells each member missing a card or signature for it once, in the week before it starts', async () => {
    const { t, me, other } = await setup();
    const summer = defaultTerms().terms.find((term) => term.start > '2026-03-02')!;
    const at = (date: string) => Date.parse(`${date}T15:00:00Z`);
    t.clock.set(at(addDays(summer.start, -8)));
    expect(sendSafetyReminders(t.deps)).toBe(0);
    t.clock.set(at(addDays(summer.start, -7)));
    // Morgan answers for the coming term before it starts; Olive does not.
    const token = await tokenNow(t, me.id);
    await t.must('PUT', '/api/safety/me', { token, body: CARD });
    await t.must('POST', '/api/safety/waiver', { token, body: { fullName: 'Morgan Member', version: '0' }, status: 201 });
    expect((await t.must('GET', '/api/safety/me', { token })).ask).toBeNull();
    const told = sendSafetyReminders(t.deps);
    const mails = t.database.sqlite.prepare(`select "to" as recipient, subject from message_queue where subject like '%safety card%'`).all() as { recipient: string }[];
    expect(mails.map((m) => m.recipient)).toContain(other.email);
    expect(mails.map((m) => m.recipient)).not.toContain(me.email);
    expect(told).toBe(mails.length);
    expect(sendSafetyReminders(t.deps)).toBe(0);
  });
});
