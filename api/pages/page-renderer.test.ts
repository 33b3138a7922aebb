// The server's rendering of public pages, with a stand-in for the compiled pages module that draws
// what it was given: which pages are rendered, from what, and when a kept page is drawn again.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { starterSeasons } from '../../domain/schedule';
import { createApp } from '../app';
import { jsonForScript, pageRenderer } from './page-renderer';
import { mountPwa } from './static';
import { EXEC, makeClub, makeTestApp, type TestApp } from '../testing/test-app';
import { clubTimeZone } from '../platform/club-time-zone';

const STAND_IN = `
let renders = 0;
export const teamKeys = { all: ['profiles'] };
export const raceKeys = { list: () => ['races', 'list'] };
export const documentKeys = { document: (key) => ['club-documents', key] };
export async function renderPage(url, data) {
  renders += 1;
  const names = data.reads.flatMap(([, d]) => (d.teamMembers ?? []).map((m) => m.name).filter(Boolean));
  const races = data.reads.flatMap(([, d]) => (d.races ?? []).map((r) => r.name));
  const sessions = data.reads.flatMap(([, d]) => (d.body?.seasons ?? []).flatMap((s) => s.sessions.map((x) => x.title + ' at ' + x.start)));
  const answers = data.reads.flatMap(([, d]) => Object.values(d.html ?? {}));
  return '<main><h1>' + url + '</h1><p>render ' + renders + '</p><p>' + [...names, ...races, ...sessions].join(', ') + '</p>' + answers.join('') + '</main>';
}
`;

async function setUp() {
  const club = await makeClub({ exec: EXEC });
  club.t.seed();
  return { ...club, ...serve(club.t) };
}

/** The data a rendered page carries for the browser. */
const dataOf = (page: string) => JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(page)![1]!);

/** The app of `t` with the stand-in pages module. */
function serve(t: TestApp) {
  const dir = mkdtempSync(join(tmpdir(), 'club-pages-'));
  const module = join(dir, 'pages.mjs');
  writeFileSync(module, STAND_IN);
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><title>Club</title></head><body><div id="root"></div></body></html>',
  );
  const app = createApp(t.deps, (a) => mountPwa(a, t.deps.uploadsDir, dir, module));
  const html = async (path: string) => (await app.request(path)).text();
  return { app, html, module };
}

describe('public pages rendered by the server', () => {
  it('put the page in the root with the data it was drawn from, and keep it until what it shows changes', async () => {
    const { html, t, exec } = await setUp();
    const first = await html('/coaches-exec');
    expect(first).toContain('<div id="root"><main><h1>/coaches-exec</h1><p>render 1</p>');
    const data = JSON.parse(
      /<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(first)![1]!,
    );
    expect(data).toMatchObject({ clubEmail: t.deps.env.CLUB_EMAIL, clubTimeZone: clubTimeZone(t.deps) });
    expect(data.reads[0][0]).toEqual(['profiles']);
    // Nothing changed: the kept page.
    expect(await html('/coaches-exec')).toContain('<p>render 1</p>');
    // An exec edits a card: the next visitor gets the new name.
    await t.must('PUT', '/api/profiles/swim-coach', { token: exec.token, body: { name: 'Maya Chen' } });
    const after = await html('/coaches-exec');
    expect(after).toContain('<p>render 2</p>');
    expect(after).toContain('Maya Chen');
    expect(await html('/profile/swim-coach/maya-chen')).toContain('Maya Chen');
  });

  it('the races page shows a race added since', async () => {
    const { html, t, exec } = await setUp();
    expect(await html('/races')).not.toContain('Harbour Sprint');
    await t.createRace(exec.token, {
      name: 'Harbour Sprint',
      date: '2026-06-20',
      location: 'Harbourfront',
      description: '',
    });
    expect(await html('/races')).toContain('Harbour Sprint');
  });

  it("the schedule shows an administrator's edit of a season on the next request, in the page and its structured data", async () => {
    const { html, t } = await setUp();
    const admin = await t.createUser({ role: 'administrator', name: 'Alex Admin' });
    const before = await html('/schedule');
    expect(before).toContain('Track intervals at 18:00');
    expect(await html('/schedule')).toContain('<p>render 1</p>');
    const current = (await t.call('GET', '/api/club/documents/seasons')).body;
    const seasons = structuredClone(current.body);
    const spring = seasons.seasons.find((s: { id: string }) => s.id === 'spring');
    const track = spring.sessions.find((s: { title: string }) => s.title === 'Track intervals');
    Object.assign(track, { title: 'Hill repeats', start: '17:45', place: 'Riverdale hill' });
    await t.must('PUT', '/api/club/documents/seasons', { token: admin.token, body: { body: seasons, version: current.version } });
    const after = await html('/schedule');
    expect(after).toContain('<p>render 2</p>');
    expect(after).toContain('Hill repeats at 17:45');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(after)![1]!;
    expect(jsonLd).toContain('"name":"Hill repeats"');
    expect(jsonLd).toContain('"name":"Riverdale hill"');
    const events = JSON.parse(jsonLd).itemListElement.map((e: { item: { name: string; description: string } }) => e.item);
    expect(events.filter((e: { name: string; description: string }) => e.name === 'Track intervals' && e.description.startsWith('Spring:'))).toEqual([]);
    expect(events.filter((e: { name: string }) => e.name === 'Hill repeats')).toHaveLength(1);
  });

  it('the schedule of a new club, set up on its first run, has nothing of the demo club and no structured data of no sessions', async () => {
    const t = makeTestApp();
    await t.must('POST', '/api/setup', {
      body: { clubName: 'Lakeside Rowing Club', name: 'Robin Rower', email: 'robin@lakeside.test', password: 'long-enough-password', sports: ['row'] },
    });
    const { html } = serve(t);
    const page = await html('/schedule');
    expect(page).toContain('<h1>/schedule</h1>');
    expect(page).not.toMatch(/Aquatic|Varsity|Swim practice|brick|B120|Athletic Centre|Spring/i);
    expect(dataOf(page).reads).toEqual([[['club-documents', 'seasons'], expect.objectContaining({ version: 1, body: starterSeasons() })]]);
    expect(page).not.toContain('application/ld+json');
  });

  it("the schedule carries the club's workout types for its sessions' badges, and a published type shows on the next request", async () => {
    const { html, t } = await setUp();
    const admin = await t.createUser({ role: 'administrator', name: 'Alex Admin' });
    expect(dataOf(await html('/schedule')).sports.types.map((x: { id: string }) => x.id)).not.toContain('erg');
    // Only the schedule carries them.
    expect(dataOf(await html('/faq'))).not.toHaveProperty('sports');
    const current = (await t.call('GET', '/api/club/documents/sports')).body;
    const sports = structuredClone(current.body);
    sports.types.push({ id: 'erg', name: 'Erg', sport: 'row', colour: 'teal', minutes: 45, retired: false });
    await t.must('PUT', '/api/club/documents/sports', { token: admin.token, body: { body: sports, version: current.version } });
    expect(dataOf(await html('/schedule')).sports.types).toContainEqual(expect.objectContaining({ id: 'erg', name: 'Erg' }));
  });

  it("Join us carries the club's terms for its membership sessions, and a published term shows on the next request", async () => {
    const { html, t } = await setUp();
    const admin = await t.createUser({ role: 'administrator', name: 'Alex Admin' });
    expect(dataOf(await html('/join-us')).terms).toEqual((await t.call('GET', '/api/config')).body.terms);
    expect(dataOf(await html('/faq'))).not.toHaveProperty('terms');
    const current = (await t.call('GET', '/api/club/documents/terms')).body;
    const terms = { terms: [{ id: 'year-2026', name: 'Year', start: '2026-01-01', end: '2026-12-31' }] };
    await t.must('PUT', '/api/club/documents/terms', { token: admin.token, body: { body: terms, version: current.version } });
    expect(dataOf(await html('/join-us')).terms).toEqual(terms.terms);
  });

  it('the FAQ carries its document, and a published answer shows on the next request', async () => {
    const { html, t } = await setUp();
    const before = await html('/faq');
    expect(before).toContain('<a href="/login?mode=signup">create an account</a>');
    const data = JSON.parse(/<script type="application\/json" id="page-data">(.*?)<\/script>/.exec(before)![1]!);
    expect(data.reads[0][0]).toEqual(['club-documents', 'faq-page']);
    expect(data.reads[0][1]).toMatchObject({ key: 'faq-page', version: 0 });
    expect(await html('/faq')).toContain('<p>render 1</p>');
    const admin = await t.createUser({ role: 'administrator' });
    const body = { items: [{ id: 'close', question: 'Close?', answer: 'Yes </script><script>alert(1)</script>' }] };
    await t.must('PUT', '/api/club/documents/faq-page', { token: admin.token, body: { body, version: 0 } });
    const after = await html('/faq');
    expect(after).toContain('<p>render 2</p>');
    expect(after).toContain('Yes &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    // Nothing in the data block closes it: its only </script> is its own.
    const block = after.slice(after.indexOf('id="page-data">'));
    expect(block.match(/<\/script>/gi)).toHaveLength(1);
  });

  it('renders no members-only screen, no unknown team position and nothing when the module is missing', async () => {
    const { html, t } = await setUp();
    for (const path of [
      '/forum',
      '/workout/1',
      '/profile',
      '/admin',
      '/profile/head-chef/somebody',
      '/nowhere',
    ]) {
      expect(await html(path), path).toContain('<div id="root"></div>');
    }
    const render = pageRenderer('/no/such/pages.js');
    expect(await render(t.deps, '/', '')).toBeNull();
  });

  it('a page with a query string is drawn for it and not kept', async () => {
    const { html } = await setUp();
    expect(await html('/login?reason=session-expired')).toContain('<h1>/login?reason=session-expired</h1>');
    expect(await html('/login')).toContain('<h1>/login</h1>');
  });
});

describe('jsonForScript', () => {
  it('cannot close the data block or open a comment, and reads back the same', () => {
    const value = { answer: 'Hi </script><script>alert(1)</script> <!-- x --> </SCRIPT >' };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/<\/script/i);
    expect(json).not.toContain('<!--');
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(value);
  });
});
