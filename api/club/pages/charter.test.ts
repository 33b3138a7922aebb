// The charter as a versioned document: a new version asks every member to accept again (their
// session says so, the members table too), a wording fix does not, and each account records which
// version it accepted and when.
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHARTER_SECTIONS, defaultCharter } from '../../../domain/documents/club-pages';
import { ADMIN, EXEC, MEMBER, makeClub } from '../../testing/test-app';

const CHARTER = '/api/club/documents/charter';

async function setup() {
  const club = await makeClub({ admin: ADMIN, exec: EXEC, me: MEMBER });
  const { t, admin } = club;
  let version = 0;
  const publish = async (text: string, minor?: boolean) => {
    const res = await t.call('PUT', CHARTER, { token: admin.token, body: { body: { text }, version, ...(minor === undefined ? {} : { minor }) } });
    expect(res.status).toBe(200);
    version = res.body.version;
    return res.body;
  };
  const accepted = async (token: string) => (await t.call('GET', '/api/auth/profile', { token })).body.user.charterAccepted as boolean;
  const tableSays = async (id: number) =>
    ((await t.call('GET', '/api/admin/members', { token: admin.token })).body.members as { id: number; charter_accepted: number }[]).find((m) => m.id === id)!
      .charter_accepted;
  return { ...club, publish, accepted, tableSays };
}

describe('the charter, versioned', () => {
  it('starts as today’s charter, its eleven sections as headings, and nobody who accepted it is asked again', async () => {
    const { t, me, accepted } = await setup();
    const charter = await t.call('GET', CHARTER);
    expect(charter.body).toMatchObject({ version: 0, body: defaultCharter() });
    for (const section of DEFAULT_CHARTER_SECTIONS) expect(charter.body.html.text).toContain(`<h3>${section}</h3>`);
    expect(await accepted(me.token)).toBe(true);
  });

  it('a new version asks every member to accept again, records which version and when, and the table follows', async () => {
    const { t, me, publish, accepted, tableSays } = await setup();
    expect(await tableSays(me.id)).toBe(1);
    const v1 = await publish('### Introduction\n\nA new charter.');
    expect(v1.minor).toBe(false);
    expect(await accepted(me.token)).toBe(false);
    expect(await tableSays(me.id)).toBe(0);
    t.clock.advance(60_000);
    const res = await t.call('POST', '/api/users/accept-charter', { token: me.token });
    expect(res.body.user.charterAccepted).toBe(true);
    const row = t.userRow(me.id)!;
    expect(row.charterVersion).toBe(String(v1.version));
    expect(row.charterAcceptedAt).toBe(t.clock.now());
    expect(await accepted(me.token)).toBe(true);
    expect(await tableSays(me.id)).toBe(1);
  });

  it('a wording fix does not ask again; the next real change does', async () => {
    const { t, me, publish, accepted } = await setup();
    await publish('### Introduction\n\nA new charter.');
    await t.call('POST', '/api/users/accept-charter', { token: me.token });
    const fix = await publish('### Introduction\n\nA new charter, spelled right.', true);
    expect(fix.minor).toBe(true);
    expect(await accepted(me.token)).toBe(true);
    expect(t.userRow(me.id)!.charterVersion).toBe('1');
    // Someone accepting now accepts the version that asked for it.
    const other = await t.createUser({ charter: false });
    await t.call('POST', '/api/users/accept-charter', { token: other.token });
    expect(t.userRow(other.id)!.charterVersion).toBe('1');
    await publish('### Introduction\n\nA third charter.', false);
    expect(await accepted(me.token)).toBe(false);
    expect(await accepted(other.token)).toBe(false);
  });

  it('restoring an older version asks again', async () => {
    const { t, admin, me, publish, accepted } = await setup();
    await publish('### Introduction\n\nA new charter.');
    await t.call('POST', '/api/users/accept-charter', { token: me.token });
    const restored = await t.call('POST', `${CHARTER}/versions/0/restore`, { token: admin.token, body: { version: 1 } });
    expect(restored.status).toBe(200);
    expect(restored.body.body).toEqual(defaultCharter());
    expect(await accepted(me.token)).toBe(false);
  });

  it('is edited like the pages: an exec only when allowed, a member never; an empty charter is refused', async () => {
    const { t, admin, exec, me } = await setup();
    const body = { body: { text: '### New' }, version: 0 };
    expect((await t.call('PUT', CHARTER, { token: me.token, body })).status).toBe(403);
    expect((await t.call('PUT', CHARTER, { token: exec.token, body })).status).toBe(403);
    await t.must('PUT', '/api/club/documents/permissions', { token: admin.token, body: { body: { execsEditPages: true }, version: 0 } });
    expect((await t.call('PUT', CHARTER, { token: exec.token, body })).status).toBe(200);
    const refused = await t.call('PUT', CHARTER, { token: admin.token, body: { body: { text: '  ' }, version: 1 } });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Write the charter', field: 'text' });
  });
});
