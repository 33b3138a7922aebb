// A production install: the built tree (dist/, dist-server/, package.json) with only the production
// dependencies, as `npm ci --omit=dev` on the server would leave it, and no sources. The compiled
// server must start and serve the PWA, its health and a signed-in answer; the database commands
// must run there too.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, freePort, startServer, type ChildServer } from '../testing/child-server';
import { newJwtSecret } from '../testing/seeded-database';

const ADMIN = { email: 'webmaster@club.test', password: 'a-long-admin-password' };

/**
 * node_modules with the production closure only (`npm ls --omit=dev`): one link per top-level
 * package of the real install. Imports from the app resolve here, so a run-time import of a dev
 * dependency (vite, tsx, esbuild…) fails as it would on the server. (A package's own dependencies
 * resolve from its real folder, which npm's production closure guarantees anyway.)
 */
function productionNodeModules(target: string): string[] {
  const ls = spawnSync('npm', ['ls', '--omit=dev', '--parseable', '--all'], { cwd: REPO_ROOT, encoding: 'utf8' });
  const root = join(REPO_ROOT, 'node_modules');
  const names = ls.stdout
    .split('\n')
    .map((p) => relative(root, p.trim()))
    .filter((p) => p && !p.startsWith('..') && /^(@[^/]+\/)?[^/@]+$/.test(p));
  if (names.length < 10) throw new Error(`npm ls listed too few production packages:\n${ls.stdout}\n${ls.stderr}`);
  for (const name of names) {
    mkdirSync(dirname(join(target, name)), { recursive: true });
    symlinkSync(join(root, name), join(target, name), 'dir');
  }
  return names;
}

function run(cwd: string, args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, args, { cwd, env: { ...process.env, ...env }, encoding: 'utf8', timeout: 30_000 });
  return { code: result.status, output: `${result.stdout}${result.stderr}` };
}

describe('a production install (dev dependencies absent)', () => {
  let dir = '';
  let app = '';
  let packages: string[] = [];
  let server: ChildServer | null = null;
  const env: Record<string, string> = {};

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'club-prod-'));
    app = join(dir, 'app');
    for (const part of ['dist', 'dist-server', 'package.json']) cpSync(join(REPO_ROOT, part), join(app, part), { recursive: true });
    packages = productionNodeModules(join(app, 'node_modules'));
    Object.assign(env, {
      NODE_ENV: 'production',
      DATABASE_PATH: join(dir, 'data', 'club.db'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
  });

  afterAll(async () => {
    await server?.kill();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('has no dev dependency and no sources', () => {
    for (const dev of ['tsx', 'vite', 'esbuild', 'typescript', 'vitest', '@playwright/test']) expect(packages).not.toContain(dev);
    expect(packages).toEqual(expect.arrayContaining(['better-sqlite3', 'sharp', 'hono', 'pino']));
    expect(readdirSync(app).sort()).toEqual(['dist', 'dist-server', 'node_modules', 'package.json']);
  });

  it('serves a public page, /api/health and a signed-in answer from the compiled server', async () => {
    server = await startServer({
      cwd: app,
      databasePath: env.DATABASE_PATH!,
      port: await freePort(),
      jwtSecret: newJwtSecret(),
      env: { ...env, SEED_DEMO: '0', BACKUP_EVERY: 'off' },
    });
    const page = await fetch(`${server.url}/join-us`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<div id="root">');
    // The page's entry script: its own src, or the one a rendered public page starts after its first paint.
    const script = /(?:src|data-entry)="(\/assets\/[^"]+\.js)"/.exec(html)![1]!;
    expect((await fetch(`${server.url}${script}`)).status).toBe(200);

    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', version: expect.any(String), db: 'ok' });

    const login = await fetch(`${server.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ADMIN),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const profile = await fetch(`${server.url}/api/auth/profile`, { headers: { authorization: `Bearer ${token}` } });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { user: { email: string; role: string } }).user).toMatchObject({ email: ADMIN.email, role: 'administrator' });

    // Production logs are JSON lines, one per request, with the request id of the answer.
    const reqId = profile.headers.get('x-request-id');
    const line = server
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .find((l) => l.reqId === reqId);
    expect(line).toMatchObject({ method: 'GET', path: '/api/auth/profile', status: 200 });
    expect(server.output()).not.toContain(ADMIN.password);
    expect(server.output()).not.toContain(token);
  });

  it('backs up while running, refuses to restore until stopped, then restores', async () => {
    expect(server, 'the server of the previous test').not.toBeNull();
    const backup = run(app, ['dist-server/backup.js'], env);
    expect(backup.code, backup.output).toBe(0);
    const backupsDir = join(dir, 'data', 'backups');
    const [file] = readdirSync(backupsDir);
    expect(file).toMatch(/^club-.*\.db$/);

    const refused = run(app, ['dist-server/restore.js', join(backupsDir, file!)], env);
    expect(refused.code).toBe(1);
    expect(refused.output).toMatch(/in use: stop the app first/);

    server!.signal('SIGTERM');
    expect(await server!.exit()).toEqual({ code: 0, signal: null });
    server = null;
    const restored = run(app, ['dist-server/restore.js', join(backupsDir, file!)], env);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toMatch(/kept as .*club\.db\.before-restore-/);
    expect(readdirSync(join(dir, 'data')).some((n) => n.startsWith('club.db.before-restore-'))).toBe(true);

    const migrate = run(app, ['dist-server/migrate.js'], env);
    expect(migrate.code, migrate.output).toBe(0);
    expect(existsSync(env.DATABASE_PATH!)).toBe(true);
  });
});
