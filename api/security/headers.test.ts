// Response headers: CSP, HSTS and nosniff on every answer (API, errors, static files, uploads), so a
// stored string or an uploaded file can never run as script; and no CORS at all, since the PWA and
// the API share one origin.
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
  const cases: [string, number, () => Promise<Response>][] = [
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
    ['static index', 200, () => get('/')],
    ['SPA fallback', 200, () => get('/forum/workouts')],
    ['service worker', 200, () => get('/sw.js')],
    ['manifest', 200, () => get('/manifest.webmanifest')],
    ['uploaded picture', 200, () => get(uploadUrl)],
    ['missing upload', 404, () => get('/uploads/0123456789abcdef0123456789abcdef.webp')],
    ['upload path trick', 404, () => get('/uploads/..%2f..%2fpackage.json')],
  ];

  it.each(cases)('%s', async (label, status, send) => {
    const res = await send();
    expect(res.status).toBe(status);
    expectSecurityHeaders(res.headers, label);
  });

  it('on a 429 too', async () => {
    let res: Response | undefined;
    for (let i = 0; i < 7; i++) res = await get('/api/auth/login', json({ email: 'exec@club.test', password: `wrong-${i}` }));
    expect(res!.status).toBe(429);
    expectSecurityHeaders(res!.headers, '429');
  });

  it('on a 500, which says nothing about its cause', async () => {
    const broken = await buildWorld();
    const brokenApp = createApp(broken.t.deps);
    broken.t.database.close();
    const res = await brokenApp.request('/api/races');
    expect(res.status).toBe(500);
    expectSecurityHeaders(res.headers, '500');
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
      expectSecurityHeaders(res.headers, label);
      if (label.startsWith('OPTIONS')) expect(res.status).toBeGreaterThanOrEqual(400);
    });
  }
});
