// `npm run clubs -- …`: the contract of its lines and exit codes, each command run as the script runs it.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { loadEnv } from '../platform/settings/env';
import { clubsCommand } from './clubs-command';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function clubsIn(dir: string, extra: Record<string, string> = {}) {
  const env = loadEnv({ NODE_ENV: 'test', MULTI_CLUB: 'on', DATABASE_PATH: join(dir, 'data/club.db'), APP_URL: 'http://tri.localhost:3000', SEED_DEMO: '0', LOG_LEVEL: 'silent', PASSWORD_HASH_LOG_N: '10', ...extra });
  return async (...args: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const code = await clubsCommand(env, args, { out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, out: out.map((l) => `${l}\n`).join(''), err: err.join('\n') };
  };
}

describe('npm run clubs', () => {
  it('creates, lists, suspends, exports, migrates and imports clubs', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-cli-'));
    dirs.push(dir);
    const clubs = clubsIn(dir);
    const made = await clubs('create', 'rowing.localhost:3000', '--name', 'Rowing Club', '--admin', 'cox@rowing.test');
    expect(made.code, made.err).toBe(0);
    expect(made.out).toMatch(/^Created rowing\.localhost:3000 \(Rowing Club\)\.\n.*\nhttp:\/\/rowing\.localhost:3000\/setup\?key=[\w-]+\n$/);
    expect((await clubs('create', 'cycling.localhost:3000', '--name', 'Cycling', '--admin', 'lead@cycling.test')).code).toBe(0);
    expect(await clubs('create', 'rowing.localhost:3000', '--name', 'Again', '--admin', 'x@y.test')).toMatchObject({ code: 1, err: expect.stringMatching(/Refused: Another club has this address/) });
    expect(await clubs('create', 'rowing.localhost:3001')).toMatchObject({ code: 2, err: expect.stringMatching(/^Usage/) });
    expect((await clubs('list')).out).toBe('cycling.localhost:3000 Cycling active\nrowing.localhost:3000 Rowing Club active\n');
    expect((await clubs('suspend', 'rowing.localhost:3000')).code).toBe(0);
    expect((await clubs('list')).out).toContain('rowing.localhost:3000 Rowing Club suspended\n');
    expect((await clubs('suspend', 'nobody.localhost')).code).toBe(1);

    const file = join(dir, 'rowing.zip');
    const exported = await clubs('export', 'rowing.localhost:3000', file);
    expect(exported.code, exported.err).toBe(0);
    expect(existsSync(file)).toBe(true);

    writeFileSync(join(dir, 'data/clubs/cycling.localhost_3000/club.db'), 'not a database any more');
    const migrated = await clubs('migrate');
    expect(migrated.code).toBe(1);
    expect(migrated.out).toContain('migrated rowing.localhost:3000');
    expect(migrated.err).toMatch(/FAILED cycling\.localhost:3000: .*not a database/);

    // The export becomes a club of another machine of the host.
    const otherDir = mkdtempSync(join(tmpdir(), 'club-cli-'));
    dirs.push(otherDir);
    const other = clubsIn(otherDir);
    const imported = await other('import', file);
    expect(imported.code, imported.err).toBe(0);
    expect((await other('list')).out).toBe('rowing.localhost:3000 Rowing Club active\n');
    expect((await other('import', file)).code).toBe(1);
    expect((await other('proxy-routes', '10.0.0.2:3000')).out).toBe('rowing.localhost:3000 10.0.0.2:3000;\n');
    // The machine it left keeps its files and stops routing it; only a suspended club can be marked moved.
    expect((await clubs('moved', 'cycling.localhost:3000')).code).toBe(1);
    expect((await clubs('moved', 'rowing.localhost:3000')).code).toBe(0);
    expect((await clubs('list')).out).toContain('rowing.localhost:3000 Rowing Club moved\n');
    expect((await clubs('proxy-routes', '10.0.0.1:3000')).out).toBe('cycling.localhost:3000 10.0.0.1:3000;\n');
    expect(existsSync(join(dir, 'data/clubs/rowing.localhost_3000/club.db'))).toBe(true);
  });

  it('refuses every command, and makes nothing, while MULTI_CLUB is not "on"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-cli-'));
    dirs.push(dir);
    for (const args of [['list'], ['create', 'rowing.localhost:3000', '--name', 'Rowing Club', '--admin', 'cox@rowing.test'], ['migrate']]) {
      const done = await clubsIn(dir, { MULTI_CLUB: 'off' })(...args);
      expect(done.code).toBe(1);
      expect(done.out).toBe('');
      expect(done.err).toMatch(/^[^\n]*Set MULTI_CLUB=on[^\n]*$/);
    }
    expect(readdirSync(dir)).toEqual([]);
  });

  it('tells, as the adopted club is moved, when its members will have to sign in again', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'club-cli-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'data'));
    const single = openDatabase(join(dir, 'data/club.db'));
    runMigrations(single);
    single.close();
    const file = join(dir, 'tri.zip');
    // Signed with its own secret file (no JWT_SECRET): the export does not carry it.
    expect((await clubsIn(dir)('export', 'tri.localhost:3000', file)).out).toContain('its members sign in again');
    // Signed with the host's JWT_SECRET: the other machine needs the same.
    const withSecret = { JWT_SECRET: 'the-host-secret-every-machine-of-the-host-shares' };
    expect((await clubsIn(dir, withSecret)('export', 'tri.localhost:3000', file)).out).not.toContain('sign in again');
    const other = mkdtempSync(join(tmpdir(), 'club-cli-'));
    dirs.push(other);
    expect((await clubsIn(other)('import', file)).out).toContain('This machine has no JWT_SECRET');
    const third = mkdtempSync(join(tmpdir(), 'club-cli-'));
    dirs.push(third);
    const imported = await clubsIn(third, withSecret)('import', file);
    expect(imported.code, imported.err).toBe(0);
    expect(imported.out).not.toContain('JWT_SECRET');
  });
});
