import { Hono } from 'hono';
import type { AppEnv } from '../context';
import type { AnswerOf } from '../contract/endpoints';
import { requireAuth, requireRole } from '../middleware/auth';
import { respondOnce } from '../middleware/idempotency';
import { calendarLink, resetCalendarLink } from '../services/calendar';
import { myWeek } from '../services/my-week';

// The signed-in member's own views. Member and above, like the forum whose items they list.
export const meRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('member'))
  .get('/week', (c) => {
    const answer: AnswerOf<'GET /me/week'> = myWeek(c.var.deps, c.var.user.id);
    return c.json(answer, 200);
  })
  .get('/calendar-link', (c) => {
    const answer: AnswerOf<'GET /me/calendar-link'> = calendarLink(c.var.deps, c.var.user.id);
    return c.json(answer, 200);
  })
  .post('/calendar-link/reset', (c) =>
    respondOnce(c, {}, () => {
      const answer: AnswerOf<'POST /me/calendar-link/reset'> = resetCalendarLink(c.var.deps, c.var.user.id);
      return { status: 200, body: answer };
    }),
  );
