// Each page's HTML as a link preview or a crawler reads it (plain HTTP, no script): its own title,
// description, canonical address from APP_URL and Open Graph / Twitter tags; members-only links say
// so and nothing of the item; the sitemap and robots.txt name the public pages.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGES } from '../../domain/contract/club/public-pages';
import { defaultClubIdentity } from '../../domain/documents/club-identity';
import { createApp } from '../app';
import { mountPwa } from './static';
import { EXEC, makeClub } from '../testing/test-app';

const SHELL =
  '<!doctype html><html><head><meta charset="UTF-8" /><meta name="description" content="The default." /><title>University Triathlon Club</title></head><body><div id="root"></div></body></html>';

async function served() {
  const club = await makeClub({ exec: EXEC });
  club.t.seed();
  const dist = mkdtempSync(join(tmpdir(), 'club-dist-'));
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\nDisallow: /api/\n');
  return { ...club, app: createApp(club.t.deps, (a) => mountPwa(a, club.t.deps.uploadsDir, dist)) };
}

/** The <head>'s tags as a crawler reads them: meta by name or property, and the title and canonical. */
function readHead(html: string) {
  const head = html.slice(0, html.indexOf('</head>'));
  const meta = new Map<string, string[]>();
  for (const m of head.matchAll(/<meta (?:name|property)="([^"]+)" content="([^"]*)"/g))
    meta.set(m[1]!, [...(meta.get(m[1]!) ?? []), m[2]!]);
  return {
    titles: [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]),
    canonical: [...head.matchAll(/<link rel="canonical" href="([^"]+)">/g)].map((m) => m[1]),
    one: (key: string) => {
      const values = meta.get(key) ?? [];
      expect(values, key).toHaveLength(1);
      return values[0]!;
    },
    jsonLd: [...head.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    ),
    head,
  };
}

describe("every public page's head", () => {
  it('has its own title, description, canonical address and preview tags', async () => {
    const { app, t } = await served();
    const club = defaultClubIdentity(t.deps.env.CLUB_EMAIL);
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const page of PUBLIC_PAGES) {
      const res = await app.request(page.path);
      expect(res.status, page.path).toBe(200);
      const h = readHead(await res.text());
      const title = `${page.title} · University Triathlon Club`;
      expect(h.titles, page.path).toEqual([title]);
      expect(h.canonical, page.path).toEqual([`http://club.test${page.path}`]);
      expect(h.one('description')).toBe(page.description(club));
      expect(h.one('og:title')).toBe(title);
      expect(h.one('og:description')).toBe(page.description(club));
      expect(h.one('og:url')).toBe(`http://club.test${page.path}`);
      expect(h.one('og:type')).toBe('website');
      expect(h.one('og:image')).toBe(`http://club.test/og/${page.image}.png`);
      expect(h.one('twitter:card')).toBe('summary_large_image');
      expect(h.one('twitter:image')).toBe(`http://club.test/og/${page.image}.png`);
      expect(h.head, page.path).not.toContain('name="robots"');
      titles.add(title);
      descriptions.add(page.description(club));
    }
    expect(titles.size).toBe(PUBLIC_PAGES.length);
    expect(descriptions.size).toBe(PUBLIC_PAGES.length);
  });

  it("a team member's page is named after the member and position, from the database", async () => {
    const { app, t, exec } = await served();
    await t.must('PUT', '/api/profiles/swim-coach', { token: exec.token, body: { name: 'Maya Chen' } });
    const h = readHead(await (await app.request('/profile/swim-coach/maya-chen')).text());
    expect(h.titles).toEqual(['Maya Chen · Swim Coach · University Triathlon Club']);
    expect(h.one('description')).toBe('Maya Chen, Swim Coach of the University Triathlon Club.');
    expect(h.canonical).toEqual(['http://club.test/profile/swim-coach/maya-chen']);
    expect(h.one('og:image')).toBe('http://club.test/og/coaches-exec.png');
    // A position nobody holds says so; an old name in the address leads to the current one.
    expect(readHead(await (await app.request('/profile/secretary/secretary')).text()).titles).toEqual([
      'Position open · Secretary · University Triathlon Club',
    ]);
    // A name is text, even one that looks like a replacement pattern.
    await t.must('PUT', '/api/profiles/run-coach', { token: exec.token, body: { name: "Jo $' $& O'Neil" } });
    expect(readHead(await (await app.request('/profile/run-coach/jo-o-neil')).text()).titles).toEqual([
      'Jo $&#39; $&amp; O&#39;Neil · Run Coach · University Triathlon Club',
    ]);
    expect(readHead(await (await app.request('/profile/swim-coach/old-name')).text()).canonical).toEqual([
      'http://club.test/profile/swim-coach/maya-chen',
    ]);
  });

  it('Home describes the club as a SportsClub, and the schedule its weekly sessions, as JSON-LD', async () => {
    const { app, t } = await served();
    const home = readHead(await (await app.request('/')).text());
    expect(home.jsonLd).toEqual([
      expect.objectContaining({
        '@context': 'https://schema.org',
        '@type': 'SportsClub',
        name: 'University Triathlon Club',
        url: 'http://club.test/',
        logo: 'http://club.test/icons/icon-512.png',
        email: t.deps.env.CLUB_EMAIL,
      }),
    ]);
    const schedule = readHead(await (await app.request('/schedule')).text());
    const list = schedule.jsonLd[0] as {
      '@type': string;
      itemListElement: { item: Record<string, unknown> }[];
    };
    expect(list['@type']).toBe('ItemList');
    expect(list.itemListElement.length).toBeGreaterThan(10);
    expect(list.itemListElement[0]!.item).toMatchObject({
      '@type': 'Event',
      name: 'Swim practice',
      location: { '@type': 'Place', name: 'Aquatic Centre' },
      eventSchedule: {
        '@type': 'Schedule',
        byDay: 'https://schema.org/Monday',
        startTime: '06:30',
        endTime: '08:30',
        repeatFrequency: 'P1W',
      },
    });
    expect(readHead(await (await app.request('/faq')).text()).jsonLd).toEqual([]);
  });
});

describe('a members-only link', () => {
  it('previews as "Members only" with the club\'s image and says nothing of the item', async () => {
    const { app, t, exec } = await served();
    const workout = (
      await t.createPost(exec.token, {
        type: 'workout',
        title: 'Secret brick at Cherry Beach',
        workoutType: 'brick',
        workoutDate: '2026-03-04',
        workoutTime: '18:00',
        content: 'Meet behind the boathouse.',
        capacity: 4,
      })
    ).post as { id: number };
    const event = (
      await t.createPost(exec.token, {
        type: 'event',
        title: 'Hidden gala dinner',
        eventDate: '2026-03-10',
        content: 'Room 404.',
      })
    ).post as {
      id: number;
    };
    for (const path of [
      '/forum',
      `/workout/${workout.id}`,
      `/event/${event.id}`,
      '/profile',
      '/admin',
      '/race/1',
      '/attendance/members/2',
    ]) {
      const html = await (await app.request(path)).text();
      const h = readHead(html);
      expect(h.titles, path).toEqual(['Members only · University Triathlon Club']);
      expect(h.one('og:title')).toBe('Members only · University Triathlon Club');
      expect(h.one('og:image')).toBe('http://club.test/og/club.png');
      expect(h.one('twitter:card')).toBe('summary_large_image');
      expect(h.one('robots')).toBe('noindex');
      for (const secret of [
        'Secret brick',
        'Cherry Beach',
        'boathouse',
        'Hidden gala',
        'Room 404',
        exec.name,
      ]) {
        expect(html, `${path}: ${secret}`).not.toContain(secret);
      }
    }
  });
});

describe('sitemap and robots.txt', () => {
  it('the sitemap lists every public page and team page at APP_URL; robots.txt points to it', async () => {
    const { app } = await served();
    const res = await app.request('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    for (const page of PUBLIC_PAGES) expect(locs).toContain(`http://club.test${page.path}`);
    expect(locs.some((l) => l!.startsWith('http://club.test/profile/'))).toBe(true);
    expect(locs.filter((l) => /^http:\/\/club\.test\/(forum|workout|event|admin)(\/|$)/.test(l!))).toEqual(
      [],
    );
    const robots = await (await app.request('/robots.txt')).text();
    expect(robots).toMatch(/^User-agent: \*/m);
    expect(robots).toContain('Disallow: /api/');
    expect(robots).toMatch(/^Sitemap: http:\/\/club\.test\/sitemap\.xml$/m);
  });
});

describe("Home's lead image", () => {
  it('is preloaded right after the viewport, in AVIF at each width, with a high fetch priority; no other page preloads one', async () => {
    const club = await makeClub({ exec: EXEC });
    const dist = mkdtempSync(join(tmpdir(), 'club-dist-'));
    writeFileSync(join(dist, 'index.html'), SHELL.replace('<meta charset="UTF-8" />', '<meta charset="UTF-8" /><meta name="viewport" content="width=device-width" />'));
    const app = createApp(club.t.deps, (a) => mountPwa(a, club.t.deps.uploadsDir, dist));
    const home = await (await app.request('/')).text();
    expect(home).toContain(
      '<meta name="viewport" content="width=device-width" /><link rel="preload" as="image" type="image/avif" imagesrcset="/images/swim-800.avif 800w, /images/swim-1600.avif 1600w" imagesizes="100vw" fetchpriority="high">',
    );
    expect(await (await app.request('/faq')).text()).not.toContain('rel="preload" as="image"');
  });
});
