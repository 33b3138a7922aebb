import { Hono, type Context } from 'hono';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { RACE_NOT_FOUND_ERROR, raceInputSchema } from '../../domain/contract/training/races';
import { optionalAuth, requireAuth, requireRole } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { readBody, routeId } from '../platform/middleware/validate';
import { refuseUnsignedEntry, setRaceSignup } from './entries';
import * as races from './races';

// Permissions: the list is public (a visitor sees no names), Add Race and the detail are member+,
// edit and delete exec+, signup member+ with its own refusal message (checked in the service).
export const racesRoutes = new Hono<AppEnv>()
  .get('/', optionalAuth, (c) => {
    return c.json(
      { races: races.listRaces(c.var.deps, c.var.maybeUser) } satisfies AnswerOf<'GET /races'>,
      200,
    );
  })
  .post('/', requireAuth, requireRole('member'), async (c) => {
    const input = await readBody(c, raceInputSchema);
    const { deps } = c.var;
    return respondOnce(c, input, () => ({
      status: 201,
      body: {
        race: races.createRace(deps, input, c.var.user, deps.clock()),
      } satisfies AnswerOf<'POST /races'>,
    }));
  })
  .get('/:id', requireAuth, requireRole('member'), (c) => {
    const id = routeId(c, RACE_NOT_FOUND_ERROR);
    return c.json(
      races.getRaceDetail(c.var.deps, id, c.var.user) satisfies AnswerOf<'GET /races/:id'>,
      200,
    );
  })
  .put('/:id', requireAuth, requireRole('exec'), async (c) => {
    const input = await readBody(c, raceInputSchema);
    const id = routeId(c, RACE_NOT_FOUND_ERROR);
    return respondOnce(c, input, () => ({
      status: 200,
      body: {
        race: races.updateRace(c.var.deps, id, input, c.var.user),
      } satisfies AnswerOf<'PUT /races/:id'>,
    }));
  })
  .delete('/:id', requireAuth, requireRole('exec'), (c) => {
    const id = routeId(c, RACE_NOT_FOUND_ERROR);
    return respondOnce(c, null, () => {
      races.deleteRace(c.var.deps, id);
      return { status: 200, body: { message: 'Race deleted' } satisfies AnswerOf<'DELETE /races/:id'> };
    });
  })
  .post('/:id/signup', requireAuth, (c) => signup(c, true))
  .delete('/:id/signup', requireAuth, (c) => signup(c, false));

/** POST signs up, DELETE cancels; either is a no-op when already in that state. */
function signup(c: Context<AppEnv>, signedUp: boolean) {
  const id = routeId(c, RACE_NOT_FOUND_ERROR);
  const { deps } = c.var;
  return respondOnce(c, { signedUp }, () => {
    if (signedUp) refuseUnsignedEntry(deps, id, c.var.user.id);
    return { status: 200, body: setRaceSignup(deps, id, c.var.user, signedUp, deps.clock()) satisfies AnswerOf<'POST /races/:id/signup'> };
  });
}
