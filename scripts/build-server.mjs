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
    clubs: 'api/cli/clubs.ts',
    // Loaded by the password pool as a worker thread from beside the bundle (db/threads/password-pool.ts).
    'password-worker': 'db/threads/password-worker.ts',
    // And the disk pool's (db/threads/disk-pool.ts), likewise.
    'disk-worker': 'db/threads/disk-worker.ts',
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
// The public pages' renderer (pwa/entry-server.tsx), loaded by the server at run time
// (api/page-renderer.ts): the PWA's screens compiled for Node, React and the router from node_modules.
// Styles are the browser's business (the HTML links the built CSS); the service worker's register
// module exists only in the browser build (a stub stands in: the update bar never shows on the server).
await build({
  absWorkingDir: root,
  entryPoints: { pages: 'pwa/entry-server.tsx' },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  packages: 'external',
  plugins: [
    {
      name: 'no-service-worker-on-the-server',
      setup(b) {
        b.onResolve({ filter: /^virtual:pwa-register/ }, (args) => ({ path: args.path, namespace: 'server-stub' }));
        b.onLoad({ filter: /.*/, namespace: 'server-stub' }, () => ({
          contents: 'export function useRegisterSW() { return { needRefresh: [false, () => {}], offlineReady: [false, () => {}], updateServiceWorker: async () => {} }; }',
          loader: 'js',
        }));
      },
    },
  ],
  jsx: 'automatic',
  loader: { '.css': 'empty' },
  define: { 'process.env.NODE_ENV': '"production"' },
  sourcemap: 'linked',
  logLevel: 'warning',
});
// db/migrate.ts finds its migrations next to itself; in the bundle "itself" is dist-server/.
cpSync(`${root}db/migrations`, `${outdir}/migrations`, { recursive: true });
// The launcher (scripts/start.mjs) compares the sources with this file's time.
writeFileSync(`${outdir}/build-info.json`, `${JSON.stringify({ builtAt: new Date().toISOString() })}\n`);
console.log('server compiled to dist-server/');
