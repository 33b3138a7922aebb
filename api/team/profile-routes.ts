import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { teamMemberUpdateSchema } from '../../domain/contract/profiles-schemas';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { readBody } from '../platform/middleware/validate';
import { listTeamMembers, updateTeamMember } from './team-profiles';

export const profilesRoutes = new Hono<AppEnv>()
  // Public on purpose, and without optionalAuth: a visitor's stale token must not turn this into a 401.
  .get('/', (c) => {
    const answer: AnswerOf<'GET /profiles'> = { teamMembers: listTeamMembers(c.var.deps) };
    return c.json(answer, 200);
  })
  .put('/:id', requireAuth, requireRole('exec'), async (c) => {
    const changes = await readBody(c, teamMemberUpdateSchema);
    const id = c.req.param('id');
    const { deps } = c.var;
    return respondOnce(c, changes, () => {
      const answer: AnswerOf<'PUT /profiles/:id'> = {
        teamMember: updateTeamMember(deps, id, changes, deps.clock()),
      };
      return { status: 200, body: answer };
    });
  });
