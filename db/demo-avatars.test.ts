import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database_ } from './client';
import { avatarSvg, drawDemoAvatars, initialsOf } from './demo-avatars';
import { runMigrations } from './migrate';
import { seed, TEAM_POSITIONS } from './seed';
import { teamProfiles } from './schema';

const folders: string[] = [];
const opened: Database_[] = [];
afterEach(() => {
  for (const database of opened.splice(0)) database.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});
function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), 'club-avatars-'));
  folders.push(dir);
  return dir;
}

const settings = { SEED_DEMO: true, CLUB_TIMEZONE: 'America/Toronto', PASSWORD_HASH_LOG_N: 4 };

describe('the demo team’s drawn pictures', () => {
  it('take the initials of the name', () => {
    expect(initialsOf('Maya Chen')).toBe('MC');
    expect(initialsOf('  daniel   de la Okafor ')).toBe('DO');
    expect(initialsOf('Cher')).toBe('C');
    expect(initialsOf('Émile Zola')).toBe('ÉZ');
    expect(initialsOf('')).toBe('?');
    expect(avatarSvg('<A> & "B"', 0)).toContain('&#60;&#34;');
  });

  it('are square WebP files in the uploads folder, named as uploads are, in the club’s colours', async () => {
    const dir = folder();
    const urls = await drawDemoAvatars(dir, ['Maya Chen', 'Daniel Okafor']);
    expect(urls).toHaveLength(2);
    for (const url of urls) {
      expect(url).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
      const meta = await sharp(join(dir, url.slice('/uploads/'.length))).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', 512, 512]);
    }
    // Not a grey silhouette: the corner is the club's navy or blue.
    const { data } = await sharp(join(dir, urls[0]!.slice(9))).raw().toBuffer({ resolveWithObject: true });
    const [r, g, b] = [data[0]!, data[1]!, data[2]!];
    expect(b).toBeGreaterThan(r + 40);
    expect(b).toBeGreaterThan(g);
  });

  it('are drawn once, when the demo team is first seeded, and each position gets its own', async () => {
    const database = openDatabase(':memory:');
    opened.push(database);
    runMigrations(database);
    const dir = folder();
    await seed(database, { ...settings, uploadsDir: dir }, Date.parse('2026-11-22T12:00:00Z'), () => {});
    const images = database.db.select({ image: teamProfiles.image }).from(teamProfiles).all().map((r) => r.image);
    expect(images).toHaveLength(TEAM_POSITIONS.length);
    expect(new Set(images).size).toBe(TEAM_POSITIONS.length);
    for (const image of images) expect(existsSync(join(dir, image.slice('/uploads/'.length)))).toBe(true);
    await seed(database, { ...settings, uploadsDir: dir }, Date.parse('2026-11-23T12:00:00Z'), () => {});
    expect(readdirSync(dir)).toHaveLength(TEAM_POSITIONS.length);
  });
});
