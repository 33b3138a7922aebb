// The training seasons as a document: who edits them, what is refused, and the demo week they seed.
import { describe, expect, it } from 'vitest';
import { demoWeek } from '../../db/demo-content';
import { defaultSeasons } from '../../domain/schedule';
import { ADMIN, EXEC, MEMBER, makeClub } from '../testing/test-app';

const URL = '/api/club/documents/seasons';

describe('the seasons document', () => {
  it('is public, starts with the three seasons and Spring first, and only administrators publish it', async () => {
    const { t, admin, exec, me } = await makeClub({ admin: ADMIN, exec: EXEC, me: MEMBER });
    const read = await t.call('GET', URL);
    expect(read.status).toBe(200);
    expect(read.body.body).toEqual(defaultSeasons());
    const body = { ...defaultSeasons(), shownFirst: 'summer' };
    expect((await t.call('PUT', URL, { token: exec.token, body: { body, version: 0 } })).status).toBe(403);
    expect((await t.call('PUT', URL, { token: me.token, body: { body, version: 0 } })).status).toBe(403);
    expect((await t.call('PUT', URL, { body: { body, version: 0 } })).status).toBe(401);
    expect((await t.call('PUT', URL, { token: admin.token, body: { body, version: 0 } })).status).toBe(200);
    expect((await t.call('GET', URL)).body.body.shownFirst).toBe('summer');
  });

  it('refuses a session ending before it starts, a bad day, a bad season date and an unknown first tab, naming the field', async () => {
    const { t, admin } = await makeClub({ admin: ADMIN });
    const publish = (edit: (doc: ReturnType<typeof defaultSeasons>) => void) => {
      const doc = defaultSeasons();
      edit(doc);
      return t.call('PUT', URL, { token: admin.token, body: { body: doc, version: 0 } });
    };
    expect(await publish((d) => Object.assign(d.seasons[0]!.sessions[1]!, { end: '17:00' }))).toMatchObject({
      status: 400,
      body: { error: 'The end time must be after the time', field: 'seasons.0.sessions.1.end' },
    });
    expect(await publish((d) => Object.assign(d.seasons[1]!.sessions[0]!, { day: 'Funday' }))).toMatchObject({
      status: 400,
      body: { error: 'Choose a day of the week', field: 'seasons.1.sessions.0.day' },
    });
    expect(await publish((d) => Object.assign(d.seasons[2]!, { from: '02-30' }))).toMatchObject({
      status: 400,
      body: { error: 'Enter the first day as MM-DD, e.g. 04-29', field: 'seasons.2.from' },
    });
    expect(await publish((d) => Object.assign(d.seasons[0]!.sessions[0]!, { title: '' }))).toMatchObject({
      status: 400,
      body: { error: 'Say what the session is', field: 'seasons.0.sessions.0.title' },
    });
    expect(await publish((d) => Object.assign(d, { shownFirst: 'winter' }))).toMatchObject({
      status: 400,
      body: { error: 'Choose one of the seasons to show first', field: 'shownFirst' },
    });
    expect((await t.call('GET', URL)).body.version).toBe(0);
  });

  it('seeds the demo week from the seasons given', () => {
    const doc = defaultSeasons();
    const fall = doc.seasons.find((s) => s.id === 'fall-winter')!;
    fall.sessions = [{ day: 'Monday', start: '06:00', end: '07:00', kind: 'erg', title: 'Erg intervals', place: 'Boathouse' }];
    // Sunday 22 November 2026: the week ahead is the fall/winter timetable.
    expect(demoWeek('2026-11-22', doc.seasons)).toEqual([
      expect.objectContaining({ date: '2026-11-23', time: '06:00', title: 'Erg intervals', location: 'Boathouse', workoutType: 'other', capacity: null }),
    ]);
  });
});
