import { Hono } from 'hono';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { POLL_NOT_FOUND, POLL_PLACE_QUERY_ERROR } from '../../domain/contract/club/polls';
import { pollAnswerSchema, pollSchema } from '../../domain/contract/club/polls-schemas';
import { clubToday } from '../../domain/clock';
import { POLL_PLACES, type PollPlaceKind } from '../../domain/people/polls';
import type { AppEnv } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { idParam, readBody, readBodyNamingField, routeId } from '../platform/middleware/validate';
import { clubTimeZone } from '../platform/club-time-zone';
import { answerPoll, closePoll, pollById, pollIsAnonymous, pollMissing, pollsOf, postPoll } from './polls';

function placeOf(place: string | undefined, id: string | undefined): { place: PollPlaceKind; placeId: number | null } {
  if (!POLL_PLACES.includes(place as PollPlaceKind)) throw new ServiceError(400, POLL_PLACE_QUERY_ERROR);
  if (place === 'home') return { place, placeId: null };
  const placeId = idParam(id);
  if (placeId === null) throw new ServiceError(400, POLL_PLACE_QUERY_ERROR);
  return { place: place as PollPlaceKind, placeId };
}

// Members read and answer polls; execs post and close them and see who has not answered. Every
// write goes through respondOnce: an answer made offline is replayed with its Idempotency-Key.
export const pollRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('member'))
  .get('/', (c) => {
    const { place, placeId } = placeOf(c.req.query('place'), c.req.query('id'));
    return c.json({ polls: pollsOf(c.var.deps, c.var.user.id, place, placeId) } satisfies AnswerOf<'GET /polls'>, 200);
  })
  .post('/', requireRole('exec'), async (c) => {
    const { deps, user } = c.var;
    // The closing day is checked against the club's today, so the schema is made per request.
    const input = await readBodyNamingField(c, pollSchema(clubToday(deps.clock(), clubTimeZone(deps))));
    return respondOnce(c, input, () => ({ status: 201, body: { poll: postPoll(deps, user.id, input) } satisfies AnswerOf<'POST /polls'> }));
  })
  .get('/:id', (c) => {
    const id = routeId(c, POLL_NOT_FOUND);
    return c.json({ poll: pollById(c.var.deps, c.var.user.id, id) } satisfies AnswerOf<'GET /polls/:id'>, 200);
  })
  .get('/:id/missing', requireRole('exec'), (c) => {
    const id = routeId(c, POLL_NOT_FOUND);
    return c.json({ members: pollMissing(c.var.deps, id) } satisfies AnswerOf<'GET /polls/:id/missing'>, 200);
  })
  .post('/:id/close', requireRole('exec'), (c) => {
    const id = routeId(c, POLL_NOT_FOUND);
    const { deps, user } = c.var;
    return respondOnce(c, null, () => ({ status: 200, body: { poll: closePoll(deps, user.id, id) } satisfies AnswerOf<'POST /polls/:id/close'> }));
  })
  .put('/:id/answer', async (c) => {
    const id = routeId(c, POLL_NOT_FOUND);
    const { deps, user } = c.var;
    const { choices } = await readBody(c, pollAnswerSchema);
    // The stored request of an anonymous answer names no choices: the key's record would otherwise
    // tie this member to what they chose (its hash over a handful of options is easily reversed).
    const request = pollIsAnonymous(deps, id) ? null : { choices };
    return respondOnce(c, request, () => ({
      status: 200,
      body: answerPoll(deps, user.id, id, choices) satisfies AnswerOf<'PUT /polls/:id/answer'>,
    }));
  });
