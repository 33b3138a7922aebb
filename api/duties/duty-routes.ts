import { Hono } from 'hono';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { DUTY_NOT_FOUND, DUTY_PLACE_QUERY_ERROR, dutyNoShowSchema, dutySchema } from '../../domain/contract/training/duties';
import { DUTY_PLACES, type DutyPlaceKind } from '../../domain/people/duties';
import type { AppEnv } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { idParam, readBodyNamingField, routeId } from '../platform/middleware/validate';
import { dutiesAnswer } from './duty-answer';
import { rotaOf } from './rota';
import { addDuty, assignDuty, claimDuty, dutiesOf, giveUpDuty, offerSwap, recordNoShow, removeDuty, takeSwap, unassignDuty } from './duties';

function userIdParam(raw: string | undefined): number {
  const id = idParam(raw);
  if (id === null) throw new ServiceError(404, DUTY_NOT_FOUND);
  return id;
}

// Members read duties, take and give up places and swap them; execs add and remove duties and assign
// anyone. Every write goes through respondOnce: a claim made offline is replayed with its key.
export const dutyRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('member'))
  .get('/', (c) => {
    const place = c.req.query('place');
    const id = idParam(c.req.query('id'));
    if (!DUTY_PLACES.includes(place as DutyPlaceKind) || id === null) throw new ServiceError(400, DUTY_PLACE_QUERY_ERROR);
    return c.json(dutiesAnswer(c.var.deps, dutiesOf(c.var.deps, c.var.user, place as DutyPlaceKind, id)) satisfies AnswerOf<'GET /duties'>, 200);
  })
  .get('/rota', (c) => c.json(rotaOf(c.var.deps, c.var.user, c.req.query('term')) satisfies AnswerOf<'GET /duties/rota'>, 200))
  .post('/', requireRole('exec'), async (c) => {
    const { deps, user } = c.var;
    const input = await readBodyNamingField(c, dutySchema);
    return respondOnce(c, input, () => ({ status: 201, body: dutiesAnswer(deps, addDuty(deps, user, input)) satisfies AnswerOf<'POST /duties'> }));
  })
  .delete('/:id', requireRole('exec'), (c) => {
    const id = routeId(c, DUTY_NOT_FOUND);
    const { deps, user } = c.var;
    return respondOnce(c, null, () => ({ status: 200, body: dutiesAnswer(deps, removeDuty(deps, user, id)) satisfies AnswerOf<'DELETE /duties/:id'> }));
  })
  .post('/:id/claim', (c) => {
    const id = routeId(c, DUTY_NOT_FOUND);
    const { deps, user } = c.var;
    return respondOnce(c, null, () => ({ status: 200, body: dutiesAnswer(deps, claimDuty(deps, user, id)) satisfies AnswerOf<'POST /duties/:id/claim'> }));
  })
  .delete('/:id/claim', (c) => {
    const id = routeId(c, DUTY_NOT_FOUND);
    const { deps, user } = c.var;
    return respondOnce(c, null, () => ({ status: 200, body: dutiesAnswer(deps, giveUpDuty(deps, user, id)) satisfies AnswerOf<'DELETE /duties/:id/claim'> }));
  })
  .post('/:id/swap', (c) => {
    const id = routeId(c, DUTY_NOT_FOUND);
    const { deps, user } = c.var;
    return respondOnce(c, null, () => ({ status: 200, body: dutiesAnswer(deps, offerSwap(deps, user, id)) satisfies AnswerOf<'POST /duties/:id/swap'> }));
  })
  .post('/:id/swap/take', (c) => {
    const id = routeId(c, DUTY_NOT_FOUND);
    const { deps, user } = c.var;
    return respondOnce(c, null, () => ({ status: 200, body: dutiesAnswer(deps, takeSwap(deps, user, id)) satisfies AnswerOf<'POST /duties/:id/swap/take'> }));
  })
  .put('/:id/holders/:userId', requireRole('exec'), (c) => {
    const id = routeId(c, DUTY_NOT_FOUND);
    const userId = userIdParam(c.req.param('userId'));
    const { deps, user } = c.var;
    return respondOnce(c, null, () => ({ status: 200, body: dutiesAnswer(deps, assignDuty(deps, user, id, userId)) satisfies AnswerOf<'PUT /duties/:id/holders/:userId'> }));
  })
  .delete('/:id/holders/:userId', requireRole('exec'), (c) => {
    const id = routeId(c, DUTY_NOT_FOUND);
    const userId = userIdParam(c.req.param('userId'));
    const { deps, user } = c.var;
    return respondOnce(c, null, () => ({ status: 200, body: dutiesAnswer(deps, unassignDuty(deps, user, id, userId)) satisfies AnswerOf<'DELETE /duties/:id/holders/:userId'> }));
  })
  .put('/:id/holders/:userId/no-show', requireRole('exec'), async (c) => {
    const id = routeId(c, DUTY_NOT_FOUND);
    const userId = userIdParam(c.req.param('userId'));
    const { deps, user } = c.var;
    const { noShow } = await readBodyNamingField(c, dutyNoShowSchema);
    return respondOnce(c, { noShow }, () => ({
      status: 200,
      body: dutiesAnswer(deps, recordNoShow(deps, user, id, userId, noShow)) satisfies AnswerOf<'PUT /duties/:id/holders/:userId/no-show'>,
    }));
  });
