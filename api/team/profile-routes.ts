import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { TEAM_PICTURE_FIELD } from '../../domain/contract/club/profiles';
import { teamMemberUpdateSchema } from '../../domain/contract/club/profiles-schemas';
import { uploadedPicture } from '../media/picture-form';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { readBody } from '../platform/middleware/validate';
import { listTeamMembers, updateTeamMember, uploadTeamPicture } from './team-profiles';

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
  })
  // A card's picture through the profile pictures' pipeline; the card shows it once saved with its URL.
  .post('/picture', requireAuth, requireRole('exec'), async (c) => {
    const bytes = await uploadedPicture(c, TEAM_PICTURE_FIELD);
    return c.json((await uploadTeamPicture(c.var.deps, bytes)) satisfies AnswerOf<'POST /profiles/picture'>, 200);
  });
