import { Hono } from 'hono';
import type { AnswerOf } from '../../domain/contract/endpoints';
import {
  SAFETY_CARD_NOT_FOUND,
  SAFETY_NOT_FOUND,
  SAFETY_PLACES,
  SAFETY_PLACE_QUERY_ERROR,
  safetyCardSchema,
  safetyOpeningSchema,
  waiverSignatureSchema,
  type SafetyPlace,
} from '../../domain/contract/members/safety';
import type { AppEnv } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { idParam, readBody, readBodyNamingField, routeId } from '../platform/middleware/validate';
import { clubPhoneReader } from '../club/settings';
import { marksOf, openCard, peopleOn, replayOpening } from './card-access';
import { mySafety, removeCard, saveCard, signWaiver } from './cards';
import { emergencyListCsv } from './emergency-list';

// A member keeps their own card and signs the waiver (pending accounts too: joining asks for both);
// only execs and administrators receive anyone else's card or a roster's marks, and only
// administrators a race's emergency list. Every answer is no-store (the app's signed-in answers are),
// so no card ever sits in an HTTP cache; every write goes through respondOnce.
export const safetyRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('pending'))
  .get('/me', (c) => c.json(mySafety(c.var.deps, c.var.user.row) satisfies AnswerOf<'GET /safety/me'>, 200))
  .put('/me', async (c) => {
    const { deps, user } = c.var;
    const input = await readBodyNamingField(c, safetyCardSchema(clubPhoneReader(deps)));
    return respondOnce(c, input, () => ({ status: 200, body: saveCard(deps, user.row, input) satisfies AnswerOf<'PUT /safety/me'> }));
  })
  .delete('/me', (c) => {
    const { deps, user } = c.var;
    return respondOnce(c, null, () => ({ status: 200, body: removeCard(deps, user.row) satisfies AnswerOf<'DELETE /safety/me'> }));
  })
  .post('/waiver', async (c) => {
    const { deps, user } = c.var;
    const input = await readBodyNamingField(c, waiverSignatureSchema);
    return respondOnce(c, input, () => ({ status: 201, body: signWaiver(deps, user.row, input) satisfies AnswerOf<'POST /safety/waiver'> }));
  })
  .get('/cards/:userId', requireRole('exec'), (c) => {
    const id = idParam(c.req.param('userId'));
    if (id === null) throw new ServiceError(404, SAFETY_CARD_NOT_FOUND);
    const { deps, user } = c.var;
    return c.json({ card: deps.database.tx(() => openCard(deps, user, id)) } satisfies AnswerOf<'GET /safety/cards/:userId'>, 200);
  })
  .post('/openings', requireRole('exec'), async (c) => {
    const { deps, user } = c.var;
    const input = await readBody(c, safetyOpeningSchema);
    return respondOnce(c, input, () => {
      replayOpening(deps, user, input.userId, input.openedAt);
      return { status: 201, body: { recorded: true } satisfies AnswerOf<'POST /safety/openings'> };
    });
  })
  .get('/marks', requireRole('exec'), (c) => {
    const place = c.req.query('place');
    const id = idParam(c.req.query('id'));
    if (!SAFETY_PLACES.includes(place as SafetyPlace) || id === null) throw new ServiceError(400, SAFETY_PLACE_QUERY_ERROR);
    const { deps } = c.var;
    return c.json({ marks: marksOf(deps, peopleOn(deps, place as SafetyPlace, id)) } satisfies AnswerOf<'GET /safety/marks'>, 200);
  })
  .get('/races/:id/emergency.csv', requireRole('administrator'), (c) => {
    const file = emergencyListCsv(c.var.deps, c.var.user, routeId(c, SAFETY_NOT_FOUND));
    return c.body(file.body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
    });
  });
