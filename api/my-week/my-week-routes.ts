import { Hono } from 'hono';
import type { AnswerOf } from '../../domain/contract/endpoints';
import type { AppEnv } from '../platform/context';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { myWeek } from './my-week';

// /api/me/week: the signed-in member's own week, for member and above like the forum whose items it
// lists. Mounted last under /api/me, so its guard also answers any other /api/me path.
export const myWeekRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('member'))
  .get('/week', (c) => {
    const answer: AnswerOf<'GET /me/week'> = myWeek(c.var.deps, c.var.user.id);
    return c.json(answer, 200);
  });
