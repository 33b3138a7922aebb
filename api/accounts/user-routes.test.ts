import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { roleChangeNotifications } from '../../db/schema';
import { pictureForm, smallPng } from '../testing/pictures';
import { makeTestApp } from '../testing/test-app';
import { phoneProblem } from '../../domain/region/phone';

/** A photo-like PNG: noisy pixels (so it is big) and EXIF with a name and place in it. */
async function photoPng(): Promise<Buffer> {
  const width = 900;
  const height = 700;
  const raw = randomBytes(width * height * 3);
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .png()
    .withExif({ IFD0: { Artist: 'Jane Private', ImageDescription: 'home-address-43.6532N' } })
    .toBuffer();
}

describe('user routes need a session', () => {
  it.each([
    ['PUT', '/api/users/profile'],
    ['POST', '/api/users/profile-picture'],
    ['GET', '/api/users/role-change-notifications'],
    ['POST', '/api/users/mark-role-notification-read'],
  ])('%s %s answers 401 without a token', async (method, path) => {
    const t = makeTestApp();
    const res = await t.call(method, path);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: expect.any(String) });
  });
});

describe('PUT /api/users/profile', () => {
  const body = {
    name: 'Sam Swim',
    email: 'sam@club.test',
    phone_number: '4165550142',
    bio: 'First.\n\nSecond.',
  };

  it('saves the qualifications one a line, answers them as a list, keeps them when left out and clears them with an empty text', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ role: 'member' });
    const saved = await t.call('PUT', '/api/users/profile', { token: u.token, body: { ...body, qualifications: ' NLS lifeguard\n\nFirst aid ' } });
    expect(saved.status).toBe(200);
    expect(saved.body.user.qualifications).toEqual(['NLS lifeguard', 'First aid']);
    expect((await t.call('GET', '/api/auth/profile', { token: u.token })).body.user.qualifications).toEqual(['NLS lifeguard', 'First aid']);
    // An app from before the field sends none: what the member stated stays.
    expect((await t.call('PUT', '/api/users/profile', { token: u.token, body })).body.user.qualifications).toEqual(['NLS lifeguard', 'First aid']);
    const cleared = await t.call('PUT', '/api/users/profile', { token: u.token, body: { ...body, qualifications: '' } });
    expect(cleared.body.user.qualifications).toBeUndefined();
    for (const [qualifications, error] of [
      [42, 'List your qualifications as text, one a line'],
      ['x'.repeat(61), 'A qualification is at most 60 characters'],
      [Array.from({ length: 21 }, (_, i) => `Q${i}`).join('\n'), 'List at most 20 qualifications'],
    ] as const) {
      const res = await t.call('PUT', '/api/users/profile', { token: u.token, body: { ...body, qualifications } });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error, field: 'qualifications' });
    }
  });

  it('saves the four fields and answers the session user', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ role: 'pending' });
    const res = await t.call('PUT', '/api/users/profile', { token: u.token, body });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({
      id: u.id,
      name: 'Sam Swim',
      email: 'sam@club.test',
      phone_number: '+14165550142',
      phoneNumber: '+14165550142',
      bio: 'First.\n\nSecond.',
      role: 'pending',
    });
  });

  it('ignores a role (or anything else) in the body', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ role: 'member', expiryDate: '2026-06-30' });
    const res = await t.call('PUT', '/api/users/profile', {
      token: u.token,
      body: {
        ...body,
        role: 'administrator',
        expiryDate: '2099-12-31',
        expiry_date: '2099-12-31',
        absences: -5,
        id: 1,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('member');
    expect(t.userRow(u.id)!).toMatchObject({ role: 'member', expiryDate: '2026-06-30', absences: 0 });
    const admin = await t.call('GET', '/api/admin/members', { token: u.token });
    expect(admin.status).toBe(403);
  });

  it('validates the fields with the spec messages', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    const cases: [object, number, string][] = [
      [{ ...body, name: '' }, 400, 'Name and email are required'],
      [{ ...body, email: 'nope' }, 400, 'Please enter a valid email address (e.g., name@example.com)'],
      [{ ...body, phone_number: '12345' }, 400, phoneProblem('CA')],
      [{ ...body, bio: 'b'.repeat(2001) }, 400, 'Bio must be at most 2000 characters'],
    ];
    for (const [input, status, error] of cases) {
      expect(await t.call('PUT', '/api/users/profile', { token: u.token, body: input })).toMatchObject({
        status,
        body: { error },
      });
    }
    const text = await t.call('PUT', '/api/users/profile', {
      token: u.token,
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.status).toBe(415);
  });

  it('refuses an email another account uses with 409', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'sam@club.test' });
    const u = await t.createUser();
    const res = await t.call('PUT', '/api/users/profile', { token: u.token, body });
    expect(res).toMatchObject({ status: 409, body: { error: 'An account with this email already exists' } });
    expect(t.userRow(u.id)!.name).not.toBe('Sam Swim');
  });
});

describe('POST /api/users/profile-picture', () => {
  it('re-encodes a PNG to a 512x512 WebP without metadata and stores its URL', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    const input = await photoPng();
    const res = await t.call('POST', '/api/users/profile-picture', {
      token: u.token,
      body: pictureForm(input, 'holiday.png'),
    });
    expect(res.status).toBe(200);
    const url: string = res.body.profilePictureUrl;
    expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(url).not.toContain('holiday');
    expect(res.body.user.profilePictureUrl).toBe(url);
    expect(t.userRow(u.id)!.profilePictureUrl).toBe(url);

    const stored = readFileSync(join(t.deps.uploadsDir, url.slice('/uploads/'.length)));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    expect(meta.exif).toBeUndefined();
    expect(stored.length).toBeLessThan(input.length);
    expect(stored.includes(Buffer.from('Jane Private'))).toBe(false);
  });

  it('replaces the previous picture file', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    const png = await smallPng(30, 30);
    const first = await t.call('POST', '/api/users/profile-picture', {
      token: u.token,
      body: pictureForm(png),
    });
    const second = await t.call('POST', '/api/users/profile-picture', {
      token: u.token,
      body: pictureForm(png),
    });
    expect(second.body.profilePictureUrl).not.toBe(first.body.profilePictureUrl);
    expect(readdirSync(t.deps.uploadsDir)).toEqual([second.body.profilePictureUrl.slice('/uploads/'.length)]);
  });

  it('refuses an SVG and a text file renamed .png with 415, storing nothing', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><circle r="50"/></svg>',
    );
    for (const form of [
      pictureForm(svg, 'logo.svg', 'image/svg+xml'),
      pictureForm(svg, 'logo.png', 'image/png'),
      pictureForm(Buffer.from('this is a plain text file, not a picture'), 'notes.png', 'image/png'),
    ]) {
      const res = await t.call('POST', '/api/users/profile-picture', { token: u.token, body: form });
      expect(res).toMatchObject({
        status: 415,
        body: { error: 'Please upload an image file (JPEG, PNG, WebP or GIF)' },
      });
    }
    expect(readdirSync(t.deps.uploadsDir)).toEqual([]);
    expect(t.userRow(u.id)!.profilePictureUrl).toBeNull();
  });

  it('refuses a 6 MB file with 413 (the app body limit)', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    const big = new Uint8Array(6 * 1024 * 1024);
    big.set(await smallPng(8, 8));
    const res = await t.call('POST', '/api/users/profile-picture', {
      token: u.token,
      body: pictureForm(big),
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(readdirSync(t.deps.uploadsDir)).toEqual([]);
  });

  it('refuses a decompression bomb without a server error', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    const bomb = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const res = await t.call('POST', '/api/users/profile-picture', {
      token: u.token,
      body: pictureForm(bomb),
    });
    expect([400, 413, 415]).toContain(res.status);
    expect(res.body).toEqual({ error: expect.any(String) });
  });

  it('answers 400 without the field and 415 for a JSON body', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    const png = await smallPng(8, 8);
    const wrongField = await t.call('POST', '/api/users/profile-picture', {
      token: u.token,
      body: pictureForm(png, 'a.png', 'image/png', 'avatar'),
    });
    expect(wrongField).toMatchObject({ status: 400, body: { error: 'Please choose a picture to upload' } });
    const json = await t.call('POST', '/api/users/profile-picture', {
      token: u.token,
      body: { profilePicture: 'data:image/png;base64,AAAA' },
    });
    expect(json.status).toBe(415);
  });
});

describe('role-change notifications', () => {
  it('lists only the caller’s unread changes and marks them read', async () => {
    const t = makeTestApp();
    const admin = await t.createUser({ role: 'administrator' });
    const p = await t.createUser({ role: 'pending', expiryDate: null });
    const other = await t.createUser({ role: 'pending', expiryDate: null });
    await t.call('PUT', `/api/admin/members/${p.id}/approve`, {
      token: admin.token,
      body: { role: 'exec', expiryDate: '2026-12-31' },
    });
    await t.call('PUT', `/api/admin/members/${other.id}/reject`, {
      token: admin.token,
      body: { role: 'rejected' },
    });

    const list = await t.call('GET', '/api/users/role-change-notifications', { token: p.token });
    expect(list.status).toBe(200);
    expect(list.body.notifications).toEqual([
      { id: expect.any(Number), oldRole: 'pending', newRole: 'exec', createdAt: t.clock.now() },
    ]);

    const mark = await t.call('POST', '/api/users/mark-role-notification-read', { token: p.token });
    expect(mark).toMatchObject({ status: 200, body: { marked: 1 } });
    expect(
      (await t.call('GET', '/api/users/role-change-notifications', { token: p.token })).body.notifications,
    ).toEqual([]);
    // The other user's notification is still unread.
    const others = t.db
      .select()
      .from(roleChangeNotifications)
      .where(eq(roleChangeNotifications.userId, other.id))
      .all();
    expect(others.map((n) => n.readAt)).toEqual([null]);
  });
});
