import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is the map a newcomer reads first: every file and folder it names in backticks,
// and every page it links to, must be there, so the map cannot go stale again. A name is read where the
// map puts it: from the repository's root, from the room its section is about (### `api/`), or from a
// folder named before it in the same table row or paragraph (`forum/posts/`: … `reads.ts`).
const root = join(import.meta.dirname, '..');
const MAP = join(root, 'docs/architecture.md');
const FILE = /\.(ts|tsx|mts|mjs|js|json|md|css|html|sql)$/;

/** A lint rule's id (`club/no-import-cycle`), which has a slash but names no file. */
const RULE_ID = /^(club|import-x|@typescript-eslint|react-hooks)\/[a-z-]+$/;

/** A backticked word that names a file or folder: a path with a slash or a file's extension, no placeholder. */
function looksLikePath(token: string): boolean {
  if (!/^[\w.\-/]+$/.test(token) || token.startsWith('/') || token.startsWith('.') || RULE_ID.test(token)) return false;
  if (!token.includes('/') && !FILE.test(token)) return false;
  // A package's import path (`libphonenumber-js/min`, `@date-fns/tz`), not the repository's.
  return !existsSync(join(root, 'node_modules', token));
}

const there = (path: string) => existsSync(join(root, path));

/** Every path the map names that is not where the map says, with the line it is on. */
function stalePaths(text: string): string[] {
  const stale: string[] = [];
  let section = '';
  // A block: a table row, or a paragraph (lines up to a blank one).
  let bases: string[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.startsWith('#')) section = /^#+ `([^`]+\/)`/.exec(line)?.[1] ?? '';
    if (line.trim() === '' || line.startsWith('|') || line.startsWith('#')) bases = [];
    for (const link of line.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
      const target = link[1]!;
      if (/^[a-z]+:/.test(target)) continue;
      if (!existsSync(normalize(join(dirname(MAP), target)))) stale.push(`${index + 1}: link ${target}`);
    }
    for (const match of line.matchAll(/`([^`]+)`/g)) {
      const token = match[1]!.replace(/^e\.g\. /, '');
      if (!looksLikePath(token)) continue;
      const candidates = [token, join(section, token), ...bases.map((b) => join(b, token))];
      const found = candidates.find(there);
      if (!found) {
        stale.push(`${index + 1}: ${token}`);
        continue;
      }
      if (token.endsWith('/')) bases.push(found);
    }
  });
  return stale;
}

describe('docs/architecture.md', () => {
  it('names only files and folders that exist, where it says they are', () => {
    expect(stalePaths(readFileSync(MAP, 'utf8'))).toEqual([]);
  });

  it('would notice a name that is gone', () => {
    expect(stalePaths('### `api/`\n\n| `platform/` | `errors.ts`, `gone.ts` |\n\nSee `api/services/club-time-format.ts` and [a page](nowhere.md).\n')).toEqual([
      '3: gone.ts',
      '5: link nowhere.md',
      '5: api/services/club-time-format.ts',
    ]);
  });
});
