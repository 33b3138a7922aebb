import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { staleParts } from './build-state.mjs';

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
