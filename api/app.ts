import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { PasswordPoolBusyError } from '../db/threads/password-pool';
import { clubToday } from '../domain/clock';
import { prebuiltJson, sendJsonWithEtag } from './platform/middleware/etag';
import type { ClubConfig } from '../domain/contract/config';
import { IMPORT_MAX_BYTES } from '../domain/contract/members/season';
import { accountDeletionRoutes } from './accounts/account-deletion-routes';
import { authRoutes } from './accounts/auth-routes';
import { userRoutes } from './accounts/user-routes';
import { announcementRoutes } from './announcements/announcement-routes';
import { pollRoutes } from './polls/poll-routes';
import { dutyRoutes } from './duties/duty-routes';
import { safetyRoutes } from './safety/safety-routes';
import { clubRoutes } from './club/identity/club-routes';
import { setupRoutes } from './setup/setup-routes';
import { setupOpen } from './setup/first-run';
import { clubContactEmail, clubIdentity } from './club/identity/identity';
import { documentRoutes } from './club/document-routes';
import { documentBody } from './club/documents';
import { clubRegion, clubRules, clubSports } from './club/settings';
import { photoRoutes } from './club/pages/photo-routes';
import { calendarLinkRoutes, calendarRoutes } from './calendar/calendar-routes';
import { forumRoutes } from './forum/forum-routes';
import { healthRoutes } from './health/health-routes';
import { adminRoutes } from './members/admin-routes';
import { renewalRoutes } from './members/renewal-routes';
import { termChoices } from '../domain/calendar';
import { clubTerms } from './club/terms';
import { messageAdminRoutes } from './messaging/message-routes';
import { notificationRoutes } from './messaging/notification-routes';
import { myWeekRoutes } from './my-week/my-week-routes';
import { passkeyLoginRoutes, passkeyRoutes } from './passkeys/passkey-routes';
import type { AppDeps, AppEnv } from './platform/context';
import { ServiceError } from './platform/errors';
import { loggablePath, requestLog } from './platform/middleware/request-log';
import { answerHeaders } from './platform/middleware/answer-headers';
import { myDataRoutes, privacyRoutes } from './privacy/my-data-routes';
import { racesRoutes } from './races/race-routes';
import { raceWeekendRoutes } from './races/race-weekend-routes';
import { reportsRoutes } from './reports/report-routes';
import { profilesRoutes } from './team/profile-routes';
import { offlineSetRoutes } from './offline-set/offline-set-routes';
import { paymentRoutes } from './payments/payment-routes';
import { clubTimeZone } from './platform/club-time-zone';
import { bodyTooLargeMessage, NOT_FOUND_ERROR, SERVER_FAULT_ERROR } from '../domain/contract/common';

export const JSON_BODY_LIMIT = 100 * 1024;
export const UPLOAD_BODY_LIMIT = 5 * 1024 * 1024;
const UPLOAD_PATHS = new Set(['/api/users/profile-picture', '/api/club/logo', '/api/club/photos', '/api/profiles/picture']);
/** A club's spreadsheet of members: up to IMPORT_MAX_BYTES of CSV. */
const IMPORT_PATH = '/api/admin/members/import';

const tooLarge = (limit: number) => () => {
  throw new ServiceError(413, bodyTooLargeMessage(limit));
};

/** Every error answer of the app: `{ error }` (and a ServiceError's extra fields) with its status and headers. */
function errorAnswer(c: Context<AppEnv>, err: ServiceError): Response {
  return c.json({ error: err.message, ...err.extra }, err.status, err.headers);
}

/** The API (and, when `mount` is given, whatever else the server serves), for one set of deps. */
export function createApp(deps: AppDeps, mount?: (app: Hono<AppEnv>) => void): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    await next();
  });
  app.use('*', requestLog());
  // Each answer's security headers by what it is: a page, an API answer, a script or picture, a 304
  // (platform/middleware/answer-headers.ts).
  app.use('*', answerHeaders());
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
  // The PWA's club clock (docs/decisions/0025) and the club's settings a device words and checks with:
  // public, so the race countdown works signed out too. Its ETag is what the service worker compares
  // to tell the app that a newer copy arrived behind the one it started with.
  app.get('/api/config', (c) =>
    sendJsonWithEtag(
      c,
      prebuiltJson(
        JSON.stringify({
          clubTimeZone: clubTimeZone(deps),
          region: clubRegion(deps),
          clubEmail: clubContactEmail(deps),
          club: clubIdentity(deps),
          // Only where anyone may set the club up: a club a host created asks for its link's key, so a
          // visitor is not sent to a setup page that would not open for them.
          firstRun: setupOpen(deps) && !deps.hosted?.setupKeyHash,
          vapidPublicKey: deps.vapidPublicKey,
          passkeys: deps.env.PASSKEYS.enabled,
          rules: clubRules(deps),
          sessions: termChoices(clubTerms(deps), clubToday(deps.clock(), clubTimeZone(deps))),
          terms: [...clubTerms(deps)],
          sports: clubSports(deps),
          currency: documentBody(deps, 'payments').currency,
        } satisfies ClubConfig),
      ),
    ),
  );
  app.route('/api/privacy', privacyRoutes);
  app.route('/api/auth', authRoutes);
  app.route('/api/auth/passkey', passkeyLoginRoutes);
  app.route('/api/passkeys', passkeyRoutes);
  app.route('/api/users', userRoutes);
  // Before /api/admin, whose guard then never runs twice for it.
  app.route('/api/admin/outbox', messageAdminRoutes);
  app.route('/api/admin', adminRoutes);
  app.route('/api/forum', forumRoutes);
  app.route('/api/offline-set', offlineSetRoutes);
  app.route('/api/announcements', announcementRoutes);
  app.route('/api/polls', pollRoutes);
  app.route('/api/duties', dutyRoutes);
  app.route('/api/safety', safetyRoutes);
  app.route('/api/club/documents', documentRoutes);
  app.route('/api/club/photos', photoRoutes);
  app.route('/api/club', clubRoutes);
  app.route('/api/setup', setupRoutes);
  app.route('/api/races', raceWeekendRoutes);
  app.route('/api/races', racesRoutes);
  app.route('/api/profiles', profilesRoutes);
  // Before /api/me: a member whose membership has ended (pending until renewed) may still ask.
  app.route('/api/me/renewal', renewalRoutes);
  // Any signed-in account may download its data or delete itself; the member views come after, and the
  // last one's member guard answers every other /api/me path.
  app.route('/api/me/export', myDataRoutes);
  app.route('/api/me', accountDeletionRoutes);
  app.route('/api/me/notifications', notificationRoutes);
  app.route('/api/me/calendar-link', calendarLinkRoutes);
  app.route('/api/me', myWeekRoutes);
  app.route('/api/calendar', calendarRoutes);
  app.route('/api/reports', reportsRoutes);
  app.route('/api/payments', paymentRoutes);
  app.all('/api/*', () => {
    throw new ServiceError(404, NOT_FOUND_ERROR);
  });

  mount?.(app);

  app.notFound((c) => errorAnswer(c, new ServiceError(404, NOT_FOUND_ERROR)));
  app.onError((err, c) => {
    if (err instanceof ServiceError) return errorAnswer(c, err);
    if (err instanceof PasswordPoolBusyError) return errorAnswer(c, new ServiceError(err.status, err.message, undefined, err.headers));
    // The request id in the answer header lets a member's report be matched with this line.
    (c.var.log ?? deps.logger).error(
      { err, method: c.req.method, path: loggablePath(c.req.path) },
      'unhandled error',
    );
    return errorAnswer(c, new ServiceError(500, SERVER_FAULT_ERROR));
  });
  return app;
}
