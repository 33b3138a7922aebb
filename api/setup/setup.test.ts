// The first run of an empty club: once, by one person, never again.
import { DEFAULT_DESCRIPTION, DEFAULT_SHORT_NAME, DEFAULT_TAGLINE } from '../../domain/documents/club-identity';
import { BUILT_IN_PHOTOS } from '../../domain/documents/club-pages';
import { CHOOSE_SPORT_ERROR } from '../../domain/contract/members/setup';
import type { SeasonsDocument } from '../../domain/schedule';
import { defaultSports } from '../../domain/sports';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createApp } from '../app';
import { mountPwa } from '../pages/static';
import { MEMBER, makeTestApp } from '../testing/test-app';

const FIRST = { clubName: 'Lakeside Rowing Club', name: 'Robin Rower', email: 'Robin@Lakeside.test', password: 'long-enough-password' };

function shell(t: ReturnType<typeof makeTestApp>) {
  const dist = mkdtempSync(join(tmpdir(), 'club-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Club</title><div id="root"></div>');
  return createApp(t.deps, (a) => mountPwa(a, t.deps.uploadsDir, dist));
}

/** The new club's schedule: its first version, one season with no sessions, nothing of the demo's timetable. */
async function expectStarterSchedule(read: (key: string) => Promise<{ version: number; body: SeasonsDocument }>) {
  const seasons = await read('seasons');
  expect(seasons.version).toBe(1);
  expect(seasons.body.seasons.flatMap((season) => [...season.sessions, ...season.notes])).toEqual([]);
  expect(JSON.stringify(seasons.body)).not.toMatch(/Aquatic|Varsity|Swim practice|brick|B120/i);
}

describe('the first run', () => {
  it('names the club and makes its first administrator, signed in, and then is gone for good', async () => {
    const t = makeTestApp();
    const site = shell(t);
    expect((await t.call('GET', '/api/setup')).body).toEqual({ open: true });
    expect((await t.call('GET', '/api/config')).body.firstRun).toBe(true);
    expect((await site.request('/setup')).status).toBe(200);

    const made = await t.call('POST', '/api/setup', { body: FIRST });
    expect(made.status).toBe(201);
    expect(made.body.user).toMatchObject({ name: 'Robin Rower', email: 'robin@lakeside.test', role: 'administrator' });
    expect(typeof made.body.token).toBe('string');
    // The club's name is its document's first version, by the new administrator (whom its editors are told).
    const club = await t.call('GET', '/api/club/documents/club', { token: made.body.token });
    expect(club.body).toMatchObject({ version: 1, body: { name: 'Lakeside Rowing Club', shortName: 'Lakeside' }, publishedBy: { name: 'Robin Rower' } });
    // Nothing of the demo club is left in what the new club is known by.
    for (const demo of [DEFAULT_SHORT_NAME, DEFAULT_TAGLINE, DEFAULT_DESCRIPTION]) expect(JSON.stringify(club.body.body)).not.toContain(demo);
    expect(club.body.body.description).toContain('Lakeside Rowing Club');
    // The token works: the administrator is signed in.
    expect((await t.call('GET', '/api/admin/members', { token: made.body.token })).status).toBe(200);
    expect((await t.login('robin@lakeside.test', FIRST.password)).status).toBe(200);

    expect((await t.call('GET', '/api/setup')).status).toBe(404);
    const again = await t.call('POST', '/api/setup', { body: { ...FIRST, email: 'other@lakeside.test' } });
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Not found' });
    expect((await site.request('/setup')).status).toBe(404);
    expect((await t.call('GET', '/api/config')).body.firstRun).toBe(false);
    expect(t.db.select().from(users).all()).toHaveLength(1);
  });

  it('starts the new club’s pages from plain words for any club, none of the demo club’s, that every page check takes', async () => {
    const t = makeTestApp();
    const { token } = (await t.call('POST', '/api/setup', { body: FIRST })).body;
    const read = async (key: string) => (await t.call('GET', `/api/club/documents/${key}`, { token })).body;
    const demoWords = /triathlon|swim|bike|\brun\b|HST|athletic centre|Full Tri|duathl/i;
    for (const key of ['home-page', 'join-page', 'faq-page', 'charter', 'waiver', 'team-positions', 'resources-page', 'gear-page']) {
      const page = await read(key);
      expect(page, key).toMatchObject({ version: 1, publishedBy: { name: 'Robin Rower' } });
      // A photo's alt text describes its picture (a swimmer); Join us's fees and tax are checked whole.
      const { photos: _photos, ...words } = page.body;
      expect(JSON.stringify(words), key).not.toMatch(demoWords);
    }
    expect((await read('home-page')).body.tagline).toContain('Lakeside Rowing Club');
    // Filled with the club's facts where a page takes them.
    const faq = (await t.call('GET', '/api/club/documents/faq-page')).body;
    expect(JSON.stringify(faq.html)).not.toMatch(/\{(email|club|late-cancel-rule)\}/);
    expect(JSON.stringify(faq.html)).toContain('mailto:');
    // Resources and Team Gear say plainly that nothing is there yet, and promise nothing.
    expect((await read('resources-page')).body).toEqual({ placeholder: expect.not.stringMatching(/training plans|will appear/i), links: [] });
    expect((await read('gear-page')).body).toEqual({ placeholder: expect.not.stringMatching(/club-branded|coming soon/i), items: [] });
    // The treasurer keeps the position the payments settings name.
    expect((await read('team-positions')).body.positions.map((p: { id: string }) => p.id)).toContain('treasurer');
  });

  it('starts a club of the sports it said it does, with its own terms, no demo packages and no demo captions', async () => {
    // The last evening of 2026 in Toronto, the club's clock, already 2027 in UTC.
    const t = makeTestApp({ now: Date.parse('2027-01-01T03:00:00Z') });
    const made = await t.call('POST', '/api/setup', { body: { ...FIRST, sports: ['row'] } });
    expect(made.status).toBe(201);
    const { token } = made.body;
    const read = async (key: string) => (await t.call('GET', `/api/club/documents/${key}`, { token })).body;

    const sports = await read('sports');
    expect(sports).toMatchObject({ version: 1, publishedBy: { name: 'Robin Rower' } });
    expect(sports.body.types.map((type: { name: string }) => type.name)).toEqual(['Row', 'Other']);
    const config = (await t.call('GET', '/api/config')).body;
    expect(config.sports.types.map((type: { id: string }) => type.id)).not.toContain('spin');
    // A workout posted without a type is a Row, the first the club offers.
    const post = await t.createPost(token, { type: 'workout', title: 'Erg pieces', content: 'Boathouse', workoutDate: '2027-01-01', workoutTime: '18:00', capacity: 8 });
    expect(post.post.workout_type).toBe('row');

    const terms = await read('terms');
    expect(terms.version).toBe(1);
    expect(terms.body.terms.map((term: { id: string; start: string; end: string }) => [term.id, term.start, term.end])).toEqual([
      ['year-2026', '2026-01-01', '2026-12-31'],
      ['year-2027', '2027-01-01', '2027-12-31'],
    ]);
    expect(config.terms.map((term: { id: string }) => term.id)).toEqual(['year-2026', 'year-2027']);
    // No demo social links in the footer: the club has given none of its own yet.
    expect(config.club).toMatchObject({ instagram: '', facebook: '', strava: '' });

    const join = await read('join-page');
    expect(join.body.fees).toEqual([]);
    expect(join.body.tax.name).toBe('');
    expect(JSON.stringify(join.body)).not.toMatch(/HST|Full Tri|athletic centre/);

    await expectStarterSchedule(read);

    const home = await read('home-page');
    for (const demo of BUILT_IN_PHOTOS) expect(home.body.photos.map((photo: { caption: string }) => photo.caption)).not.toContain(demo.caption);
    expect(JSON.stringify(home.body.photos.map((photo: { caption: string }) => photo.caption))).not.toMatch(/swim|bike|run|coached|spin|track|tempo/i);
  });

  it('keeps the default workout types when an app sent no sports (one installed before the form asked)', async () => {
    const t = makeTestApp();
    const made = await t.call('POST', '/api/setup', { body: FIRST });
    expect(made.status).toBe(201);
    const sports = (await t.call('GET', '/api/club/documents/sports', { token: made.body.token })).body;
    expect(sports.version).toBe(0);
    expect(sports.body).toEqual(defaultSports());
    // Its terms, pages and packages are the new club's all the same.
    expect((await t.call('GET', '/api/club/documents/terms', { token: made.body.token })).body.body.terms.map((term: { id: string }) => term.id)).toEqual(['year-2026', 'year-2027']);
    expect((await t.call('GET', '/api/club/documents/join-page', { token: made.body.token })).body.body.fees).toEqual([]);
    await expectStarterSchedule(async (key) => (await t.call('GET', `/api/club/documents/${key}`)).body);
  });

  it('refuses a setup that chose no sport, or one the app does not know, with the field', async () => {
    const t = makeTestApp();
    for (const sports of [[], ['curling'], 'row']) {
      const res = await t.call('POST', '/api/setup', { body: { ...FIRST, sports } });
      expect(res.status, JSON.stringify(sports)).toBe(400);
      expect(res.body.field, JSON.stringify(sports)).toMatch(/^sports/);
    }
    expect((await t.call('POST', '/api/setup', { body: { ...FIRST, sports: [] } })).body.error).toBe(CHOOSE_SPORT_ERROR);
    expect(t.db.select().from(users).all()).toHaveLength(0);
  });

  it('makes one administrator of two setups sent at once', async () => {
    const t = makeTestApp();
    const answers = await Promise.all(
      ['a', 'b', 'c'].map((who) => t.call('POST', '/api/setup', { body: { ...FIRST, name: `Racer ${who}`, email: `${who}@lakeside.test` } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 404, 404]);
    const accounts = t.db.select().from(users).all();
    expect(accounts).toHaveLength(1);
    expect(accounts[0]!.role).toBe('administrator');
    expect((await t.call('GET', '/api/club/documents/club')).body.version).toBe(1);
  });

  it('refuses bad input with the field, and makes nothing', async () => {
    const t = makeTestApp();
    for (const [change, field] of [
      [{ clubName: ' ' }, 'clubName'],
      [{ clubName: 'Harbour\r\nClub' }, 'clubName'],
      [{ name: '' }, 'name'],
      [{ email: 'nope' }, 'email'],
      [{ password: 'short' }, 'password'],
    ] as const) {
      const res = await t.call('POST', '/api/setup', { body: { ...FIRST, ...change } });
      expect(res.status, field).toBe(400);
      expect(res.body.field, field).toBe(field);
    }
    expect(t.db.select().from(users).all()).toHaveLength(0);
    expect((await t.call('GET', '/api/setup')).status).toBe(200);
  });

  it('never opens once any account exists, nor with ADMIN_EMAIL or the demo', async () => {
    const withMember = makeTestApp();
    await withMember.createUser(MEMBER);
    expect((await withMember.call('GET', '/api/setup')).status).toBe(404);
    expect((await withMember.call('POST', '/api/setup', { body: FIRST })).status).toBe(404);
    const withAdminEmail = makeTestApp({ env: { ADMIN_EMAIL: 'boss@club.test', ADMIN_PASSWORD: 'long-enough-password' } });
    expect((await withAdminEmail.call('POST', '/api/setup', { body: FIRST })).status).toBe(404);
    const demo = makeTestApp({ env: { SEED_DEMO: '1' } });
    expect((await demo.call('GET', '/api/setup')).status).toBe(404);
    expect(withAdminEmail.db.select().from(users).all()).toHaveLength(0);
  });
});
