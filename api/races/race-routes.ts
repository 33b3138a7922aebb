import { Hono, type Context } from 'hono';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { RACE_NOT_FOUND_ERROR, raceInputSchema } from '../../domain/contract/training/races';
import { optionalAuth, requireAuth, requireRole } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { bodyJson, parseNamingField, routeId } from '../platform/middleware/validate';
import { documentBody } from '../club/documents';
import { feeViewOf, letGoUnpaidEntries } from '../payments/entries/holds';
import { refuseUnsignedEntry, setRaceSignup } from './entries';
import * as races from './races';

// Permissions: the list is public (a visitor sees no names), Add Race and the detail are member+,
// edit and delete exec+, signup member+ with its own refusal message (checked in the service).
export const racesRoutes = new Hono<AppEnv>()
  .get('/', optionalAuth, (c) => {
    return c.json(
      { races: listedRaces(c) } satisfies AnswerOf<'GET /races'>,
      200,
    );
  })
  .post('/', requireAuth, requireRole('member'), async (c) => {
    const input = parseNamingField(raceInputSchema, await bodyJson(c), ['feeCents']);
    const { deps } = c.var;
    return respondOnce(c, input, () => ({
      status: 201,
      body: {
        race: races.createRace(deps, input, c.var.user, deps.clock(), documentBody(deps, 'payments').currency),
      } satisfies AnswerOf<'POST /races'>,
    }));
  })
  .get('/:id', requireAuth, requireRole('member'), (c) => {
    const id = routeId(c, RACE_NOT_FOUND_ERROR);
    letGoUnpaidEntries(c.var.deps);
    return c.json(
      races.getRaceDetail(c.var.deps, id, c.var.user, feeViewOf(c.var.deps, c.var.user)) satisfies AnswerOf<'GET /races/:id'>,
      200,
    );
  })
  .put('/:id', requireAuth, requireRole('exec'), async (c) => {
    const input = parseNamingField(raceInputSchema, await bodyJson(c), ['feeCents']);
    const id = routeId(c, RACE_NOT_FOUND_ERROR);
    return respondOnce(c, input, () => ({
      status: 200,
      body: {
        race: races.updateRace(c.var.deps, id, input, c.var.user, documentBody(c.var.deps, 'payments').currency),
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

/** The races list as the caller sees it, an entry past its unpaid hold let go first. */
function listedRaces(c: Context<AppEnv>) {
  const { deps, maybeUser } = c.var;
  letGoUnpaidEntries(deps);
  return races.listRaces(deps, maybeUser, maybeUser ? feeViewOf(deps, maybeUser) : undefined);
}

/** POST signs up, DELETE cancels; either is a no-op when already in that state. */
function signup(c: Context<AppEnv>, signedUp: boolean) {
  const id = routeId(c, RACE_NOT_FOUND_ERROR);
  const { deps } = c.var;
  return respondOnce(c, { signedUp }, () => {
    if (signedUp) refuseUnsignedEntry(deps, id, c.var.user.id);
    return { status: 200, body: setRaceSignup(deps, id, c.var.user, signedUp, deps.clock()) satisfies AnswerOf<'POST /races/:id/signup'> };
  });
}
