// Compiles the server and the database commands to plain ESM for Node 20 in dist-server/ (second
// half of `npm run build`; the first half is `vite build`). Every npm package stays external, so
// native modules (better-sqlite3, sharp) load from node_modules as they would in development.
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('../', import.meta.url));
const outdir = `${root}dist-server`;

rmSync(outdir, { recursive: true, force: true });
await build({
  absWorkingDir: root,
  entryPoints: {
    server: 'api/server.ts',
    migrate: 'api/cli/migrate.ts',
    backup: 'api/cli/backup.ts',
    restore: 'api/cli/restore.ts',
    // Loaded by the password pool as a worker thread from beside the bundle (db/password-pool.ts).
    'password-worker': 'db/password-worker.ts',
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  sourcemap: 'linked',
  logLevel: 'warning',
});
// db/migrate.ts finds its migrations next to itself; in the bundle "itself" is dist-server/.
cpSync(`${root}db/migrations`, `${outdir}/migrations`, { recursive: true });
// The launcher (scripts/start.mjs) compares the sources with this file's time.
writeFileSync(`${outdir}/build-info.json`, `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
console.log('server compiled to dist-server/');
