import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../platform/context';
import type { AnswerOf } from '../../domain/contract/endpoints';
import { firstIssue } from '../../domain/contract/common';
import {
  attendanceBodySchema,
  cancelPostSchema,
  createPostSchema,
  rsvpBodySchema,
  seriesScopeSchema,
  signupBodySchema,
  updateEventSchema,
  updateWorkoutSchema,
} from '../../domain/contract/forum-schemas';
import { requireAuth, requireRole } from '../platform/middleware/auth';
import { sendJsonWithEtag } from '../platform/middleware/etag';
import { respondOnce } from '../platform/middleware/idempotency';
import { idParam, jsonBody, requireJsonBody } from '../platform/middleware/validate';
import { getAttendance, submitAttendance } from './workouts/attendance';
import { ServiceError } from '../platform/errors';
import { createEvent, eventDetail, setRsvp, updateEvent } from './events';
import { forumListAnswer } from './posts/list-cache';
import { requireManageablePost } from './posts/access';
import { deletePostInScope } from './post-removal';
import { cancelPost, reinstatePost } from './post-changes';
import { createWorkoutSeries, updateWorkoutInScope } from './workouts/series';
import {
  createWorkout,
  joinWaitlist,
  leaveWaitlist,
  listSignups,
  listWaitlist,
  setSignup,
  workoutDetail,
} from './workouts/workouts';

const TYPE_ERROR = "type must be 'workout' or 'event'";

/** The route's id, or a 404 with `message` (a malformed id names nothing). */
function idOr404(c: Context<AppEnv>, message: string): number {
  const id = idParam(c.req.param('id'));
  if (id === null) throw new ServiceError(404, message);
  return id;
}

/** An optional JSON body: an empty one is `undefined` (the signup toggle); a malformed one is a 400. */
async function optionalJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await c.req.text();
  return text.trim() === '' ? undefined : JSON.parse(text);
}

function parseOr400<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw new ServiceError(400, firstIssue(result.error));
  return result.data;
}

// Every forum route is for members and above; writes go through respondOnce so an offline replay
// with the same Idempotency-Key never applies twice.
export const forumRoutes = new Hono<AppEnv>()
  .use('*', requireAuth, requireRole('member'))

  // ---------- Posts ----------
  .get('/posts', (c) => {
    const type = c.req.query('type');
    if (type !== 'workout' && type !== 'event') return c.json({ error: TYPE_ERROR }, 400);
    return sendJsonWithEtag(c, forumListAnswer(c.var.deps, c.var.user.id, type));
  })
  .post('/posts', requireRole('exec'), ...jsonBody(createPostSchema), (c) => {
    const input = c.req.valid('json');
    const { deps, user } = c.var;
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
  .put('/posts/:id', requireJsonBody, async (c) => {
    const id = idOr404(c, 'Post not found');
    const raw = await c.req.json();
    const { deps, user } = c.var;
    // Looked up first to pick the schema; the service checks again inside its transaction.
    const post = requireManageablePost(deps, user, id);
    if (post.type === 'workout') {
      const scope = parseOr400(seriesScopeSchema, c.req.query('scope'));
      const input = parseOr400(updateWorkoutSchema, raw);
      return respondOnce(c, { ...input, scope }, () => ({
        status: 200,
        body: {
          post: updateWorkoutInScope(deps, user, id, input, scope),
        } satisfies AnswerOf<'PUT /forum/posts/:id'>,
      }));
    }
    const input = parseOr400(updateEventSchema, raw);
    return respondOnce(c, input, () => ({
      status: 200,
      body: { post: updateEvent(deps, user, id, input) } satisfies AnswerOf<'PUT /forum/posts/:id'>,
    }));
  })
  .delete('/posts/:id', (c) => {
    const id = idOr404(c, 'Post not found');
    const scope = parseOr400(seriesScopeSchema, c.req.query('scope'));
    const { deps, user } = c.var;
    return respondOnce(c, { scope }, () => ({
      status: 200,
      body: deletePostInScope(deps, user, id, scope) satisfies AnswerOf<'DELETE /forum/posts/:id'>,
    }));
  })

  // Cancel (with a reason) and reinstate: the post stays, and who answered it is told once.
  .post('/posts/:id/cancel', requireJsonBody, async (c) => {
    const id = idOr404(c, 'Post not found');
    const scope = parseOr400(seriesScopeSchema, c.req.query('scope'));
    const { reason } = parseOr400(cancelPostSchema, (await optionalJson(c)) ?? {});
    const { deps, user } = c.var;
    return respondOnce(c, { reason, scope }, () => ({
      status: 200,
      body: cancelPost(deps, user, id, reason, scope) satisfies AnswerOf<'POST /forum/posts/:id/cancel'>,
    }));
  })
  .delete('/posts/:id/cancel', (c) => {
    const id = idOr404(c, 'Post not found');
    const scope = parseOr400(seriesScopeSchema, c.req.query('scope'));
    const { deps, user } = c.var;
    return respondOnce(c, { scope }, () => ({
      status: 200,
      body: reinstatePost(deps, user, id, scope) satisfies AnswerOf<'DELETE /forum/posts/:id/cancel'>,
    }));
  })

  // ---------- Workouts ----------
  .get('/workouts/:id', (c) => {
    const id = idOr404(c, 'Workout not found');
    return c.json(
      workoutDetail(c.var.deps, c.var.user.id, id) satisfies AnswerOf<'GET /forum/workouts/:id'>,
      200,
    );
  })
  .get('/workouts/:id/signups', (c) => {
    const id = idOr404(c, 'Workout not found');
    return c.json(
      { signups: listSignups(c.var.deps, id) } satisfies AnswerOf<'GET /forum/workouts/:id/signups'>,
      200,
    );
  })
  .get('/workouts/:id/waitlist', (c) => {
    const id = idOr404(c, 'Workout not found');
    return c.json(
      { waitlist: listWaitlist(c.var.deps, id) } satisfies AnswerOf<'GET /forum/workouts/:id/waitlist'>,
      200,
    );
  })
  .post('/workouts/:id/signup', requireJsonBody, async (c) => {
    const id = idOr404(c, 'Workout not found');
    const body = parseOr400(signupBodySchema, await optionalJson(c));
    const { deps, user } = c.var;
    return respondOnce(c, body ?? null, () => ({
      status: 200,
      body: setSignup(deps, user, id, body?.signedUp) satisfies AnswerOf<'POST /forum/workouts/:id/signup'>,
    }));
  })
  .post('/workouts/:id/waitlist', (c) => {
    const id = idOr404(c, 'Workout not found');
    return respondOnce(c, null, () => ({
      status: 200,
      body: joinWaitlist(c.var.deps, c.var.user, id) satisfies AnswerOf<'POST /forum/workouts/:id/waitlist'>,
    }));
  })
  .delete('/workouts/:id/waitlist', (c) => {
    const id = idOr404(c, 'Workout not found');
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
    const id = idOr404(c, 'Workout not found');
    return c.json(
      getAttendance(c.var.deps, id) satisfies AnswerOf<'GET /forum/workouts/:id/attendance'>,
      200,
    );
  })
  .post('/workouts/:id/attendance', requireRole('exec'), ...jsonBody(attendanceBodySchema), (c) => {
    const id = idOr404(c, 'Workout not found');
    const { attendanceData } = c.req.valid('json');
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
    const id = idOr404(c, 'Event not found');
    return c.json(
      eventDetail(c.var.deps, c.var.user.id, id) satisfies AnswerOf<'GET /forum/events/:id'>,
      200,
    );
  })
  .post('/events/:id/rsvp', ...jsonBody(rsvpBodySchema), (c) => {
    const id = idOr404(c, 'Event not found');
    const { status } = c.req.valid('json');
    return respondOnce(c, { status }, () => ({
      status: 200,
      body: setRsvp(c.var.deps, c.var.user, id, status) satisfies AnswerOf<'POST /forum/events/:id/rsvp'>,
    }));
  });
