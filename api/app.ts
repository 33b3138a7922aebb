import { Hono } from 'hono';
import { PasswordPoolBusyError } from '../db/password-pool';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { ClubConfig } from '../domain/contract/config';
import { DEFAULT_PRIVACY_FACTS, type PrivacyFacts } from '../domain/contract/privacy';
import { IMPORT_MAX_BYTES } from '../domain/contract/season';
import { clubToday } from '../domain/clock';
import { sessionChoices } from './services/renewals';
import { renewalRoutes } from './routes/renewal';
import type { AppDeps, AppEnv } from './context';
import { loggablePath, requestLog } from './middleware/request-log';
import { adminRoutes } from './routes/admin';
import { announcementRoutes } from './routes/announcements';
import { calendarRoutes } from './routes/calendar';
import { authRoutes } from './routes/auth';
import { forumRoutes } from './routes/forum';
import { healthRoutes } from './routes/health';
import { meRoutes } from './routes/me';
import { offlineSetRoutes } from './routes/offline-set';
import { accountRoutes } from './routes/account';
import { passkeyLoginRoutes, passkeyRoutes } from './routes/passkeys';
import { profilesRoutes } from './routes/profiles';
import { racesRoutes } from './routes/races';
import { reportsRoutes } from './routes/reports';
import { userRoutes } from './routes/users';
import { ServiceError } from './services/errors';

export const JSON_BODY_LIMIT = 100 * 1024;
export const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024;
const UPLOAD_PATHS = new Set(['/api/users/profile-picture']);
/** A club's spreadsheet of members: up to IMPORT_MAX_BYTES of CSV. */
const IMPORT_PATH = '/api/admin/members/import';
/** The build's hashed scripts and stylesheets (vite's assets folder). */
const ASSET_PATH = /^\/assets\/[^/]+\.(?:js|css)$/;
/** The pages' preview images (og:image), drawn by the build. */
const PREVIEW_PATH = /^\/og\/[a-z0-9-]+\.png$/;

const tooLarge = (limit: number) => (c: { json: (b: object, s: 413) => Response }) =>
  c.json({ error: `Request body too large (limit ${Math.round(limit / 1024)} KB)` }, 413);

/** The API (and, when `mount` is given, whatever else the server serves), for one set of deps. */
export function createApp(deps: AppDeps, mount?: (app: Hono<AppEnv>) => void): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', requestLog());
  // A document's headers (CSP, HSTS, framing, referrer…) on every answer that is or may be opened as
  // a page: documents, the API, uploads, the service worker. A hashed script or stylesheet is never a
  // document: it keeps nosniff and its resource policy, and saves about 1 KB of headers per file, a
  // round of the ~20 chunks a member's first visit loads.
  const documentHeaders = secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // https: an exec may give a team member's picture as a link to an image elsewhere.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'none'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    xContentTypeOptions: 'nosniff',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginResourcePolicy: 'same-origin',
  });
  const resourceHeaders = (crossOriginResourcePolicy: 'same-origin' | 'cross-origin') =>
    secureHeaders({
      contentSecurityPolicy: undefined,
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: false,
      crossOriginResourcePolicy,
      originAgentCluster: false,
      referrerPolicy: false,
      strictTransportSecurity: false,
      xContentTypeOptions: 'nosniff',
      xDnsPrefetchControl: false,
      xDownloadOptions: false,
      xFrameOptions: false,
      xPermittedCrossDomainPolicies: false,
      xXssProtection: false,
    });
  const assetHeaders = resourceHeaders('same-origin');
  // A page's preview image is shown by other sites (a chat app's link preview): any origin may load it.
  const previewHeaders = resourceHeaders('cross-origin');
  app.use('*', (c, next) =>
    ASSET_PATH.test(c.req.path)
      ? assetHeaders(c, next)
      : PREVIEW_PATH.test(c.req.path)
        ? previewHeaders(c, next)
        : documentHeaders(c, next),
  );
  // JSON lists and text assets shrink to a fifth or less: it matters on a poolside phone signal.
  // (Images are already compressed; hono skips them by content type.)
  app.use('*', compress());
  app.use('/api/*', async (c, next) => {
    const limit = UPLOAD_PATHS.has(c.req.path)
      ? UPLOAD_BODY_LIMIT
      : c.req.path === IMPORT_PATH
        ? IMPORT_MAX_BYTES
        : JSON_BODY_LIMIT;
    return bodyLimit({ maxSize: limit, onError: tooLarge(limit) })(c, next);
  });
  app.use('/api/*', async (c, next) => {
    await next();
    // Only a visitor's GET (public lists) may be kept and revalidated; every other answer may carry a
    // token (login, register, renewal) or someone's data, and is never stored by any cache.
    if (!c.res.headers.has('cache-control')) {
      const publicRead = c.req.method === 'GET' && !c.req.header('authorization');
      c.header('Cache-Control', publicRead ? 'no-cache' : 'no-store');
    }
  });

  app.route('/api/health', healthRoutes);
  // The PWA's club clock (docs/decisions/0025): public, so the race countdown works signed out too.
  app.get('/api/config', (c) =>
    c.json(
      {
        clubTimeZone: deps.env.CLUB_TIMEZONE,
        clubEmail: deps.env.CLUB_EMAIL,
        vapidPublicKey: deps.vapidPublicKey,
        passkeys: deps.env.PASSKEYS.enabled,
        sessions: sessionChoices(clubToday(deps.clock(), deps.env.CLUB_TIMEZONE)),
      } satisfies ClubConfig,
      200,
    ),
  );
  // What the privacy page states about how long things are kept: the server's own settings.
  app.get('/api/privacy', (c) =>
    c.json(
      {
        ...DEFAULT_PRIVACY_FACTS,
        backups: {
          everyHours: deps.env.BACKUP_EVERY === null ? null : Math.round((deps.env.BACKUP_EVERY / 3_600_000) * 10) / 10,
          kept: deps.env.BACKUP_KEEP,
        },
      } satisfies PrivacyFacts,
      200,
    ),
  );
  app.route('/api/auth', authRoutes);
  app.route('/api/auth/passkey', passkeyLoginRoutes);
  app.route('/api/passkeys', passkeyRoutes);
  app.route('/api/users', userRoutes);
  app.route('/api/admin', adminRoutes);
  app.route('/api/forum', forumRoutes);
  app.route('/api/offline-set', offlineSetRoutes);
  app.route('/api/announcements', announcementRoutes);
  app.route('/api/races', racesRoutes);
  app.route('/api/profiles', profilesRoutes);
  // Before /api/me: a member whose membership has ended (pending until renewed) may still ask.
  app.route('/api/me/renewal', renewalRoutes);
  app.route('/api/me', accountRoutes);
  app.route('/api/me', meRoutes);
  app.route('/api/calendar', calendarRoutes);
  app.route('/api/reports', reportsRoutes);
  app.all('/api/*', (c) => c.json({ error: 'Not found' }, 404));

  mount?.(app);

  app.notFound((c) => c.json({ error: 'Not found' }, 404));
  app.onError((err, c) => {
    if (err instanceof PasswordPoolBusyError) return c.json({ error: err.message }, err.status, err.headers);
    if (err instanceof ServiceError)
      return c.json({ error: err.message, ...err.extra }, err.status, err.headers);
    if (err instanceof HTTPException) {
      const status = err.status;
      return c.json({ error: err.message || 'Bad request' }, status);
    }
    if (err instanceof SyntaxError) return c.json({ error: 'Malformed JSON in request body' }, 400);
    // The request id in the answer header lets a member's report be matched with this line.
    (c.var.log ?? deps.logger).error(
      { err, method: c.req.method, path: loggablePath(c.req.path) },
      'unhandled error',
    );
    return c.json({ error: 'Something went wrong on our side. Please try again.' }, 500);
  });
  return app;
}
