import { Hono, type Context } from 'hono';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { MEMBER_NOT_FOUND } from '../../domain/contract/members/admin';
import { RACE_LIFT_NOT_FOUND_ERROR, RACE_NOT_FOUND_ERROR, RACE_SEASON_YEAR_ERROR, raceEntrySchema, raceLiftSchema, raceResultSchema } from '../../domain/contract/training/races';
import type { AppEnv } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { respondOnce } from '../platform/middleware/idempotency';
import { bodyJson, idParam, parseNamingField, readBody, routeId } from '../platform/middleware/validate';
import { refuseUnsignedEntry, setEntry } from './entries';
import * as lifts from './lifts';
import { enterResult, personalBestsOf, resultsCsv, seasonTableCsv, seasonTableOf } from './results';

// Entries, lifts and results of a race. Every write the app may queue offline (an entry, a place in
// a lift, looking for a lift, a result) takes an Idempotency-Key. Members only (each route says so, as the
// races list beside them is public); entering someone else's result is an exec's. Mounted before the races routes, so /season-table is not a race id.
// A lift's refusals name their field, so the driver's form shows each next to what it is about.

function liftId(c: Context<AppEnv>): number {
  const id = idParam(c.req.param('liftId'));
  if (id === null) throw new ServiceError(404, RACE_LIFT_NOT_FOUND_ERROR);
  return id;
}

function sendCsv(c: Context<AppEnv>, file: { filename: string; body: string }): Response {
  return c.body(file.body, 200, {
    'Content-Type': 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${file.filename}"`,
    'Cache-Control': 'no-store',
  });
}

/** The season asked for, by the year it starts in; none: the season holding the club's today. */
function seasonYear(c: Context<AppEnv>): string | undefined {
  const asked = c.req.query('year');
  if (asked === undefined) return undefined;
  if (!/^\d{4}$/.test(asked)) throw new ServiceError(400, RACE_SEASON_YEAR_ERROR, { field: 'year' });
  return asked;
}

function place(c: Context<AppEnv>, kind: 'seat' | 'bike', take: boolean) {
  const id = routeId(c, RACE_NOT_FOUND_ERROR);
  const lift = liftId(c);
  const { deps } = c.var;
  return respondOnce(c, { kind, take }, () => ({
    status: 200,
    body: { lift: lifts.setPlace(deps, id, lift, c.var.user, kind, take, deps.clock()) } satisfies AnswerOf<'POST /races/:id/lifts/:liftId/seat'>,
  }));
}

function looking(c: Context<AppEnv>, on: boolean) {
  const id = routeId(c, RACE_NOT_FOUND_ERROR);
  const { deps } = c.var;
  return respondOnce(c, { on }, () => ({
    status: 200,
    body: lifts.setLookingForLift(deps, id, c.var.user, on, deps.clock()) satisfies AnswerOf<'POST /races/:id/looking-for-lift'>,
  }));
}

export const raceWeekendRoutes = new Hono<AppEnv>()
  .get('/season-table', requireAuth, requireRole('member'), (c) => c.json(seasonTableOf(c.var.deps, seasonYear(c)) satisfies AnswerOf<'GET /races/season-table'>, 200))
  .get('/season-table.csv', requireAuth, requireRole('member'), (c) => sendCsv(c, seasonTableCsv(seasonTableOf(c.var.deps, seasonYear(c)))))
  .get('/personal-bests/:userId', requireAuth, requireRole('member'), (c) => {
    const userId = idParam(c.req.param('userId'));
    if (userId === null) throw new ServiceError(404, MEMBER_NOT_FOUND);
    return c.json({ personalBests: personalBestsOf(c.var.deps, userId) } satisfies AnswerOf<'GET /races/personal-bests/:userId'>, 200);
  })
  .get('/:id/results.csv', requireAuth, requireRole('member'), (c) => sendCsv(c, resultsCsv(c.var.deps, routeId(c, RACE_NOT_FOUND_ERROR))))
  .put('/:id/entry', requireAuth, requireRole('member'), async (c) => {
    const input = await readBody(c, raceEntrySchema);
    const id = routeId(c, RACE_NOT_FOUND_ERROR);
    const { deps } = c.var;
    return respondOnce(c, input, () => {
      refuseUnsignedEntry(deps, id, c.var.user.id);
      return { status: 200, body: { entry: setEntry(deps, id, c.var.user, input, deps.clock()) } satisfies AnswerOf<'PUT /races/:id/entry'> };
    });
  })
  .post('/:id/lifts', requireAuth, requireRole('member'), async (c) => {
    const input = parseNamingField(raceLiftSchema, await bodyJson(c));
    const id = routeId(c, RACE_NOT_FOUND_ERROR);
    const { deps } = c.var;
    return respondOnce(c, input, () => ({
      status: 201,
      body: { lift: lifts.offerLift(deps, id, c.var.user, input, deps.clock()) } satisfies AnswerOf<'POST /races/:id/lifts'>,
    }));
  })
  .put('/:id/lifts/:liftId', requireAuth, requireRole('member'), async (c) => {
    const input = parseNamingField(raceLiftSchema, await bodyJson(c));
    const id = routeId(c, RACE_NOT_FOUND_ERROR);
    const lift = liftId(c);
    const { deps } = c.var;
    return respondOnce(c, input, () => ({
      status: 200,
      body: { lift: lifts.changeLift(deps, id, lift, c.var.user, input) } satisfies AnswerOf<'PUT /races/:id/lifts/:liftId'>,
    }));
  })
  .delete('/:id/lifts/:liftId', requireAuth, requireRole('member'), (c) => {
    const id = routeId(c, RACE_NOT_FOUND_ERROR);
    const lift = liftId(c);
    const { deps } = c.var;
    return respondOnce(c, null, () => {
      lifts.withdrawLift(deps, id, lift, c.var.user);
      return { status: 200, body: { message: 'Lift withdrawn' } satisfies AnswerOf<'DELETE /races/:id/lifts/:liftId'> };
    });
  })
  .post('/:id/lifts/:liftId/seat', requireAuth, requireRole('member'), (c) => place(c, 'seat', true))
  .delete('/:id/lifts/:liftId/seat', requireAuth, requireRole('member'), (c) => place(c, 'seat', false))
  .post('/:id/lifts/:liftId/bike-spot', requireAuth, requireRole('member'), (c) => place(c, 'bike', true))
  .delete('/:id/lifts/:liftId/bike-spot', requireAuth, requireRole('member'), (c) => place(c, 'bike', false))
  .post('/:id/looking-for-lift', requireAuth, requireRole('member'), (c) => looking(c, true))
  .delete('/:id/looking-for-lift', requireAuth, requireRole('member'), (c) => looking(c, false))
  .put('/:id/result', requireAuth, requireRole('member'), async (c) => {
    const input = await readBody(c, raceResultSchema);
    const id = routeId(c, RACE_NOT_FOUND_ERROR);
    const { deps } = c.var;
    return respondOnce(c, input, () => ({
      status: 200,
      body: { result: enterResult(deps, id, c.var.user.id, input, c.var.user, deps.clock()) } satisfies AnswerOf<'PUT /races/:id/result'>,
    }));
  })
  .put('/:id/results/:userId', requireAuth, requireRole('exec'), async (c) => {
    const input = await readBody(c, raceResultSchema);
    const id = routeId(c, RACE_NOT_FOUND_ERROR);
    const userId = idParam(c.req.param('userId'));
    if (userId === null) throw new ServiceError(404, MEMBER_NOT_FOUND);
    const { deps } = c.var;
    return respondOnce(c, { userId, input }, () => ({
      status: 200,
      body: { result: enterResult(deps, id, userId, input, c.var.user, deps.clock()) } satisfies AnswerOf<'PUT /races/:id/results/:userId'>,
    }));
  });
