import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { messageQueue, users, waitlistEntries } from '../../../db/schema';
import type { WorkoutLane } from '../../../domain/contract/training/forum';
import { defaultTerms, termOfDate } from '../../../domain/calendar';
import { EXEC, MEMBER, makeClub, type TestApp, type TestUser } from '../../testing/test-app';
import { sendDueReminders } from '../../reminders/reminders';
import { memberHistory, memberHistoryCsv, termReport, termReportCsv } from '../../reports/reports';
import { submitAttendance } from './attendance';

// Lanes by pace: each lane its own places and waitlist. Test clock: 2026-03-02T15:00:00Z (Monday).

const swim = { type: 'workout', title: 'Swim', content: 'Pool.', workoutType: 'swim', workoutDate: '2026-03-04', workoutTime: '07:00' };
const LANES = [
  { name: 'Lane 1', pace: 'under 1:30', paceTo: 90, capacity: 2 },
  { name: 'Lane 2', pace: '1:30–1:50', paceFrom: 90, paceTo: 110, capacity: 1 },
  { name: 'Lane 3', pace: 'over 1:50', paceFrom: 110 },
];

async function setup() {
  const people = { exec: EXEC, ann: MEMBER, bob: { ...MEMBER, email: 'bob@club.test', name: 'Bob' }, cy: { ...MEMBER, email: 'cy@club.test', name: 'Cy' }, di: { ...MEMBER, email: 'di@club.test', name: 'Di' } };
  const club = await makeClub(people);
  const { t, exec } = club;
  const created = await t.createPost(exec.token, { ...swim, lanes: LANES });
  const id = created.post.id as number;
  const lanes = created.post.lanes as WorkoutLane[];
  const signup = (who: TestUser, body?: unknown) => t.call('POST', `/api/forum/workouts/${id}/signup`, { token: who.token, body });
  const move = (who: TestUser, body: unknown) => t.call('POST', `/api/forum/workouts/${id}/lane`, { token: who.token, body });
  const view = async (who: TestUser) => (await t.must('GET', `/api/forum/workouts/${id}`, { token: who.token })).workout;
  return { ...club, id, lanes, signup, move, view };
}

const laneOf = (workout: { lanes: WorkoutLane[] }, name: string) => workout.lanes.find((l) => l.name === name)!;
const queued = (t: TestApp) => t.db.select().from(messageQueue).all();

describe('a workout with lanes', () => {
  it('is created with its lanes in order, the capacity their sum, the totals their sums', async () => {
    const { lanes, id, t, ann } = await setup();
    expect(lanes.map((l) => [l.name, l.pace, l.paceFrom, l.paceTo, l.paceUnit, l.capacity, l.signedUp, l.mine])).toEqual([
      ['Lane 1', 'under 1:30', null, 90, 's/100m', 2, 0, null],
      ['Lane 2', '1:30–1:50', 90, 110, 's/100m', 1, 0, null],
      ['Lane 3', 'over 1:50', 110, null, 's/100m', null, 0, null],
    ]);
    // Lane 3 has no limit: neither has the workout.
    const workout = (await t.must('GET', `/api/forum/workouts/${id}`, { token: ann.token })).workout;
    expect(workout.capacity).toBeNull();
  });

  it('refuses a sign-up without a lane with a 400 that names the lanes, and a lane of another workout', async () => {
    const { signup, ann, lanes, t, exec } = await setup();
    const none = await signup(ann, { signedUp: true });
    expect(none.status).toBe(400);
    expect(none.body.error).toContain('Lane 1');
    expect(none.body.error).toContain('Lane 3');
    expect(none.body.lanes).toEqual(lanes.map((l) => ({ id: l.id, name: l.name })));
    const other = (await t.createPost(exec.token, { ...swim, lanes: [{ name: 'Solo' }] })).post.lanes[0].id;
    expect((await signup(ann, { signedUp: true, lane: other })).status).toBe(400);
    expect((await signup(ann, { signedUp: true, lane: 'two' })).status).toBe(400);
  });

  it('fills each lane to its own capacity, waitlists per lane and promotes within the lane, passing over a suspended member', async () => {
    const { t, signup, lanes, ann, bob, cy, di, view } = await setup();
    const lane2 = lanes[1]!.id;
    expect((await signup(ann, { signedUp: true, lane: lane2 })).body).toEqual({ signedUp: true });
    const full = await signup(bob, { signedUp: true, lane: lane2 });
    expect(full.status).toBe(409);
    // Lane 1 still has room although lane 2 is full.
    expect((await signup(bob, { signedUp: true, lane: lanes[0]!.id })).body).toEqual({ signedUp: true });
    expect((await signup(cy, { signedUp: true, waitlistIfFull: true, lane: lane2 })).body).toEqual({ signedUp: false, onWaitlist: true, position: 1 });
    const join = await t.call('POST', `/api/forum/workouts/${t.db.select().from(waitlistEntries).get()!.postId}/waitlist`, { token: di.token, body: { lane: lane2 } });
    expect(join.body).toEqual({ onWaitlist: true, position: 2, lane: lane2 });
    const cyView = await view(cy);
    expect(laneOf(cyView, 'Lane 2')).toMatchObject({ signedUp: 1, waitlist: 2, mine: 'waitlisted', waitlistPosition: 1 });
    expect(cyView).toMatchObject({ signupCount: 2, waitlistCount: 2, isSignedUp: false, waitlistPosition: 1 });
    // Cy is suspended: Ann's cancel gives lane 2's place to Di, and Cy keeps her place in the queue.
    t.db.update(users).set({ suspendedUntil: t.clock.now() + 1e9 }).where(eq(users.id, cy.id)).run();
    await signup(ann, { signedUp: false });
    expect(laneOf(await view(di), 'Lane 2')).toMatchObject({ signedUp: 1, waitlist: 1, mine: 'signed_up' });
    expect(laneOf(await view(cy), 'Lane 2')).toMatchObject({ mine: 'waitlisted', waitlistPosition: 1 });
    // The promotion email names the lane.
    expect(queued(t).some((m) => m.to === di.email && m.text.includes('Lane 2'))).toBe(true);
    // Bob's place in lane 1 was untouched.
    expect(laneOf(await view(bob), 'Lane 1')).toMatchObject({ signedUp: 1, mine: 'signed_up' });
  });

  it('counts a late cancel in a lane as an absence and offers the place to that lane only', async () => {
    const { t, signup, lanes, ann, bob, cy, view } = await setup();
    await signup(ann, { signedUp: true, lane: lanes[1]!.id });
    await signup(bob, { signedUp: true, waitlistIfFull: true, lane: lanes[1]!.id });
    await signup(cy, { signedUp: true, waitlistIfFull: true, lane: lanes[0]!.id }); // a free place: signed up
    t.clock.set(Date.parse('2026-03-03T20:00:00Z'));
    const late = await signup(ann, { signedUp: false });
    expect(late.body).toMatchObject({ signedUp: false, absenceCounted: true, absences: 1 });
    expect(laneOf(await view(bob), 'Lane 2').mine).toBe('signed_up');
    expect(laneOf(await view(cy), 'Lane 1').signedUp).toBe(1);
  });

  it('moves a member into a free lane at once, or onto a full lane’s waitlist keeping the place, moved and told when it frees', async () => {
    const { t, signup, move, lanes, ann, bob, cy, view } = await setup();
    const [l1, l2, l3] = lanes.map((l) => l.id);
    await signup(ann, { signedUp: true, lane: l1 });
    await signup(bob, { signedUp: true, lane: l2 });
    expect((await move(ann, { lane: l3 })).body).toEqual({ moved: true, lane: l3, position: null });
    expect(laneOf(await view(ann), 'Lane 1').signedUp).toBe(0);
    // Lane 2 is full: Ann waits for it and keeps her place in lane 3.
    expect((await move(ann, { lane: l2 })).body).toEqual({ moved: false, lane: l2, position: 1 });
    const waiting = await view(ann);
    expect(laneOf(waiting, 'Lane 3').mine).toBe('signed_up');
    expect(laneOf(waiting, 'Lane 2')).toMatchObject({ mine: 'waitlisted', waitlistPosition: 1 });
    expect(waiting).toMatchObject({ isSignedUp: true, waitlistPosition: null, signupCount: 2, waitlistCount: 1 });
    // Bob leaves lane 2: Ann moves into it, her lane 3 place frees, and she is told.
    await signup(bob, { signedUp: false });
    const moved = await view(ann);
    expect(laneOf(moved, 'Lane 2').mine).toBe('signed_up');
    expect(laneOf(moved, 'Lane 3')).toMatchObject({ mine: null, signedUp: 0 });
    expect(queued(t).some((m) => m.to === ann.email && m.text.includes('Lane 2'))).toBe(true);
    // Not signed up: nothing to move.
    expect((await move(cy, { lane: l1 })).status).toBe(409);
  });

  it('passes a suspended member waiting to move over in that lane only: they keep their place and their turn', async () => {
    const { t, signup, move, lanes, ann, bob, cy, view } = await setup();
    const [, l2, l3] = lanes.map((l) => l.id);
    await signup(bob, { signedUp: true, lane: l2 });
    await signup(ann, { signedUp: true, lane: l3 });
    expect((await move(ann, { lane: l2 })).body).toEqual({ moved: false, lane: l2, position: 1 });
    expect((await signup(cy, { signedUp: true, waitlistIfFull: true, lane: l2 })).body).toEqual({ signedUp: false, onWaitlist: true, position: 2 });
    t.db.update(users).set({ suspendedUntil: t.clock.now() + 1e9 }).where(eq(users.id, ann.id)).run();
    // Bob leaves lane 2: Cy, next after Ann, takes the place; Ann keeps lane 3 and her turn for lane 2.
    await signup(bob, { signedUp: false });
    expect(laneOf(await view(cy), 'Lane 2')).toMatchObject({ mine: 'signed_up', signedUp: 1, waitlist: 1 });
    const passed = await view(ann);
    expect(laneOf(passed, 'Lane 3')).toMatchObject({ mine: 'signed_up', signedUp: 1 });
    expect(laneOf(passed, 'Lane 2')).toMatchObject({ mine: 'waitlisted', waitlistPosition: 1 });
    expect(queued(t).some((m) => m.to === ann.email && m.text.includes('Lane 2'))).toBe(false);
    // Her suspension over, the next place in lane 2 is hers, and her lane 3 place frees.
    t.db.update(users).set({ suspendedUntil: null }).where(eq(users.id, ann.id)).run();
    await signup(cy, { signedUp: false });
    const moved = await view(ann);
    expect(laneOf(moved, 'Lane 2')).toMatchObject({ mine: 'signed_up', signedUp: 1, waitlist: 0 });
    expect(laneOf(moved, 'Lane 3')).toMatchObject({ mine: null, signedUp: 0 });
    expect(laneOf(moved, 'Lane 1').signedUp).toBe(0);
  });

  it('offers the place a mover leaves to the waitlist of the lane they left, in the same change', async () => {
    const { t, signup, move, lanes, ann, bob, cy, di, view } = await setup();
    const [l1, l2] = lanes.map((l) => l.id);
    await signup(ann, { signedUp: true, lane: l1 });
    await signup(bob, { signedUp: true, lane: l1 });
    await signup(di, { signedUp: true, lane: l2 });
    expect((await signup(cy, { signedUp: true, waitlistIfFull: true, lane: l1 })).body).toEqual({ signedUp: false, onWaitlist: true, position: 1 });
    expect((await move(ann, { lane: l2 })).body).toEqual({ moved: false, lane: l2, position: 1 });
    // Di leaves lane 2: Ann moves into it, and her lane 1 place goes to Cy, lane 1's first in line.
    await signup(di, { signedUp: false });
    const after = await view(cy);
    expect(laneOf(after, 'Lane 1')).toMatchObject({ mine: 'signed_up', signedUp: 2, waitlist: 0 });
    expect(laneOf(after, 'Lane 2')).toMatchObject({ signedUp: 1, waitlist: 0 });
    expect(laneOf(await view(ann), 'Lane 2').mine).toBe('signed_up');
    expect(queued(t).some((m) => m.to === cy.email && m.text.includes('Lane 1'))).toBe(true);
    expect(queued(t).some((m) => m.to === ann.email && m.text.includes('Lane 2'))).toBe(true);
  });

  it('promotes nobody into a lane while the workout is cancelled, and fills the lane when it is back on', async () => {
    const { t, id, exec, signup, lanes, ann, bob, view } = await setup();
    const l2 = lanes[1]!.id;
    await signup(ann, { signedUp: true, lane: l2 });
    await signup(bob, { signedUp: true, waitlistIfFull: true, lane: l2 });
    await t.must('POST', `/api/forum/posts/${id}/cancel`, { token: exec.token, body: { reason: 'Pool closed' } });
    await signup(ann, { signedUp: false });
    expect(laneOf(await view(bob), 'Lane 2')).toMatchObject({ mine: 'waitlisted', signedUp: 0, waitlist: 1 });
    await t.must('DELETE', `/api/forum/posts/${id}/cancel`, { token: exec.token });
    expect(laneOf(await view(bob), 'Lane 2')).toMatchObject({ mine: 'signed_up', signedUp: 1, waitlist: 0 });
  });

  it('promotes from a lane’s own waitlist when that lane’s capacity is raised', async () => {
    const { t, id, exec, signup, lanes, ann, bob, view } = await setup();
    const [l1, l2, l3] = lanes.map((l) => l.id);
    await signup(ann, { signedUp: true, lane: l2 });
    await signup(bob, { signedUp: true, waitlistIfFull: true, lane: l2 });
    const edit = await t.call('PUT', `/api/forum/posts/${id}`, {
      token: exec.token,
      body: { ...swim, lanes: [{ ...LANES[0], id: l1 }, { ...LANES[1], id: l2, capacity: 2 }, { ...LANES[2], id: l3 }] },
    });
    expect(edit.status).toBe(200);
    const after = await view(bob);
    expect(laneOf(after, 'Lane 2')).toMatchObject({ mine: 'signed_up', signedUp: 2, capacity: 2, waitlist: 0 });
    expect(laneOf(after, 'Lane 1').signedUp).toBe(0);
    expect(queued(t).some((m) => m.to === bob.email && m.text.includes('Lane 2'))).toBe(true);
  });

  it('lets an exec move a member, over capacity only when asked, and not a member another', async () => {
    const { signup, move, lanes, exec, ann, bob, view } = await setup();
    const [l1, l2] = lanes.map((l) => l.id);
    await signup(ann, { signedUp: true, lane: l1 });
    await signup(bob, { signedUp: true, lane: l2 });
    expect((await move(bob, { lane: l2, userId: ann.id })).status).toBe(403);
    expect((await move(exec, { lane: l2, userId: ann.id })).status).toBe(409);
    expect((await move(exec, { lane: l2, userId: ann.id, overCapacity: true })).body).toEqual({ moved: true, lane: l2, position: null });
    expect(laneOf(await view(ann), 'Lane 2')).toMatchObject({ signedUp: 2, capacity: 1, mine: 'signed_up' });
  });

  it('keeps its lanes and their members through an edit, refuses removing a lane in use, and a series carries its lanes', async () => {
    const { t, id, exec, signup, lanes, ann } = await setup();
    await signup(ann, { signedUp: true, lane: lanes[0]!.id });
    const edit = (body: Record<string, unknown>) => t.call('PUT', `/api/forum/posts/${id}`, { token: exec.token, body: { ...swim, ...body } });
    const removing = await edit({ lanes: [{ id: lanes[1]!.id, name: 'Lane 2' }] });
    expect(removing.status).toBe(409);
    expect(removing.body.error).toMatch(/Lane 1/);
    const renamed = await edit({ lanes: [{ id: lanes[0]!.id, name: 'Fast', capacity: 3 }, { name: 'Slow', capacity: 4 }] });
    expect(renamed.status).toBe(200);
    expect(renamed.body.post.lanes.map((l: WorkoutLane) => [l.name, l.signedUp, l.capacity])).toEqual([['Fast', 1, 3], ['Slow', 0, 4]]);
    expect(renamed.body.post.capacity).toBe(7);
    // An older app's edit (no lanes) keeps them.
    expect((await edit({ capacity: 7 })).body.post.lanes).toHaveLength(2);
    const series = await t.createPost(exec.token, { ...swim, lanes: LANES, repeat: { weekdays: [3], until: '2026-03-18' } });
    expect(series.series.posts).toHaveLength(3);
    for (const post of series.series.posts) expect(post.lanes.map((l: WorkoutLane) => l.name)).toEqual(['Lane 1', 'Lane 2', 'Lane 3']);
  });

  it('answers a sign-up naming another lane from a member with a place with 409 saying how to move; the same lane again is as before', async () => {
    const { t, id, signup, move, lanes, ann, view } = await setup();
    const [l1, l2, l3] = lanes.map((l) => l.id);
    expect((await signup(ann, { signedUp: true, lane: l1 })).body).toEqual({ signedUp: true });
    const before = t.db.select().from(waitlistEntries).all();
    for (const body of [{ signedUp: true, lane: l3 }, { signedUp: true, lane: l2, waitlistIfFull: true }]) {
      const other = await signup(ann, body);
      expect(other.status).toBe(409);
      expect(other.body).toMatchObject({ field: 'lane', lane: l1 });
      expect(other.body.error).toBe(`You are already signed up in Lane 1. To change lanes, use Move on the workout's page (POST /api/forum/workouts/${id}/lane).`);
    }
    const unchanged = await view(ann);
    expect(laneOf(unchanged, 'Lane 1')).toMatchObject({ mine: 'signed_up', signedUp: 1 });
    expect(laneOf(unchanged, 'Lane 3')).toMatchObject({ mine: null, signedUp: 0 });
    expect(t.db.select().from(waitlistEntries).all()).toEqual(before);
    // A lane that is none of this workout's is a bad request, as for anyone.
    expect((await signup(ann, { signedUp: true, lane: l3! + 100 })).status).toBe(400);
    // A replay of the same lane answers as it always did.
    expect((await signup(ann, { signedUp: true, lane: l1 })).body).toEqual({ signedUp: true });
    expect((await signup(ann, { signedUp: true, lane: l1, waitlistIfFull: true })).body).toEqual({ signedUp: true, onWaitlist: false, position: null });
    // The way it names does move her.
    expect((await move(ann, { lane: l3 })).body).toEqual({ moved: true, lane: l3, position: null });
  });

  it('bounds a lane’s pace band as the profile’s paces are bounded, naming the field: new, edited and weekly', async () => {
    const { t, id, exec } = await setup();
    const far = [{ name: 'Lane 1', paceFrom: 90, paceTo: 110 }, { name: 'Lane 2', paceFrom: 110, paceTo: 1e15 }];
    const posted = await t.call('POST', '/api/forum/posts', { token: exec.token, body: { ...swim, lanes: far } });
    expect(posted).toMatchObject({ status: 400, body: { error: "A lane's pace band is at most 10:00 per 100 m", field: 'lanes.1.paceTo' } });
    const weekly = await t.call('POST', '/api/forum/posts', { token: exec.token, body: { ...swim, lanes: far, repeat: { weekdays: [3], until: '2026-03-18' } } });
    expect(weekly).toMatchObject({ status: 400, body: { field: 'lanes.1.paceTo' } });
    const ride = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: { ...swim, workoutType: 'outdoor-ride', lanes: [{ name: 'A', paceFrom: 81 }] },
    });
    expect(ride).toMatchObject({ status: 400, body: { error: "A lane's speed band is at most 80 km/h", field: 'lanes.0.paceFrom' } });
    const edited = await t.call('PUT', `/api/forum/posts/${id}`, { token: exec.token, body: { ...swim, lanes: [{ name: 'Fast', paceTo: 601 }] } });
    expect(edited).toMatchObject({ status: 400, body: { field: 'lanes.0.paceTo' } });
    // At the bound is a pace still, as on a profile (10:00 per 100 m).
    expect((await t.call('POST', '/api/forum/posts', { token: exec.token, body: { ...swim, lanes: [{ name: 'Easy', paceFrom: 600 }] } })).status).toBe(201);
    const profile = await t.call('PUT', '/api/users/profile', { token: exec.token, body: { name: 'Erin', email: exec.email, swimPace: 601 } });
    expect(profile).toMatchObject({ status: 400, body: { error: expect.stringMatching(/^Swim pace per 100 m/) } });
  });

  it('lists lanes in the forum list with each member’s own place', async () => {
    const { signup, lanes, ann, bob, t } = await setup();
    await signup(ann, { signedUp: true, lane: lanes[1]!.id });
    const list = async (who: TestUser) => (await t.must('GET', '/api/forum/posts?type=workout', { token: who.token })).posts[0];
    expect(laneOf(await list(ann), 'Lane 2')).toMatchObject({ signedUp: 1, mine: 'signed_up' });
    expect(laneOf(await list(bob), 'Lane 2')).toMatchObject({ signedUp: 1, mine: null });
    expect((await list(ann)).isSignedUp).toBe(true);
  });
});

describe('a workout without lanes', () => {
  it('answers an installed app exactly as before: no lanes field, no lane needed, a lane refused', async () => {
    const { t, exec, ann, bob } = await makeClub({ exec: EXEC, ann: MEMBER, bob: { ...MEMBER, email: 'bob@club.test' } });
    const id = (await t.createPost(exec.token, { ...swim, capacity: 1 })).post.id;
    expect((await t.call('POST', `/api/forum/workouts/${id}/signup`, { token: ann.token })).body).toEqual({ signedUp: true });
    expect((await t.call('POST', `/api/forum/workouts/${id}/waitlist`, { token: bob.token })).body).toEqual({ onWaitlist: true, position: 1 });
    const detail = await t.must('GET', `/api/forum/workouts/${id}`, { token: ann.token });
    expect(detail.workout).not.toHaveProperty('lanes');
    expect(detail.signups[0]).not.toHaveProperty('lane');
    const listed = (await t.must('GET', '/api/forum/posts?type=workout', { token: ann.token })).posts[0];
    expect(listed).not.toHaveProperty('lanes');
    const laned = await t.call('POST', `/api/forum/workouts/${id}/signup`, { token: bob.token, body: { signedUp: true, lane: 1 } });
    expect(laned.status).toBe(400);
  });
});

describe('the own paces on the profile', () => {
  it('takes a swim pace per 100 m, a run pace per km and a ride speed, keeps them when left out, refuses a slip', async () => {
    const { t, ann } = await makeClub({ ann: MEMBER });
    const put = (body: Record<string, unknown>) =>
      t.call('PUT', '/api/users/profile', { token: ann.token, body: { name: 'Ann', email: ann.email, ...body } });
    expect((await put({})).body.user).not.toHaveProperty('paces');
    expect((await put({ swimPace: '1:45', runPace: '4:30', rideSpeed: '28.5' })).body.user.paces).toEqual({ swimPace: 105, runPace: 270, rideSpeed: 28.5, rowPace: null });
    expect((await put({ bio: 'Hi' })).body.user.paces).toEqual({ swimPace: 105, runPace: 270, rideSpeed: 28.5, rowPace: null });
    const bad = await put({ swimPace: 'fast' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/Swim pace per 100 m/);
    expect((await put({ swimPace: '', runPace: null, rideSpeed: null })).body.user).not.toHaveProperty('paces');
  });
});

describe('the lane wherever the workout shows', () => {
  it('names the lane in My week, the reminder and the member’s calendar feed, and the report and CSVs have a lane column', async () => {
    const { t, id, exec, signup, lanes, ann, bob } = await setup();
    await signup(ann, { signedUp: true, lane: lanes[1]!.id });
    await signup(bob, { signedUp: true, lane: lanes[0]!.id });
    const week = (await t.must('GET', '/api/me/week', { token: ann.token })).items;
    expect(week.find((i: { kind: string; id: number }) => i.kind === 'workout' && i.id === id)).toMatchObject({ status: 'signed_up', lane: 'Lane 2' });
    const link = new URL((await t.must('GET', '/api/me/calendar-link', { token: ann.token })).url as string).pathname;
    const feed = (await t.call('GET', link)).body as string;
    expect(feed.replace(/\r\n /g, '')).toContain('Lane: Lane 2');
    t.clock.set(Date.parse('2026-03-04T10:00:00Z'));
    sendDueReminders(t.deps);
    const reminders = queued(t).filter((m) => m.to === ann.email);
    expect(reminders.length).toBeGreaterThan(0);
    expect(reminders.every((m) => m.text.includes('Lane 2') || m.subject.includes('Lane 2'))).toBe(true);
    t.clock.set(Date.parse('2026-03-04T13:00:00Z'));
    submitAttendance(t.deps, { id: exec.id, role: 'exec', name: exec.name } as never, id, { [ann.id]: true, [bob.id]: false });
    const report = termReport(t.deps, termOfDate(defaultTerms().terms, '2026-03-04'));
    expect(report.workouts[0]!.lanes).toEqual([
      { name: 'Lane 1', signedUp: 1, present: 0, absent: 1 },
      { name: 'Lane 2', signedUp: 1, present: 1, absent: 0 },
      { name: 'Lane 3', signedUp: 0, present: 0, absent: 0 },
    ]);
    const csv = termReportCsv(report).body.split(/\r?\n/);
    expect(csv[0]).toMatch(/,"Lane"$/);
    expect(csv.filter((line) => line.includes('Swim')).map((line) => line.split(',').at(-1))).toEqual(['"Lane 1"', '"Lane 2"', '"Lane 3"']);
    const history = memberHistory(t.deps, ann.id, termOfDate(defaultTerms().terms, '2026-03-04'));
    expect(history.rows[0]!.lane).toBe('Lane 2');
    expect(memberHistoryCsv(history).body).toMatch(/"attended","Lane 2"/);
  });
});
