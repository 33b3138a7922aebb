// Request bodies: a 100 KB JSON limit everywhere (5 MB for the upload), so no client can make the
// server buffer without end; 413 and never a 500 for a huge or endless body, 400 for malformed JSON,
// 415 for another content type.
import { describe, expect, it } from 'vitest';
import { JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT } from '../app';
import { rawRequest, withServer } from '../testing/app-server';
import { buildWorld, fillPath, snapshot, type ActorName, type World } from '../testing/security-world';

type JsonRoute = [method: string, template: string, actor: ActorName | null];

/** Every route that reads a JSON body, with someone allowed to call it (ids filled from the world). */
const JSON_ROUTES: JsonRoute[] = [
  ['POST', '/api/auth/register', null],
  ['POST', '/api/auth/login', null],
  ['POST', '/api/auth/forgot-password', null],
  ['POST', '/api/auth/reset-password', null],
  ['PUT', '/api/users/profile', 'member'],
  ['PUT', '/api/admin/members/:applicant/approve', 'admin'],
  ['PUT', '/api/admin/members/:applicant/reject', 'admin'],
  ['PUT', '/api/admin/members/:target/update', 'admin'],
  ['POST', '/api/admin/notify-role-change', 'admin'],
  ['POST', '/api/forum/posts', 'exec'],
  ['PUT', '/api/forum/posts/:openWorkout', 'exec'],
  ['PUT', '/api/forum/posts/:event', 'exec'],
  ['POST', '/api/forum/workouts/:openWorkout/signup', 'member'],
  ['POST', '/api/forum/workouts/:fullWorkout/attendance', 'exec'],
  ['POST', '/api/forum/events/:event/rsvp', 'member'],
  ['POST', '/api/races', 'member'],
  ['PUT', '/api/races/:race', 'exec'],
  ['PUT', '/api/profiles/swim-coach', 'exec'],
  ['POST', '/api/payments/checkout', 'pending'],
  ['POST', '/api/payments/record', 'admin'],
  ['POST', '/api/polls', 'exec'],
  ['POST', '/api/duties', 'exec'],
  ['PUT', '/api/safety/me', 'member'],
  ['POST', '/api/safety/waiver', 'member'],
  ['POST', '/api/safety/openings', 'exec'],
];

const CASES = JSON_ROUTES.map(([method, template, actor]) => {
  const route: [string, (w: World) => string, ActorName | null] = [method, (w) => fillPath(template, w), actor];
  return [`${method} ${template}`, route] as const;
});

const MB = 1024 * 1024;
/** Valid JSON of about `bytes` bytes. */
const bigJson = (bytes: number) => JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(bytes) });

describe('oversized JSON bodies answer 413 on every route', () => {
  it.each(CASES)('%s with 10 MB', async (_name, [method, path, actor]) => {
    const w = await buildWorld();
    const before = snapshot(w.t);
    const res = await w.t.call(method, path(w), {
      ...(actor ? { token: w.users[actor].token } : {}),
      body: bigJson(10 * MB),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: expect.any(String) });
    expect(snapshot(w.t)).toEqual(before);
  });

  it('draws the line at the limit, with or without a Content-Length', async () => {
    const w = await buildWorld();
    const over = bigJson(JSON_BODY_LIMIT);
    const under = bigJson(JSON_BODY_LIMIT - 200);
    expect(Buffer.byteLength(under)).toBeLessThanOrEqual(JSON_BODY_LIMIT);
    const login = (body: string, headers: Record<string, string>) =>
      w.t.call('POST', '/api/auth/login', { body, headers: { 'content-type': 'application/json', ...headers } });
    expect((await login(over, {})).status).toBe(413);
    expect((await login(over, { 'content-length': String(Buffer.byteLength(over)) })).status).toBe(413);
    expect((await login(under, {})).status).toBe(401);
  });
});

describe('on a real server', () => {
  /** A populated club behind a real server. */
  async function onServer(fn: (port: number, w: World) => Promise<void>): Promise<void> {
    const w = await buildWorld();
    await withServer(w.t.app, (port) => fn(port, w));
  }

  const chunked = (total: number, size = 64 * 1024) => {
    const out: Buffer[] = [Buffer.from('{"email":"a@b.co","password":"')];
    for (let sent = 0; sent < total; sent += size) out.push(Buffer.alloc(size, 0x78));
    out.push(Buffer.from('"}'));
    return out;
  };

  it('a 10 MB chunked JSON body with no Content-Length answers 413', async () => {
    await onServer(async (port, w) => {
      const before = snapshot(w.t);
      for (const [path, token] of [
        ['/api/auth/login', undefined],
        ['/api/users/profile', w.users.member.token],
      ] as const) {
        const res = await rawRequest({
          port,
          method: path.includes('profile') ? 'PUT' : 'POST',
          path,
          headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
          chunks: chunked(10 * MB),
        });
        expect(res.headers['content-length']).toBeDefined();
        expect(res.status).toBe(413);
        expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
      }
      expect(snapshot(w.t)).toEqual(before);
    });
  });

  it('a small chunked body still works (the limit counts bytes, it does not refuse chunking)', async () => {
    await onServer(async (port) => {
      const res = await rawRequest({
        port,
        method: 'POST',
        path: '/api/auth/login',
        headers: { 'content-type': 'application/json' },
        chunks: [Buffer.from('{"email":"member@club.test",'), Buffer.from('"password":"correct-horse"}')],
      });
      expect(res.headers['transfer-encoding'] ?? res.headers['content-length']).toBeDefined();
      expect(res.status).toBe(200);
    });
  });

  it('a 10 MB chunked upload answers 413', async () => {
    await onServer(async (port, w) => {
      const boundary = 'x-boundary-123';
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="profilePicture"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`,
      );
      const chunks = [head, ...Array.from({ length: 160 }, () => Buffer.alloc(64 * 1024, 1)), Buffer.from(`\r\n--${boundary}--\r\n`)];
      const res = await rawRequest({
        port,
        method: 'POST',
        path: '/api/users/profile-picture',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${w.users.member.token}` },
        chunks,
      });
      expect(res.status).toBe(413);
      expect(JSON.parse(res.text)).toEqual({ error: expect.any(String) });
      expect(UPLOAD_BODY_LIMIT).toBeLessThan(10 * MB);
    });
  });

  it('keeps serving after refusing big bodies', async () => {
    await onServer(async (port) => {
      await Promise.all(
        Array.from({ length: 5 }, () =>
          rawRequest({ port, method: 'POST', path: '/api/auth/login', headers: { 'content-type': 'application/json' }, chunks: chunked(2 * MB) }),
        ),
      );
      const health = await rawRequest({ port, method: 'GET', path: '/api/health' });
      expect(health.status).toBe(200);
    });
  });
});

describe('malformed JSON answers 400 on every route', () => {
  const broken = ['{"email":', '{email: "a"}', "{'a': 1}", '{"a":1}}', 'null garbage', '\u0000\u0001', '{"a":"\\x"}'];

  it.each(CASES)('%s', async (_name, [method, path, actor]) => {
    const w = await buildWorld();
    const before = snapshot(w.t);
    for (const body of broken) {
      const res = await w.t.call(method, path(w), {
        ...(actor ? { token: w.users[actor].token } : {}),
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status, `${body}`).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect(snapshot(w.t)).toEqual(before);
  });

  it('a deeply nested or non-object body is a 400 too', async () => {
    const w = await buildWorld();
    const deep = '['.repeat(20_000) + ']'.repeat(20_000);
    for (const body of [deep, '[]', '"text"', '42', 'true', 'null']) {
      const res = await w.t.call('PUT', '/api/users/profile', {
        token: w.users.member.token,
        body,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
  });
});

describe('a body of another content type answers 415 on every route', () => {
  const form = () => {
    const f = new FormData();
    f.append('email', 'a@b.co');
    return f;
  };
  const wrong: [string, () => { body: unknown; headers?: Record<string, string> }][] = [
    ['text/plain', () => ({ body: '{"email":"a@b.co"}', headers: { 'content-type': 'text/plain' } })],
    ['form-urlencoded', () => ({ body: 'email=a%40b.co', headers: { 'content-type': 'application/x-www-form-urlencoded' } })],
    ['multipart', () => ({ body: form() })],
    ['text/html', () => ({ body: '<b>hi</b>', headers: { 'content-type': 'text/html' } })],
    ['application/xml', () => ({ body: '<a/>', headers: { 'content-type': 'application/xml' } })],
  ];

  it.each(CASES)('%s', async (_name, [method, path, actor]) => {
    const w = await buildWorld();
    const before = snapshot(w.t);
    for (const [label, make] of wrong) {
      const res = await w.t.call(method, path(w), { ...(actor ? { token: w.users[actor].token } : {}), ...make() });
      expect(res.status, label).toBe(415);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expect(snapshot(w.t)).toEqual(before);
  });

  it('the upload route answers 415 to JSON', async () => {
    const w = await buildWorld();
    const res = await w.t.call('POST', '/api/users/profile-picture', { token: w.users.member.token, body: { profilePicture: 'x' } });
    expect(res).toMatchObject({ status: 415, body: { error: expect.any(String) } });
  });
});
