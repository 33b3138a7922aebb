import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';

export const DIST_DIR = resolve('dist');

/** Paths that name a file rather than a screen (no screen of the app ends in one of these). */
const STATIC_FILE = /\.(?:txt|xml|json|webmanifest|js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|html?)$/i;

/** Serves the built PWA with an SPA fallback, and uploaded pictures from the data folder. */
export function mountPwa(app: Hono<AppEnv>, uploadsDir: string, distDir = DIST_DIR): void {
  mkdirSync(uploadsDir, { recursive: true });
  const uploadsRoot = relative(process.cwd(), uploadsDir) || '.';
  const distRoot = relative(process.cwd(), distDir) || '.';
  app.use(
    '/uploads/*',
    serveStatic({
      root: uploadsRoot,
      rewriteRequestPath: (p) => p.replace(/^\/uploads/, ''),
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=86400');
        c.header('Content-Disposition', 'inline');
      },
    }),
  );
  app.get('/uploads/*', (c) => c.json({ error: 'Not found' }, 404));
  app.use(
    '*',
    serveStatic({
      root: distRoot,
      onFound: (path, c) => {
        // Hashed assets never change; the service worker and the shell must be revalidated.
        c.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  const indexFile = join(distDir, 'index.html');
  app.get('*', (c) => {
    // A missing file is a 404, not the app's HTML with a 200 (crawlers and caches would keep it).
    if (STATIC_FILE.test(c.req.path)) return c.text('Not found', 404);
    if (!existsSync(indexFile)) return c.text('The app is not built yet: run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}

function newestMtime(path: string): number {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** `npm start` builds the PWA when dist/ is missing or older than its sources. */
export async function ensurePwaBuilt(distDir = DIST_DIR): Promise<void> {
  const index = join(distDir, 'index.html');
  const sources = ['pwa', 'api/contract', 'vite.config.ts'].filter((p) => existsSync(p));
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  console.log('Building the web app (first start or sources changed)…');
  const { build } = await import('vite');
  await build({ logLevel: 'warn' });
}
