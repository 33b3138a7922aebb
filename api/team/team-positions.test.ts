// The team page's positions as a document: added, renamed, reordered and removed by administrators,
// the holder kept through a rename, and a held position removed only when the administrator confirms.
import { describe, expect, it } from 'vitest';
import { defaultTeamPositions, type TeamPosition } from '../../domain/contract/club/profiles';
import { ADMIN, EXEC, MEMBER, makeClub } from '../testing/test-app';

const URL = '/api/club/documents/team-positions';

async function setup() {
  const club = await makeClub({ admin: ADMIN, exec: EXEC, me: MEMBER });
  club.t.seed();
  const publish = (positions: TeamPosition[], version: number, extra: object = {}, token = club.admin.token) =>
    club.t.call('PUT', URL, { token, body: { body: { positions }, version, ...extra } });
  const team = async () => (await club.t.call('GET', '/api/profiles')).body.teamMembers as { id: string; role: string; name: string }[];
  return { ...club, publish, team };
}

describe('the team positions', () => {
  it('are the ten by default, public, and only administrators change them', async () => {
    const { t, exec, me, publish, team } = await setup();
    expect((await t.call('GET', URL)).body.body).toEqual(defaultTeamPositions());
    expect((await team()).map((m) => m.id)).toEqual(defaultTeamPositions().positions.map((p) => p.id));
    const positions = defaultTeamPositions().positions;
    expect((await publish(positions, 0, {}, exec.token)).status).toBe(403);
    expect((await publish(positions, 0, {}, me.token)).status).toBe(403);
    expect((await t.call('PUT', URL, { body: { body: { positions }, version: 0 } })).status).toBe(401);
  });

  it('adds, renames and reorders: the page follows and a renamed position keeps its holder and address', async () => {
    const { t, exec, publish, team } = await setup();
    await t.must('PUT', '/api/profiles/treasurer', { token: exec.token, body: { name: 'Ada Lovelace' } });
    const positions = defaultTeamPositions().positions.map((p) => (p.id === 'treasurer' ? { ...p, title: 'Finance Lead' } : p));
    const [first, ...rest] = positions;
    const next = [...rest, first!, { id: 'bike-coach', title: 'Bike Coach' }];
    expect((await publish(next, 0)).status).toBe(200);
    const members = await team();
    expect(members.map((m) => m.id)).toEqual([...rest.map((p) => p.id), 'swim-coach', 'bike-coach']);
    expect(members.find((m) => m.id === 'treasurer')).toMatchObject({ role: 'Finance Lead', name: 'Ada Lovelace' });
    expect(members.find((m) => m.id === 'bike-coach')).toMatchObject({ role: 'Bike Coach', name: '' });
    // The new position is filled through the same route as the others.
    const filled = await t.call('PUT', '/api/profiles/bike-coach', { token: exec.token, body: { name: 'Ben Spokes' } });
    expect(filled.body.teamMember).toMatchObject({ id: 'bike-coach', role: 'Bike Coach', name: 'Ben Spokes' });
    expect((await t.call('PUT', '/api/profiles/head-chef', { token: exec.token, body: { name: 'X' } })).status).toBe(404);
  });

  it('asks before removing a held position (409) and removes it, card and all, when confirmed', async () => {
    const { t, exec, publish, team } = await setup();
    await t.must('PUT', '/api/profiles/webmaster', { token: exec.token, body: { name: 'Wren Web' } });
    const without = (...ids: string[]) => defaultTeamPositions().positions.filter((p) => !ids.includes(p.id));
    const asked = await publish(without('webmaster', 'social-media'), 0);
    expect(asked.status).toBe(409);
    expect(asked.body).toEqual({
      error: 'Someone holds a position you removed: remove it anyway to clear their card.',
      confirm: true,
      held: [{ id: 'webmaster', title: 'Webmaster', name: 'Wren Web' }],
    });
    expect((await t.call('GET', URL)).body.version).toBe(0);
    expect((await team()).some((m) => m.id === 'webmaster')).toBe(true);

    // A vacant one goes without a question.
    expect((await publish(without('social-media'), 0)).status).toBe(200);
    const removed = await publish(without('social-media', 'webmaster'), 1, { confirm: true });
    expect(removed.status).toBe(200);
    expect((await team()).map((m) => m.id)).not.toContain('webmaster');
    expect((await t.call('PUT', '/api/profiles/webmaster', { token: exec.token, body: { name: 'X' } })).status).toBe(404);
    // Added again later, it starts vacant.
    expect((await publish([...without('social-media', 'webmaster'), { id: 'webmaster', title: 'Webmaster' }], 2)).status).toBe(200);
    expect((await team()).find((m) => m.id === 'webmaster')).toMatchObject({ name: '' });
  });

  it('refuses a position without a title or listed twice, naming the field', async () => {
    const { publish } = await setup();
    const positions = defaultTeamPositions().positions;
    expect(await publish([...positions, { id: 'new', title: ' ' }], 0)).toMatchObject({
      status: 400,
      body: { error: 'Give the position a title', field: 'positions.10.title' },
    });
    expect(await publish([...positions, { id: 'treasurer', title: 'Treasurer' }], 0)).toMatchObject({
      status: 400,
      body: { error: 'The position treasurer is listed twice', field: 'positions.10.id' },
    });
  });

  it('puts each position in the section it says, and reads a position saved without one by its id', async () => {
    const { t, publish, team } = await setup();
    // As saved before positions had a section: "-coach" ids are coaches, the rest the executive team.
    const saved = [
      { id: 'swim-coach', title: 'Swim Coach' },
      { id: 'rowing-coach-juniors', title: 'Rowing Coach (Juniors)' },
      { id: 'captain', title: 'Captain' },
    ];
    expect((await publish(saved, 0)).status).toBe(200);
    expect((await team()).map((m) => [m.id, (m as { group?: string }).group])).toEqual([
      ['swim-coach', 'coach'],
      ['rowing-coach-juniors', 'exec'],
      ['captain', 'exec'],
    ]);
    // A new club marks its positions itself, whatever their ids.
    const marked = [
      { id: 'swim-coach', title: 'Swim Coach', group: 'exec' as const },
      { id: 'rowing-coach-juniors', title: 'Rowing Coach (Juniors)', group: 'coach' as const },
      { id: 'captain', title: 'Captain', group: 'exec' as const },
    ];
    expect((await publish(marked, 1)).status).toBe(200);
    expect((await t.call('GET', URL)).body.body.positions).toEqual(marked);
    expect((await team()).map((m) => (m as { group?: string }).group)).toEqual(['exec', 'coach', 'exec']);
    expect(await publish([{ id: 'captain', title: 'Captain', group: 'boss' as never }], 2)).toMatchObject({
      status: 400,
      body: { error: 'Choose Coaches or Executive Team', field: 'positions.0.group' },
    });
  });

  it('keeps today\'s sections in the defaults: the swim and run coaches are coaches, the rest the executive team', async () => {
    const { team } = await setup();
    const members = await team();
    expect(members.filter((m) => (m as { group?: string }).group === 'coach').map((m) => m.id)).toEqual(['swim-coach', 'run-coach']);
    expect(members.filter((m) => (m as { group?: string }).group === 'exec')).toHaveLength(8);
  });
});
