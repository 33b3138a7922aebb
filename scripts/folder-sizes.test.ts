import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// A folder a newcomer can take in at a glance: past about 15 files, it holds rooms that want names of
// their own (docs/architecture.md). Every source folder is counted. The server's folders (api/) count
// their tests too, as they have since they were made rooms (but a folder of tests only counts its
// helpers); everywhere else (domain/, db/, the PWA, the scripts, the benchmarks, the browser tests)
// each test sits beside its one module, and a folder counts its sources.
const root = join(import.meta.dirname, '..');
const MAX_FILES = 15;
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const TEST = /\.(test|spec)\.(ts|tsx)$/;
const ROOTS = ['api', 'domain', 'db', 'pwa', 'scripts', 'e2e', 'bench', 'deploy'];
/** Folders of tests only, whose every test reaches across the whole app. */
const TEST_FOLDERS = new Set(['api/security']);

function folders(dir: string): string[] {
  const subfolders = readdirSync(join(root, dir), { withFileTypes: true }).filter((d) => d.isDirectory() && d.name !== 'node_modules');
  return [dir, ...subfolders.flatMap((d) => folders(join(dir, d.name)))];
}

function files(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true })
    .filter((d) => d.isFile() && SOURCE.test(d.name))
    .map((d) => d.name);
}

/** The files a folder is held to the limit by. */
function counted(dir: string): string[] {
  const all = files(dir);
  const countsTests = (dir === 'api' || dir.startsWith('api/')) && !TEST_FOLDERS.has(dir);
  return countsTests ? all : all.filter((f) => !TEST.test(f));
}

const all = ROOTS.flatMap((r) => folders(r)).map((dir) => relative(root, join(root, dir)));

describe('folder sizes', () => {
  it.each(all)('%s holds at most 15 files', (dir) => {
    const names = counted(dir);
    expect(names.length, names.join(', ')).toBeLessThanOrEqual(MAX_FILES);
  });

  it('finds the folders it counts', () => {
    expect(all).toEqual(
      expect.arrayContaining(['api', 'api/platform', 'api/forum/posts', 'domain', 'domain/contract', 'db', 'pwa/features/forum', 'pwa/components', 'pwa/lib/data', 'scripts', 'e2e', 'bench']),
    );
  });
});
