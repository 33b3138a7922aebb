// Every duty route refuses as the rest of the API does: no token is a 401, a body or query that is
// not what the contract takes is a 400 naming its field, an id that names nothing a 404; never a 500.
import { describe, expect, it } from 'vitest';
import { EXEC, MEMBER, makeClub } from '../testing/test-app';

const swim = { type: 'workout', title: 'Swim', workoutType: 'swim', workoutDate: '2026-03-06', workoutTime: '18:00', content: 'Lanes.' };

async function setup() {
  const club = await makeClub({ exec: EXEC, me: MEMBER });
  const workout = (await club.t.createPost(club.exec.token, swim)).post as { id: number };
  const made = await club.t.call('POST', '/api/duties', { token: club.exec.token, body: { place: 'workout', placeId: workout.id, kind: 'Lifeguard', places: 1 } });
  const duty = (made.body.duties as { id: number }[])[0]!;
  return { ...club, workout, duty };
}

function routes(dutyId: number, userId: number, workoutId: number): [string, string][] {
  return [
    ['GET', `/api/duties?place=workout&id=${workoutId}`],
    ['GET', '/api/duties/rota'],
    ['POST', '/api/duties'],
    ['DELETE', `/api/duties/${dutyId}`],
    ['POST', `/api/duties/${dutyId}/claim`],
    ['DELETE', `/api/duties/${dutyId}/claim`],
    ['POST', `/api/duties/${dutyId}/swap`],
    ['POST', `/api/duties/${dutyId}/swap/take`],
    ['PUT', `/api/duties/${dutyId}/holders/${userId}`],
    ['DELETE', `/api/duties/${dutyId}/holders/${userId}`],
    ['PUT', `/api/duties/${dutyId}/holders/${userId}/no-show`],
  ];
}

describe('duty routes without a token', () => {
  it('each answers 401 with a JSON error', async () => {
    const { t, me, duty, workout } = await setup();
    for (const [method, path] of routes(duty.id, me.id, workout.id)) {
      const res = await t.call(method, path, method !== 'GET' && method !== 'DELETE' ? { body: { place: 'workout', noShow: true } } : {});
      expect([method, path, res.status, typeof res.body?.error]).toEqual([method, path, 401, 'string']);
    }
  });
});

describe('POST /api/duties with a bad body', () => {
  it('answers 400 naming the field, in the contract’s words', async () => {
    const { t, exec, workout } = await setup();
    const good = { place: 'workout', placeId: workout.id, kind: 'Lifeguard', places: 1 };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...good, place: 'pool' }, 'place'],
      [{ ...good, placeId: 'seven' }, 'placeId'],
      [{ ...good, placeId: 1.5 }, 'placeId'],
      [{ ...good, placeId: -3 }, 'placeId'],
      [{ ...good, kind: 42 }, 'kind'],
      [{ ...good, kind: '   ' }, 'kind'],
      [{ ...good, kind: 'L'.repeat(500) }, 'kind'],
      [{ ...good, places: '2' }, 'places'],
      [{ ...good, places: 2.5 }, 'places'],
      [{ ...good, places: 1000 }, 'places'],
      [{ ...good, eligibility: 'anyone' }, 'eligibility'],
      [{ ...good, eligibility: 'qualified' }, 'qualification'],
      [{ ...good, eligibility: 'qualified', qualification: 7 }, 'qualification'],
      [{ ...good, series: 'yes' }, 'series'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', '/api/duties', { token: exec.token, body });
      expect([JSON.stringify(body), res.status, res.body.field]).toEqual([JSON.stringify(body), 400, field]);
      expect(res.body.error).toEqual(expect.any(String));
      // The words are the contract's, never zod's own.
      expect(res.body.error).not.toMatch(/^(Invalid|Expected)/);
    }
  });

  it('answers 400 to a body that is not JSON or not an object, 415 to one labelled otherwise', async () => {
    const { t, exec } = await setup();
    const headers = { 'content-type': 'application/json' };
    for (const body of ['{', '', 'null', '[]', '"Lifeguard"']) {
      const res = await t.call('POST', '/api/duties', { token: exec.token, body, headers });
      expect([body, res.status, typeof res.body.error]).toEqual([body, 400, 'string']);
    }
    const text = await t.call('POST', '/api/duties', { token: exec.token, body: 'kind=Lifeguard', headers: { 'content-type': 'text/plain' } });
    expect(text.status).toBe(415);
  });

  it('answers 404 naming placeId when the workout, event or race is not there', async () => {
    const { t, exec, workout } = await setup();
    for (const body of [
      { place: 'event', placeId: workout.id, kind: 'Marshal', places: 1 },
      { place: 'race', placeId: 999, kind: 'Marshal', places: 1 },
      { place: 'workout', placeId: 999_999_999_999, kind: 'Marshal', places: 1 },
    ]) {
      const res = await t.call('POST', '/api/duties', { token: exec.token, body });
      expect([res.status, res.body.field]).toEqual([404, 'placeId']);
    }
  });
});

describe('PUT /api/duties/:id/holders/:userId/no-show with a bad body', () => {
  it('answers 400 naming noShow', async () => {
    const { t, exec, me, duty } = await setup();
    for (const body of [{}, { noShow: 'yes' }, { noShow: null }]) {
      const res = await t.call('PUT', `/api/duties/${duty.id}/holders/${me.id}/no-show`, { token: exec.token, body });
      expect([JSON.stringify(body), res.status, res.body]).toEqual([JSON.stringify(body), 400, { error: 'Say whether the holder did not show up (true or false)', field: 'noShow' }]);
    }
    const notJson = await t.call('PUT', `/api/duties/${duty.id}/holders/${me.id}/no-show`, { token: exec.token, body: '{', headers: { 'content-type': 'application/json' } });
    expect(notJson.status).toBe(400);
  });
});

describe('duty routes with a bad query or id', () => {
  it('GET /api/duties without a place and id answers 400', async () => {
    const { t, me } = await setup();
    for (const query of ['', '?place=workout', '?id=1', '?place=pool&id=1', '?place=workout&id=abc', '?place=workout&id=-1']) {
      const res = await t.call('GET', `/api/duties${query}`, { token: me.token });
      expect([query, res.status, res.body.error]).toEqual([query, 400, 'Say where the duties are: place=workout, event or race with its id']);
    }
  });

  it('an id that names no duty or member answers 404, whatever its shape', async () => {
    const { t, exec, me, duty } = await setup();
    const paths = ['abc', '0', '99999', '1e3', '9'.repeat(30)].flatMap((id) => [
      ['DELETE', `/api/duties/${id}`],
      ['POST', `/api/duties/${id}/claim`],
      ['DELETE', `/api/duties/${id}/claim`],
      ['POST', `/api/duties/${id}/swap`],
      ['POST', `/api/duties/${id}/swap/take`],
      ['PUT', `/api/duties/${id}/holders/${me.id}`],
      ['PUT', `/api/duties/${duty.id}/holders/${id}`],
      ['DELETE', `/api/duties/${id}/holders/${me.id}`],
      ['PUT', `/api/duties/${id}/holders/${me.id}/no-show`],
      ['PUT', `/api/duties/${duty.id}/holders/${id}/no-show`],
    ]);
    for (const [method, path] of paths) {
      const res = await t.call(method!, path!, { token: exec.token, ...(path!.endsWith('/no-show') && { body: { noShow: true } }) });
      expect([method, path, res.status, typeof res.body?.error]).toEqual([method, path, 404, 'string']);
    }
  });

  it('a term that is not the club’s answers 404 on the rota', async () => {
    const { t, me } = await setup();
    for (const term of ['nope', '%00', 'x'.repeat(300)]) {
      const res = await t.call('GET', `/api/duties/rota?term=${term}`, { token: me.token });
      expect([term.slice(0, 8), res.status, res.body.error]).toEqual([term.slice(0, 8), 404, 'The club has no such term']);
    }
  });
});
