import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { renewalRequestSchema } from '../../domain/contract/members/season';
import { requireAuth } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { readBody } from '../platform/middleware/validate';
import { myRenewal, requestRenewal } from './renewals';

// /api/me/renewal: any signed-in account may ask, since a member whose membership has ended counts as
// pending; the service answers 403 for an account that was never approved.
export const renewalRoutes = new Hono<AppEnv>()
  .use('*', requireAuth)
  .get('/', (c) => c.json(myRenewal(c.var.deps, c.var.user.id) satisfies AnswerOf<'GET /me/renewal'>, 200))
  .post('/', async (c) => {
    const input = await readBody(c, renewalRequestSchema);
    return respondOnce(c, input, () => ({
      status: 200,
      body: { renewal: requestRenewal(c.var.deps, c.var.user.id, input.session) } satisfies AnswerOf<'POST /me/renewal'>,
    }));
  });
