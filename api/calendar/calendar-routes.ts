import { Hono, type Context } from 'hono';
import type { AnswerOf } from '../../domain/contract/endpoints';
import type { AppEnv } from '../platform/context';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { routeId } from '../platform/middleware/validate';
import {
  ENTRY_NOT_FOUND,
  FEED_TTL_SECONDS,
  calendarLink,
  clubFeed,
  personalFeed,
  resetCalendarLink,
  singleEntryCalendar,
} from './calendar';
import { ServiceError } from '../platform/errors';
import { CALENDAR_NOT_FOUND } from '../../domain/contract/me';

const ICS_TYPE = 'text/calendar; charset=utf-8';

function ics(c: Context<AppEnv>, body: string, cacheControl: string, disposition: string) {
  c.header('Content-Type', ICS_TYPE);
  c.header('Cache-Control', cacheControl);
  c.header('Content-Disposition', disposition);
  return c.body(body, 200);
}

const fileName = (title: string) =>
  `${
    title
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'club'
  }.ics`;

function single(kind: 'workout' | 'event' | 'race') {
  return (c: Context<AppEnv>) => {
    const id = routeId(c, ENTRY_NOT_FOUND[kind]);
    const { ics: body, title } = singleEntryCalendar(c.var.deps, kind, id);
    return ics(c, body, 'private, no-store', `attachment; filename="${fileName(title)}"`);
  };
}

// Calendar apps poll a subscription without any sign-in, so the feeds are public (the club's) or keyed
// by a secret in the URL (a member's). They may be kept for the refresh interval the feed announces;
// a member's only by the calendar app itself (private), never by a shared cache.
export const calendarRoutes = new Hono<AppEnv>()
  .get('/club.ics', (c) =>
    ics(c, clubFeed(c.var.deps), `public, max-age=${FEED_TTL_SECONDS}`, 'inline; filename="club.ics"'),
  )
  .get('/workout/:id', requireAuth, requireRole('member'), single('workout'))
  .get('/event/:id', requireAuth, requireRole('member'), single('event'))
  .get('/race/:id', requireAuth, requireRole('member'), single('race'))
  .get('/:file', (c) => {
    const file = c.req.param('file');
    if (!file.endsWith('.ics')) throw new ServiceError(404, CALENDAR_NOT_FOUND);
    const body = personalFeed(c.var.deps, file.slice(0, -'.ics'.length));
    return ics(c, body, `private, max-age=${FEED_TTL_SECONDS}`, 'inline; filename="my-club.ics"');
  });

// /api/me/calendar-link: the member's own feed address, and a new one when the old was shared.
export const calendarLinkRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('member'))
  .get('/', (c) => {
    const answer: AnswerOf<'GET /me/calendar-link'> = calendarLink(c.var.deps, c.var.user.id);
    return c.json(answer, 200);
  })
  .post('/reset', (c) =>
    respondOnce(c, {}, () => {
      const answer: AnswerOf<'POST /me/calendar-link/reset'> = resetCalendarLink(c.var.deps, c.var.user.id);
      return { status: 200, body: answer };
    }),
  );
