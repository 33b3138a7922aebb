import { Hono } from 'hono';
import type { AppEnv } from '../context';
import type { AnswerOf } from '../contract/endpoints';
import { requireAuth, requireRole } from '../middleware/auth';
import { myWeek } from '../services/my-week';

// The signed-in member's own views. Member and above, like the forum whose items they list.
export const meRoutes = new Hono<AppEnv>().get('/week', requireAuth, requireRole('member'), (c) => {
  const answer: AnswerOf<'GET /me/week'> = myWeek(c.var.deps, c.var.user.id);
  return c.json(answer, 200);
});
