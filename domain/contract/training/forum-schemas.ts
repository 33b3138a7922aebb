import { z } from 'zod';
import { hasUnsafeCharacters, requireAll, unsafeCharactersMessage } from '../common';
import { isCalendarDate } from '../../calendar-days';
import { CANCEL_REASON_MAX } from '../../rules';
import { END_BEFORE_START_ERROR, durationBetween } from '../../durations';
import { LANES_MAX, LANE_NAME_MAX, LANE_PACE_MAX } from '../../lanes';
import {
  CAPACITY_ERROR,
  CAPACITY_MAX,
  CAPACITY_MIN,
  COMMENT_MAX,
  COMMENT_REQUIRED,
  COMMENT_TOO_LONG,
  CONTENT_MAX,
  LOCATION_MAX,
  RSVP_STATUSES,
  SERIES_SCOPES,
  TITLE_MAX,
} from './forum';
import { CHOOSE_TYPE_ERROR } from '../../sports';
import { feeCentsSchema } from '../members/payments';

// The forum's request schemas, apart from forum.ts so the forum's screens, which read only its types and
// constants, load zod with a form and not with the list (docs/decisions/0040).

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The field message for a date that is not written YYYY-MM-DD, or is not a day on the calendar. */
function dateProblem(value: string, format: string): string | null {
  if (!DATE.test(value)) return format;
  return isCalendarDate(value) ? null : `${value} is not a date on the calendar: check the month and day`;
}
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
/**
 * An optional end time: left out (an older app), an edit keeps the length it had; '' or null means
 * the usual length of its kind (domain/durations.ts); else 'HH:MM', after the start on the same day.
 */
const endTime = z
  .union([z.string(), z.null()])
  .transform((v) => (v ?? '').trim())
  .optional();

/** The end time's problem, if any, on `path`. */
function checkEnd(start: string, end: string | undefined, path: string, ctx: z.RefinementCtx) {
  if (!end) return;
  if (!TIME.test(end)) ctx.addIssue({ code: 'custom', path: [path], message: 'Enter the end time as HH:MM, or leave it empty' });
  else if (!start) ctx.addIssue({ code: 'custom', path: [path], message: 'Give the start time too, or leave the end time empty' });
  else if (TIME.test(start) && durationBetween(start, end) === null) ctx.addIssue({ code: 'custom', path: [path], message: END_BEFORE_START_ERROR });
}
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

/** One lane of a new or edited workout; `id` names a lane it already has (an edit keeps its members). */
const laneInputSchema = z.object({
  id: z.number().int().positive().optional(),
  name: z.string({ error: 'Give the lane a name' }).trim().min(1, 'Give the lane a name').max(LANE_NAME_MAX, `A lane's name is at most ${LANE_NAME_MAX} characters`),
  pace: z.string().trim().max(LANE_PACE_MAX, `A lane's pace is at most ${LANE_PACE_MAX} characters`).optional().default(''),
  paceFrom: z.number({ error: 'The pace band is a number' }).positive('The pace band is a positive number').nullable().optional().default(null),
  paceTo: z.number({ error: 'The pace band is a number' }).positive('The pace band is a positive number').nullable().optional().default(null),
  capacity,
});
export type LaneInput = z.infer<typeof laneInputSchema>;
/** Left out (an older app): a new workout has no lanes and an edit keeps the lanes it had. */
const lanes = z.array(laneInputSchema).max(LANES_MAX, `A workout has at most ${LANES_MAX} lanes`).optional();

const workoutFields = {
  title: text,
  // One of the club's types (checked against the `sports` document by the server). Left out: a new
  // workout takes the club's default (Spin while it has it), an edit keeps the type it has.
  workoutType: z.string({ error: CHOOSE_TYPE_ERROR }).trim().min(1, CHOOSE_TYPE_ERROR).max(40, CHOOSE_TYPE_ERROR).optional(),
  workoutDate: text,
  workoutTime: text,
  workoutEndTime: endTime,
  // Optional: '' means no place given. Left out (as an older app does), a new workout has none and an
  // edit keeps the place it had.
  workoutLocation: z.string().trim().optional(),
  content: text,
  capacity,
  lanes,
};
type WorkoutFields = {
  title: string;
  workoutDate: string;
  workoutTime: string;
  workoutEndTime?: string;
  workoutLocation?: string;
  content: string;
};
// Each broken rule goes on its own field, in the form's order of checks, so the first issue (the
// API's `error`) is what it always was and a form can mark every field at once.
function checkWorkout(v: WorkoutFields, ctx: z.RefinementCtx) {
  const required = ['title', 'workoutDate', 'workoutTime', 'content'] as const;
  if (!requireAll(v, required, 'Title, date, time and description are required', ctx)) return;
  if (hasUnsafeCharacters(v.title)) ctx.addIssue({ code: 'custom', path: ['title'], message: unsafeCharactersMessage('Title') });
  if (v.title.length > TITLE_MAX) ctx.addIssue({ code: 'custom', path: ['title'], message: `Title must be at most ${TITLE_MAX} characters` });
  if (v.content.length > CONTENT_MAX) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: `Description must be at most ${CONTENT_MAX} characters` });
  }
  const dateMessage = dateProblem(v.workoutDate, 'Enter the date as YYYY-MM-DD');
  if (dateMessage) ctx.addIssue({ code: 'custom', path: ['workoutDate'], message: dateMessage });
  if (!TIME.test(v.workoutTime)) ctx.addIssue({ code: 'custom', path: ['workoutTime'], message: 'Enter the time as HH:MM' });
  checkEnd(v.workoutTime, v.workoutEndTime, 'workoutEndTime', ctx);
  checkPlace(v.workoutLocation ?? '', 'workoutLocation', ctx);
}

/** An optional place (a workout's or an event's): one line, at most LOCATION_MAX characters. */
function checkPlace(place: string, path: string, ctx: z.RefinementCtx) {
  if (hasUnsafeCharacters(place)) ctx.addIssue({ code: 'custom', path: [path], message: unsafeCharactersMessage('Place') });
  if (place.length > LOCATION_MAX) {
    ctx.addIssue({ code: 'custom', path: [path], message: `Place must be at most ${LOCATION_MAX} characters` });
  }
}

/**
 * "Repeat weekly" on a new workout: the workout date is the series' first possible date, `until` its
 * last; a workout is made on each chosen weekday (0 Sunday … 6 Saturday) in between. A series stays
 * within one membership session (../calendar.ts), so a forgotten end date never fills the forum for a year.
 */
const repeatSchema = z.object({
  weekdays: z
    .array(z.number({ error: 'Weekdays are numbers from 0 (Sunday) to 6 (Saturday)' }).int().min(0).max(6), {
      error: 'Choose at least one weekday',
    })
    .transform((days) => [...new Set(days)].sort()),
  until: text,
});

function checkRepeat(v: { workoutDate: string; repeat?: { weekdays: number[]; until: string } }, ctx: z.RefinementCtx) {
  if (!v.repeat) return;
  const { weekdays, until } = v.repeat;
  if (weekdays.length === 0) ctx.addIssue({ code: 'custom', path: ['repeat', 'weekdays'], message: 'Choose at least one weekday' });
  const untilMessage = dateProblem(until, 'Enter the last date as YYYY-MM-DD');
  if (untilMessage) {
    ctx.addIssue({ code: 'custom', path: ['repeat', 'until'], message: untilMessage });
    return;
  }
  if (!isCalendarDate(v.workoutDate)) return;
  if (until < v.workoutDate) {
    ctx.addIssue({ code: 'custom', path: ['repeat', 'until'], message: 'The last date must be on or after the first date' });
    return;
  }
  // That a series stays within one term is checked against the club's terms where they are known
  // (seriesTermProblem in ../calendar): the server's route and the New Workout form.
}

export const createWorkoutSchema = z
  .object({ type: z.literal('workout'), ...workoutFields, repeat: repeatSchema.optional() })
  .superRefine(checkWorkout)
  .superRefine(checkRepeat);

/** `?scope=` of PUT and DELETE /forum/posts/{id}: the one workout, or it and the later ones of its series. */
export const seriesScopeSchema = z
  .enum(SERIES_SCOPES, { error: "scope must be 'this' or 'following'" })
  .optional()
  .default('this');
export type NewWorkout = z.infer<typeof createWorkoutSchema>;

// The fee left out (an older app's edit) leaves it as it is; a new event is free.
const eventFields = { title: text, eventDate: text, eventTime: text, eventEndTime: endTime, eventLocation: text, content: text, feeCents: feeCentsSchema.optional() };
type EventFields = { title: string; eventDate: string; eventTime: string; eventEndTime?: string; eventLocation: string; content: string; feeCents?: number };
function checkEvent(v: EventFields, ctx: z.RefinementCtx) {
  if (!requireAll(v, ['title', 'eventDate', 'content'] as const, 'Title, date and details are required', ctx)) return;
  if (hasUnsafeCharacters(v.title)) ctx.addIssue({ code: 'custom', path: ['title'], message: unsafeCharactersMessage('Title') });
  if (v.title.length > TITLE_MAX) ctx.addIssue({ code: 'custom', path: ['title'], message: `Title must be at most ${TITLE_MAX} characters` });
  if (v.content.length > CONTENT_MAX) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: `Details must be at most ${CONTENT_MAX} characters` });
  }
  const dateMessage = dateProblem(v.eventDate, 'Enter the date as YYYY-MM-DD');
  if (dateMessage) ctx.addIssue({ code: 'custom', path: ['eventDate'], message: dateMessage });
  // Time and place are optional: empty means all day / no place given.
  if (v.eventTime !== '' && !TIME.test(v.eventTime)) {
    ctx.addIssue({ code: 'custom', path: ['eventTime'], message: 'Enter the time as HH:MM, or leave it empty' });
  }
  checkEnd(v.eventTime, v.eventEndTime, 'eventEndTime', ctx);
  checkPlace(v.eventLocation, 'eventLocation', ctx);
}

export const createEventSchema = z
  .object({ type: z.literal('event'), ...eventFields })
  .superRefine(checkEvent);
export type NewEvent = z.infer<typeof createEventSchema>;

export const createPostSchema = z.discriminatedUnion('type', [createWorkoutSchema, createEventSchema], {
  error: "type must be 'workout' or 'event'",
});

/** PUT /forum/posts/{id} for a workout: the same rules, no future-date check (an edit may move it), capacity min 1. */
export const updateWorkoutSchema = z.object(workoutFields).superRefine(checkWorkout);
export type WorkoutUpdate = z.infer<typeof updateWorkoutSchema>;
export const updateEventSchema = z.object(eventFields).superRefine(checkEvent);

const laneField = z.number({ error: 'lane is a lane id' }).int().positive().optional();

/** POST /forum/workouts/{id}/signup: no body toggles; `{ signedUp }` sets the state (idempotent). */
export const signupBodySchema = z
  .object({
    signedUp: z.boolean({ error: 'signedUp must be true or false' }).optional(),
    // With signedUp true: a full workout puts the member on its waitlist in the same request.
    waitlistIfFull: z.boolean({ error: 'waitlistIfFull must be true or false' }).optional(),
    // The lane, on a workout with lanes (required there; a workout without lanes takes none).
    lane: laneField,
  })
  .optional();

/** POST /forum/workouts/{id}/waitlist: the lane waited for, on a workout with lanes. */
export const waitlistBodySchema = z.object({ lane: laneField }).optional();

/** POST /forum/workouts/{id}/lane: a member moves to another lane; an exec moves `userId`. */
export const laneMoveSchema = z.object({
  lane: z.number({ error: 'lane is a lane id' }).int().positive(),
  userId: z.number({ error: 'userId is a member id' }).int().positive().optional(),
  // An exec's move: past the lane's capacity if they choose.
  overCapacity: z.boolean({ error: 'overCapacity must be true or false' }).optional(),
});

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

/** POST /forum/posts/{id}/cancel: why, in one line (shown on the card and in the message to members). */
export const cancelPostSchema = z
  .object({ reason: text })
  .superRefine((v, ctx) => {
    if (!v.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Say why it is cancelled (one line)' });
    else if (hasUnsafeCharacters(v.reason)) ctx.addIssue({ code: 'custom', path: ['reason'], message: unsafeCharactersMessage('The reason') });
    else if (v.reason.length > CANCEL_REASON_MAX) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: `The reason must be at most ${CANCEL_REASON_MAX} characters` });
    }
  });
/**
 * A comment on a workout or event: required, trimmed, at most COMMENT_MAX characters. Comments stay on
 * the member's device (the server keeps none), so only the form checks this.
 */
export const commentSchema = z.object({
  content: z
    .string()
    .transform((v) => v.trim())
    .pipe(z.string().min(1, { error: COMMENT_REQUIRED }).max(COMMENT_MAX, { error: COMMENT_TOO_LONG })),
});
