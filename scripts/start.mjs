// `npm start` and the db:* scripts: build when the build is missing or older than the sources (through
// `npm run build`, never from inside the server), then run the compiled entry in this process.
//   node scripts/start.mjs [server|migrate|backup|restore|clubs] [args…]
// A service manager should run `node dist-server/server.js` directly (deploy/club-app.service).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, ensureBuilt } from './build-state.mjs';

const ENTRIES = ['server', 'migrate', 'backup', 'restore', 'clubs'];
const [first, ...rest] = process.argv.slice(2);
const entry = ENTRIES.includes(first) ? first : 'server';
const args = ENTRIES.includes(first) ? rest : process.argv.slice(2);

try {
  ensureBuilt();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
const file = join(ROOT, 'dist-server', `${entry}.js`);
// The compiled entry reads its arguments as if it had been started directly.
process.argv = [process.argv[0], file, ...args];
await import(pathToFileURL(file).href);
