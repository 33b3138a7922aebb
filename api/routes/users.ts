import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { requireAuth } from '../middleware/auth';
import { sessionAnswer } from '../services/auth';
import { acceptCharter } from '../services/users';

export const userRoutes = new Hono<AppEnv>().use(requireAuth).post('/accept-charter', async (c) => {
  const { database, clock } = c.var.deps;
  acceptCharter(database.db, c.var.user.id, clock());
  const { user } = await sessionAnswer(c.var.deps, c.var.user.id);
  return c.json({ message: 'Charter accepted', user }, 200);
});
