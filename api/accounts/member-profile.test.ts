import { existsSync, readdirSync } from 'node:fs';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { bioParagraphs, profileUpdateSchema } from '../../domain/contract/members/users';
import { phoneProblem, readPhone } from '../../domain/region/phone';
import { makeTestApp } from '../testing/test-app';
import { ServiceError } from '../platform/errors';
import {
  markRoleChangesRead,
  recordRoleChange,
  replaceProfilePicture,
  unreadRoleChanges,
  updateProfile,
} from './member-profile';
import { uploadPath } from '../media/uploads';

// The default club (Canada): numbers read as North American ones.
const readCanadian = (typed: string) => readPhone(typed, 'CA');
const parse = (input: unknown) => profileUpdateSchema(readCanadian).parse(input);
const png = () =>
  sharp({ create: { width: 64, height: 64, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();

describe('updateProfile', () => {
  it('writes name, email, the phone in E.164 and bio, and answers the session user', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ role: 'member' });
    const user = updateProfile(
      t.deps,
      u.id,
      parse({ name: ' Sam ', email: 'SAM@club.test', phone_number: '416.555.0199', bio: 'Hi\r\n\r\nThere' }),
    );
    expect(user).toMatchObject({
      name: 'Sam',
      email: 'sam@club.test',
      phoneNumber: '+14165550199',
      bio: 'Hi\n\nThere',
      role: 'member',
    });
    expect(
      updateProfile(t.deps, u.id, parse({ name: 'Sam', email: 'sam@club.test', phone_number: '', bio: '' })),
    ).toMatchObject({
      phoneNumber: null,
      bio: null,
    });
  });

  it('drops every field but the four of the profile (no mass assignment)', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ role: 'member', expiryDate: '2026-06-30' });
    const input = parse({
      name: 'Sam',
      email: 'sam@club.test',
      role: 'administrator',
      expiry_date: '2099-01-01',
      absences: 0,
    });
    expect(input).toEqual({ name: 'Sam', email: 'sam@club.test', phone_number: '', bio: '' });
    updateProfile(t.deps, u.id, input);
    const row = t.db.select().from(users).where(eq(users.id, u.id)).get()!;
    expect(row).toMatchObject({ role: 'member', expiryDate: '2026-06-30' });
  });

  it('refuses an email another account uses with 409', async () => {
    const t = makeTestApp();
    await t.createUser({ email: 'taken@club.test' });
    const u = await t.createUser();
    expect(() => updateProfile(t.deps, u.id, parse({ name: 'X', email: 'Taken@club.test' }))).toThrow(
      expect.objectContaining({ status: 409, message: 'An account with this email already exists' }),
    );
    // Keeping one's own email is fine.
    expect(updateProfile(t.deps, u.id, parse({ name: 'X', email: u.email })).email).toBe(u.email);
  });

  it('validates the fields with the spec messages', () => {
    const message = (input: unknown) => profileUpdateSchema(readCanadian).safeParse(input).error?.issues[0]?.message;
    expect(message({ name: '', email: 'a@b.co' })).toBe('Name and email are required');
    expect(message({ name: 'A', email: 'nope' })).toBe(
      'Please enter a valid email address (e.g., name@example.com)',
    );
    expect(message({ name: 'A', email: 'a@b.co', phone_number: '555-01' })).toBe(
      phoneProblem('CA'),
    );
    expect(message({ name: 'A', email: 'a@b.co', bio: 'x'.repeat(2001) })).toBe(
      'Bio must be at most 2000 characters',
    );
    expect(profileUpdateSchema(readCanadian).safeParse({ name: 'A', email: 'a@b.co', bio: 'x'.repeat(2000) }).success).toBe(
      true,
    );
  });
});

describe('bioParagraphs', () => {
  it('splits on blank lines and drops empty ones', () => {
    expect(bioParagraphs('One\nstill one\n\n  \nTwo\n\n\nThree  ')).toEqual([
      'One\nstill one',
      'Two',
      'Three',
    ]);
    expect(bioParagraphs(null)).toEqual([]);
  });
});

describe('replaceProfilePicture', () => {
  it('stores a WebP under a fresh name and removes the previous file', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    const first = await replaceProfilePicture(t.deps, u.id, await png());
    expect(first.profilePictureUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect(first.user.profilePictureUrl).toBe(first.profilePictureUrl);
    const firstPath = uploadPath(t.deps.uploadsDir, first.profilePictureUrl)!;
    expect(existsSync(firstPath)).toBe(true);

    const second = await replaceProfilePicture(t.deps, u.id, await png());
    expect(second.profilePictureUrl).not.toBe(first.profilePictureUrl);
    expect(existsSync(firstPath)).toBe(false);
    expect(readdirSync(t.deps.uploadsDir)).toHaveLength(1);
  });

  it('leaves no file behind when the picture is refused', async () => {
    const t = makeTestApp();
    const u = await t.createUser();
    await expect(replaceProfilePicture(t.deps, u.id, Buffer.from('<svg/>'))).rejects.toBeInstanceOf(
      ServiceError,
    );
    expect(readdirSync(t.deps.uploadsDir)).toHaveLength(0);
    await expect(replaceProfilePicture(t.deps, 9999, await png())).rejects.toMatchObject({ status: 404 });
    expect(readdirSync(t.deps.uploadsDir)).toHaveLength(0);
  });
});

describe('role-change notifications', () => {
  it('lists unread changes oldest first and marks them read', async () => {
    const t = makeTestApp();
    const u = await t.createUser({ role: 'member' });
    recordRoleChange(t.db, u.id, 'pending', 'member', 1000);
    recordRoleChange(t.db, u.id, 'member', 'member', 1500);
    recordRoleChange(t.db, u.id, 'member', 'exec', 2000);
    expect(unreadRoleChanges(t.deps, u.id)).toEqual([
      { id: expect.any(Number), oldRole: 'pending', newRole: 'member', createdAt: 1000 },
      { id: expect.any(Number), oldRole: 'member', newRole: 'exec', createdAt: 2000 },
    ]);
    expect(markRoleChangesRead(t.deps, u.id, 3000)).toBe(2);
    expect(unreadRoleChanges(t.deps, u.id)).toEqual([]);
    expect(markRoleChangesRead(t.deps, u.id, 3000)).toBe(0);
  });
});
