import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder the app runs from: the nearest folder above this module that holds package.json. That is
 * the repository for the sources (wherever in api/ this file lives) and the install for the compiled
 * server in dist-server/ alike, so dist/, dist-server/ and package.json are found from either.
 */
function findAppRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const APP_ROOT = findAppRoot(dirname(fileURLToPath(import.meta.url)));
