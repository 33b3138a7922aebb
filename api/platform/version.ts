import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_ROOT } from './app-root';

export const APP_VERSION: string = (
  JSON.parse(readFileSync(join(APP_ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
