import { documentBody } from '../club/documents';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { APP_ROOT } from '../platform/app-root';
import type { AppEnv } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { headTags, pageHead, sitemapXml, withHead, type HeadContext } from './page-heads';
import { PAGES_MODULE, pageRenderer } from './page-renderer';
import { TEAM_PROFILE_PATH } from '../../domain/contract/club/public-pages';
import { PAGE_DATA_ID, SETUP_PATH } from '../../domain/contract/club/page-frame';
import { listTeamMembers } from '../team/team-profiles';
import { clubIdentity } from '../club/identity/identity';
import { readDocument } from '../club/documents';
import { drawPreviewImage, previewKey } from './preview-images';
import { clubSports } from '../club/settings';
import { clubManifest, MANIFEST_PATH } from '../club/identity/manifest';
import { setupOpen } from '../setup/first-run';
import { NOT_FOUND_ERROR } from '../../domain/contract/common';
import { FORM_PAGES, TEAM_PAGE } from './screens';

/** The built PWA (`npm run build`). */
export const DIST_DIR = join(APP_ROOT, 'dist');

/** Paths that name a file rather than a screen (no screen of the app ends in one of these). */
const STATIC_FILE =
  /\.(?:txt|xml|json|webmanifest|js|mjs|css|map|png|jpe?g|gif|webp|avif|svg|ico|woff2?|ttf|html?)$/i;

/**
 * Serves the built PWA with an SPA fallback, and uploaded pictures from the data folder. The public
 * pages come rendered (page-renderer.ts) when the compiled pages module is there: by default the
 * build's, for the build's own dist/ only.
 */
export function mountPwa(
  app: Hono<AppEnv>,
  uploadsDir: string,
  distDir = DIST_DIR,
  pagesModule: string | null = distDir === DIST_DIR ? PAGES_MODULE : null,
): void {
  const render = pagesModule ? pageRenderer(pagesModule) : null;
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
  app.get('/uploads/*', () => {
    throw new ServiceError(404, NOT_FOUND_ERROR);
  });
  const indexFile = join(distDir, 'index.html');
  let shell: {
    mtimeMs: number;
    html: string;
    /** The chunks the entry imports (the build's own preloads of index.html): React, the bundler's helpers. */
    entryImports: string[];
    preloads: Map<string, string>;
    styles: Map<string, string | null>;
  } | null = null;
  const headContext = (c: Context<AppEnv>): HeadContext => ({
    appUrl: c.var.deps.env.APP_URL,
    club: clubIdentity(c.var.deps),
    teamMembers: () => listTeamMembers(c.var.deps),
    seasons: () => documentBody(c.var.deps, 'seasons').seasons,
    homePhotos: () => documentBody(c.var.deps, 'home-page').photos,
    sports: () => clubSports(c.var.deps),
  });
  const serveShell = async (c: Context<AppEnv>) => {
    // A missing file is a 404, not the app's HTML with a 200 (crawlers and caches would keep it).
    if (STATIC_FILE.test(c.req.path)) return c.text('Not found', 404);
    if (!existsSync(indexFile)) return c.text('The app is not built yet: run `npm run build`.', 503);
    const mtimeMs = statSync(indexFile).mtimeMs;
    if (shell?.mtimeMs !== mtimeMs) {
      const html = readFileSync(indexFile, 'utf8');
      const entryImports = [...html.matchAll(/<link rel="modulepreload"[^>]*href="(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]!);
      shell = { mtimeMs, html, entryImports, preloads: screenPreloads(distDir), styles: new Map() };
    }
    c.header('Cache-Control', 'no-cache');
    const path = c.req.path.replace(/(.)\/$/, '$1');
    const ctx = headContext(c);
    // A rendered page shows at once, so its styles must come with the HTML, not with its script.
    const preloads = shell.preloads.get(TEAM_PROFILE_PATH.test(path) ? TEAM_PAGE : path) ?? '';
    const head = pageHead(path, ctx);
    const tags = `${headTags(head, ctx)}${preloads}`;
    const html = withHead(shell.html, tags, head);
    // The one-time setup of an empty club; once the club has an account it is not a page.
    if (path === SETUP_PATH) return c.html(html, setupOpen(c.var.deps) ? 200 : 404);
    const page = render ? await render(c.var.deps, path, new URL(c.req.url).search) : null;
    if (!page) return c.html(html);
    const styles = shell.styles;
    return c.html(
      // A function, so a `$&` or `$'` in a page's text is text, not a replacement pattern.
      paintFirst(
        html,
        (file) => {
          if (!styles.has(file)) styles.set(file, readStyle(distDir, file));
          return styles.get(file)!;
        },
        !FORM_PAGES.has(path),
        shell.entryImports,
      ).replace(
        '<div id="root"></div>',
        () => `<div id="root">${page.markup}</div><script type="application/json" id="${PAGE_DATA_ID}">${page.dataJson}</script>`,
      ),
    );
  };
  // Crawlers find the sitemap from robots.txt; both name the public address (APP_URL).
  app.get('/robots.txt', (c) => {
    const file = join(distDir, 'robots.txt');
    const rules = existsSync(file) ? readFileSync(file, 'utf8') : 'User-agent: *\nAllow: /\n';
    c.header('Cache-Control', 'no-cache');
    return c.text(`${rules.trimEnd()}\n\nSitemap: ${c.var.deps.env.APP_URL}/sitemap.xml\n`);
  });
  app.get('/sitemap.xml', (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.body(sitemapXml(headContext(c)), 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });
  // An edited club's preview images are drawn here, once per look (its words and colours); an
  // unedited club's are the build's files (below).
  const previews = new Map<string, Promise<Buffer | null>>();
  app.get('/og/:file{[a-z0-9-]+\\.png}', async (c, next) => {
    const club = readDocument(c.var.deps, 'club');
    if (club.version === 0) return next();
    const name = c.req.param('file').replace(/\.png$/, '');
    const key = `${name}\n${previewKey(club.body)}`;
    let png = previews.get(key);
    if (!png) {
      if (previews.size >= 100) previews.clear();
      png = drawPreviewImage(name, club.body);
      previews.set(key, png);
    }
    const bytes = await png;
    if (!bytes) return next();
    c.header('Cache-Control', 'public, max-age=300');
    return c.body(new Uint8Array(bytes), 200, { 'Content-Type': 'image/png' });
  });
  // Before the static files: the build's manifest names the club as it was built.
  app.get(MANIFEST_PATH, (c) => {
    c.header('Cache-Control', 'no-cache');
    return c.body(JSON.stringify(clubManifest(c.var.deps, distDir)), 200, { 'Content-Type': 'application/manifest+json; charset=utf-8' });
  });
  // Before the static files, which would answer / with index.html as it is.
  app.get('/', serveShell);
  app.use(
    '*',
    serveStatic({
      root: distRoot,
      // The build writes a Brotli and a gzip copy next to each text file (scripts/precompress.mjs):
      // sent as they are, at the highest levels, instead of compressed again on every request.
      precompressed: true,
      onFound: (path, c) => {
        // Hashed assets never change; the service worker and the shell must be revalidated.
        c.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    }),
  );
  app.get('*', serveShell);
  // A sign-in or reset form sent before the app took it over (a very slow phone) is posted, so the
  // password never lands in an address or a log; the page is sent again and the app then takes it.
  app.post('/login', (c) => c.redirect(`/login${new URL(c.req.url).search}`, 303));
  app.post('/reset-password', (c) => c.redirect(`/reset-password${new URL(c.req.url).search}`, 303));
}

const STYLESHEET = /<link rel="stylesheet"(?: crossorigin)? href="\/(assets\/[\w.-]+\.css)">/g;

/** A built stylesheet's text, or null when it is missing or could close a <style> element. */
function readStyle(distDir: string, file: string): string | null {
  try {
    const css = readFileSync(join(distDir, file), 'utf8');
    return /<\/style/i.test(css) ? null : css;
  } catch {
    return null;
  }
}

/**
 * A rendered page paints from its first response, and its script (which makes it interactive) comes
 * after what it shows:
 * - its stylesheets are in the HTML (a few KB gzipped), not a round trip each before the first paint.
 *   Each file stays named by a disabled link (which the browser does not fetch), so the app's
 *   loader, which adds a screen's stylesheet unless a link to it is there, does not fetch it either;
 * - with `appAfterPaint`, the app's script starts once the page has loaded and painted
 *   (pwa/public/app-start.js), and nothing of it is preloaded beside the page: on a phone's slow link
 *   the page's text and its lead image have the bandwidth to themselves (its largest paint), and the
 *   app takes over right after, its chunks (the entry's imports and the screen's) fetched together,
 *   and the entry's imports (`first`: React) run each in a task of its own before the entry does, so
 *   the phone's processor is never held for all of them at once (docs/decisions/0141). Links work as plain links until then. Not for a page whose form is
 *   typed into at once (the sign-in): the form must be the app's before the first key.
 */
export function paintFirst(html: string, styleOf: (file: string) => string | null, appAfterPaint = true, first: readonly string[] = []): string {
  const styled = html.replace(STYLESHEET, (tag, file: string) => {
    const css = styleOf(file);
    return css === null ? tag : `<style>${css}</style><link rel="stylesheet" href="/${file}" disabled>`;
  });
  if (!appAfterPaint) return styled;
  // The chunks the app starts with, fetched when it starts (app-start.js), beside its entry rather
  // than one after the other.
  const preload: string[] = [];
  return styled
    .replace(/<link rel="modulepreload"[^>]*href="(\/assets\/[\w.-]+\.js)"[^>]*>\s*/g, (_tag, href: string) => {
      preload.push(href);
      return '';
    })
    .replace(
      /<script type="module"(?: crossorigin)? src="(\/assets\/[\w.-]+\.js)"><\/script>/,
      (_tag, entry: string) =>
        `<script src="/app-start.js" data-entry="${entry}"${first.length > 0 ? ` data-first="${first.join(' ')}"` : ''}${preload.length > 0 ? ` data-preload="${preload.join(' ')}"` : ''} defer></script>`,
    );
}

/** What the build says each page fetches besides the entry's files (scripts/budgets.ts, `.vite/pages.json`). */
type PageFiles = Record<string, { scripts: string[]; styles: string[] }>;

/**
 * Per page, the `<link>`s that fetch its screen's chunks (and their CSS) together with the app's
 * entry instead of after it: one round trip less before the page's content shows (a phone's Largest
 * Contentful Paint). From the build's list of each page's download; none when it is missing.
 */
function screenPreloads(distDir: string): Map<string, string> {
  const preloads = new Map<string, string>();
  let pages: PageFiles;
  try {
    pages = JSON.parse(readFileSync(join(distDir, '.vite', 'pages.json'), 'utf8')) as PageFiles;
  } catch {
    return preloads;
  }
  for (const [path, { scripts, styles }] of Object.entries(pages)) {
    const tags = [
      ...styles.map((href) => `<link rel="stylesheet" href="/${href}">`),
      ...scripts.map((href) => `<link rel="modulepreload" href="/${href}">`),
    ];
    if (tags.length > 0) preloads.set(path, tags.join(''));
  }
  return preloads;
}
