import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { TEAM_IMAGE_ERROR } from '../../domain/contract/club/profiles';
import { pictureForm, smallPng } from '../testing/pictures';
import { makeTestApp } from '../testing/test-app';

async function seeded() {
  const t = makeTestApp();
  await t.seed();
  return t;
}

const edit = { name: 'Maya Chen', bio: 'Loves open water.', image: '/uploads/maya.webp' };

describe('GET /api/profiles', () => {
  it('is public and answers the ten positions in order with the spec fields', async () => {
    const t = await seeded();
    const res = await t.call('GET', '/api/profiles');
    expect(res.status).toBe(200);
    expect(res.body.teamMembers).toHaveLength(10);
    expect(res.body.teamMembers[0]).toEqual({ id: 'swim-coach', name: '', bio: '', image: '', email: '', role: 'Swim Coach', group: 'coach' });
    expect(res.body.teamMembers.map((m: { id: string }) => m.id).slice(0, 4)).toEqual([
      'swim-coach',
      'run-coach',
      'co-president',
      'co-president-2',
    ]);
  });

  it('ignores a stale token instead of refusing the visitor', async () => {
    const t = await seeded();
    const res = await t.call('GET', '/api/profiles', { token: 'not-a-real-token' });
    expect(res.status).toBe(200);
  });
});

describe('PUT /api/profiles/:id', () => {
  it('lets an exec edit a position, stores it and answers the new profile', async () => {
    const t = await seeded();
    const exec = await t.createUser({ role: 'exec' });
    const res = await t.call('PUT', '/api/profiles/swim-coach', { token: exec.token, body: { ...edit, email: 'maya@club.test' } });
    expect(res.status).toBe(200);
    expect(res.body.teamMember).toEqual({ id: 'swim-coach', ...edit, email: 'maya@club.test', role: 'Swim Coach', group: 'coach' });
    const list = await t.call('GET', '/api/profiles');
    expect(list.body.teamMembers[0]).toEqual(res.body.teamMember);
  });

  it('lets an administrator edit too, and keeps fields left out', async () => {
    const t = await seeded();
    const admin = await t.createUser({ role: 'administrator' });
    await t.call('PUT', '/api/profiles/webmaster', { token: admin.token, body: { name: 'Olivia', bio: 'Builds this site.', image: '' } });
    const res = await t.call('PUT', '/api/profiles/webmaster', { token: admin.token, body: { bio: 'Still building.' } });
    expect(res.status).toBe(200);
    expect(res.body.teamMember).toMatchObject({ name: 'Olivia', bio: 'Still building.', role: 'Webmaster' });
  });

  it('refuses a member with 403 and changes nothing', async () => {
    const t = await seeded();
    const member = await t.createUser({ role: 'member' });
    const res = await t.call('PUT', '/api/profiles/swim-coach', { token: member.token, body: edit });
    expect(res.status).toBe(403);
    expect(res.body.error).toEqual(expect.any(String));
    expect((await t.call('GET', '/api/profiles')).body.teamMembers[0].name).toBe('');
  });

  it('refuses an exec whose membership expired (treated as pending) with 403', async () => {
    const t = await seeded();
    const lapsed = await t.createUser({ role: 'exec', expiryDate: '2020-01-01' });
    const res = await t.call('PUT', '/api/profiles/swim-coach', { token: lapsed.token, body: edit });
    expect(res.status).toBe(403);
  });

  it('answers 401 without a token', async () => {
    const t = await seeded();
    const res = await t.call('PUT', '/api/profiles/swim-coach', { body: edit });
    expect(res.status).toBe(401);
    expect(res.body.error).toEqual(expect.any(String));
  });

  it('answers 404 for an unknown position', async () => {
    const t = await seeded();
    const exec = await t.createUser({ role: 'exec' });
    const res = await t.call('PUT', '/api/profiles/head-chef', { token: exec.token, body: edit });
    expect(res).toMatchObject({ status: 404, body: { error: 'Team member not found' } });
  });

  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg/>', 'http://example.com/a.png', '//evil.example/a.png', '/uploads/../x'])(
    'refuses the image %j with 400',
    async (image) => {
      const t = await seeded();
      const exec = await t.createUser({ role: 'exec' });
      const res = await t.call('PUT', '/api/profiles/swim-coach', { token: exec.token, body: { ...edit, image } });
      expect(res).toMatchObject({ status: 400, body: { error: TEAM_IMAGE_ERROR } });
    },
  );

  it('accepts an https image', async () => {
    const t = await seeded();
    const exec = await t.createUser({ role: 'exec' });
    const res = await t.call('PUT', '/api/profiles/run-coach', { token: exec.token, body: { ...edit, image: 'https://example.com/d.jpg' } });
    expect(res.status).toBe(200);
    expect(res.body.teamMember.image).toBe('https://example.com/d.jpg');
  });

  it('answers 400 for too long fields, a wrong type or a bad email, and 415 for a non-JSON body', async () => {
    const t = await seeded();
    const exec = await t.createUser({ role: 'exec' });
    const put = (body: unknown, headers?: Record<string, string>) =>
      t.call('PUT', '/api/profiles/secretary', { token: exec.token, body, headers });
    expect((await put({ ...edit, name: 'x'.repeat(101) })).status).toBe(400);
    expect((await put({ ...edit, bio: 'x'.repeat(2001) })).status).toBe(400);
    expect((await put({ ...edit, name: 42 })).status).toBe(400);
    expect((await put({ ...edit, email: 'not-an-email' })).status).toBe(400);
    expect((await put('{"name":', { 'content-type': 'application/json' })).status).toBe(400);
    expect((await put('name=x', { 'content-type': 'text/plain' })).status).toBe(415);
  });

  it('replays a repeated Idempotency-Key without applying it twice', async () => {
    const t = await seeded();
    const exec = await t.createUser({ role: 'exec' });
    const headers = { 'idempotency-key': 'profile-edit-0001' };
    const first = await t.call('PUT', '/api/profiles/treasurer', { token: exec.token, body: { name: 'First' }, headers });
    await t.call('PUT', '/api/profiles/treasurer', { token: exec.token, body: { name: 'Second' } });
    const again = await t.call('PUT', '/api/profiles/treasurer', { token: exec.token, body: { name: 'First' }, headers });
    expect(again.body).toEqual(first.body);
    expect((await t.call('GET', '/api/profiles')).body.teamMembers[4].name).toBe('Second');
  });
});

describe('POST /api/profiles/picture', () => {
  const form = async (bytes?: Uint8Array) => pictureForm(bytes ?? (await smallPng(900, 600)), 'coach.png', 'image/png', 'picture');

  it('re-encodes an exec\'s upload as the profile pictures are, and the card takes its URL when saved', async () => {
    const t = await seeded();
    const exec = await t.createUser({ role: 'exec' });
    const up = await t.call('POST', '/api/profiles/picture', { token: exec.token, body: await form() });
    expect(up.status).toBe(200);
    const image = up.body.image as string;
    expect(image).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    const meta = await sharp(readFileSync(join(t.deps.uploadsDir, image.slice('/uploads/'.length)))).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    // Uploading alone changes no card; saving the card with the URL does.
    expect((await t.call('GET', '/api/profiles')).body.teamMembers[0].image).toBe('');
    const saved = await t.call('PUT', '/api/profiles/swim-coach', { token: exec.token, body: { image } });
    expect(saved.body.teamMember.image).toBe(image);
    // The account's own profile picture is not touched.
    expect(t.userRow(exec.id)!.profilePictureUrl).toBeNull();
  });

  it('answers 401 without a token and 403 to a member, storing nothing', async () => {
    const t = await seeded();
    const member = await t.createUser({ role: 'member' });
    expect((await t.call('POST', '/api/profiles/picture', { body: await form() })).status).toBe(401);
    expect((await t.call('POST', '/api/profiles/picture', { token: member.token, body: await form() })).status).toBe(403);
    expect(readdirSync(t.deps.uploadsDir, { withFileTypes: true }).filter((f) => f.isFile())).toEqual([]);
  });

  it('refuses what is not a picture with 415, a missing file with 400 and JSON with 415', async () => {
    const t = await seeded();
    const exec = await t.createUser({ role: 'exec' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    const bad = await t.call('POST', '/api/profiles/picture', { token: exec.token, body: await form(svg) });
    expect(bad).toMatchObject({ status: 415, body: { error: expect.any(String) } });
    const empty = await t.call('POST', '/api/profiles/picture', { token: exec.token, body: pictureForm(await smallPng(), 'x.png', 'image/png', 'image') });
    expect(empty).toMatchObject({ status: 400, body: { error: 'Please choose a picture to upload' } });
    const json = await t.call('POST', '/api/profiles/picture', { token: exec.token, body: { image: 'x' } });
    expect(json.status).toBe(415);
  });
});
