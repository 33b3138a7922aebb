import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { announcementSchema } from '../../domain/contract/club/announcements-schemas';
import { clubToday } from '../../domain/clock';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { readBody, routeId } from '../platform/middleware/validate';
import { currentAnnouncements, deleteAnnouncement, dismissAnnouncement, postAnnouncement } from './announcements';
import { clubTimeZone } from '../platform/club-time-zone';
import { ANNOUNCEMENT_NOT_FOUND } from '../../domain/contract/club/announcements';

// Members read the current announcements; execs post them; the author, an exec or an administrator
// removes one (checked in the service). Each member dismisses one for themselves, on every device.
export const announcementRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('member'))
  .get('/', (c) =>
    c.json({ announcements: currentAnnouncements(c.var.deps, c.var.user.id) } satisfies AnswerOf<'GET /announcements'>, 200),
  )
  .post('/', requireRole('exec'), async (c) => {
    const { deps, user } = c.var;
    // `until` is checked against the club's today, so the schema is made per request.
    const input = await readBody(c, announcementSchema(clubToday(deps.clock(), clubTimeZone(deps))));
    return respondOnce(c, input, () => ({
      status: 201,
      body: postAnnouncement(deps, user, input) satisfies AnswerOf<'POST /announcements'>,
    }));
  })
  .post('/:id/dismiss', (c) => {
    const id = routeId(c, ANNOUNCEMENT_NOT_FOUND);
    const { deps, user } = c.var;
    // A device's outbox replays a dismissal with its Idempotency-Key, as every offline write.
    return respondOnce(c, null, () => ({
      status: 200,
      body: dismissAnnouncement(deps, user, id) satisfies AnswerOf<'POST /announcements/:id/dismiss'>,
    }));
  })
  .delete('/:id', (c) => {
    const id = routeId(c, ANNOUNCEMENT_NOT_FOUND);
    const { deps, user } = c.var;
    return respondOnce(c, null, () => ({
      status: 200,
      body: deleteAnnouncement(deps, user, id) satisfies AnswerOf<'DELETE /announcements/:id'>,
    }));
  });
