import { z } from 'zod';
import { hasUnsafeCharacters, requireAll, unsafeCharactersMessage } from './common';
import {
  CAPACITY_ERROR,
  CAPACITY_MAX,
  CAPACITY_MIN,
  CONTENT_MAX,
  LOCATION_MAX,
  RSVP_STATUSES,
  TITLE_MAX,
  WORKOUT_TYPES,
} from './forum';

// The forum's request schemas, apart from forum.ts so the forum's screens, which read only its types and
// constants, load zod with a form and not with the list (docs/decisions/0040).

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const text = z
  .string()
  .optional()
  .transform((v) => (v ?? '').trim());
/** '' or null or missing means unlimited; otherwise a whole number 1..100 (a numeric string is accepted). */
const capacity = z
  .union([z.number(), z.string(), z.null()])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined || v === null || v === '') return null;
    const n = typeof v === 'number' ? v : Number(v);
    if (!Number.isInteger(n) || n < CAPACITY_MIN || n > CAPACITY_MAX) {
      ctx.addIssue({ code: 'custom', message: CAPACITY_ERROR });
      return z.NEVER;
    }
    return n;
  });

const workoutFields = {
  title: text,
  workoutType: z.enum(WORKOUT_TYPES, { error: 'Choose a workout type' }).optional().default('spin'),
  workoutDate: text,
  workoutTime: text,
  content: text,
  capacity,
};
type WorkoutFields = { title: string; workoutDate: string; workoutTime: string; content: string };
// Each broken rule goes on its own field, in the spec's order of checks, so the first issue (the
// API's `error`) is what it always was and a form can mark every field at once.
function checkWorkout(v: WorkoutFields, ctx: z.RefinementCtx) {
  const required = ['title', 'workoutDate', 'workoutTime', 'content'] as const;
  if (!requireAll(v, required, 'Title, date, time and description are required', ctx)) return;
  if (hasUnsafeCharacters(v.title)) ctx.addIssue({ code: 'custom', path: ['title'], message: unsafeCharactersMessage('Title') });
  if (v.title.length > TITLE_MAX) ctx.addIssue({ code: 'custom', path: ['title'], message: `Title must be at most ${TITLE_MAX} characters` });
  if (v.content.length > CONTENT_MAX) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: `Description must be at most ${CONTENT_MAX} characters` });
  }
  if (!DATE.test(v.workoutDate)) ctx.addIssue({ code: 'custom', path: ['workoutDate'], message: 'Enter the date as YYYY-MM-DD' });
  if (!TIME.test(v.workoutTime)) ctx.addIssue({ code: 'custom', path: ['workoutTime'], message: 'Enter the time as HH:MM' });
}

export const createWorkoutSchema = z
  .object({ type: z.literal('workout'), ...workoutFields })
  .superRefine(checkWorkout);
export type NewWorkout = z.infer<typeof createWorkoutSchema>;

const eventFields = { title: text, eventDate: text, eventTime: text, eventLocation: text, content: text };
type EventFields = { title: string; eventDate: string; eventTime: string; eventLocation: string; content: string };
function checkEvent(v: EventFields, ctx: z.RefinementCtx) {
  if (!requireAll(v, ['title', 'eventDate', 'content'] as const, 'Title, date and details are required', ctx)) return;
  if (hasUnsafeCharacters(v.title)) ctx.addIssue({ code: 'custom', path: ['title'], message: unsafeCharactersMessage('Title') });
  if (v.title.length > TITLE_MAX) ctx.addIssue({ code: 'custom', path: ['title'], message: `Title must be at most ${TITLE_MAX} characters` });
  if (v.content.length > CONTENT_MAX) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: `Details must be at most ${CONTENT_MAX} characters` });
  }
  if (!DATE.test(v.eventDate)) ctx.addIssue({ code: 'custom', path: ['eventDate'], message: 'Enter the date as YYYY-MM-DD' });
  // Time and place are optional: empty means all day / no place given.
  if (v.eventTime !== '' && !TIME.test(v.eventTime)) {
    ctx.addIssue({ code: 'custom', path: ['eventTime'], message: 'Enter the time as HH:MM, or leave it empty' });
  }
  if (hasUnsafeCharacters(v.eventLocation)) {
    ctx.addIssue({ code: 'custom', path: ['eventLocation'], message: unsafeCharactersMessage('Place') });
  }
  if (v.eventLocation.length > LOCATION_MAX) {
    ctx.addIssue({ code: 'custom', path: ['eventLocation'], message: `Place must be at most ${LOCATION_MAX} characters` });
  }
}

export const createEventSchema = z
  .object({ type: z.literal('event'), ...eventFields })
  .superRefine(checkEvent);
export type NewEvent = z.infer<typeof createEventSchema>;

export const createPostSchema = z.discriminatedUnion('type', [createWorkoutSchema, createEventSchema], {
  error: "type must be 'workout' or 'event'",
});

/** PUT /forum/posts/{id} for a workout (SPEC.md §7): the same rules, no future-date check, capacity min 1. */
export const updateWorkoutSchema = z.object(workoutFields).superRefine(checkWorkout);
export type WorkoutUpdate = z.infer<typeof updateWorkoutSchema>;
export const updateEventSchema = z.object(eventFields).superRefine(checkEvent);

/** POST /forum/workouts/{id}/signup: no body toggles; `{ signedUp }` sets the state (idempotent). */
export const signupBodySchema = z
  .object({ signedUp: z.boolean({ error: 'signedUp must be true or false' }).optional() })
  .optional();

export const rsvpBodySchema = z.object({
  status: z.enum(RSVP_STATUSES, { error: "status must be 'going', 'maybe', 'not_going' or null" }).nullable(),
});

export const attendanceBodySchema = z.object({
  attendanceData: z.record(
    z.string().regex(/^\d+$/, 'attendanceData keys are user ids'),
    z.boolean({ error: 'attendanceData must map user ids to true or false' }),
    {
      error: 'attendanceData must map user ids to true or false',
    },
  ),
});
