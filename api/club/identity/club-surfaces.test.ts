// What a visitor, a search engine, a link preview and an installed app are told of the club: its own
// words (tagline, description), its sports, its colours and its contact address, on the next request
// after an administrator saves them, and never the demo club's once the club has its own.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '../../../domain/contract/club/public-pages';
import { defaultSports } from '../../../domain/sports';
import { createApp } from '../../app';
import { mountPwa } from '../../pages/static';
import { ADMIN, EXEC, makeClub } from '../../testing/test-app';

const URL = '/api/club/documents/club';
const HARBOUR = {
  name: 'Harbour Rowing and Triathlon Club',
  shortName: 'Harbour',
  tagline: 'Row · Swim · Bike · Run',
  description: 'Rowing and triathlon on the harbour: crews for every level, coached sessions and races all year.',
  accentColour: '#6b21a8',
};
const SCREENSHOTS = [{ src: '/screenshots/home-narrow.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'The home page on a phone' }];

async function setup() {
  const club = await makeClub({ admin: ADMIN, exec: EXEC });
  club.t.seed();
  const { t, admin } = club;
  const put = async (key: string, change: Record<string, unknown>) => {
    const { version, body } = (await t.call('GET', `/api/club/documents/${key}`)).body as { version: number; body: Record<string, unknown> };
    return t.call('PUT', `/api/club/documents/${key}`, { token: admin.token, body: { body: { ...body, ...change }, version } });
  };
  const save = (change: Record<string, unknown>) => put('club', change);
  const dist = mkdtempSync(join(tmpdir(), 'club-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><html><head><meta name="viewport" content="width=device-width"><meta name="description" content="The default."><title>University Triathlon Club</title></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(
    join(dist, 'manifest.webmanifest'),
    JSON.stringify({ id: '/', name: 'University Triathlon Club', short_name: 'Tri Club', description: 'Workouts for the university triathlon club.', display: 'standalone', screenshots: SCREENSHOTS }),
  );
  const app = createApp(t.deps, (a) => mountPwa(a, t.deps.uploadsDir, dist));
  const html = async (path: string) => (await app.request(path)).text();
  const meta = (page: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(page)?.[1];
  const jsonLd = (page: string) => JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(page)![1]!) as Record<string, unknown>;
  const manifest = async () => (await (await app.request('/manifest.webmanifest')).json()) as Record<string, unknown>;
  return { ...club, app, put, save, html, meta, jsonLd, manifest };
}

describe("the club's words", () => {
  it("are the demo's until edited: Home's description, the structured data's sport", async () => {
    const { html, meta, jsonLd } = await setup();
    const home = await html('/');
    expect(meta(home, 'description')).toBe('The university triathlon club: swim, bike and run with us. Schedule, how to join, workouts, events and races.');
    expect(jsonLd(home)).toMatchObject({ sport: 'Triathlon', description: meta(home, 'description') });
  });

  it('describe every page, the structured data and the installed app once saved, and no page names the demo club', async () => {
    const { save, html, meta, jsonLd, manifest } = await setup();
    expect((await save(HARBOUR)).status).toBe(200);
    const paths = [...PUBLIC_PAGES.map((p) => p.path), '/reset-password', '/forum', '/admin', '/no-such-page'];
    for (const path of paths) {
      const page = await html(path);
      const description = meta(page, 'description')!;
      expect(description, path).not.toMatch(/university triathlon club/i);
      expect(description.includes(HARBOUR.name) || description === HARBOUR.description, path).toBe(true);
      expect(meta(page, 'og:description'), path).toBe(description);
      expect(meta(page, 'twitter:description'), path).toBe(description);
      expect(page, path).not.toContain('University Triathlon Club');
    }
    const home = await html('/');
    expect(meta(home, 'description')).toBe(HARBOUR.description);
    expect(jsonLd(home)).toMatchObject({ name: HARBOUR.name, description: HARBOUR.description });
    expect(meta(await html('/join-us'), 'description')).toBe(`How to join the ${HARBOUR.name}: membership, fees, what to bring and who to ask.`);
    expect(await manifest()).toMatchObject({ name: HARBOUR.name, short_name: 'Harbour', description: HARBOUR.description });
  });

  it("name the sports the club's workout types train in the structured data", async () => {
    const { put, html, jsonLd } = await setup();
    const sports = defaultSports();
    const rowing = { id: 'erg', name: 'Erg', sport: 'other', colour: 'teal', minutes: 45, retired: false };
    const runs = sports.types.filter((type) => type.sport === 'run');
    expect((await put('sports', { types: [...runs, rowing], filters: [] })).status).toBe(200);
    expect(jsonLd(await html('/'))).toMatchObject({ sport: 'Running' });
    expect((await put('sports', { types: [rowing], filters: [] })).status).toBe(200);
    expect(jsonLd(await html('/'))).not.toHaveProperty('sport');
  });

  it('draw the link previews again when only the tagline changes, with the tagline and the accent on them', async () => {
    const { save, app } = await setup();
    expect((await save({ name: HARBOUR.name })).status).toBe(200);
    const png = async () => Buffer.from(await (await app.request('/og/home.png')).arrayBuffer());
    const before = await png();
    expect((await save({ tagline: HARBOUR.tagline, accentColour: HARBOUR.accentColour })).status).toBe(200);
    const after = await png();
    expect(after.equals(before)).toBe(false);
    const { data, info } = await sharp(after).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // The band along the top is the accent.
    const at = (5 * info.width + 600) * info.channels;
    expect([...data.subarray(at, at + 3)]).toEqual([0x6b, 0x21, 0xa8]);
  });
});

describe('the accent colour', () => {
  it('reaches every page with the main colour, and the shades made from both', async () => {
    const { save, html } = await setup();
    expect((await save({ mainColour: '#14532d', accentColour: HARBOUR.accentColour })).status).toBe(200);
    const style = /<style>:root\{([^}]*)\}<\/style>/.exec(await html('/join-us'))![1]!;
    expect(style).toContain('--club-main:#14532d;');
    expect(style).toContain('--club-accent:#6b21a8;');
    expect(style).toMatch(/--club-accent-tint:#[0-9a-f]{6};/);
    expect(style).not.toContain('--blue-');
  });
});

describe('an app installed before the tagline, description and accent existed', () => {
  it('saves the fields it knows and leaves the newer ones as they are', async () => {
    const { save, t, admin } = await setup();
    expect((await save(HARBOUR)).status).toBe(200);
    const { version, body } = (await t.call('GET', URL)).body as { version: number; body: Record<string, unknown> };
    const { tagline: _t, description: _d, accentColour: _a, ...older } = body;
    const res = await t.call('PUT', URL, { token: admin.token, body: { body: { ...older, name: 'Harbour Club' }, version } });
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/club')).body).toMatchObject({ name: 'Harbour Club', tagline: HARBOUR.tagline, description: HARBOUR.description, accentColour: HARBOUR.accentColour });
  });
});

describe("the install dialog's screenshots", () => {
  it('are offered while the club looks like the demo, and left out once it has its own name, colours or logo', async () => {
    const { save, manifest, t, admin } = await setup();
    expect((await manifest()).screenshots).toEqual(SCREENSHOTS);
    // A new address or link does not change how the app looks.
    expect((await save({ contactEmail: 'crew@harbour.test', strava: 'https://www.strava.com/clubs/harbour' })).status).toBe(200);
    expect((await manifest()).screenshots).toEqual(SCREENSHOTS);
    for (const change of [{ name: HARBOUR.name }, { shortName: 'Harbour' }, { mainColour: '#14532d' }, { accentColour: '#6b21a8' }]) {
      expect((await save(change)).status).toBe(200);
      expect(await manifest(), JSON.stringify(change)).not.toHaveProperty('screenshots');
      const { version } = (await t.call('GET', URL)).body as { version: number };
      expect((await t.call('POST', `${URL}/versions/0/restore`, { token: admin.token, body: { version } })).status).toBe(200);
      expect((await manifest()).screenshots).toEqual(SCREENSHOTS);
    }
  });
});

describe("the club's contact address in the default texts", () => {
  it('is the one saved in Admin → Club: Join Us step 4 and the FAQ link to it at once', async () => {
    const { save, t } = await setup();
    const old = t.deps.env.CLUB_EMAIL;
    const html = async (key: string) => ((await t.call('GET', `/api/club/documents/${key}`)).body as { html: Record<string, string> }).html;
    expect((await html('faq-page'))['items.0.answer']).toContain(`<a href="mailto:${old}">${old}</a>`);
    expect((await save({ contactEmail: 'crew@harbour.test' })).status).toBe(200);
    const faq = await html('faq-page');
    const join = await html('join-page');
    expect(faq['items.0.answer']).toContain('<a href="mailto:crew@harbour.test">crew@harbour.test</a>');
    expect(join['steps.3.text']).toContain('<a href="mailto:crew@harbour.test">crew@harbour.test</a>');
    expect(JSON.stringify([faq, join])).not.toContain(old);
  });
});
