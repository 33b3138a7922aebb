import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { mountPwa, paintFirst } from './static';
import { makeTestApp } from '../testing/test-app';

function served() {
  const t = makeTestApp();
  const dist = mkdtempSync(join(tmpdir(), 'club-dist-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Club</title><div id="root"></div>');
  writeFileSync(join(dist, 'robots.txt'), 'User-agent: *\nAllow: /\n');
  return createApp(t.deps, (a) => mountPwa(a, t.deps.uploadsDir, dist));
}

describe('the built PWA', () => {
  it('serves real files, the app on its screens, and a 404 for a missing file', async () => {
    const app = served();
    const robots = await app.request('/robots.txt');
    expect(robots.status).toBe(200);
    expect(robots.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await robots.text()).toContain('User-agent: *');

    for (const screen of ['/', '/join-us', '/profile/exec/Jo%20Smith', '/workout/12']) {
      const res = await app.request(screen);
      expect(res.status, screen).toBe(200);
      expect(await res.text(), screen).toContain('<div id="root">');
    }
    for (const missing of ['/ads.xml', '/ads.txt', '/assets/gone-1a2b.js', '/icons/none.png', '/favicon.ico']) {
      const res = await app.request(missing);
      expect(res.status, missing).toBe(404);
      expect(await res.text(), missing).not.toContain('<div id="root">');
    }
  });
});

describe('a password form sent before the app took it over', () => {
  it('is answered by the same page again, so the password is never in an address', async () => {
    const app = served();
    const body = new URLSearchParams({ email: 'a@club.test', password: 'secret-words' });
    for (const [path, search] of [['/login', ''], ['/reset-password', '?token=abc']] as const) {
      const res = await app.request(`${path}${search}`, { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(res.status, path).toBe(303);
      expect(res.headers.get('location'), path).toBe(`${path}${search}`);
    }
  });
});

describe("a screen's HTML", () => {
  it("preloads the chunks and CSS of that screen, from the build's list of each page's download", async () => {
    const t = makeTestApp();
    const dist = mkdtempSync(join(tmpdir(), 'club-dist-'));
    mkdirSync(join(dist, '.vite'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><head><title>Club</title></head><div id="root"></div>');
    // What scripts/budgets.ts writes: per page, the files it fetches besides the entry's (which the
    // entry's own preloads fetch), its screen outside the data layer for a visitor's page.
    writeFileSync(
      join(dist, '.vite', 'pages.json'),
      JSON.stringify({
        '/': { scripts: ['assets/home-page-1.js'], styles: ['assets/public-1.css'] },
        '/races': { scripts: ['assets/visitor-races-page-1.js', 'assets/shared-1.js'], styles: ['assets/races-1.css'] },
        '/forum': { scripts: ['assets/query-layer-1.js', 'assets/shared-1.js', 'assets/forum-page-1.js'], styles: [] },
      }),
    );
    const app = createApp(t.deps, (a) => mountPwa(a, t.deps.uploadsDir, dist));
    const forum = await (await app.request('/forum')).text();
    expect(forum).toContain(
      '<link rel="modulepreload" href="/assets/query-layer-1.js"><link rel="modulepreload" href="/assets/shared-1.js"><link rel="modulepreload" href="/assets/forum-page-1.js"></head>',
    );
    // A visitor's page that reads the API is not nested under the data layer: it does not fetch it.
    const races = await (await app.request('/races')).text();
    expect(races).toContain(
      '<link rel="stylesheet" href="/assets/races-1.css"><link rel="modulepreload" href="/assets/visitor-races-page-1.js"><link rel="modulepreload" href="/assets/shared-1.js"></head>',
    );
    expect(races).not.toContain('query-layer-1.js');
    // Nor is a static page.
    const home = await (await app.request('/')).text();
    expect(home).not.toContain('query-layer-1.js');
    // Chunks the entry already brings are not fetched twice.
    expect(races).not.toContain('react-1.js');
    expect(races).not.toContain('index-1.js');
    const other = await (await app.request('/workout/3')).text();
    expect(other).not.toContain('modulepreload');
  });
});

describe('a rendered page paints before the app loads', () => {
  const shell =
    '<head><script type="module" crossorigin src="/assets/index-1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/shell-1.js">\n    ' +
    '<link rel="stylesheet" crossorigin href="/assets/index-1.css"><link rel="stylesheet" href="/assets/public-1.css"><link rel="modulepreload" href="/assets/faq-1.js"></head>';
  const css: Record<string, string> = { 'assets/index-1.css': 'body{margin:0}', 'assets/public-1.css': '.hero{color:red}' };

  it('carries its stylesheets in the HTML, each named by a disabled link, and starts the app after the load', () => {
    // The chunks the entry imports and the screen's are fetched with the entry when the app starts, and
    // the entry's imports run first, each in a task of its own.
    expect(paintFirst(shell, (file) => css[file] ?? null, true, ['/assets/shell-1.js'])).toBe(
      '<head><script src="/app-start.js" data-entry="/assets/index-1.js" data-first="/assets/shell-1.js" data-preload="/assets/shell-1.js /assets/faq-1.js" defer></script>\n    ' +
        '<style>body{margin:0}</style><link rel="stylesheet" href="/assets/index-1.css" disabled><style>.hero{color:red}</style><link rel="stylesheet" href="/assets/public-1.css" disabled></head>',
    );
  });

  it('leaves the app to start with a page whose form is typed into at once', () => {
    const out = paintFirst(shell, (file) => css[file] ?? null, false);
    expect(out).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(out).toContain('<link rel="modulepreload" href="/assets/faq-1.js">');
    expect(out).toContain('<style>.hero{color:red}</style>');
    expect(out).not.toContain('app-start');
  });

  it('keeps the link of a stylesheet it cannot put in a <style>', () => {
    const out = paintFirst(shell, (file) => (file === 'assets/public-1.css' ? null : css[file]!));
    expect(out).toContain('<link rel="stylesheet" href="/assets/public-1.css">');
    expect(out).toContain('<style>body{margin:0}</style>');
  });
});
