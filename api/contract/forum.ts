import { z } from 'zod';
import { hasUnsafeCharacters, requireAll, unsafeCharactersMessage } from './common';

// Forum contract (SPEC.md §3, §5, §7; DESIGN.md §3). Field names of answers follow SPEC.md §3;
// the computed per-caller fields are camelCase extras.

export const WORKOUT_TYPES = ['spin', 'outdoor-ride', 'run', 'swim', 'brick', 'other'] as const;
export type WorkoutType = (typeof WORKOUT_TYPES)[number];
export const WORKOUT_FILTERS = {
  all: null,
  bike: ['spin', 'outdoor-ride', 'brick'],
  swim: ['swim'],
  run: ['run'],
} as const satisfies Record<string, readonly WorkoutType[] | null>;

export const RSVP_STATUSES = ['going', 'maybe', 'not_going'] as const;
export type RsvpStatus = (typeof RSVP_STATUSES)[number];

export const TITLE_MAX = 100;
export const CONTENT_MAX = 500;
export const CAPACITY_MIN = 1;
export const CAPACITY_MAX = 100;
export const COMMENT_MAX = 500;

export const FUTURE_WORKOUT_ERROR = 'Please select a future date for your workout.';
export const FUTURE_EVENT_ERROR = 'Please select a future date for your event.';
export const CAPACITY_ERROR = 'Capacity must be a whole number from 1 to 100 (leave it empty for unlimited).';
export const fullWorkoutError = (capacity: number) =>
  `Sorry, this workout is full! Maximum capacity: ${capacity} people.`;

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

/** A calendar date strictly after `today` (both 'YYYY-MM-DD'). */
export function isFutureDate(date: string, today: string): boolean {
  return DATE.test(date) && date > today;
}

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

const eventFields = { title: text, eventDate: text, content: text };
function checkEvent(v: { title: string; eventDate: string; content: string }, ctx: z.RefinementCtx) {
  if (!requireAll(v, ['title', 'eventDate', 'content'] as const, 'Title, date and details are required', ctx)) return;
  if (hasUnsafeCharacters(v.title)) ctx.addIssue({ code: 'custom', path: ['title'], message: unsafeCharactersMessage('Title') });
  if (v.title.length > TITLE_MAX) ctx.addIssue({ code: 'custom', path: ['title'], message: `Title must be at most ${TITLE_MAX} characters` });
  if (v.content.length > CONTENT_MAX) {
    ctx.addIssue({ code: 'custom', path: ['content'], message: `Details must be at most ${CONTENT_MAX} characters` });
  }
  if (!DATE.test(v.eventDate)) ctx.addIssue({ code: 'custom', path: ['eventDate'], message: 'Enter the date as YYYY-MM-DD' });
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

// ---------- Answers ----------

export interface WorkoutPost {
  id: number;
  type: 'workout';
  user_id: number | null;
  author_name: string;
  authorProfilePictureUrl: string | null;
  title: string;
  workout_type: WorkoutType;
  workout_date: string;
  workout_time: string;
  content: string;
  capacity: number | null;
  created_at: number;
  signupCount: number;
  waitlistCount: number;
  isSignedUp: boolean;
  /** 1-based place of the caller on the waitlist, or null. */
  waitlistPosition: number | null;
  attendanceSubmitted: boolean;
}

export interface EventPost {
  id: number;
  type: 'event';
  user_id: number | null;
  author_name: string;
  authorProfilePictureUrl: string | null;
  title: string;
  event_date: string;
  content: string;
  created_at: number;
  rsvpCounts: Record<RsvpStatus, number>;
  myRsvp: RsvpStatus | null;
}

export interface WorkoutSignup {
  id: number;
  user_id: number;
  user_name: string;
  signup_time: number;
  userProfilePictureUrl: string | null;
}

export interface WaitlistEntry {
  id: number;
  user_id: number;
  user_name: string;
  joined_at: number;
  userProfilePictureUrl: string | null;
}

export interface EventRsvp {
  id: number;
  user_id: number;
  user_name: string;
  status: RsvpStatus;
  rsvp_time: number;
  signed_up_at: number;
  userProfilePictureUrl: string | null;
}

export interface AttendanceRecord {
  /** user id → present. Empty when not submitted yet. */
  attendance: Record<string, boolean>;
  submitted: boolean;
  submitted_by: string | null;
  submitted_at: number | null;
}

export interface PostsAnswer<P> {
  posts: P[];
}
export interface WorkoutDetailAnswer {
  workout: WorkoutPost;
  signups: WorkoutSignup[];
  waitlist: WaitlistEntry[];
}
export interface EventDetailAnswer {
  event: EventPost;
  rsvps: EventRsvp[];
}
export interface SignupAnswer {
  signedUp: boolean;
  /** Set when a cancel under 24 h counted an absence. */
  absenceCounted?: boolean;
  absences?: number;
  /** Epoch ms until which sign-ups are suspended, when this cancel caused it. */
  suspendedUntil?: number | null;
}
export interface WaitlistAnswer {
  onWaitlist: boolean;
  position: number | null;
}
export interface RsvpAnswer {
  status: RsvpStatus | null;
}
export interface AttendanceAnswer extends AttendanceRecord {
  message: string;
}
