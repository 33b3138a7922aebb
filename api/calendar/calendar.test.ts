import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { ADMIN, EXEC, MEMBER, OTHER, makeClub } from '../testing/test-app';
import { clubDocuments } from '../../db/schema';
import { defaultClubIdentity } from '../../domain/documents/club-identity';
import { defaultSports } from '../../domain/sports';

// Test clock: 2026-03-02T15:00:00Z, 10:00 on Monday, March 2 in Toronto (the default CLUB_TIMEZONE).

interface ParsedEvent {
  uid: string;
  summary: string;
  sequence: number;
  status: string | null;
  tzid: string | null;
  start: ICAL.Time;
  startMs: number;
  /** DTEND as an instant (epoch ms), or null without one (an all-day entry). */
  endMs: number | null;
  location: string | null;
}

/** The feed parsed back with an iCalendar library: its zone and its events. */
function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const zones = cal.getAllSubcomponents('vtimezone');
  for (const z of zones) ICAL.TimezoneService.register(z);
  const events: ParsedEvent[] = cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      summary: e.summary,
      sequence: e.sequence,
      status: (v.getFirstPropertyValue('status') as string | null) ?? null,
      tzid: (v.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined) ?? null,
      start: e.startDate,
      startMs: e.startDate.toJSDate().getTime(),
      endMs: v.hasProperty('dtend') ? e.endDate.toJSDate().getTime() : null,
      location: (v.getFirstPropertyValue('location') as string | null) ?? null,
    };
  });
  return { zones: zones.map((z) => z.getFirstPropertyValue('tzid')), events };
}

async function setup() {
  const club = await makeClub({ exec: EXEC, me: MEMBER, other: OTHER });
  const { t, exec } = club;
  const post = async (body: Record<string, unknown>) => (await t.createPost(exec.token, body)).post.id as number;
  const workoutBody = {
    type: 'workout',
    title: 'Tempo run',
    workoutType: 'run',
    workoutDate: '2026-03-04',
    workoutTime: '18:00',
    content: 'Track',
    capacity: null,
  };
  const workout = (over: Record<string, unknown> = {}) => post({ ...workoutBody, ...over });
  const event = (over: Record<string, unknown> = {}) =>
    post({
      type: 'event',
      title: 'Pub quiz',
      eventDate: '2026-03-05',
      eventTime: '19:30',
      eventLocation: 'The Crown',
      content: 'x',
      ...over,
    });
  const race = async (name: string, date: string) => (await t.createRace(exec.token, { name, date, location: 'Lakeside' })).id as number;
  const feedPath = async (token: string) => new URL((await t.must('GET', '/api/me/calendar-link', { token })).url as string).pathname;
  const feed = async (path: string) => {
    const res = await t.call('GET', path);
    expect(res.status, String(res.body)).toBe(200);
    return parse(res.body as string);
  };
  return { ...club, workout, workoutBody, event, race, feedPath, feed };
}

describe('club feed', () => {
  it('lists workouts and races in the club zone with its VTIMEZONE, as text/calendar, cacheable', async () => {
    const { t, workout, event, race } = await setup();
    const w = await workout();
    await event();
    const r = await race('Spring Sprint', '2026-04-12');
    const res = await t.call('GET', '/api/calendar/club.ics');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
    const { zones, events } = parse(res.body);
    expect(zones).toEqual(['America/Toronto']);
    expect(events.map((e) => e.uid)).toEqual([`workout-${w}@club.test`, `race-${r}@club.test`]);
    const [run, sprint] = events;
    expect(run).toMatchObject({
      summary: 'Tempo run',
      tzid: 'America/Toronto',
      sequence: 0,
      status: 'CONFIRMED',
    });
    expect(run!.start.toString()).toBe('2026-03-04T18:00:00');
    expect(run!.startMs).toBe(Date.parse('2026-03-04T23:00:00Z'));
    expect(sprint).toMatchObject({ summary: 'Spring Sprint', location: 'Lakeside' });
    expect(sprint!.start.isDate).toBe(true);
    expect(sprint!.start.toString()).toBe('2026-04-12');
  });

  it('ends each entry at its end time, or after its kind’s usual length (a ride two hours, not one)', async () => {
    const { t, exec, me, workout, event, feedPath, feed } = await setup();
    const run = await workout();
    const ride = await workout({ title: 'Long ride', workoutType: 'outdoor-ride', workoutDate: '2026-03-07', workoutTime: '08:00' });
    const swim = await workout({ title: 'Masters swim', workoutType: 'swim', workoutDate: '2026-03-06', workoutTime: '18:00', workoutEndTime: '19:30' });
    const quiz = await event({ eventEndTime: '22:00' });
    const hour = 3_600_000;
    const club = parse((await t.call('GET', '/api/calendar/club.ics')).body).events;
    const byUid = (uid: string) => club.find((e) => e.uid === uid)!;
    expect(byUid(`workout-${run}@club.test`).endMs! - byUid(`workout-${run}@club.test`).startMs).toBe(hour);
    expect(byUid(`workout-${ride}@club.test`).endMs! - byUid(`workout-${ride}@club.test`).startMs).toBe(2 * hour);
    expect(byUid(`workout-${swim}@club.test`).endMs).toBe(Date.parse('2026-03-07T00:30:00Z'));
    // The event ends at 22:00 in the member's own feed (they answered it).
    await t.must('POST', `/api/forum/events/${quiz}/rsvp`, { token: me.token, body: { status: 'going' } });
    const mine = (await feed(await feedPath(me.token))).events;
    expect(mine.find((e) => e.uid === `event-${quiz}@club.test`)!.endMs).toBe(Date.parse('2026-03-06T03:00:00Z'));
    // An edit that leaves the end time out keeps it; an empty one goes back to the usual length.
    const edit = { title: 'Masters swim', workoutType: 'swim', workoutDate: '2026-03-06', workoutTime: '18:30', content: 'Track', capacity: null };
    await t.must('PUT', `/api/forum/posts/${swim}`, { token: exec.token, body: edit });
    const kept = parse((await t.call('GET', '/api/calendar/club.ics')).body).events.find((e) => e.uid === `workout-${swim}@club.test`)!;
    expect(kept.endMs! - kept.startMs).toBe(1.5 * hour);
    await t.must('PUT', `/api/forum/posts/${swim}`, { token: exec.token, body: { ...edit, workoutEndTime: '' } });
    const usual = parse((await t.call('GET', '/api/calendar/club.ics')).body).events.find((e) => e.uid === `workout-${swim}@club.test`)!;
    expect(usual.endMs! - usual.startMs).toBe(hour);
  });

  it('keeps the UID and raises the SEQUENCE on each edit; a deleted workout is published as cancelled', async () => {
    const { t, exec, workout, workoutBody } = await setup();
    const w = await workout();
    const before = parse((await t.call('GET', '/api/calendar/club.ics')).body).events[0]!;
    const { type: _type, ...update } = workoutBody;
    await t.must('PUT', `/api/forum/posts/${w}`, { token: exec.token, body: { ...update, workoutTime: '18:30' } });
    const once = parse((await t.call('GET', '/api/calendar/club.ics')).body).events[0]!;
    await t.must('PUT', `/api/forum/posts/${w}`, { token: exec.token, body: { ...update, title: 'Tempo intervals' } });
    const twice = parse((await t.call('GET', '/api/calendar/club.ics')).body).events[0]!;
    expect([before.uid, once.uid, twice.uid]).toEqual([
      `workout-${w}@club.test`,
      `workout-${w}@club.test`,
      `workout-${w}@club.test`,
    ]);
    expect([before.sequence, once.sequence, twice.sequence]).toEqual([0, 1, 2]);
    expect(once.start.toString()).toBe('2026-03-04T18:30:00');
    expect(twice.summary).toBe('Tempo intervals');
    await t.must('DELETE', `/api/forum/posts/${w}`, { token: exec.token });
    // A tombstone: the same UID, CANCELLED, a higher SEQUENCE, so subscribed calendars remove it
    // (api/forum/plans-change.test.ts follows it until it leaves the feed).
    expect(parse((await t.call('GET', '/api/calendar/club.ics')).body).events).toMatchObject([
      { uid: `workout-${w}@club.test`, status: 'CANCELLED', sequence: 3 },
    ]);
  });
});

describe('personal feed', () => {
  it('holds my workouts, answered events (not going as CANCELLED) and races, never another member’s', async () => {
    const { t, exec, me, other, workout, event, race, feedPath, feed } = await setup();
    const mine = await workout();
    const full = await workout({
      title: 'Track',
      workoutDate: '2026-03-03',
      workoutTime: '07:00',
      capacity: 1,
    });
    const theirs = await workout({ title: 'Open water', workoutDate: '2026-03-06' });
    const quiz = await event();
    const agm = await event({ title: 'AGM', eventDate: '2026-03-06', eventTime: '', eventLocation: '' });
    const sprint = await race('Spring Sprint', '2026-04-12');
    await t.must('POST', `/api/forum/workouts/${mine}/signup`, { token: me.token });
    await t.must('POST', `/api/forum/workouts/${full}/signup`, { token: other.token });
    await t.must('POST', `/api/forum/workouts/${full}/waitlist`, { token: me.token });
    await t.must('POST', `/api/forum/workouts/${theirs}/signup`, { token: other.token });
    await t.must('POST', `/api/forum/events/${quiz}/rsvp`, { token: me.token, body: { status: 'maybe' } });
    await t.must('POST', `/api/forum/events/${agm}/rsvp`, { token: me.token, body: { status: 'not_going' } });
    await t.must('POST', `/api/forum/events/${agm}/rsvp`, { token: other.token, body: { status: 'going' } });
    await t.must('POST', `/api/races/${sprint}/signup`, { token: me.token });

    const path = await feedPath(me.token);
    expect(path).toMatch(/^\/api\/calendar\/c\d+-[A-Za-z0-9_-]{43}\.ics$/);
    const res = await t.call('GET', path);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('private, max-age=3600');
    const { zones, events } = parse(res.body);
    expect(zones).toEqual(['America/Toronto']);
    expect(events.map((e) => [e.uid, e.status])).toEqual([
      [`workout-${full}@club.test`, 'TENTATIVE'],
      [`workout-${mine}@club.test`, 'CONFIRMED'],
      [`event-${quiz}@club.test`, 'TENTATIVE'],
      [`event-${agm}@club.test`, 'CANCELLED'],
      [`race-${sprint}@club.test`, 'CONFIRMED'],
    ]);
    expect(events[2]).toMatchObject({ location: 'The Crown', tzid: 'America/Toronto' });
    expect(events[2]!.startMs).toBe(Date.parse('2026-03-06T00:30:00Z'));
    expect(events[3]!.start.isDate).toBe(true);

    const theirFeed = await feed(await feedPath(other.token));
    expect(theirFeed.events.map((e) => e.uid)).toEqual([
      `workout-${full}@club.test`,
      `event-${agm}@club.test`, // all day: first on its day
      `workout-${theirs}@club.test`,
    ]);
    expect(theirFeed.events.map((e) => e.status)).toEqual(['CONFIRMED', 'CONFIRMED', 'CONFIRMED']);
    void exec;
  });

  it('holds the duties I hold, with UIDs of their own that stay, cancelled with their session, gone once given up', async () => {
    const { t, exec, me, other, workout, race, feedPath, feed } = await setup();
    const run = await workout();
    const sprint = await race('Spring Sprint', '2026-04-12');
    const addDuty = async (place: string, placeId: number, kind: string) =>
      ((await t.must('POST', '/api/duties', { token: exec.token, body: { place, placeId, kind, places: 1 } })).duties as { id: number }[]).at(-1)!.id;
    const coach = await addDuty('workout', run, 'Coach on deck');
    const marshal = await addDuty('race', sprint, 'Marshal');
    const driver = await addDuty('race', sprint, 'Driver');
    await t.must('POST', `/api/duties/${coach}/claim`, { token: me.token });
    await t.must('POST', `/api/duties/${marshal}/claim`, { token: me.token });
    await t.must('POST', `/api/duties/${driver}/claim`, { token: other.token });
    const path = await feedPath(me.token);
    const duties = async () => (await feed(path)).events.filter((e) => e.uid.startsWith('duty-'));
    const first = await duties();
    expect(first.map((e) => [e.uid, e.summary, e.status])).toEqual([
      [`duty-${coach}@club.test`, 'Coach on deck: Tempo run', 'CONFIRMED'],
      [`duty-${marshal}@club.test`, 'Marshal: Spring Sprint', 'CONFIRMED'],
    ]);
    // The coach is on deck for the run's time, in the club's zone; the marshal all day on race day.
    expect(first[0]).toMatchObject({ tzid: 'America/Toronto', startMs: Date.parse('2026-03-04T23:00:00Z') });
    expect(first[1]!.start.isDate).toBe(true);
    expect((await feed(await feedPath(other.token))).events.map((e) => e.uid)).toContain(`duty-${driver}@club.test`);

    await t.must('POST', `/api/forum/posts/${run}/cancel`, { token: exec.token, body: { reason: 'Track closed' } });
    const cancelled = await duties();
    expect(cancelled.map((e) => [e.uid, e.summary, e.status])[0]).toEqual([`duty-${coach}@club.test`, 'Cancelled: Coach on deck: Tempo run', 'CANCELLED']);
    expect(cancelled[0]!.sequence).toBeGreaterThan(first[0]!.sequence);

    await t.must('DELETE', `/api/duties/${marshal}/claim`, { token: me.token });
    expect((await duties()).map((e) => e.uid)).toEqual([`duty-${coach}@club.test`]);
  });

  it('keeps its link until reset; the old link then answers 404', async () => {
    const { t, me, feedPath } = await setup();
    const first = await feedPath(me.token);
    expect(await feedPath(me.token)).toBe(first);
    const reset = new URL((await t.must('POST', '/api/me/calendar-link/reset', { token: me.token })).url as string).pathname;
    expect(reset).not.toBe(first);
    expect(await feedPath(me.token)).toBe(reset);
    const old = await t.call('GET', first);
    expect(old.status).toBe(404);
    expect(old.body).toEqual({ error: 'Calendar not found' });
    expect((await t.call('GET', reset)).status).toBe(200);
  });

  it('answers 404 for a wrong, malformed or other member’s secret', async () => {
    const { t, me, other, feedPath } = await setup();
    const mine = await feedPath(me.token);
    const theirs = await feedPath(other.token);
    const secretOf = (p: string) => p.split('-').slice(1).join('-');
    for (const path of [
      `/api/calendar/c${me.id}-${secretOf(theirs)}`, // my id, their secret
      mine.replace(/.{5}\.ics$/, 'AAAAA.ics'),
      mine.replace('.ics', ''),
      '/api/calendar/nope.ics',
      `/api/calendar/c${me.id}-short.ics`,
    ]) {
      expect((await t.call('GET', path)).status, path).toBe(404);
    }
  });

  it('stops working when the member is no longer a member', async () => {
    const { t, me, feedPath } = await setup();
    const path = await feedPath(me.token);
    const { eq } = await import('drizzle-orm');
    const { users } = await import('../../db/schema');
    t.db.update(users).set({ role: 'rejected' }).where(eq(users.id, me.id)).run();
    expect((await t.call('GET', path)).status).toBe(404);
  });
});

describe('single entry downloads ("Add to calendar")', () => {
  it('give one VEVENT with the feed’s UID as an attachment', async () => {
    const { t, me, workout, event, race } = await setup();
    const ids = {
      workout: await workout(),
      event: await event(),
      race: await race('Spring Sprint', '2026-04-12'),
    };
    for (const kind of ['workout', 'event', 'race'] as const) {
      const res = await t.call('GET', `/api/calendar/${kind}/${ids[kind]}`, { token: me.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="[A-Za-z0-9-]+\.ics"$/);
      const { zones, events } = parse(res.body);
      // A race is all day: a DATE needs no zone.
      expect(zones).toEqual(kind === 'race' ? [] : ['America/Toronto']);
      expect(events.map((e) => e.uid)).toEqual([`${kind}-${ids[kind]}@club.test`]);
    }
    expect((await t.call('GET', '/api/calendar/workout/999', { token: me.token })).status).toBe(404);
    expect((await t.call('GET', `/api/calendar/race/${ids.event}`, { token: me.token })).status).toBe(404);
  });
});

describe('who may use the calendar routes', () => {
  it('member, exec, admin get the link and downloads; pending, public and rejected 403; visitors 401', async () => {
    const { t, me, exec, workout } = await setup();
    const w = await workout();
    const admin = await t.createUser({ role: 'administrator' });
    for (const user of [me, exec, admin]) {
      expect((await t.call('GET', '/api/me/calendar-link', { token: user.token })).status).toBe(200);
      expect((await t.call('POST', '/api/me/calendar-link/reset', { token: user.token })).status).toBe(200);
      expect((await t.call('GET', `/api/calendar/workout/${w}`, { token: user.token })).status).toBe(200);
    }
    for (const role of ['pending', 'public', 'rejected'] as const) {
      const user = await t.createUser({ role });
      expect((await t.call('GET', '/api/me/calendar-link', { token: user.token })).status).toBe(403);
      expect((await t.call('POST', '/api/me/calendar-link/reset', { token: user.token })).status).toBe(403);
      expect((await t.call('GET', `/api/calendar/workout/${w}`, { token: user.token })).status).toBe(403);
    }
    expect((await t.call('GET', '/api/me/calendar-link')).status).toBe(401);
    expect((await t.call('POST', '/api/me/calendar-link/reset')).status).toBe(401);
    expect((await t.call('GET', `/api/calendar/event/${w}`)).status).toBe(401);
    // The club feed is public.
    expect((await t.call('GET', '/api/calendar/club.ics')).status).toBe(200);
  });
});

describe('texts the feeds take from the settings', () => {
  it('a club name holding line breaks, stored whatever the check says, writes no event of its own into either feed', async () => {
    const club = await makeClub({ admin: ADMIN, exec: EXEC, me: MEMBER });
    const { t, admin, exec, me } = club;
    const injected = 'Harbour\r\nBEGIN:VEVENT\r\nUID:injected@evil.test\r\nSUMMARY:Free entry\r\nDTSTART:20260304T180000Z\r\nEND:VEVENT';
    const stored = (key: 'club' | 'sports', body: unknown) =>
      t.deps.database.db.insert(clubDocuments).values({ key, version: 1, body: JSON.stringify(body), publishedBy: null, publishedAt: t.deps.clock(), note: null, minor: false }).run();
    // Straight into the table, as a restore of an old backup or a hand edit would: no schema on the way.
    stored('club', { ...defaultClubIdentity(t.deps.env.CLUB_EMAIL), name: injected });
    const sports = defaultSports();
    sports.types = sports.types.map((type) => (type.id === 'run' ? { ...type, name: 'Run\rEND:VCALENDAR\nBEGIN:VEVENT' } : type));
    stored('sports', sports);
    // Any publish drops the documents the server keeps in memory, so the stored ones are read.
    await t.must('PUT', '/api/club/documents/permissions', { token: admin.token, body: { body: { execsEditPages: false }, version: 0 } });

    const w = (await t.createPost(exec.token, { type: 'workout', title: 'Tempo run', workoutType: 'run', workoutDate: '2026-03-04', workoutTime: '18:00', content: 'Track', capacity: null })).post.id as number;
    await t.must('POST', `/api/forum/workouts/${w}/signup`, { token: me.token });
    const link = new URL((await t.must('GET', '/api/me/calendar-link', { token: me.token })).url as string).pathname;

    for (const path of ['/api/calendar/club.ics', link]) {
      const res = await t.call('GET', path);
      expect(res.status, path).toBe(200);
      const text = res.body as string;
      const cal = new ICAL.Component(ICAL.parse(text));
      expect(cal.getAllSubcomponents('vevent').map((v) => v.getFirstPropertyValue('uid')), path).toEqual([`workout-${w}@club.test`]);
      expect(text.match(/^BEGIN:VEVENT/gm), path).toHaveLength(1);
      expect(text.match(/^BEGIN:VCALENDAR/gm), path).toHaveLength(1);
      const name = cal.getFirstPropertyValue('x-wr-calname') as string;
      expect(name, path).toContain('Harbour BEGIN:VEVENT UID:injected@evil.test');
      expect(name, path).not.toMatch(/[\r\n]/);
      expect(new ICAL.Event(cal.getFirstSubcomponent('vevent')!).summary, path).toBe('Tempo run');
    }
  });
});
