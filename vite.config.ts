import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { pagesPlugin } from './scripts/build-pages';
import { slideImagesPlugin } from './scripts/slide-images';
import { budgetsPlugin } from './scripts/budgets';
import { frameModule, graphGroups } from './scripts/chunk-groups';
import { DEFAULT_DESCRIPTION } from './domain/documents/club-identity';

const API_PORT = Number(process.env.PORT ?? 3000);
/** Who loads each module, worked out once the module graph is built: the chunks follow it. */
const graph = graphGroups();

// react-router's package exports point browsers at its development build; a production bundle takes
// the production files (about 15 KB gzip less, and no dev-only warnings).
const routerProd = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

export default defineConfig(({ command }) => ({
  root: 'pwa',
  resolve: {
    // The persister packages pin an older query-core of their own: one copy in the bundle, not two.
    dedupe: ['@tanstack/query-core'],
    ...(command === 'build'
      ? {
          alias: [
            { find: /^react-router\/dom$/, replacement: routerProd('dom-export.mjs') },
            { find: /^react-router$/, replacement: routerProd('index.mjs') },
          ],
        }
      : {}),
  },
  publicDir: 'public',
  // The manifest tells the server which chunks a screen needs, to preload them with its HTML (api/pages/static.ts).
  build: {
    outDir: '../dist',
    emptyOutDir: true,
    sourcemap: false,
    assetsInlineLimit: 0,
    manifest: true,
    // Every browser the app supports preloads modules itself (modulepreload): no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // The chunks follow who loads them (docs/decisions/0138), and no group names a file of the app
        // (files move; a rule that stops matching would not say so):
        // - `react`: React with the router, which every page runs and which changes only with an upgrade
        //   (one file the browser keeps across releases);
        // - `query`: TanStack Query, which only a signed-in user's data layer loads;
        // - `frame`: every module the entry imports statically (the `$initial` tag), which the bundler
        //   merges into the entry: the public frame, one file;
        // - what the screens of a visitor's pages load, one chunk per set of those screens that loads
        //   it (and whether a signed-in start does too), whatever folder it lives in;
        // - `signed-in`: what a signed-in start and the forum load that no visitor's page does.
        // The last two are worked out from the module graph (scripts/chunk-groups.ts) from the pages'
        // screens (api/pages/screens.ts). Left to the splitter, each module two lazily loaded parts share
        // became a file of its own: a dozen small requests after every first paint.
        // React's group holds React alone: its chunk imports no other chunk of the app, so no two chunks
        // import each other. When React's group also held app modules, one of them imported the club's
        // region module, a chunk of its own that imported React: the two chunks imported each other, the
        // browser ran the region's first, its call into React met a binding not yet made, and the app
        // stayed blank. The build refuses any such cycle (scripts/budgets.ts).
        // `includeDependenciesRecursively: false`: a group takes only what it names (React would
        // otherwise follow TanStack Query into its chunk and onto every public page).
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'frame', tags: ['$initial'], test: frameModule },
            { name: (id: string) => graph.visitorChunk(id) ?? 'none', test: (id: string) => graph.visitorChunk(id) !== null },
            { name: 'signed-in', test: graph.signedIn },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      '/api': `http://127.0.0.1:${API_PORT}`,
      '/uploads': `http://127.0.0.1:${API_PORT}`,
    },
  },
  plugins: [
    react(),
    // Each page's first download held to its budget: the build fails past it (docs/decisions/0139).
    budgetsPlugin(),
    graph.plugin,
    // The slideshow's AVIF copies, with the bundle, so the service worker precaches them too.
    slideImagesPlugin(),
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['favicon.svg', 'robots.txt', 'icons/*.png', 'images/*'],
      manifest: {
        // A stable identity: the installed app stays the same app if start_url ever changes.
        id: '/',
        name: 'University Triathlon Club',
        short_name: 'Tri Club',
        // The demo club's, as the server replaces them with the club's settings in force
        // (api/club/identity/manifest.ts): description, colour, icons, and the screenshots only
        // while the club looks like the demo.
        description: DEFAULT_DESCRIPTION,
        // The header's colour (--club-main), so the title bar and the app's header are one band.
        theme_color: '#072f54',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // The rich install dialog (scripts/make-screenshots.ts takes them from the running app).
        screenshots: [
          { src: '/screenshots/home-narrow.png', sizes: '390x844', type: 'image/png', form_factor: 'narrow', label: 'The home page on a phone' },
          { src: '/screenshots/home-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'The home page on a laptop' },
        ],
      },
      workbox: {
        // Web Push: the push and notificationclick handlers live in a plain script of their own; the
        // manifest is fetched from the network before the precache is asked (manifest-sw.js).
        importScripts: ['/push-sw.js', '/manifest-sw.js'],
        // The first install takes charge of the page that installed it: a screen that page never
        // opened (its chunk loads on demand) then comes from the precache when the signal is gone,
        // with no reload first. An update still waits for the member's Reload (registerType 'prompt').
        clientsClaim: true,
        // Every screen's code (each route's chunk and stylesheet) is precached, so a screen never visited
        // opens offline; precaching runs in the worker after the page has loaded, outside its first
        // download. Screenshots are for the install dialog only: not worth a precache on every phone.
        globPatterns: ['**/*.{js,css,html,svg,png,webp,avif,jpg,woff2,ico}'],
        // Preview images (og:image) are for link previews, fetched by chat apps, never by the app.
        globIgnores: ['screenshots/**', 'og/**'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//, /^\/uploads\//],
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // The club's settings (its clock, name, rules, terms, workout types): the app starts at once
            // with the last copy, and when the copy fetched behind it differs (its ETag), the worker
            // tells the app, which reads it again (club-zone.ts): a change an administrator made shows
            // on the next visit, not the one after.
            urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname === '/api/config',
            handler: 'StaleWhileRevalidate',
            // The cache the copies of older workers are in, so an offline start after an update has one.
            options: {
              cacheName: 'public-api',
              broadcastUpdate: { options: { headersToCheck: ['etag'] } },
            },
          },
          {
            // Public reads (team list, race list for visitors, the club's pages' texts, its schedule)
            // stay readable offline: the last copy the device had.
            urlPattern: ({ url, request }) =>
              request.method === 'GET' &&
              !request.headers.has('authorization') &&
              (url.pathname === '/api/profiles' ||
                url.pathname === '/api/races' ||
                /^\/api\/club\/documents\/(?:[a-z]+-page|seasons|charter)$/.test(url.pathname)),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'public-api', expiration: { maxEntries: 20, maxAgeSeconds: 7 * 24 * 3600 } },
          },
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/uploads/'),
            handler: 'StaleWhileRevalidate',
            options: { cacheName: 'uploads', expiration: { maxEntries: 100, maxAgeSeconds: 30 * 24 * 3600 } },
          },
        ],
      },
    }),
    // After the service worker: preview images and the precompressed copies (scripts/build-pages.ts).
    pagesPlugin(),
  ],
}));
