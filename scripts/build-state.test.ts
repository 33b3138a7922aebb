import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ensureBuilt, ROOT, staleParts } from './build-state.mjs';

let root = '';
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Writes a file with the given modification time (seconds since the epoch). */
function file(path: string, mtime: number) {
  const full = join(root, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, 'x');
  utimesSync(full, mtime, mtime);
}

function sources(mtime: number) {
  file('pwa/main.tsx', mtime);
  file('domain/contract/training/forum.ts', mtime);
  file('vite.config.ts', mtime);
  file('api/server.ts', mtime);
  file('db/schema.ts', mtime);
  file('scripts/build-server.mjs', mtime);
}

describe('staleParts (what `npm start` rebuilds)', () => {
  it('builds both parts on a fresh clone', () => {
    root = mkdtempSync(join(tmpdir(), 'club-build-state-'));
    sources(1000);
    expect(staleParts(root)).toEqual([
      { name: 'web app', missing: true },
      { name: 'server', missing: true },
    ]);
  });

  it('starts a build newer than its sources as it is', () => {
    root = mkdtempSync(join(tmpdir(), 'club-build-state-'));
    sources(1000);
    file('dist/index.html', 2000);
    file('dist-server/build-info.json', 2000);
    expect(staleParts(root)).toEqual([]);
  });

  it('rebuilds after a source changes, but not after a test or a fault test changes', () => {
    root = mkdtempSync(join(tmpdir(), 'club-build-state-'));
    sources(1000);
    file('dist/index.html', 2000);
    file('dist-server/build-info.json', 2000);
    file('api/forum/forum.test.ts', 3000);
    file('api/testing/child-server.ts', 3000);
    file('pwa/app/layout.test.tsx', 3000);
    expect(staleParts(root)).toEqual([]);
    file('db/migrations/0001_next.sql', 3000);
    expect(staleParts(root)).toEqual([{ name: 'server', missing: false }]);
    file('domain/contract/training/forum.ts', 3000);
    expect(staleParts(root)).toEqual([
      { name: 'web app', missing: false },
      { name: 'server', missing: false },
    ]);
  });
});

describe('ensureBuilt (the build a test setup or `npm start` asks for)', () => {
  it('builds for production even when asked from a test runner (NODE_ENV=test)', () => {
    root = mkdtempSync(join(tmpdir(), 'club-build-state-'));
    sources(1000);
    writeFileSync(join(root, 'package.json'), '{}');
    symlinkSync(join(ROOT, 'node_modules'), join(root, 'node_modules'));
    // A stand-in npm that notes the NODE_ENV the build would run with.
    const bin = join(root, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npm'), `#!/bin/sh\necho "NODE_ENV=$NODE_ENV" > "${join(root, 'seen.txt')}"\n`);
    chmodSync(join(bin, 'npm'), 0o755);
    const saved = { PATH: process.env.PATH, NODE_ENV: process.env.NODE_ENV };
    process.env.PATH = `${bin}:${saved.PATH}`;
    process.env.NODE_ENV = 'test';
    try {
      ensureBuilt({ root, log: () => undefined });
    } finally {
      process.env.PATH = saved.PATH;
      process.env.NODE_ENV = saved.NODE_ENV;
    }
    expect(readFileSync(join(root, 'seen.txt'), 'utf8').trim()).toBe('NODE_ENV=');
  });
});
