// Quick polls: who may post, answer and close them, the checks of their fields and answers, when
// results show, what an anonymous poll's server keeps, replays, concurrency, and a member leaving.
import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { idempotencyKeys, pollChoices, pollResponders, pollTallies } from '../../db/schema';
import { EXEC, MEMBER, OTHER, PENDING, makeClub, type TestUser } from '../testing/test-app';

const HOUR = 3_600_000;
// The test clock's today is Monday 2026-03-02, 10:00 in the club's zone.
const brick = {
  question: 'Which Saturday for the brick?',
  options: ['Mar 7', 'Mar 14', 'Mar 21'],
  closesDate: '2026-03-05',
  closesTime: '18:00',
};

async function setup() {
  const club = await makeClub({ exec: EXEC, me: MEMBER, other: OTHER, pending: PENDING, third: { role: 'member', name: 'Theo Third' } });
  const { t } = club;
  const post = (body: Record<string, unknown> = brick, user: TestUser = club.exec) => t.call('POST', '/api/polls', { token: user.token, body });
  const posted = async (over: Record<string, unknown> = {}) => {
    const res = await post({ ...brick, ...over });
    expect(res.status).toBe(201);
    return res.body.poll as { id: number };
  };
  const answer = (id: number, user: TestUser, choices: number[], key?: string) =>
    t.call('PUT', `/api/polls/${id}/answer`, { token: user.token, body: { choices }, ...(key && { headers: { 'idempotency-key': key } }) });
  const read = async (id: number, user: TestUser) => (await t.call('GET', `/api/polls/${id}`, { token: user.token })).body.poll;
  return { ...club, post, posted, answer, read };
}

describe('POST /api/polls', () => {
  it('is for execs; members and pending accounts are refused, a visitor is asked to sign in', async () => {
    const { t, me, pending, post } = await setup();
    expect((await post(brick, me)).status).toBe(403);
    expect((await post(brick, pending)).status).toBe(403);
    expect((await t.call('POST', '/api/polls', { body: brick })).status).toBe(401);
    expect((await post()).status).toBe(201);
  });

  it('checks the question, two to ten options, the closing time and the place, naming the field', async () => {
    const { post } = await setup();
    const refusal = async (over: Record<string, unknown>) => {
      const res = await post({ ...brick, ...over });
      expect(res.status).not.toBe(500);
      return [res.status, res.body.field, res.body.error];
    };
    expect(await refusal({ question: '' })).toEqual([400, 'question', 'Ask a question']);
    expect(await refusal({ options: ['Only one'] })).toEqual([400, 'options', 'Give 2 to 10 options']);
    expect(await refusal({ options: Array.from({ length: 11 }, (_, i) => `Day ${i}`) })).toEqual([400, 'options', 'Give 2 to 10 options']);
    expect(await refusal({ options: ['Same', 'Same'] })).toEqual([400, 'options', 'Give each option once']);
    expect(await refusal({ kind: 'date', options: ['Saturday', 'Sunday'] })).toEqual([400, 'options', 'Give each option of a date poll as a date and a time']);
    expect(await refusal({ closesDate: '2026-02-30' })).toEqual([400, 'closesDate', 'Enter the closing day as YYYY-MM-DD']);
    expect(await refusal({ closesDate: '2026-06-01' })).toEqual([400, 'closesDate', expect.stringMatching(/90 days ahead/)]);
    expect(await refusal({ closesTime: '25:00' })).toEqual([400, 'closesTime', 'Enter the closing time as HH:MM']);
    expect(await refusal({ closesDate: '2026-03-02', closesTime: '09:59' })).toEqual([400, 'closesTime', 'The closing time must be later than now']);
    expect(await refusal({ place: 'workout' })).toEqual([400, 'placeId', 'Say which workout, event or race the poll is for']);
    expect(await refusal({ place: 'workout', placeId: 999 })).toEqual([404, 'placeId', 'The workout, event or race this poll is for was not found']);
  });

  it('posts a date poll on a workout, shown there and not on Home', async () => {
    const { t, exec, me, posted } = await setup();
    const swim = (await t.createPost(exec.token, { type: 'workout', title: 'Swim', workoutType: 'swim', workoutDate: '2026-03-04', workoutTime: '18:00', content: 'Lanes.' })).post;
    const poll = await posted({ kind: 'date', options: ['2026-03-07T08:00', '2026-03-14T08:00'], place: 'workout', placeId: swim.id });
    expect(poll).toMatchObject({ kind: 'date', options: ['2026-03-07T08:00', '2026-03-14T08:00'], place: 'workout', place_id: swim.id, closed: false });
    // 18:00 in Toronto on 2026-03-05 is 23:00 UTC.
    expect((poll as unknown as { closes_at: number }).closes_at).toBe(Date.parse('2026-03-05T23:00:00Z'));
    const there = await t.call('GET', `/api/polls?place=workout&id=${swim.id}`, { token: me.token });
    expect(there.body.polls.map((p: { id: number }) => p.id)).toEqual([poll.id]);
    expect((await t.call('GET', '/api/polls?place=home', { token: me.token })).body.polls).toEqual([]);
    expect((await t.call('GET', '/api/polls?place=workout', { token: me.token })).status).toBe(400);
    expect((await t.call('GET', '/api/polls?place=kitchen', { token: me.token })).status).toBe(400);
  });
});

describe('PUT /api/polls/:id/answer', () => {
  it('takes one choice, or several where the poll allows, and a named answer may change until the poll closes', async () => {
    const { exec, me, other, posted, answer, read } = await setup();
    const poll = await posted({ resultsShown: 'live' });
    expect((await answer(poll.id, me, [0, 1])).body).toMatchObject({ error: 'Choose one option', field: 'choices' });
    expect((await answer(poll.id, me, [])).body.error).toBe('Choose at least one option');
    expect((await answer(poll.id, me, [3])).body.error).toBe('Choose from the poll’s options');
    expect((await answer(poll.id, me, [1])).body).toEqual({ poll_id: poll.id, answered: true, choices: [1] });
    expect((await answer(poll.id, other, [1])).status).toBe(200);
    expect((await answer(poll.id, me, [2])).status).toBe(200);
    const seen = await read(poll.id, exec);
    expect(seen.answered_count).toBe(2);
    expect(seen.results.counts).toEqual([0, 1, 1]);
    expect(seen.results.voters[2]).toEqual([{ id: me.id, name: 'Morgan Member' }]);
    expect((await read(poll.id, me)).my_choices).toEqual([2]);

    const several = await posted({ multiple: true, resultsShown: 'live' });
    expect((await answer(several.id, me, [0, 2])).status).toBe(200);
    expect((await answer(several.id, me, [0, 0])).body.error).toBe('Choose each option once');
    expect((await read(several.id, me)).results.counts).toEqual([1, 0, 1]);
  });

  it('refuses an answer after the poll closed (409 with its words), and keeps the answers it had', async () => {
    const { t, exec, me, other, posted, answer, read } = await setup();
    const poll = await posted({ resultsShown: 'after_close' });
    await answer(poll.id, me, [0]);
    t.clock.advance(4 * 24 * HOUR);
    const late = await answer(poll.id, other, [1]);
    expect(late.status).toBe(409);
    expect(late.body).toEqual({ error: 'This poll has closed: answers are no longer taken.', closed: true });
    const changed = await answer(poll.id, me, [2]);
    expect(changed.status).toBe(409);
    const seen = await read(poll.id, exec);
    expect(seen).toMatchObject({ closed: true, answered_count: 1 });
    expect(seen.results.counts).toEqual([1, 0, 0]);
  });

  it('an exec closes a poll early; closing it again changes nothing', async () => {
    const { t, exec, me, posted, answer } = await setup();
    const poll = await posted();
    expect((await t.call('POST', `/api/polls/${poll.id}/close`, { token: me.token })).status).toBe(403);
    const closed = await t.call('POST', `/api/polls/${poll.id}/close`, { token: exec.token });
    expect(closed.body.poll).toMatchObject({ closed: true, closes_at: t.clock.now() });
    t.clock.advance(HOUR);
    expect((await t.call('POST', `/api/polls/${poll.id}/close`, { token: exec.token })).body.poll.closes_at).toBe(t.clock.now() - HOUR);
    expect((await answer(poll.id, me, [0])).status).toBe(409);
  });

  it('a replay of the same Idempotency-Key answers the same and counts once', async () => {
    const { t, me, posted, answer, read } = await setup();
    const poll = await posted({ resultsShown: 'live', multiple: true });
    const key = '0b6f1e9a-8c2d-4f3b-9a1e-5d7c2b4a6e01';
    const once = await answer(poll.id, me, [0, 1], key);
    const again = await answer(poll.id, me, [0, 1], key);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(once.body);
    expect((await read(poll.id, me)).results.counts).toEqual([1, 1, 0]);
    expect((await read(poll.id, me)).answered_count).toBe(1);
    // The same key after the poll closed still gets the answer it had: nothing lost, nothing twice.
    t.clock.advance(4 * 24 * HOUR);
    expect((await answer(poll.id, me, [0, 1], key)).body).toEqual(once.body);
  });

  it('fifty members answering at once are each counted once', async () => {
    const { t, posted, read, exec } = await setup();
    const poll = await posted({ resultsShown: 'live' });
    const members: TestUser[] = [];
    for (let i = 0; i < 50; i++) members.push(await t.createUser({ role: 'member', name: `Racer ${i}`, email: `racer${i}@club.test` }));
    const answers = await Promise.all(
      members.flatMap((m, i) => {
        const key = `key-${i}-0000`;
        const send = () => t.call('PUT', `/api/polls/${poll.id}/answer`, { token: m.token, body: { choices: [i % 3] }, headers: { 'idempotency-key': key } });
        return [send(), send()];
      }),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const seen = await read(poll.id, exec);
    expect(seen.answered_count).toBe(50);
    expect(seen.results.counts).toEqual([17, 17, 16]);
  });
});

describe('an anonymous poll', () => {
  it('stores who answered and the counts, never who chose what: not in a table, not in a stored answer', async () => {
    const { t, exec, me, other, posted, answer, read } = await setup();
    const poll = await posted({ anonymous: true, resultsShown: 'live' });
    const key = 'anon-key-0001';
    const res = await answer(poll.id, me, [2], key);
    expect(res.body).toEqual({ poll_id: poll.id, answered: true, choices: null });
    await answer(poll.id, other, [0]);
    expect(t.db.select().from(pollChoices).all()).toEqual([]);
    expect(t.db.select().from(pollResponders).all().map((r) => r.userId).sort()).toEqual([me.id, other.id].sort());
    expect(t.db.select().from(pollTallies).where(eq(pollTallies.pollId, poll.id)).all().map((r) => r.count)).toEqual([1, 0, 1]);
    const stored = t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)).get()!;
    expect(stored.body).not.toContain('2');
    // The stored request's hash is the same whatever was chosen: it names no choice.
    const third = await t.createUser({ role: 'member', name: 'Una Unseen', email: 'una@club.test' });
    await answer(poll.id, third, [1], 'anon-key-0002');
    const thirds = t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, 'anon-key-0002')).get()!;
    const again = await t.createUser({ role: 'member', name: 'Vic Voter', email: 'vic@club.test' });
    await answer(poll.id, again, [0], 'anon-key-0002');
    expect(t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, again.id)).get()!.requestHash).toBe(thirds.requestHash);
    const seen = await read(poll.id, exec);
    expect(seen.results).toEqual({ counts: [2, 1, 1], voters: null });
    expect((await read(poll.id, me)).my_choices).toBeNull();
  });

  it('an anonymous answer is final: a changed answer is refused and the counts stay', async () => {
    const { me, posted, answer, read } = await setup();
    const poll = await posted({ anonymous: true, resultsShown: 'live' });
    await answer(poll.id, me, [0]);
    const changed = await answer(poll.id, me, [1]);
    expect(changed.status).toBe(409);
    expect(changed.body.error).toBe('You have answered this anonymous poll, and an anonymous answer cannot be changed.');
    expect((await read(poll.id, me)).results.counts).toEqual([1, 0, 0]);
  });
});

describe('results', () => {
  it('show live, after answering, or after closing, as the exec chose, to execs as to members', async () => {
    const { t, exec, me, posted, answer, read } = await setup();
    const live = await posted({ resultsShown: 'live' });
    const afterAnswer = await posted({ resultsShown: 'after_answer' });
    const afterClose = await posted({ resultsShown: 'after_close' });
    expect((await read(live.id, me)).results).not.toBeNull();
    expect((await read(afterAnswer.id, me)).results).toBeNull();
    await answer(afterAnswer.id, me, [0]);
    expect((await read(afterAnswer.id, me)).results.counts).toEqual([1, 0, 0]);
    expect((await read(afterAnswer.id, exec)).results).toBeNull();
    await answer(afterClose.id, me, [0]);
    expect((await read(afterClose.id, me)).results).toBeNull();
    expect((await read(afterClose.id, exec)).results).toBeNull();
    t.clock.advance(4 * 24 * HOUR);
    expect((await read(afterClose.id, exec)).results.counts).toEqual([1, 0, 0]);
    expect((await read(afterAnswer.id, exec)).results.counts).toEqual([1, 0, 0]);
  });

  it('execs see who has not answered; members may not ask', async () => {
    const { t, exec, me, other, third, posted, answer } = await setup();
    const poll = await posted({ anonymous: true });
    await answer(poll.id, me, [0]);
    expect((await t.call('GET', `/api/polls/${poll.id}/missing`, { token: me.token })).status).toBe(403);
    const missing = await t.call('GET', `/api/polls/${poll.id}/missing`, { token: exec.token });
    expect(missing.body.members.map((m: { id: number }) => m.id).sort()).toEqual([exec.id, other.id, third.id].sort());
    expect((await t.call('GET', '/api/polls/999/missing', { token: exec.token })).status).toBe(404);
  });
});

describe('a member and their answers', () => {
  it('"Download my data" has their named answers; deleting the account removes them and the counts stay', async () => {
    const { t, exec, me, other, posted, answer, read } = await setup();
    const named = await posted({ resultsShown: 'live' });
    const anonymous = await posted({ anonymous: true, resultsShown: 'live', question: 'Secret ballot?' });
    await answer(named.id, me, [1]);
    await answer(named.id, other, [1]);
    await answer(anonymous.id, me, [0]);
    const zip = await t.app.request('/api/me/export', { headers: { authorization: `Bearer ${me.token}` } });
    const data = JSON.parse(strFromU8(unzipSync(new Uint8Array(await zip.arrayBuffer()))['my-data.json']!));
    const tables = data.tables ?? data;
    const json = JSON.stringify(tables);
    expect(json).toContain('"chose":"Mar 14"');
    expect(json).toContain('Secret ballot?');
    expect((await t.call('DELETE', `/api/admin/members/${me.id}`, { token: (await t.createUser({ role: 'administrator', name: 'Ada Admin', email: 'ada@club.test' })).token })).status).toBe(200);
    expect(t.db.select().from(pollChoices).where(eq(pollChoices.userId, me.id)).all()).toEqual([]);
    expect(t.db.select().from(pollResponders).where(eq(pollResponders.userId, me.id)).all()).toEqual([]);
    const seen = await read(named.id, exec);
    expect(seen.results.counts).toEqual([0, 2, 0]);
    expect(seen.answered_count).toBe(2);
    expect(seen.results.voters[1]).toEqual([{ id: other.id, name: 'Olive Other' }]);
    expect((await read(anonymous.id, exec)).results.counts).toEqual([1, 0, 0]);
  });
});
