// Duty rotas: who may add, take, give up, swap and assign duties; places never exceeded; no two
// duties at once for one member; the give-up cut-off; a swap taken once; replays; a member leaving.
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { dutyHolders, messageQueue, users } from '../../db/schema';
import { EXEC, MEMBER, OTHER, PENDING, makeClub, type TestUser } from '../testing/test-app';
import { sendDutyReminders } from './duty-reminders';

const HOUR = 3_600_000;
// The test clock's today is Monday 2026-03-02, 10:00 in the club's zone.
const swim = { type: 'workout', title: 'Swim', workoutType: 'swim', workoutDate: '2026-03-06', workoutTime: '18:00', content: 'Lanes.' };

async function setup() {
  const club = await makeClub({ exec: EXEC, me: MEMBER, other: OTHER, pending: PENDING, third: { role: 'member', name: 'Theo Third' } });
  const { t, exec } = club;
  const workout = (await t.createPost(exec.token, swim)).post as { id: number };
  const add = async (over: Record<string, unknown> = {}, placeId = workout.id) => {
    const res = await t.call('POST', '/api/duties', { token: exec.token, body: { place: 'workout', placeId, kind: 'Lifeguard', places: 2, ...over } });
    expect(res.status).toBe(201);
    return (res.body.duties as { id: number }[]).at(-1)!;
  };
  const act = (method: string, path: string, user: TestUser, key?: string) =>
    t.call(method, `/api/duties${path}`, { token: user.token, ...(key && { headers: { 'idempotency-key': key } }) });
  const holders = (dutyId: number) =>
    t.db.select().from(dutyHolders).where(eq(dutyHolders.dutyId, dutyId)).all().map((h) => h.userId).sort((a, b) => a - b);
  return { ...club, workout, add, act, holders };
}

describe('POST /api/duties', () => {
  it('is for execs; takes a kind from the club’s list; its time is its session’s', async () => {
    const { t, exec, me, workout, add } = await setup();
    const body = { place: 'workout', placeId: workout.id, kind: 'Lifeguard', places: 1 };
    expect((await t.call('POST', '/api/duties', { token: me.token, body })).status).toBe(403);
    expect((await t.call('POST', '/api/duties', { body })).status).toBe(401);
    const unknown = await t.call('POST', '/api/duties', { token: exec.token, body: { ...body, kind: 'Cook' } });
    expect([unknown.status, unknown.body.field]).toEqual([400, 'kind']);
    const none = await t.call('POST', '/api/duties', { token: exec.token, body: { ...body, placeId: 999 } });
    expect(none.status).toBe(404);
    const zero = await t.call('POST', '/api/duties', { token: exec.token, body: { ...body, places: 0 } });
    expect([zero.status, zero.body.field]).toEqual([400, 'places']);
    const duty = (await add({ kind: 'Coach on deck' })) as unknown as { starts_at: number; ends_at: number; kind: string };
    expect(duty.kind).toBe('Coach on deck');
    // 18:00 in Toronto on 2026-03-06 is 23:00 UTC; a swim lasts its type's usual length.
    expect(duty.starts_at).toBe(Date.parse('2026-03-06T23:00:00Z'));
    expect(duty.ends_at).toBeGreaterThan(duty.starts_at);
  });
});

describe('taking a duty', () => {
  it('fifty members tapping at once on two places: exactly two hold it', async () => {
    const { t, add, holders } = await setup();
    const duty = await add();
    const members: TestUser[] = [];
    for (let i = 0; i < 50; i++) members.push(await t.createUser({ role: 'member', name: `Racer ${i}`, email: `racer${i}@club.test` }));
    const answers = await Promise.all(members.map((m) => t.call('POST', `/api/duties/${duty.id}/claim`, { token: m.token, headers: { 'idempotency-key': `claim-${m.id}-0000` } })));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error === 'Every place of this duty is taken')).toBe(true);
    expect(holders(duty.id)).toHaveLength(2);
  });

  it('one member holds no two duties at the same time', async () => {
    const { me, add, act } = await setup();
    const lifeguard = await add();
    const coach = await add({ kind: 'Coach on deck' });
    expect((await act('POST', `/${lifeguard.id}/claim`, me)).status).toBe(200);
    const second = await act('POST', `/${coach.id}/claim`, me);
    expect([second.status, second.body.error]).toEqual([409, 'You already hold a duty at that time']);
  });

  it('a replay of the same key holds the place once', async () => {
    const { me, add, act, holders } = await setup();
    const duty = await add();
    const once = await act('POST', `/${duty.id}/claim`, me, 'claim-key-0001');
    const again = await act('POST', `/${duty.id}/claim`, me, 'claim-key-0001');
    expect(again.body).toEqual(once.body);
    expect(holders(duty.id)).toEqual([me.id]);
  });

  it('a duty for execs or a qualification is refused to others', async () => {
    const { t, exec, me, add, act } = await setup();
    const execsOnly = await add({ eligibility: 'execs' });
    expect((await act('POST', `/${execsOnly.id}/claim`, me)).body.error).toMatch(/^This duty is for members who may take it/);
    expect((await act('POST', `/${execsOnly.id}/claim`, exec)).status).toBe(200);
    const nls = await add({ eligibility: 'qualified', qualification: 'NLS lifeguard', kind: 'Lifeguard' });
    t.db.update(users).set({ qualifications: 'First aid\nNLS Lifeguard' }).where(eq(users.id, me.id)).run();
    expect((await act('POST', `/${nls.id}/claim`, me)).status).toBe(200);
  });
});

describe('giving up and swapping', () => {
  it('gives up before the cut-off; after it, only a swap, which the first eligible member takes and both are told once', async () => {
    const { t, me, other, third, add, act, holders } = await setup();
    const duty = await add({ places: 1 });
    await act('POST', `/${duty.id}/claim`, me);
    expect((await act('DELETE', `/${duty.id}/claim`, me)).status).toBe(200);
    await act('POST', `/${duty.id}/claim`, me);
    // Thursday 10:00: 32 hours before the swim, inside the default 48-hour cut-off.
    t.clock.advance(3 * 24 * HOUR);
    const late = await act('DELETE', `/${duty.id}/claim`, me);
    expect([late.status, late.body.error]).toEqual([409, 'It is too close to the start to give this duty up: ask for a swap instead']);
    expect((await act('POST', `/${duty.id}/swap/take`, other)).body.error).toBe('Nobody has offered this duty for a swap');
    expect((await act('POST', `/${duty.id}/swap`, me)).status).toBe(200);
    const before = t.db.select().from(messageQueue).all().length;
    const [a, b] = await Promise.all([act('POST', `/${duty.id}/swap/take`, other), act('POST', `/${duty.id}/swap/take`, third)]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const taker = a.status === 200 ? other : third;
    expect(holders(duty.id)).toEqual([taker.id]);
    const told = t.db.select().from(messageQueue).all().slice(before);
    expect(new Set(told.map((m) => m.to))).toEqual(new Set([me.email, taker.email]));
    expect(told.filter((m) => m.to === me.email)).toHaveLength(1);
  });

  it('a swap taken and replayed with its key changes hands once and tells each side once', async () => {
    const { t, me, other, add, act, holders } = await setup();
    const duty = await add({ places: 1 });
    await act('POST', `/${duty.id}/claim`, me);
    t.clock.advance(3 * 24 * HOUR);
    const offered = await act('POST', `/${duty.id}/swap`, me, 'swap-offer-0001');
    expect((await act('POST', `/${duty.id}/swap`, me, 'swap-offer-0001')).body).toEqual(offered.body);
    const before = t.db.select().from(messageQueue).all().length;
    const once = await act('POST', `/${duty.id}/swap/take`, other, 'swap-take-0001');
    const again = await act('POST', `/${duty.id}/swap/take`, other, 'swap-take-0001');
    expect([once.status, again.body]).toEqual([200, once.body]);
    expect(holders(duty.id)).toEqual([other.id]);
    expect(t.db.select().from(messageQueue).all().slice(before).map((m) => m.to).sort()).toEqual([me.email, other.email].sort());
  });

  it('an exec assigns and removes anyone, never past the places', async () => {
    const { exec, me, other, add, act, holders } = await setup();
    const duty = await add({ places: 1 });
    expect((await act('PUT', `/${duty.id}/holders/${me.id}`, other)).status).toBe(403);
    expect((await act('PUT', `/${duty.id}/holders/${me.id}`, exec)).status).toBe(200);
    expect((await act('PUT', `/${duty.id}/holders/${other.id}`, exec)).body.error).toBe('Every place of this duty is taken');
    expect((await act('DELETE', `/${duty.id}/holders/${me.id}`, exec)).status).toBe(200);
    expect(holders(duty.id)).toEqual([]);
  });
});

describe('a duty not shown up for', () => {
  it('is recorded by an exec once the duty started, shown on the rota and not counted as done; not an absence', async () => {
    const { t, exec, me, other, add, act } = await setup();
    const duty = await add({ places: 2 });
    await act('POST', `/${duty.id}/claim`, me);
    await act('POST', `/${duty.id}/claim`, other);
    const noShow = (user: TestUser, userId: number, value: unknown, key?: string) =>
      t.call('PUT', `/api/duties/${duty.id}/holders/${userId}/no-show`, { token: user.token, body: { noShow: value }, ...(key && { headers: { 'idempotency-key': key } }) });
    expect((await noShow(me, other.id, true)).status).toBe(403);
    const early = await noShow(exec, me.id, true);
    expect([early.status, early.body.error]).toEqual([409, 'A duty not shown up for is recorded once it has started']);
    // Friday 19:00: the swim started an hour ago.
    t.clock.advance(4 * 24 * HOUR + 9 * HOUR);
    const bad = await noShow(exec, me.id, 'yes');
    expect([bad.status, bad.body.field]).toEqual([400, 'noShow']);
    expect((await noShow(exec, exec.id, true)).status).toBe(404);
    const once = await noShow(exec, me.id, true, 'no-show-key-0001');
    expect(once.status).toBe(200);
    expect((await noShow(exec, me.id, true, 'no-show-key-0001')).body).toEqual(once.body);
    const held = (once.body.duties as { id: number; holders: { id: number; no_show: boolean }[] }[]).find((d) => d.id === duty.id)!;
    expect(held.holders.map((h) => [h.id, h.no_show])).toEqual([
      [me.id, true],
      [other.id, false],
    ]);
    expect(t.db.select().from(users).where(eq(users.id, me.id)).get()!.absences).toBe(0);
    t.clock.advance(2 * 24 * HOUR);
    const rota = (await t.call('GET', '/api/duties/rota', { token: exec.token })).body;
    expect(rota.done.map((d: { name: string; count: number }) => [d.name, d.count])).toEqual([['Olive Other', 1]]);
    expect(rota.duties[0].holders[0]).toMatchObject({ id: me.id, no_show: true });
    // Recorded by mistake: taken back.
    expect((await noShow(exec, me.id, false)).status).toBe(200);
    expect((await t.call('GET', '/api/duties/rota', { token: exec.token })).body.done).toHaveLength(2);
  });
});

describe('a member leaving', () => {
  it('deleting the account frees their duty places', async () => {
    const { t, me, add, act, holders } = await setup();
    const duty = await add();
    await act('POST', `/${duty.id}/claim`, me);
    const admin = await t.createUser({ role: 'administrator', name: 'Ada Admin', email: 'ada@club.test' });
    expect((await t.call('DELETE', `/api/admin/members/${me.id}`, { token: admin.token })).status).toBe(200);
    expect(holders(duty.id)).toEqual([]);
  });
});

describe('GET /api/duties/rota', () => {
  it('lists the term’s duties, open ones first, and each member’s count of duties done this term', async () => {
    const { t, exec, me, other, add, act } = await setup();
    const full = await add({ places: 1 });
    const open = await add({ places: 2, kind: 'Coach on deck' });
    await act('POST', `/${full.id}/claim`, me);
    await act('POST', `/${open.id}/claim`, other);
    const before = (await t.call('GET', '/api/duties/rota', { token: me.token })).body;
    expect(before.duties.map((d: { id: number }) => d.id)).toEqual([open.id, full.id]);
    expect(before.duties[0]).toMatchObject({ title: 'Swim', date: '2026-03-06', may_take: false });
    expect(before.done).toEqual([]);
    t.clock.advance(6 * 24 * HOUR);
    const after = (await t.call('GET', '/api/duties/rota', { token: exec.token })).body;
    expect(after.done.map((d: { name: string; count: number }) => [d.name, d.count])).toEqual([
      ['Morgan Member', 1],
      ['Olive Other', 1],
    ]);
    expect((await t.call('GET', '/api/duties/rota?term=nope-2026', { token: me.token })).status).toBe(404);
  });
});

describe('a session cancelled or moved', () => {
  it('tells its duty holders once, like its sign-ups (one message for a holder who also signed up)', async () => {
    const { t, exec, me, other, workout, add, act } = await setup();
    const lifeguard = await add({ places: 1 });
    const coach = await add({ places: 1, kind: 'Coach on deck' });
    await act('POST', `/${lifeguard.id}/claim`, me);
    await act('PUT', `/${coach.id}/holders/${other.id}`, exec);
    await t.call('POST', `/api/forum/workouts/${workout.id}/signup`, { token: other.token, body: { signedUp: true } });
    const before = t.db.select().from(messageQueue).all().length;
    const res = await t.call('POST', `/api/forum/posts/${workout.id}/cancel`, { token: exec.token, body: { reason: 'Pool closed' } });
    expect(res.status).toBe(200);
    const told = t.db.select().from(messageQueue).all().slice(before);
    expect(told.filter((m) => m.to === me.email)).toHaveLength(1);
    expect(told.filter((m) => m.to === other.email)).toHaveLength(1);
    expect(told[0]!.subject).toMatch(/Cancelled/i);
  });
});

describe('a duty on a weekly series', () => {
  it('goes on the workout and every later one of its series, each at its own time', async () => {
    const { t, exec } = await setup();
    const made = (await t.createPost(exec.token, { ...swim, workoutDate: '2026-03-03', repeat: { weekdays: [2, 4], until: '2026-03-12' } })) as {
      series: { posts: { id: number; workout_date: string }[] };
    };
    const [, second, ...rest] = made.series.posts;
    const res = await t.call('POST', '/api/duties', { token: exec.token, body: { place: 'workout', placeId: second!.id, kind: 'Lifeguard', places: 1, series: true } });
    expect(res.status).toBe(201);
    const on = async (id: number) => (await t.call('GET', `/api/duties?place=workout&id=${id}`, { token: exec.token })).body.duties as { starts_at: number }[];
    expect(await on(made.series.posts[0]!.id)).toEqual([]);
    for (const p of [second!, ...rest]) {
      const [duty] = await on(p.id);
      // 18:00 in Toronto: 23:00 UTC before the change to summer time on March 8, 22:00 after it.
      expect(duty!.starts_at).toBe(Date.parse(`${p.workout_date}T${p.workout_date < '2026-03-08' ? 23 : 22}:00:00Z`));
    }
    expect(rest.length).toBeGreaterThan(0);
  });
});

describe('My week', () => {
  it('lists the duties the member holds in the coming days', async () => {
    const { t, me, add, act } = await setup();
    const duty = await add();
    await act('POST', `/${duty.id}/claim`, me);
    await act('POST', `/${duty.id}/swap`, me);
    const week = (await t.call('GET', '/api/me/week', { token: me.token })).body;
    expect(week.duties).toEqual([expect.objectContaining({ id: duty.id, kind: 'Lifeguard', place: 'workout', swap_offered: true })]);
  });
});

describe('My week’s open duties', () => {
  it('lists the duties of the coming days the member may take now, a swap on offer among them, not those they hold or may not take', async () => {
    const { t, me, other, third, add, act } = await setup();
    const open = await add({ places: 2 });
    const execsOnly = await add({ kind: 'Coach on deck', eligibility: 'execs' });
    const single = await add({ kind: 'Marshal', places: 1 });
    await act('POST', `/${single.id}/claim`, other);
    const week = async (user: TestUser) => (await t.call('GET', '/api/me/week', { token: user.token })).body.open_duties as { id: number; title: string; swap: boolean }[];
    expect(await week(me)).toEqual([expect.objectContaining({ id: open.id, kind: 'Lifeguard', title: 'Swim', place: 'workout', swap: false })]);
    expect((await week(other)).map((d) => d.id)).toEqual([]);
    void execsOnly;
    t.clock.advance(3 * 24 * HOUR);
    await act('POST', `/${single.id}/swap`, other);
    await act('POST', `/${open.id}/claim`, third);
    expect((await week(me)).map((d) => [d.id, d.swap])).toEqual([
      [open.id, false],
      [single.id, true],
    ]);
  });
});

describe('duty reminders', () => {
  it('tell the members who may take a duty still open three days ahead, and each holder the day before, once each', async () => {
    const { t, exec, me, other, third, add, act } = await setup();
    const open = await add({ places: 2 });
    await act('POST', `/${open.id}/claim`, me);
    // Monday 10:00; the swim is Friday 18:00. Tuesday 18:00 is three days before it.
    expect(sendDutyReminders(t.deps)).toEqual({ holders: 0, open: 0 });
    t.clock.advance(32 * HOUR + 1);
    const first = sendDutyReminders(t.deps);
    const told = () => t.db.select().from(messageQueue).all().filter((m) => m.dedupeKey?.startsWith('duty-'));
    expect(new Set(told().map((m) => m.to))).toEqual(new Set([exec.email, other.email, third.email]));
    expect(first.open).toBe(3);
    // The next minute's pass sends nothing again.
    t.clock.advance(60_000);
    expect(sendDutyReminders(t.deps)).toEqual({ holders: 0, open: 0 });
    // Thursday 18:00: a day before, the holder hears once.
    t.clock.advance(48 * HOUR);
    expect(sendDutyReminders(t.deps).holders).toBe(1);
    expect(told().filter((m) => m.to === me.email)).toHaveLength(1);
    t.clock.advance(60_000);
    expect(sendDutyReminders(t.deps).holders).toBe(0);
  });
});

describe('a moved session', () => {
  it('moves its duties by as much as its start moved', async () => {
    const { t, exec, workout, add } = await setup();
    const duty = (await add()) as unknown as { id: number; starts_at: number; ends_at: number };
    const { type: _type, ...edit } = swim;
    const res = await t.call('PUT', `/api/forum/posts/${workout.id}`, { token: exec.token, body: { ...edit, workoutDate: '2026-03-05' } });
    expect(res.status).toBe(200);
    const [moved] = (await t.call('GET', `/api/duties?place=workout&id=${workout.id}`, { token: exec.token })).body.duties as { starts_at: number; ends_at: number }[];
    expect(moved!.starts_at).toBe(duty.starts_at - 24 * HOUR);
    expect(moved!.ends_at).toBe(duty.ends_at - 24 * HOUR);
  });
});

describe('a session or race deleted', () => {
  it('takes its duties with it, off the rota and every holder’s list', async () => {
    const { t, exec, me, workout, add, act, holders } = await setup();
    const duty = await add({ places: 1 });
    expect((await act('POST', `/${duty.id}/claim`, me)).status).toBe(200);
    expect((await t.call('DELETE', `/api/forum/posts/${workout.id}`, { token: exec.token })).status).toBe(200);
    expect(holders(duty.id)).toEqual([]);
    expect((await t.call('GET', `/api/duties?place=workout&id=${workout.id}`, { token: exec.token })).body.duties).toEqual([]);
    const rota = (await t.call('GET', '/api/duties/rota', { token: me.token })).body as { duties: unknown[] };
    expect(rota.duties).toEqual([]);
  });
});

describe('a race deleted', () => {
  it('takes its duties with it', async () => {
    const { t, exec, me, act, holders } = await setup();
    const race = (await t.createRace(exec.token, { name: 'Spring Sprint', date: '2026-05-16', location: 'Lakeside Park', description: '750 m swim' })) as { id: number };
    const res = await t.call('POST', '/api/duties', { token: exec.token, body: { place: 'race', placeId: race.id, kind: 'Lifeguard', places: 1 } });
    expect(res.status).toBe(201);
    const duty = (res.body.duties as { id: number }[])[0]!;
    expect((await act('POST', `/${duty.id}/claim`, me)).status).toBe(200);
    expect((await t.call('DELETE', `/api/races/${race.id}`, { token: exec.token })).status).toBeLessThan(300);
    expect(holders(duty.id)).toEqual([]);
    expect(((await t.call('GET', '/api/duties/rota', { token: me.token })).body as { duties: unknown[] }).duties).toEqual([]);
  });
});
