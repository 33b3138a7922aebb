import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import type { AppEnv } from './context';

// One folder up from api/static.ts and from the bundle in dist-server/ alike (built by `npm run build`).
export const DIST_DIR = fileURLToPath(new URL('../dist', import.meta.url));

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
    if (!existsSync(indexFile)) return c.text('The app is not built yet: run `npm run build`.', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
