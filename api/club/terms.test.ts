// The club's membership terms as a document: who edits them, what is refused, and every server rule
// that reads a term following an edit (config, renewals, the report's terms, a weekly series).
import { describe, expect, it } from 'vitest';
import { defaultTerms, nextYearTerms, type TermDefinition } from '../../domain/calendar';
import { ADMIN, EXEC, MEMBER, makeClub } from '../testing/test-app';

const URL = '/api/club/documents/terms';
const defaults = defaultTerms().terms;

async function setup() {
  // Test clock: Monday 2026-03-02 in Toronto (Winter 2026).
  const club = await makeClub({ admin: ADMIN, exec: EXEC, me: MEMBER, soon: { ...MEMBER, name: 'Sam Soon', expiryDate: '2026-03-20' } });
  const publish = (terms: TermDefinition[], version = 0, token = club.admin.token) => club.t.call('PUT', URL, { token, body: { body: { terms }, version } });
  return { ...club, publish };
}

// A club whose Winter ends mid-April and whose Fall starts in August.
const shifted = defaults.map((t) =>
  t.id === 'winter-2026' ? { ...t, end: '2026-04-17' } : t.id === 'fall-2026' ? { ...t, name: 'Autumn', start: '2026-08-24' } : t.id === 'summer-2026' ? { ...t, end: '2026-08-21' } : t,
);

describe('the terms document', () => {
  it('is public, starts with the default terms, and only administrators publish it', async () => {
    const { t, exec, me, publish } = await setup();
    const read = await t.call('GET', URL);
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ key: 'terms', version: 0 });
    expect(read.body.body.terms).toContainEqual({ id: 'fall-2026', name: 'Fall', start: '2026-09-01', end: '2026-12-31' });
    expect((await publish(shifted, 0, exec.token)).status).toBe(403);
    expect((await publish(shifted, 0, me.token)).status).toBe(403);
    expect((await t.call('PUT', URL, { body: { body: { terms: shifted }, version: 0 } })).status).toBe(401);
    expect((await publish(shifted)).status).toBe(200);
  });

  it('refuses a term ending before it starts, an overlap, a bad date and an empty list, naming the field', async () => {
    const { t, publish } = await setup();
    const backwards = defaults.map((x) => (x.id === 'spring-2026' ? { ...x, end: '2026-04-01' } : x));
    const i = defaults.findIndex((x) => x.id === 'spring-2026');
    expect(await publish(backwards)).toMatchObject({ status: 400, body: { error: 'Spring 2026 must start before it ends', field: `terms.${i}.end` } });
    const overlap = defaults.map((x) => (x.id === 'spring-2026' ? { ...x, start: '2026-04-20' } : x));
    expect(await publish(overlap)).toMatchObject({
      status: 400,
      body: { error: 'Spring 2026 starts on 2026-04-20, before Winter 2026 ends (2026-04-30)', field: `terms.${i}.start` },
    });
    const badDate = defaults.map((x) => (x.id === 'spring-2026' ? { ...x, start: '2026-02-30' } : x));
    expect(await publish(badDate)).toMatchObject({ status: 400, body: { error: 'Enter the first date as YYYY-MM-DD', field: `terms.${i}.start` } });
    const unnamed = defaults.map((x) => (x.id === 'spring-2026' ? { ...x, name: ' ' } : x));
    expect(await publish(unnamed)).toMatchObject({ status: 400, body: { error: 'Give the term a name', field: `terms.${i}.name` } });
    expect(await publish([])).toMatchObject({ status: 400, body: { error: 'Keep at least one term', field: 'terms' } });
    expect((await t.call('GET', URL)).body.version).toBe(0);
  });

  it('is what /api/config, renewals and the expiry choices read once published', async () => {
    const { t, admin, soon } = await setup();
    await t.must('PUT', URL, { token: admin.token, body: { body: { terms: shifted }, version: 0 } });
    const config = await t.call('GET', '/api/config');
    expect(config.body.sessions).toEqual([
      { id: 'winter-2026', name: 'Winter 2026', starts: '2026-01-01', ends: '2026-04-17' },
      { id: 'spring-2026', name: 'Spring 2026', starts: '2026-05-01', ends: '2026-06-30' },
      { id: 'summer-2026', name: 'Summer 2026', starts: '2026-07-01', ends: '2026-08-21' },
      { id: 'fall-2026', name: 'Autumn 2026', starts: '2026-08-24', ends: '2026-12-31' },
    ]);
    expect(config.body.terms).toContainEqual({ id: 'fall-2026', name: 'Autumn', start: '2026-08-24', end: '2026-12-31' });
    const mine = await t.call('GET', '/api/me/renewal', { token: soon.token });
    expect(mine.body.sessions[0]).toEqual({ id: 'winter-2026', name: 'Winter 2026', starts: '2026-01-01', ends: '2026-04-17' });
    const asked = await t.call('POST', '/api/me/renewal', { token: soon.token, body: { session: 'fall-2026' } });
    expect(asked.body.renewal).toMatchObject({ session: 'fall-2026', sessionName: 'Autumn 2026', sessionEnds: '2026-12-31' });
  });

  it("offers next year's terms to the attendance report once an administrator adds them", async () => {
    const { t, admin, exec } = await setup();
    const before = await t.call('GET', '/api/reports/attendance?term=2028-fall', { token: exec.token });
    expect(before.status).toBe(400);
    const withNext = [...defaults, ...nextYearTerms(defaults)];
    await t.must('PUT', URL, { token: admin.token, body: { body: { terms: withNext }, version: 0 } });
    const after = await t.call('GET', '/api/reports/attendance?term=2028-fall', { token: exec.token });
    expect(after.status).toBe(200);
    expect(after.body.term).toMatchObject({ key: '2028-fall', label: 'Fall 2028', start: '2028-09-01', end: '2028-12-31' });
    const current = await t.call('GET', '/api/reports/attendance', { token: exec.token });
    expect(current.body.term).toMatchObject({ key: '2026-winter' });
  });

  it('bounds a weekly series by the term in force', async () => {
    const { t, admin, exec } = await setup();
    const body = {
      type: 'workout',
      title: 'Swim',
      workoutType: 'swim',
      workoutDate: '2026-04-07',
      workoutTime: '07:00',
      content: 'Laps',
      capacity: null,
      repeat: { weekdays: [2], until: '2026-04-28' },
    };
    await t.must('PUT', URL, { token: admin.token, body: { body: { terms: shifted }, version: 0 } });
    const refused = await t.call('POST', '/api/forum/posts', { token: exec.token, body });
    expect(refused).toMatchObject({ status: 400, body: { error: 'A series stays within one term: Winter 2026 ends on 2026-04-17', field: 'repeat.until' } });
    const made = await t.call('POST', '/api/forum/posts', { token: exec.token, body: { ...body, repeat: { weekdays: [2], until: '2026-04-17' } } });
    expect(made.status).toBe(201);
  });
});
