import { readFileSync } from 'node:fs';

// package.json is one folder up from api/version.ts and from the bundle in dist-server/ alike.
export const APP_VERSION: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
