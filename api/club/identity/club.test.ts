// The club's identity (the `club` document): what an administrator may set, what is refused and why,
// who may, and everything that follows it on the next request (GET /api/club, the config, the
// manifest, the pages' heads, the icons made from an uploaded logo).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCENT_COLOUR } from '../../../domain/documents/club-identity';
import { clubPalette, contrastRatio, paletteCss, whiteTextReadable } from '../../../domain/documents/club-palette';
import { createApp } from '../../app';
import { mountPwa } from '../../pages/static';
import { pictureForm, smallPng } from '../../testing/pictures';
import { ADMIN, EXEC, MEMBER, makeClub } from '../../testing/test-app';

const URL = '/api/club/documents/club';

async function setup(options: Parameters<typeof makeClub>[1] = {}) {
  const club = await makeClub({ admin: ADMIN, exec: EXEC, me: MEMBER }, options);
  const current = async () => (await club.t.call('GET', URL)).body as { version: number; body: Record<string, unknown> };
  const save = async (change: Record<string, unknown>, token = club.admin.token) => {
    const { version, body } = await current();
    return club.t.call('PUT', URL, { token, body: { body: { ...body, ...change }, version } });
  };
  return { ...club, save, current };
}

function site(t: Awaited<ReturnType<typeof setup>>['t']) {
  const dist = mkdtempSync(join(tmpdir(), 'club-dist-'));
  writeFileSync(
    join(dist, 'index.html'),
    '<!doctype html><head><meta name="theme-color" content="#072f54" /><link rel="icon" href="/favicon.svg" type="image/svg+xml" /><title>University Triathlon Club</title></head><div id="root"></div>',
  );
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ id: '/', name: 'University Triathlon Club', short_name: 'Tri Club', display: 'standalone', theme_color: '#072f54' }));
  return createApp(t.deps, (a) => mountPwa(a, t.deps.uploadsDir, dist));
}

describe('the contrast rule', () => {
  it('measures WCAG contrast and wants 4.5:1 for white text', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBeCloseTo(1, 5);
    expect(whiteTextReadable('#072f54')).toBe(true);
    expect(whiteTextReadable('#767676')).toBe(true); // 4.54:1
    expect(whiteTextReadable('#777777')).toBe(false); // 4.48:1
    expect(whiteTextReadable('#ffcc00')).toBe(false);
  });
});

describe('the club document', () => {
  it("is today's club until edited, public, and answered by GET /api/club with an ETag", async () => {
    const { t } = await setup();
    const res = await t.call('GET', '/api/club');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      name: 'University Triathlon Club',
      shortName: 'Tri Club',
      tagline: 'Swim · Bike · Run',
      description: 'The university triathlon club: swim, bike and run with us. Schedule, how to join, workouts, events and races.',
      mainColour: '#072f54',
      accentColour: '#c2410c',
      logo: null,
      contactEmail: t.deps.env.CLUB_EMAIL,
      instagram: 'https://www.instagram.com/',
      facebook: 'https://www.facebook.com/',
      strava: '',
      version: 0,
      icons: { icon192: '/icons/icon-192.png', icon512: '/icons/icon-512.png', maskable512: '/icons/icon-maskable-512.png', favicon: '/favicon.svg', appleTouch: '/icons/icon-192.png' },
    });
    const raw = await t.app.request('/api/club');
    expect(raw.headers.get('etag')).toBe('"club-0"');
    expect((await t.app.request('/api/club', { headers: { 'if-none-match': '"club-0"' } })).status).toBe(304);
  });

  it('takes every field from an administrator, and the config and the contact address follow', async () => {
    const { t, save } = await setup();
    const saved = await save({
      name: 'Lakeside Rowing Club',
      shortName: 'Lakeside RC',
      mainColour: '#7A1F1F',
      contactEmail: 'crew@lakeside.test',
      instagram: 'https://instagram.com/lakeside',
      facebook: '',
      strava: 'https://www.strava.com/clubs/lakeside',
    });
    expect(saved.status).toBe(200);
    const club = (await t.call('GET', '/api/club')).body;
    expect(club).toMatchObject({ name: 'Lakeside Rowing Club', shortName: 'Lakeside RC', mainColour: '#7a1f1f', version: 1, facebook: '', strava: 'https://www.strava.com/clubs/lakeside' });
    const config = (await t.call('GET', '/api/config')).body;
    expect(config.clubEmail).toBe('crew@lakeside.test');
    expect(config.club).toMatchObject({ name: 'Lakeside Rowing Club', contactEmail: 'crew@lakeside.test' });
  });

  it.each([
    [{ name: '  ' }, 'name', 'Give the club a name'],
    [{ shortName: 'Thirteen char' }, 'shortName', 'The short name is at most 12 characters (a home screen cuts it off)'],
    [{ shortName: '' }, 'shortName', 'Give a short name (the label under the app on a home screen)'],
    [{ mainColour: '#ffcc00' }, 'mainColour', 'White text on this colour is hard to read: choose a darker colour (contrast at least 4.5:1)'],
    [{ mainColour: 'blue' }, 'mainColour', 'The main colour is a hex colour like #072f54'],
    [{ logo: 'https://evil.test/logo.png' }, 'logo', 'Upload the logo here: it must be a picture this app received'],
    // The shape of an upload's address, but nothing this server made: its icons would answer 404.
    [{ logo: '/uploads/0123456789abcdef0123456789abcdef.webp' }, 'logo', 'Upload the logo here: it must be a picture this app received'],
    [{ name: 'Harbour Club\r\nBEGIN:VEVENT' }, 'name', 'The club name cannot contain line breaks, tabs or invisible control characters'],
    [{ name: 'Harbour\u0000Club' }, 'name', 'The club name cannot contain line breaks, tabs or invisible control characters'],
    [{ name: 'Harbour \u202eCRT' }, 'name', 'The club name cannot contain line breaks, tabs or invisible control characters'],
    [{ shortName: 'Harbour\nRC' }, 'shortName', 'The short name cannot contain line breaks, tabs or invisible control characters'],
    [{ shortName: '\u2066Harbour' }, 'shortName', 'The short name cannot contain line breaks, tabs or invisible control characters'],
    [{ tagline: 'Row\nSwim' }, 'tagline', 'The tagline cannot contain line breaks, tabs or invisible control characters'],
    [{ description: '' }, 'description', 'Describe the club in a sentence or two (what search results and shared links say)'],
    [{ accentColour: '#f2a900' }, 'accentColour', 'White text on this colour is hard to read: choose a darker colour (contrast at least 4.5:1)'],
    [{ accentColour: 'orange' }, 'accentColour', 'The accent colour is a hex colour like #c2410c'],
    [{ contactEmail: 'not an address' }, 'contactEmail', 'The contact email must be an email address'],
    [{ instagram: 'javascript:alert(1)' }, 'instagram', 'The Instagram link must start with https://'],
    [{ strava: 'http://strava.com/x' }, 'strava', 'The Strava link must start with https://'],
  ])('refuses %j with the field and its message, and saves nothing', async (change, field, error) => {
    const { t, save } = await setup();
    const res = await save(change);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, field });
    expect((await t.call('GET', '/api/club')).body.version).toBe(0);
  });

  it('is for administrators only: an exec or a member gets 403, a stranger 401', async () => {
    const { t, exec, me, save } = await setup();
    expect((await save({ name: 'Exec Club' }, exec.token)).status).toBe(403);
    expect((await save({ name: 'Member Club' }, me.token)).status).toBe(403);
    expect((await t.call('PUT', URL, { body: { body: {}, version: 0 } })).status).toBe(401);
    const form = () => pictureForm(Buffer.from('x'), 'logo.png', 'image/png', 'logo');
    expect((await t.call('POST', '/api/club/logo', { token: exec.token, body: form() })).status).toBe(403);
    expect((await t.call('POST', '/api/club/logo', { token: me.token, body: form() })).status).toBe(403);
    expect((await t.call('POST', '/api/club/logo', { body: form() })).status).toBe(401);
    expect((await t.call('GET', '/api/club')).body.name).toBe('University Triathlon Club');
  });
});

describe('the logo', () => {
  it('makes the icons from an uploaded logo, which the manifest and the pages name once saved', async () => {
    const { t, admin, save } = await setup();
    const refused = await t.call('POST', '/api/club/logo', { token: admin.token, body: pictureForm(Buffer.from('not a picture'), 'logo.png', 'image/png', 'logo') });
    expect(refused.status).toBe(415);
    const up = await t.call('POST', '/api/club/logo', { token: admin.token, body: pictureForm(await smallPng(300, 120), 'logo.png', 'image/png', 'logo') });
    expect(up.status).toBe(200);
    const logo = up.body.logo as string;
    expect(logo).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
    expect((await save({ logo })).status).toBe(200);
    const { icons } = (await t.call('GET', '/api/club')).body as { icons: Record<string, string> };
    const app = site(t);
    const sizes: Record<string, number> = { icon192: 192, icon512: 512, maskable512: 512, favicon: 48, appleTouch: 180 };
    for (const [name, size] of Object.entries(sizes)) {
      const res = await app.request(icons[name]!);
      expect(res.status, name).toBe(200);
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect({ name, format: meta.format, width: meta.width, height: meta.height }).toEqual({ name, format: 'png', width: size, height: size });
    }
    // The maskable icon is full-bleed (no transparent corner a launcher would show as a hole).
    const maskable = await sharp(Buffer.from(await (await app.request(icons.maskable512!)).arrayBuffer())).raw().toBuffer({ resolveWithObject: true });
    expect(maskable.data[3]).toBe(255);
    const logoMeta = await sharp(Buffer.from(await (await app.request(logo)).arrayBuffer())).metadata();
    expect(logoMeta).toMatchObject({ format: 'webp', width: 512, height: 512 });

    const manifest = await (await app.request('/manifest.webmanifest')).json();
    expect(manifest.icons.map((i: { src: string }) => i.src)).toEqual([icons.icon192, icons.icon512, icons.maskable512]);
    const html = await (await app.request('/join-us')).text();
    expect(html).toContain(`<link rel="icon" href="${icons.favicon}">`);
    expect(html).toContain(`<link rel="apple-touch-icon" href="${icons.appleTouch}">`);
    expect(html).not.toContain('/favicon.svg');
  });
});

describe('everything that shows the club follows on the next request', () => {
  it('the manifest: name, short name, colour; the rest of the build manifest kept', async () => {
    const { t, save } = await setup();
    const app = site(t);
    const before = await app.request('/manifest.webmanifest');
    expect(before.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    expect(await before.json()).toMatchObject({ name: 'University Triathlon Club', short_name: 'Tri Club', theme_color: '#072f54', display: 'standalone', id: '/' });
    await save({ name: 'Lakeside Rowing Club', shortName: 'Lakeside', mainColour: '#14532d' });
    expect(await (await app.request('/manifest.webmanifest')).json()).toMatchObject({ name: 'Lakeside Rowing Club', short_name: 'Lakeside', theme_color: '#14532d', display: 'standalone' });
  });

  it("the pages' heads: title, og:site_name, JSON-LD, theme colour and the main colour", async () => {
    const { t, save } = await setup();
    const app = site(t);
    const before = await (await app.request('/join-us')).text();
    expect(before).toContain('<title>Join Us · University Triathlon Club</title>');
    await save({ name: 'Lakeside Rowing Club', mainColour: '#14532d', contactEmail: 'crew@lakeside.test' });
    const join = await (await app.request('/join-us')).text();
    expect(join).toContain('<title>Join Us · Lakeside Rowing Club</title>');
    expect(join).toContain('<meta property="og:site_name" content="Lakeside Rowing Club">');
    expect(join).toContain('<meta name="theme-color" content="#14532d">');
    expect(join).toContain(`<style>:root{${paletteCss(clubPalette({ mainColour: '#14532d', accentColour: DEFAULT_ACCENT_COLOUR }))}}</style>`);
    expect(join).toContain('--club-main:#14532d;');
    expect(join.match(/name="theme-color"/g)).toHaveLength(1);
    expect(join).not.toContain('University Triathlon Club');
    const home = await (await app.request('/')).text();
    // The link-preview images are drawn again for the edited club (the build's are the default's).
    const preview = await app.request('/og/join-us.png');
    expect(preview.status).toBe(200);
    const previewBytes = Buffer.from(await preview.arrayBuffer());
    expect(await sharp(previewBytes).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    const { data, info } = await sharp(previewBytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    const at = (100 * info.width + 10) * info.channels;
    expect([...data.subarray(at, at + 3)]).toEqual([0x14, 0x53, 0x2d]);
    expect((await app.request('/og/nonsense.png')).status).toBe(404);
    const ld = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/.exec(home)![1]!);
    expect(ld).toMatchObject({ '@type': 'SportsClub', name: 'Lakeside Rowing Club', email: 'crew@lakeside.test' });
  });
});

describe('emails, calendars and passkeys name the club in force', () => {
  it("sends from the club's name and signs the email with it", async () => {
    const sent: { from: string; subject: string; text: string; html?: string }[] = [];
    const { t, me, save } = await setup({
      env: { MAIL_FROM: 'Triathlon Club <no-reply@club.test>' },
      transport: { send: async (message) => (sent.push(message), { id: `m${sent.length}` }) },
    });
    await save({ name: 'Lakeside Rowing Club' });
    await t.must('POST', '/api/auth/forgot-password', { body: { email: me.email } });
    await t.deps.messageQueue.deliverPending();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.from).toBe('"Lakeside Rowing Club" <no-reply@club.test>');
    expect(sent[0]!.subject).toBe('Reset your Lakeside Rowing Club password');
    expect(sent[0]!.text).toMatch(/— Lakeside Rowing Club$/);
    expect(sent[0]!.html).toContain('<p>— Lakeside Rowing Club</p>');
    expect(JSON.stringify(sent)).not.toContain('Triathlon');
  });

  it("names the club's calendar feed after the club", async () => {
    const { t, save } = await setup();
    expect((await t.call('GET', '/api/calendar/club.ics')).body).toContain('X-WR-CALNAME:University Triathlon Club');
    await save({ name: 'Lakeside Rowing Club' });
    const feed = (await t.call('GET', '/api/calendar/club.ics')).body as string;
    expect(feed).toContain('X-WR-CALNAME:Lakeside Rowing Club');
    expect(feed).not.toContain('Triathlon Club');
  });
});
