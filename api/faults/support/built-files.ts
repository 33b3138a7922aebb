import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO_ROOT } from '../../testing/child-server';

/** The path a built module is served at (its name carries a content hash), from the build's manifest. */
export function builtFile(source: string): string {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'dist/.vite/manifest.json'), 'utf8')) as Record<string, { file: string }>;
  const entry = manifest[source];
  if (!entry) throw new Error(`the build has no chunk for ${source}`);
  return `/${entry.file}`;
}

/** The outbox module, which a member's page fetches once idle so a change made offline can be kept. */
export const outboxFile = (): string => builtFile('lib/offline/outbox.ts');
