// Response headers: CSP, HSTS and nosniff on every answer (API, errors, static files, uploads), so a
// stored string or an uploaded file can never run as script; each kind of answer with the set it
// needs (a page the whole of it, the API a CSP that allows nothing, a 304 none: answer-headers.ts);
// and no CORS at all, since the PWA and the API share one origin.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { mountPwa } from '../pages/static';
import { TEST_PASSWORD } from '../testing/test-app';
import { pictureForm, smallPng } from '../testing/pictures';
import { buildWorld, cspDirectives, type World } from '../testing/security-world';

function expectSecurityHeaders(headers: Headers, label: string) {
  const csp = cspDirectives(headers.get('content-security-policy'));
  expect(csp.get('default-src'), label).toEqual(["'self'"]);
  expect(csp.get('object-src'), label).toEqual(["'none'"]);
  expect(csp.get('base-uri'), label).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  const scripts = csp.get('script-src') ?? csp.get('default-src')!;
  expect(scripts, label).not.toContain("'unsafe-inline'");
  expect(scripts, label).not.toContain("'unsafe-eval'");
  expect(scripts, label).not.toContain('*');
  expect(headers.get('strict-transport-security'), label).toMatch(/(^|;\s*)max-age=31536000(;|$)/);
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('x-powered-by'), label).toBeNull();
  // Reset links carry their token in the query string: it must not leak in a Referer to other sites.
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'], label).toContain(
    headers.get('referrer-policy'),
  );
}

/** Headers that act only on a page (what it may load, frame or send as referrer, its browsing context). */
const DOCUMENT_ONLY = [
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * An API answer is never a page, yet it is what a browser would show if one were opened in a tab: a
 * CSP that allows nothing at all (stricter than a page's), never framed, never read as another type,
 * never loaded by another site, and HSTS (an installed app's first answer may be one of these).
 */
function expectApiHeaders(headers: Headers, label: string) {
  const csp = cspDirectives(headers.get('content-security-policy'));
  expect(csp.get('default-src'), label).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), label).toEqual(["'none'"]);
  // Nothing else loosens it: every other fetch falls back to default-src 'none'.
  expect([...csp.keys()].sort(), label).toEqual(['default-src', 'frame-ancestors']);
  expect(headers.get('strict-transport-security'), label).toMatch(/(^|;\s*)max-age=31536000(;|$)/);
  expect(headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(headers.get('cross-origin-resource-policy'), label).toBe('same-origin');
  expect(headers.get('x-powered-by'), label).toBeNull();
  for (const name of DOCUMENT_ONLY) expect(headers.get(name), `${label}: ${name}`).toBeNull();
}

function expectNoCors(headers: Headers, label: string) {
  for (const name of [
    'access-control-allow-origin',
    'access-control-allow-credentials',
    'access-control-allow-methods',
    'access-control-allow-headers',
    'access-control-expose-headers',
  ]) {
    expect(headers.get(name), `${label}: ${name}`).toBeNull();
  }
}

const ASSET_BODY = 'console.log("app");'.repeat(100);
let w: World;
let app: ReturnType<typeof createApp>;
let uploadUrl: string;

beforeAll(async () => {
  w = await buildWorld();
  const dist = mkdtempSync(join(tmpdir(), 'club-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html><head><script type="module" src="/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, 'assets', 'app-1a2b.js'), ASSET_BODY);
  writeFileSync(join(dist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(ASSET_BODY));
  writeFileSync(join(dist, 'assets', 'app-1a2b.js.gz'), gzipSync(ASSET_BODY));
  writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(join(dist, 'app-start.js'), '(function () {})();');
  writeFileSync(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  mkdirSync(join(dist, 'images'));
  writeFileSync(join(dist, 'images', 'slide-1.avif'), Buffer.from([0, 0, 0, 28]));
  writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Club"}');
  app = createApp(w.t.deps, (a) => mountPwa(a, w.t.deps.uploadsDir, dist));
  const res = await app.request('/api/users/profile-picture', {
    method: 'POST',
    headers: { authorization: `Bearer ${w.users.member.token}` },
    body: pictureForm(await smallPng()),
  });
  uploadUrl = ((await res.json()) as { profilePictureUrl: string }).profilePictureUrl;
});

afterAll(() => {
  w.t.database.close();
});

const get = async (path: string, init: RequestInit = {}): Promise<Response> => app.request(path, init);
const json = (body: unknown, extra: Record<string, string> = {}) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json', ...extra },
  body: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('security headers on every answer', () => {
  // Pages, and what may be opened as one: the whole set.
  const documents: [string, number, () => Promise<Response>][] = [
    ['static index', 200, () => get('/')],
    ['SPA fallback', 200, () => get('/forum/workouts')],
    ['service worker', 200, () => get('/sw.js')],
    ['manifest', 200, () => get('/manifest.webmanifest')],
    ['an SVG (it may hold script)', 200, () => get('/favicon.svg')],
    ['uploaded picture', 200, () => get(uploadUrl)],
    ['missing upload', 404, () => get('/uploads/0123456789abcdef0123456789abcdef.webp')],
    ['upload path trick', 404, () => get('/uploads/..%2f..%2fpackage.json')],
  ];
  const api: [string, number, () => Promise<Response>][] = [
    ['API health', 200, () => get('/api/health')],
    ['API HEAD', 200, () => get('/api/health', { method: 'HEAD' })],
    ['public race list', 200, () => get('/api/races')],
    ['signed-in answer', 200, () => get('/api/auth/profile', { headers: { authorization: `Bearer ${w.users.member.token}` } })],
    ['401 without token', 401, () => get('/api/auth/profile')],
    ['401 bad token', 401, () => get('/api/auth/profile', { headers: { authorization: 'Bearer x.y.z' } })],
    ['403 role too low', 403, () => get('/api/admin/members', { headers: { authorization: `Bearer ${w.users.member.token}` } })],
    ['404 API', 404, () => get('/api/no-such-thing')],
    ['400 malformed JSON', 400, () => get('/api/auth/login', json('{"email":'))],
    ['413 too large', 413, () => get('/api/auth/login', json({ email: 'a@b.co', password: 'x'.repeat(200_000) }))],
    ['415 wrong type', 415, () => get('/api/auth/login', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })],
  ];

  it.each(documents)('%s', async (label, status, send) => {
    const res = await send();
    expect(res.status).toBe(status);
    expectSecurityHeaders(res.headers, label);
  });

  it.each(api)('%s', async (label, status, send) => {
    const res = await send();
    expect(res.status).toBe(status);
    expectApiHeaders(res.headers, label);
  });

  it('on a 429 too', async () => {
    let res: Response | undefined;
    for (let i = 0; i < 7; i++) res = await get('/api/auth/login', json({ email: 'exec@club.test', password: `wrong-${i}` }));
    expect(res!.status).toBe(429);
    expectApiHeaders(res!.headers, '429');
  });

  it('on a 500, which says nothing about its cause', async () => {
    const broken = await buildWorld();
    const brokenApp = createApp(broken.t.deps);
    broken.t.database.close();
    const res = await brokenApp.request('/api/races');
    expect(res.status).toBe(500);
    expectApiHeaders(res.headers, '500');
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({ error: expect.any(String) });
    expect(text).not.toMatch(/database|sqlite|at \w|\.ts|node_modules/i);
    // The cause goes to the server log instead, under the answer's request id.
    const errors = broken.t.logLines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'unhandled error');
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0].reqId).toBe(res.headers.get('x-request-id'));
  });

  it('uploads are served as the picture type they are, with nosniff', async () => {
    const res = await get(uploadUrl);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('signed-in API answers are not stored by caches', async () => {
    const res = await get('/api/auth/profile', { headers: { authorization: `Bearer ${w.users.member.token}` } });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });
});

// A hashed script or stylesheet is never opened as a document, so a document's headers (CSP, HSTS,
// framing, referrer) do nothing on it but weigh about 1 KB per file; it keeps what matters for a
// script: nosniff (never run as anything but its declared type) and its same-origin resource policy.
describe("a hashed asset's headers", () => {
  const assets: [string, () => Promise<Response>][] = [
    ['hashed asset', () => get('/assets/app-1a2b.js')],
    ['gzipped asset', () => get('/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip' } })],
    ['precompressed asset', () => get('/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } })],
  ];
  it.each(assets)('%s: nosniff and same-origin, no document headers', async (label, send) => {
    const res = await send();
    expect(res.status, label).toBe(200);
    expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy'), label).toBe('same-origin');
    expect(res.headers.get('x-powered-by'), label).toBeNull();
    expect(res.headers.get('content-type'), label).toMatch(/^text\/javascript/);
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-frame-options', 'referrer-policy']) {
      expect(res.headers.get(name), `${label}: ${name}`).toBeNull();
    }
    // Kept a year and never revalidated: no date it changed, and nothing anyone reports by its request id.
    expect(res.headers.get('last-modified'), label).toBeNull();
    expect(res.headers.get('x-request-id'), label).toBeNull();
    expectNoCors(res.headers, label);
  });

  it('the precompressed copy the build wrote is sent as it is to a browser that takes Brotli', async () => {
    const res = await get('/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
    expect(Buffer.from(await res.arrayBuffer()).equals(brotliCompressSync(ASSET_BODY))).toBe(true);
    const gz = await get('/assets/app-1a2b.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(ASSET_BODY);
  });

  it.each([
    ['the script that starts a rendered page', '/app-start.js'],
    ['a slide of Home', '/images/slide-1.avif'],
  ])('%s is a resource too: nosniff and same-origin, no document headers', async (label, path) => {
    const res = await get(path);
    expect(res.status, label).toBe(200);
    expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy'), label).toBe('same-origin');
    for (const name of ['content-security-policy', 'strict-transport-security', 'x-request-id', ...DOCUMENT_ONLY]) {
      expect(res.headers.get(name), `${label}: ${name}`).toBeNull();
    }
  });

  it('a path outside the assets folder that names a script keeps the document headers', async () => {
    const res = await get('/sw.js');
    expectSecurityHeaders(res.headers, 'service worker');
  });
});

describe('no CORS for a foreign origin', () => {
  const origins = ['https://evil.example', 'null', 'http://club.test.evil.example'];
  const requests: [string, (origin: string) => Promise<Response>][] = [
    ['GET public list', (origin) => get('/api/races', { headers: { origin } })],
    ['GET signed-in', (origin) => get('/api/auth/profile', { headers: { origin, authorization: `Bearer ${w.users.member.token}` } })],
    ['POST login', (origin) => get('/api/auth/login', json({ email: 'member@club.test', password: TEST_PASSWORD }, { origin }))],
    ['static page', (origin) => get('/', { headers: { origin } })],
    [
      'OPTIONS preflight for a signed-in write',
      (origin) =>
        get('/api/races', {
          method: 'OPTIONS',
          headers: {
            origin,
            'access-control-request-method': 'POST',
            'access-control-request-headers': 'authorization, content-type, idempotency-key',
          },
        }),
    ],
    [
      'OPTIONS preflight for login',
      (origin) =>
        get('/api/auth/login', {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
        }),
    ],
    [
      'OPTIONS preflight for a static path',
      (origin) => get('/', { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'GET' } }),
    ],
  ];

  for (const origin of origins) {
    it.each(requests)(`%s from ${origin}`, async (label, send) => {
      const res = await send(origin);
      expectNoCors(res.headers, label);
      (label.includes('static') ? expectSecurityHeaders : expectApiHeaders)(res.headers, label);
      if (label.startsWith('OPTIONS')) expect(res.status).toBeGreaterThanOrEqual(400);
    });
  }
});

// A 304 has no body: the browser keeps the headers of the copy it holds and takes from the 304 only
// its validators and cache headers (RFC 9110 §15.4.5), so nothing else is sent again.
describe("a 304's headers", () => {
  const ALLOWED = new Set(['etag', 'vary', 'cache-control', 'content-location', 'date', 'expires']);

  it.each([
    ['a signed-in list', true, '/api/forum/posts?type=workout'],
    ['the club settings', false, '/api/config'],
  ])('%s: the validators and cache headers only', async (label, signedIn, path) => {
    const headers: Record<string, string> = signedIn ? { authorization: `Bearer ${w.users.member.token}` } : {};
    const first = await get(path, { headers });
    expect(first.status, label).toBe(200);
    expectApiHeaders(first.headers, label);
    const again = await get(path, { headers: { ...headers, 'if-none-match': first.headers.get('etag')! } });
    expect(again.status, label).toBe(304);
    const names = [...again.headers.keys()];
    expect(names.filter((name) => !ALLOWED.has(name)), label).toEqual([]);
    expect(again.headers.get('etag'), label).toBe(first.headers.get('etag'));
    expect(again.headers.get('cache-control'), label).toBe(first.headers.get('cache-control'));
    // What was 934 bytes of headers on the wire (with the server's Date and Connection lines).
    const bytes = [...again.headers].reduce((n, [name, value]) => n + name.length + value.length + 4, 0);
    expect(bytes, label).toBeLessThan(120);
  });
});
