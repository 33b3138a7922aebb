import { useId, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { seriesTermProblem, type TermDefinition } from '../../../../domain/calendar';
import {
  CAPACITY_MAX,
  CAPACITY_MIN,
  CONTENT_MAX,
  LOCATION_MAX,
  TITLE_MAX,
  type SeriesScope,
  type WorkoutPost,
  type WorkoutType,
} from '../../../../domain/contract/training/forum';
import {
  createWorkoutSchema,
  updateWorkoutSchema,
  type NewWorkout,
  type WorkoutUpdate,
} from '../../../../domain/contract/training/forum-schemas';
import { FormField } from '../../../components/form-field';
import { FormFooter } from '../../../components/form-footer';
import { Modal } from '../../../components/modal';
import { ErrorMessage } from '../../../components/status';
import { errorMessage, fieldRefusal } from '../../../lib/data/api-client';
import { addIssues, useContractForm } from '../../../lib/forms/forms';
import { checkWith } from '../../../lib/forms/problems';
import { useClubTimeZone } from '../../../lib/club/club-clock';
import { judgeEdit, postingProblem, type Slot } from '../../../../domain/moves';
import { clubDates } from '../../../lib/ui/format';
import type { RuleNumbers } from '../../../../domain/rules';
import { clubRules, useClubRules } from '../../../lib/club/club-rules';
import { isCalendarDate } from '../../../../domain/calendar-days';
import { usualMinutes } from '../../../../domain/durations';
import { laneBandProblem } from '../../../../domain/lanes';
import { offeredTypes, paceUnitOf, typeName } from '../../../../domain/sports';
import { clubSports, useClubSports } from '../../../lib/club/club-sports';
import { formatDuration } from '../../../../domain/region/club-format';
import { useUpdateWorkoutMutation } from '../api/forum-mutations';
import { CharCounter } from '../common/post-parts';
import { LanesEditor, laneDraftsOf, lanesBody, type LaneDraft } from './lanes-editor';

/** What the workout form holds while it is being typed: every field as text, as the inputs give it. */
export interface WorkoutDraft {
  title: string;
  workoutType: WorkoutType;
  workoutDate: string;
  workoutTime: string;
  /** '' for the usual length of its type. */
  workoutEndTime: string;
  workoutLocation: string;
  content: string;
  capacity: string;
  /** Lanes by pace (lanes-editor.tsx); none: one pool of places. */
  lanes?: LaneDraft[];
  /** The exec changed the lanes (an edit then sends them, also when all were removed). */
  lanesTouched?: boolean;
}

/** New Workout's draft: the workout, and optionally "Repeat weekly" (weekday numbers as the checkboxes give them). */
export interface NewWorkoutDraft extends WorkoutDraft {
  repeatOn?: boolean;
  repeat?: { weekdays: string[]; until: string };
}

export const EMPTY_NEW_WORKOUT: Required<NewWorkoutDraft> = {
  title: '',
  workoutType: 'spin',
  workoutDate: '',
  workoutTime: '',
  workoutEndTime: '',
  workoutLocation: '',
  content: '',
  capacity: '',
  lanes: [],
  lanesTouched: false,
  repeatOn: false,
  repeat: { weekdays: [], until: '' },
};

export const EMPTY_WORKOUT: WorkoutDraft = {
  title: '',
  workoutType: 'spin',
  workoutDate: '',
  workoutTime: '',
  workoutEndTime: '',
  workoutLocation: '',
  content: '',
  capacity: '',
};

export function draftFromWorkout(w: WorkoutPost): WorkoutDraft {
  return {
    title: w.title,
    workoutType: w.workout_type,
    workoutDate: w.workout_date,
    workoutTime: w.workout_time,
    // Only an end time an exec gave: empty keeps following its type's usual length.
    workoutEndTime: w.duration_minutes != null && w.workout_end_time ? w.workout_end_time : '',
    workoutLocation: w.workout_location ?? '',
    content: w.content,
    capacity: w.capacity === null ? '' : String(w.capacity),
    lanes: laneDraftsOf(w.lanes),
  };
}

/** The lanes of a draft for the contract: only when it has some or the exec changed them. */
function draftLanes(draft: WorkoutDraft) {
  const lanes = draft.lanes ?? [];
  return lanes.length > 0 || draft.lanesTouched ? { lanes: lanesBody(lanes, paceUnitOf(clubSports(), draft.workoutType)) } : {};
}

/** A draft as the contract takes it: the form-only fields left out, the capacity and lanes as numbers. */
function updateBody(draft: WorkoutDraft) {
  const { lanes: _lanes, lanesTouched: _touched, ...fields } = draft;
  return { ...fields, capacity: capacityInput(draft.capacity), ...draftLanes(draft) };
}

const capacityInput = (value: string) => (value.trim() === '' ? null : value.trim());
const draftShape = {
  title: z.string(),
  workoutType: z.string(),
  workoutDate: z.string(),
  workoutTime: z.string(),
  workoutEndTime: z.string(),
  workoutLocation: z.string(),
  content: z.string(),
  capacity: z.string(),
  lanes: z.array(z.custom<LaneDraft>()).optional(),
  lanesTouched: z.boolean().optional(),
};

const newDraftShape = {
  ...draftShape,
  repeatOn: z.boolean().optional(),
  repeat: z.object({ weekdays: z.array(z.string()), until: z.string() }).optional(),
};

/**
 * The contract's body of a New Workout draft (without `type`): `repeat` only when "Repeat weekly" is
 * on, the place and the end time only when given (a workout without them is sent as it always was).
 */
function newWorkoutBody(draft: NewWorkoutDraft) {
  const { repeatOn, repeat, workoutLocation, workoutEndTime, lanes: _lanes, lanesTouched: _touched, ...fields } = draft;
  return {
    ...fields,
    ...draftLanes(draft),
    ...(workoutLocation?.trim() && { workoutLocation }),
    ...(workoutEndTime?.trim() && { workoutEndTime }),
    capacity: capacityInput(draft.capacity),
    repeat: repeatOn && repeat ? { weekdays: repeat.weekdays.map(Number), until: repeat.until } : undefined,
  };
}

/** A lane's band past its unit's bounds (domain/lanes.ts), on that side of that lane, as the server refuses it. */
function addBandIssue(draft: WorkoutDraft, ctx: z.RefinementCtx) {
  const unit = paceUnitOf(clubSports(), draft.workoutType);
  // Text that is no number at all is the contract's to name; only numbers are held to the bounds.
  const num = (v: unknown) => (typeof v === 'number' ? v : null);
  const lanes = (draftLanes(draft).lanes ?? []).map((l) => ({ paceFrom: num(l.paceFrom), paceTo: num(l.paceTo) }));
  const band = laneBandProblem(lanes, unit);
  if (band) ctx.addIssue({ code: 'custom', path: band.field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), message: band.message });
}

/** The club's clock as a form reads it: the instant, and the club's zone. */
export interface FormClock {
  now: number;
  timeZone: string;
}

/**
 * The New Workout form as a schema: the contract's rules, each on its field, and the club's posting
 * rule (how soon a workout may start, domain/rules.ts) on the club's `clock` (null while the zone is
 * unknown: the server checks anyway). Before a time is typed, the date is judged by the day's last
 * minute, so only a day on which no start would do is marked.
 */
export function newWorkoutFormSchema(clock: FormClock | null, terms: readonly TermDefinition[], rules: RuleNumbers = clubRules()) {
  return z.object(newDraftShape).superRefine((draft, ctx) => {
    const body = newWorkoutBody(draft as NewWorkoutDraft);
    const valid = addIssues(createWorkoutSchema, { type: 'workout', ...body }, ctx);
    if (valid && body.repeat) {
      const problem = seriesTermProblem(terms, body.workoutDate, body.repeat.until);
      if (problem) ctx.addIssue({ code: 'custom', path: ['repeat', 'until'], message: problem });
    }
    addBandIssue(draft as WorkoutDraft, ctx);
    if (clock === null || !isCalendarDate(draft.workoutDate)) return;
    const time = /^\d{2}:\d{2}$/.test(draft.workoutTime) ? draft.workoutTime : '23:59';
    const tooSoon = postingProblem(rules, { date: draft.workoutDate, time }, clock.now, clock.timeZone);
    if (tooSoon) ctx.addIssue({ code: 'custom', path: [tooSoon.field === 'date' ? 'workoutDate' : 'workoutTime'], message: tooSoon.error });
  });
}

/**
 * What an edit is judged against (domain/moves.ts): the workout as it was, the club's zone (null
 * while the device has not heard it: the server judges anyway) and the club's posting rule, which a
 * move to an earlier start keeps.
 */
export interface EditContext {
  before: Slot;
  timeZone: string | null;
  posting?: RuleNumbers;
}

/** The slot a workout is stored with, as the move rule reads it. */
export function slotOf(w: WorkoutPost): Slot {
  return { date: w.workout_date, time: w.workout_time, place: w.workout_location ?? '' };
}

/**
 * The edit form: the same rules without New Workout's own date check (an exec may fix a past post),
 * and, given the workout as it was, the club's rule on moves: a start moved into the past, or earlier
 * than the posting rule allows, is marked on its field.
 */
export function workoutUpdateFormSchema(context?: EditContext) {
  return z.object(draftShape).superRefine((draft, ctx) => {
    addIssues(updateWorkoutSchema, updateBody(draft as WorkoutDraft), ctx);
    addBandIssue(draft as WorkoutDraft, ctx);
    if (!context?.timeZone) return;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(draft.workoutDate) || !/^\d{2}:\d{2}$/.test(draft.workoutTime)) return;
    const after = { date: draft.workoutDate, time: draft.workoutTime, place: draft.workoutLocation.trim() };
    const verdict = judgeEdit('workout', context.before, after, Date.now(), context.timeZone, clubDates(), context.posting);
    if (!verdict.allowed) {
      ctx.addIssue({ code: 'custom', path: [verdict.field === 'date' ? 'workoutDate' : 'workoutTime'], message: verdict.error });
    }
  });
}

type Checked<T> = { ok: true; body: T } | { ok: false; error: string };

function check<T>(schema: z.ZodType, draft: WorkoutDraft, contract: z.ZodType<T>, body: object): Checked<T> {
  const checked = checkWith(schema, draft);
  if (checked.problems) return { ok: false, error: checked.problems[0]!.message };
  return { ok: true, body: contract.parse(body) };
}

/** The body to send for a valid New Workout draft, or the first problem. */
export function checkNewWorkout(
  draft: NewWorkoutDraft,
  clock: FormClock | null,
  terms: readonly TermDefinition[],
  rules: RuleNumbers = clubRules(),
): Checked<NewWorkout> {
  return check(newWorkoutFormSchema(clock, terms, rules), draft, createWorkoutSchema, { type: 'workout', ...newWorkoutBody(draft) });
}

/** The body to send for a valid edit, or the first problem. */
export function checkWorkoutUpdate(draft: WorkoutDraft, context?: EditContext): Checked<WorkoutUpdate> {
  return check(workoutUpdateFormSchema(context), draft, updateWorkoutSchema, updateBody(draft));
}

/** A server refusal of one of the draft's fields (`field` in its answer), to show beside it. */
export function refusedField(err: unknown): { field: keyof WorkoutDraft; message: string } | null {
  const refusal = fieldRefusal(err);
  return refusal && refusal.field in EMPTY_WORKOUT ? { field: refusal.field as keyof WorkoutDraft, message: refusal.message } : null;
}

interface FieldsProps {
  form: UseFormReturn<WorkoutDraft>;
  /** The earliest date the date picker offers (new workouts: the first the posting rule allows). */
  minDate?: string;
  /** Said under the date until the date has a problem of its own (New Workout: the posting rule). */
  dateHint?: string;
  autoFocus?: boolean;
}

/** The inputs of a workout, shared by New Workout and the inline edit of a card or the detail page. */
export function WorkoutFields({ form, minDate, dateHint, autoFocus }: FieldsProps) {
  const id = useId();
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const content = watch('content');
  const type = watch('workoutType');
  const sports = useClubSports();
  // A retired type is offered only to the workout that already has it (an edit may keep it).
  const types = offeredTypes(sports, form.formState.defaultValues?.workoutType);
  const over = content.length > CONTENT_MAX;
  return (
    <>
      <FormField label="Title" error={errors.title?.message}>
        {(field) => <input {...field} maxLength={TITLE_MAX} required data-autofocus={autoFocus || undefined} {...register('title')} />}
      </FormField>
      <div className="forum-form-row">
        <FormField label="Workout type" error={errors.workoutType?.message}>
          {(field) => (
            <select {...field} {...register('workoutType')}>
              {types.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.retired ? `${t.name} (retired)` : t.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField
          label="Capacity"
          error={errors.capacity?.message}
          hint={
            <>
              Optional, {CAPACITY_MIN}–{CAPACITY_MAX}. Empty means unlimited.
            </>
          }
        >
          {(field) => (
            <input
              {...field}
              type="number"
              inputMode="numeric"
              min={CAPACITY_MIN}
              max={CAPACITY_MAX}
              step={1}
              placeholder="Unlimited"
              {...register('capacity')}
            />
          )}
        </FormField>
      </div>
      <FormField label="Date" error={errors.workoutDate?.message} hint={errors.workoutDate ? undefined : dateHint}>
        {(field) => <input {...field} type="date" min={minDate} required {...register('workoutDate')} />}
      </FormField>
      <div className="forum-form-row">
        <FormField label="Time" error={errors.workoutTime?.message}>
          {(field) => <input {...field} type="time" required {...register('workoutTime')} />}
        </FormField>
        <FormField
          label="End time (optional)"
          error={errors.workoutEndTime?.message}
          hint={`Leave empty for the usual ${formatDuration(usualMinutes(sports, type))} (${typeName(sports, type)}).`}
        >
          {(field) => <input {...field} type="time" {...register('workoutEndTime')} />}
        </FormField>
      </div>
      <FormField label="Place (optional)" error={errors.workoutLocation?.message}>
        {(field) => <input {...field} maxLength={LOCATION_MAX} autoComplete="off" {...register('workoutLocation')} />}
      </FormField>
      <FormField
        label="Description"
        error={errors.content?.message}
        describedBy={`${id}-content-count`}
        extra={<CharCounter id={`${id}-content-count`} value={content} max={CONTENT_MAX} />}
      >
        {(field) => <textarea {...field} aria-invalid={field['aria-invalid'] || over || undefined} required {...register('content')} />}
      </FormField>
      <LanesEditor form={form} error={lanesError(errors)} />
    </>
  );
}

/** The first problem of any lane, for the lanes' fieldset. */
function lanesError(errors: UseFormReturn<WorkoutDraft>['formState']['errors']): string | undefined {
  const lanes = errors.lanes as unknown;
  if (!lanes) return undefined;
  const find = (node: unknown): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string') return message;
    for (const value of Object.values(node)) {
      const found = find(value);
      if (found) return found;
    }
    return undefined;
  };
  return find(lanes);
}

/** What a saved edit says, where the workout is shown: the series' later workouts named when they changed too. */
export function savedText(scope: SeriesScope): string {
  return scope === 'following' ? 'Changes saved for this workout and the following ones of the series.' : 'Changes saved.';
}

/**
 * Edit Workout, in the same sheet as New Workout (card or detail page): Save changes and Cancel;
 * input is kept on error. `onSaved` gets the saved workout and what to confirm to the member.
 */
export function EditWorkoutForm({
  workout,
  onSaved,
  onCancel,
}: {
  workout: WorkoutPost;
  onSaved: (post: WorkoutPost, confirmation: string) => void;
  onCancel: () => void;
}) {
  const [error, setError] = useState('');
  const timeZone = useClubTimeZone();
  const context: EditContext = { before: slotOf(workout), timeZone, posting: useClubRules() };
  const form = useContractForm<WorkoutDraft>(workoutUpdateFormSchema(context), { defaultValues: draftFromWorkout(workout) });
  const {
    handleSubmit,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const problem = error || errors.root?.message;
  const update = useUpdateWorkoutMutation();
  const [scope, setScope] = useState<SeriesScope>('this');
  const scopeName = useId();

  const submit = handleSubmit(async (draft) => {
    const checked = checkWorkoutUpdate(draft, context);
    if (!checked.ok) return;
    setError('');
    try {
      const post = await update.mutateAsync({ id: workout.id, body: checked.body, scope });
      onSaved(post, savedText(scope));
    } catch (err) {
      // A refusal about one field (a start that has passed) goes next to that field.
      const refused = refusedField(err);
      if (refused) form.setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
      else setError(errorMessage(err, 'Failed to update workout'));
    }
  });

  // The sheet asks before typed changes are thrown away (Back, ×, Cancel, a link, a reload).
  return (
    <Modal dirty={isDirty && !isSubmitting} title="Edit Workout" onClose={isSubmitting ? undefined : onCancel}>
      <form className="form forum-edit" onSubmit={submit} noValidate aria-label={`Edit ${workout.title || 'workout'}`}>
        <WorkoutFields form={form} autoFocus />
        {workout.series_id && (
          <fieldset className="forum-scope">
            <legend>This workout repeats weekly. Save the changes for</legend>
            <label>
              <input type="radio" name={scopeName} checked={scope === 'this'} onChange={() => setScope('this')} /> This workout
            </label>
            <label>
              <input type="radio" name={scopeName} checked={scope === 'following'} onChange={() => setScope('following')} /> This and
              the following (each keeps its own date)
            </label>
          </fieldset>
        )}
        {problem && <ErrorMessage>{problem}</ErrorMessage>}
        <FormFooter submitLabel="Save changes" busy={isSubmitting} />
      </form>
    </Modal>
  );
}
