import { Hono } from 'hono';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import {
  attendanceBodySchema,
  cancelPostSchema,
  createPostSchema,
  rsvpBodySchema,
  seriesScopeSchema,
  laneMoveSchema,
  signupBodySchema,
  updateEventSchema,
  waitlistBodySchema,
  updateWorkoutSchema,
} from '../../domain/contract/training/forum-schemas';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { sendJsonWithEtag } from '../platform/middleware/etag';
import { respondOnce } from '../platform/middleware/idempotency';
import { bodyJson, parse, parseNamingField, readBody, routeId } from '../platform/middleware/validate';
import { getAttendance, submitAttendance } from './workouts/attendance';
import { ServiceError } from '../platform/errors';
import { eventDetailAnswer, workoutDetailAnswer } from './detail-cache';
import { seriesTermProblem } from '../../domain/calendar';
import { clubTerms } from '../club/terms';
import { createEvent, setRsvp, updateEvent } from './events';
import { forumListAnswer } from './posts/list-cache';
import { requireManageablePost } from './posts/access';
import { deletePostInScope } from './post-removal';
import { cancelPost, reinstatePost } from './post-changes';
import { createWorkoutSeries, updateWorkoutInScope } from './workouts/series';
import { workoutTypeUsage } from './workouts/workout-types';
import { changeLane } from './workouts/lane-moves';
import {
  createWorkout,
  joinWaitlist,
  leaveWaitlist,
  listSignups,
  listWaitlist,
  setSignup,
} from './workouts/workouts';
import { EVENT_NOT_FOUND, POST_NOT_FOUND, POST_TYPE_ERROR, WORKOUT_NOT_FOUND } from '../../domain/contract/training/forum';


// Every forum route is for members and above; writes go through respondOnce so an offline replay
// with the same Idempotency-Key never applies twice.
export const forumRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('member'))

  // ---------- Posts ----------
  .get('/posts', (c) => {
    const type = c.req.query('type');
    if (type !== 'workout' && type !== 'event') throw new ServiceError(400, POST_TYPE_ERROR);
    return sendJsonWithEtag(c, forumListAnswer(c.var.deps, c.var.user.id, type));
  })
  .post('/posts', requireRole('exec'), async (c) => {
    // A fee's refusal names its field, so the event's form shows it in place.
    const input = parseNamingField(createPostSchema, await bodyJson(c), ['feeCents']);
    const { deps, user } = c.var;
    if (input.type === 'workout' && input.repeat) {
      const problem = seriesTermProblem(clubTerms(deps), input.workoutDate, input.repeat.until);
      if (problem) throw new ServiceError(400, problem, { field: 'repeat.until' });
    }
    return respondOnce(c, input, () => {
      if (input.type === 'workout' && input.repeat) {
        const series = createWorkoutSeries(deps, user, { ...input, repeat: input.repeat });
        return { status: 201, body: { post: series.posts[0]!, series } satisfies AnswerOf<'POST /forum/posts'> };
      }
      return {
        status: 201,
        body: {
          post: input.type === 'workout' ? createWorkout(deps, user, input) : createEvent(deps, user, input),
        } satisfies AnswerOf<'POST /forum/posts'>,
      };
    });
  })
  .put('/posts/:id', async (c) => {
    const raw = await bodyJson(c);
    const id = routeId(c, POST_NOT_FOUND);
    const { deps, user } = c.var;
    // Looked up first to pick the schema; the service checks again inside its transaction.
    const post = requireManageablePost(deps, user, id);
    if (post.type === 'workout') {
      const scope = parse(seriesScopeSchema, c.req.query('scope'));
      const input = parse(updateWorkoutSchema, raw);
      return respondOnce(c, { ...input, scope }, () => ({
        status: 200,
        body: {
          post: updateWorkoutInScope(deps, user, id, input, scope),
        } satisfies AnswerOf<'PUT /forum/posts/:id'>,
      }));
    }
    const input = parseNamingField(updateEventSchema, raw, ['feeCents']);
    return respondOnce(c, input, () => ({
      status: 200,
      body: { post: updateEvent(deps, user, id, input) } satisfies AnswerOf<'PUT /forum/posts/:id'>,
    }));
  })
  .delete('/posts/:id', (c) => {
    const id = routeId(c, POST_NOT_FOUND);
    const scope = parse(seriesScopeSchema, c.req.query('scope'));
    const { deps, user } = c.var;
    return respondOnce(c, { scope }, () => ({
      status: 200,
      body: deletePostInScope(deps, user, id, scope) satisfies AnswerOf<'DELETE /forum/posts/:id'>,
    }));
  })

  // Cancel (with a reason) and reinstate: the post stays, and who answered it is told once.
  .post('/posts/:id/cancel', async (c) => {
    const body = await bodyJson(c, { emptyAs: {} });
    const id = routeId(c, POST_NOT_FOUND);
    const scope = parse(seriesScopeSchema, c.req.query('scope'));
    const { reason } = parse(cancelPostSchema, body ?? {});
    const { deps, user } = c.var;
    return respondOnce(c, { reason, scope }, () => ({
      status: 200,
      body: cancelPost(deps, user, id, reason, scope) satisfies AnswerOf<'POST /forum/posts/:id/cancel'>,
    }));
  })
  .delete('/posts/:id/cancel', (c) => {
    const id = routeId(c, POST_NOT_FOUND);
    const scope = parse(seriesScopeSchema, c.req.query('scope'));
    const { deps, user } = c.var;
    return respondOnce(c, { scope }, () => ({
      status: 200,
      body: reinstatePost(deps, user, id, scope) satisfies AnswerOf<'DELETE /forum/posts/:id/cancel'>,
    }));
  })

  // ---------- Workouts ----------
  // Admin → Sports: which types have workouts (those can be retired, not removed).
  .get('/workout-types/usage', requireRole('administrator'), (c) =>
    c.json(workoutTypeUsage(c.var.deps) satisfies AnswerOf<'GET /forum/workout-types/usage'>, 200),
  )
  // The pages come prebuilt from the page cache (its body is AnswerOf<'GET /forum/workouts/:id'>).
  .get('/workouts/:id', (c) => {
    const id = routeId(c, WORKOUT_NOT_FOUND);
    return sendJsonWithEtag(c, workoutDetailAnswer(c.var.deps, c.var.user.id, id));
  })
  .get('/workouts/:id/signups', (c) => {
    const id = routeId(c, WORKOUT_NOT_FOUND);
    return c.json(
      { signups: listSignups(c.var.deps, id) } satisfies AnswerOf<'GET /forum/workouts/:id/signups'>,
      200,
    );
  })
  .get('/workouts/:id/waitlist', (c) => {
    const id = routeId(c, WORKOUT_NOT_FOUND);
    return c.json(
      { waitlist: listWaitlist(c.var.deps, id) } satisfies AnswerOf<'GET /forum/workouts/:id/waitlist'>,
      200,
    );
  })
  .post('/workouts/:id/signup', async (c) => {
    const raw = await bodyJson(c, { emptyAs: undefined });
    const id = routeId(c, WORKOUT_NOT_FOUND);
    const body = parse(signupBodySchema, raw);
    const { deps, user } = c.var;
    return respondOnce(c, body ?? null, () => ({
      status: 200,
      body: setSignup(deps, user, id, body?.signedUp, {
        waitlistIfFull: body?.waitlistIfFull,
        lane: body?.lane,
      }) satisfies AnswerOf<'POST /forum/workouts/:id/signup'>,
    }));
  })
  .post('/workouts/:id/waitlist', async (c) => {
    const raw = await bodyJson(c, { emptyAs: undefined });
    const id = routeId(c, WORKOUT_NOT_FOUND);
    const body = parse(waitlistBodySchema, raw);
    // No body (an installed app's join): the request is what it always was.
    return respondOnce(c, body?.lane === undefined ? null : body, () => ({
      status: 200,
      body: joinWaitlist(c.var.deps, c.var.user, id, body?.lane) satisfies AnswerOf<'POST /forum/workouts/:id/waitlist'>,
    }));
  })
  .post('/workouts/:id/lane', async (c) => {
    const input = await readBody(c, laneMoveSchema);
    const id = routeId(c, WORKOUT_NOT_FOUND);
    return respondOnce(c, input, () => ({
      status: 200,
      body: changeLane(c.var.deps, c.var.user, id, input) satisfies AnswerOf<'POST /forum/workouts/:id/lane'>,
    }));
  })
  .delete('/workouts/:id/waitlist', (c) => {
    const id = routeId(c, WORKOUT_NOT_FOUND);
    return respondOnce(c, null, () => ({
      status: 200,
      body: leaveWaitlist(
        c.var.deps,
        c.var.user,
        id,
      ) satisfies AnswerOf<'DELETE /forum/workouts/:id/waitlist'>,
    }));
  })
  .get('/workouts/:id/attendance', (c) => {
    const id = routeId(c, WORKOUT_NOT_FOUND);
    return c.json(
      getAttendance(c.var.deps, id) satisfies AnswerOf<'GET /forum/workouts/:id/attendance'>,
      200,
    );
  })
  .post('/workouts/:id/attendance', requireRole('exec'), async (c) => {
    const { attendanceData } = await readBody(c, attendanceBodySchema);
    const id = routeId(c, WORKOUT_NOT_FOUND);
    const { deps, user } = c.var;
    return respondOnce(c, { attendanceData }, () => ({
      status: 201,
      body: submitAttendance(
        deps,
        { id: user.id, name: user.row.name },
        id,
        attendanceData,
      ) satisfies AnswerOf<'POST /forum/workouts/:id/attendance'>,
    }));
  })

  // ---------- Events ----------
  .get('/events/:id', (c) => {
    const id = routeId(c, EVENT_NOT_FOUND);
    return sendJsonWithEtag(c, eventDetailAnswer(c.var.deps, c.var.user.id, id));
  })
  .post('/events/:id/rsvp', async (c) => {
    const { status } = await readBody(c, rsvpBodySchema);
    const id = routeId(c, EVENT_NOT_FOUND);
    return respondOnce(c, { status }, () => ({
      status: 200,
      body: setRsvp(c.var.deps, c.var.user, id, status) satisfies AnswerOf<'POST /forum/events/:id/rsvp'>,
    }));
  });
