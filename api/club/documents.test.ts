// The club's versioned documents: who reads and publishes them, the check of a body, history and
// restore, and the edit that would overwrite a newer one.
import { describe, expect, it } from 'vitest';
import { ADMIN, EXEC, MEMBER, makeClub } from '../testing/test-app';
import { readDocument } from './documents';

const URL = '/api/club/documents/permissions';

async function setup() {
  const club = await makeClub({ admin: ADMIN, other_admin: { role: 'administrator', name: 'Ada Other' }, exec: EXEC, me: MEMBER });
  const publish = (body: unknown, version: number, token = club.admin.token) =>
    club.t.call('PUT', URL, { token, body: { body, version } });
  return { ...club, publish };
}

describe('club documents', () => {
  it('starts at version 0 with the default, which publishing replaces as version 1', async () => {
    const { t, admin, publish } = await setup();
    const first = await t.call('GET', URL, { token: admin.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ key: 'permissions', version: 0, body: { execsEditPages: false }, publishedAt: null });
    const published = await publish({ execsEditPages: true }, 0);
    expect(published.status).toBe(200);
    expect(published.body).toMatchObject({ version: 1, body: { execsEditPages: true }, publishedBy: { id: admin.id, name: 'Alex Admin' } });
    expect((await t.call('GET', URL, { token: admin.token })).body).toMatchObject({ version: 1, body: { execsEditPages: true } });
  });

  it('lets administrators only publish an administrators\' document; others get 403, strangers 401', async () => {
    const { t, exec, me, publish } = await setup();
    expect((await publish({ execsEditPages: true }, 0, exec.token)).status).toBe(403);
    expect((await publish({ execsEditPages: true }, 0, me.token)).status).toBe(403);
    expect((await t.call('PUT', URL, { body: { body: { execsEditPages: true }, version: 0 } })).status).toBe(401);
    // Not public: only its editors read it.
    expect((await t.call('GET', URL, { token: me.token })).status).toBe(403);
    expect((await t.call('GET', URL)).status).toBe(401);
    expect((await t.call('GET', '/api/club/documents/nonsense', { token: me.token })).status).toBe(404);
  });

  it('refuses a body that breaks its schema with the field and its message, and writes nothing', async () => {
    const { t, admin, publish } = await setup();
    const refused = await publish({ execsEditPages: 'yes' }, 0);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Say whether execs may edit the pages', field: 'execsEditPages' });
    expect((await t.call('PUT', URL, { token: admin.token, body: { body: {} } })).status).toBe(400);
    expect((await t.call('GET', URL, { token: admin.token })).body.version).toBe(0);
  });

  it('tells the second of two editors of the same version, with the newer text, and keeps the first', async () => {
    const { t, admin, other_admin, publish } = await setup();
    expect((await publish({ execsEditPages: true }, 0)).status).toBe(200);
    const late = await publish({ execsEditPages: false }, 0, other_admin.token);
    expect(late.status).toBe(409);
    expect(late.body.current).toMatchObject({ version: 1, body: { execsEditPages: true }, publishedBy: { name: 'Alex Admin' } });
    expect((await t.call('GET', URL, { token: admin.token })).body).toMatchObject({ version: 1, body: { execsEditPages: true } });
  });

  it('keeps every version, newest first, and restores one as a new version', async () => {
    const { t, admin, publish } = await setup();
    await publish({ execsEditPages: true }, 0);
    await publish({ execsEditPages: false }, 1);
    const history = await t.call('GET', `${URL}/versions`, { token: admin.token });
    expect(history.body.current).toBe(2);
    expect(history.body.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const restored = await t.call('POST', `${URL}/versions/1/restore`, { token: admin.token, body: { version: 2 } });
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ version: 3, body: { execsEditPages: true }, note: 'Restored version 1' });
    // Restoring from a stale screen is the same conflict as a stale edit.
    expect((await t.call('POST', `${URL}/versions/0/restore`, { token: admin.token, body: { version: 2 } })).status).toBe(409);
    expect((await t.call('POST', `${URL}/versions/0/restore`, { token: admin.token, body: { version: 3 } })).body).toMatchObject({ version: 4, body: { execsEditPages: false } });
    expect((await t.call('POST', `${URL}/versions/9/restore`, { token: admin.token, body: { version: 4 } })).status).toBe(404);
  });

  it('answers 304 to a device that holds the version in force', async () => {
    const { t, admin } = await setup();
    const first = await t.call('GET', URL, { token: admin.token });
    const again = await t.call('GET', URL, { token: admin.token, headers: { 'If-None-Match': first.headers.get('etag')! } });
    expect(again.status).toBe(304);
  });
});

describe('who published a document', () => {
  const RULES = '/api/club/documents/rules';
  const rules = { lateCancelHours: 12, absencesBeforeSuspension: 3, suspensionDays: 7 };

  it('is told to the document\'s editors only: visitors and members read null there', async () => {
    const { t, admin, other_admin, exec, me } = await setup();
    expect((await t.call('PUT', RULES, { token: other_admin.token, body: { body: rules, version: 0 } })).status).toBe(200);
    const visitor = await t.call('GET', RULES);
    expect(visitor.body).toMatchObject({ version: 1, body: rules, publishedBy: null });
    expect((await t.call('GET', RULES, { token: me.token })).body.publishedBy).toBeNull();
    expect((await t.call('GET', RULES, { token: exec.token })).body.publishedBy).toBeNull();
    const editor = await t.call('GET', RULES, { token: admin.token });
    expect(editor.body.publishedBy).toEqual({ id: other_admin.id, name: 'Ada Other' });
    // A visitor's copy is another answer than an editor's: one never revalidates as the other.
    expect(editor.headers.get('etag')).not.toBe(visitor.headers.get('etag'));
    const same = await t.call('GET', RULES, { token: admin.token, headers: { 'If-None-Match': visitor.headers.get('etag')! } });
    expect(same.status).toBe(200);
    expect(same.body.publishedBy).toEqual({ id: other_admin.id, name: 'Ada Other' });
    // What the server keeps in memory (and renders public pages from) holds nobody's name.
    expect(readDocument(t.deps, 'rules').publishedBy).toBeNull();
  });

  it('is nobody once that account is deleted, in the copy kept in memory and in the history', async () => {
    const { t, admin, other_admin } = await setup();
    expect((await t.call('PUT', RULES, { token: other_admin.token, body: { body: rules, version: 0 } })).status).toBe(200);
    // Read once, so the document in force is kept in memory before the account goes.
    expect((await t.call('GET', RULES, { token: admin.token })).body.publishedBy.name).toBe('Ada Other');
    expect((await t.call('DELETE', `/api/admin/members/${other_admin.id}`, { token: admin.token })).status).toBe(200);

    const after = await t.call('GET', RULES, { token: admin.token });
    expect(after.body.publishedBy).toEqual({ id: null, name: 'A deleted account' });
    expect(JSON.stringify(after.body)).not.toContain('Ada Other');
    expect(JSON.stringify((await t.call('GET', RULES)).body)).not.toContain('Ada Other');
    const history = await t.call('GET', `${RULES}/versions`, { token: admin.token });
    expect(history.body.versions[0].publishedBy).toEqual({ id: null, name: 'A deleted account' });
    expect(JSON.stringify(history.body)).not.toContain('Ada Other');
  });
});
