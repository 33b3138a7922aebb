import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// A folder a newcomer can take in at a glance: past about 15 files, it holds rooms that want names of
// their own (docs/architecture.md). Counted for the server's folders, tests included (but in a folder
// of tests only), and for the PWA's features, whose component tests sit beside them, by sources.
const root = join(import.meta.dirname, '..');
const MAX_FILES = 15;
const SOURCE = /\.(ts|tsx)$/;
const TEST = /\.test\.(ts|tsx)$/;
/** Folders of tests only, whose every test reaches across the whole app. */
const TEST_FOLDERS = new Set(['api/security']);

function folders(dir: string): string[] {
  const subfolders = readdirSync(join(root, dir), { withFileTypes: true }).filter((d) => d.isDirectory());
  return [dir, ...subfolders.flatMap((d) => folders(join(dir, d.name)))];
}

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isFile() && SOURCE.test(d.name))
    .map((d) => d.name);
}

const server = folders('api').map((dir) => relative(root, join(root, dir)));
const features = folders('pwa/features').map((dir) => relative(root, join(root, dir)));
const counted = [...server, ...features];

describe('folder sizes', () => {
  it.each(server)('%s holds at most 15 files, tests included', (dir) => {
    const all = files(dir);
    const counting = TEST_FOLDERS.has(dir) ? all.filter((f) => !TEST.test(f)) : all;
    expect(counting.length, counting.join(', ')).toBeLessThanOrEqual(MAX_FILES);
  });

  it.each(features)('%s holds at most 15 source files', (dir) => {
    const sources = files(dir).filter((f) => !TEST.test(f));
    expect(sources.length, sources.join(', ')).toBeLessThanOrEqual(MAX_FILES);
  });

  it('finds the folders it counts', () => {
    expect(counted).toEqual(expect.arrayContaining(['api', 'api/platform', 'api/forum/posts', 'pwa/features/forum']));
  });
});
