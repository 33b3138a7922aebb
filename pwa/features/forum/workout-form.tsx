import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { firstIssue } from '../../../api/contract/common';
import {
  CAPACITY_MAX,
  CAPACITY_MIN,
  CONTENT_MAX,
  FUTURE_WORKOUT_ERROR,
  TITLE_MAX,
  WORKOUT_TYPES,
  createWorkoutSchema,
  isFutureDate,
  updateWorkoutSchema,
  type NewWorkout,
  type WorkoutPost,
  type WorkoutType,
  type WorkoutUpdate,
} from '../../../api/contract/forum';
import { ErrorMessage } from '../../components/status';
import { ApiError } from '../../lib/api-client';
import { useUpdateWorkoutMutation } from './api/forum-queries';
import { CharCounter } from './post-parts';
import { WORKOUT_TYPE_LABELS } from './workout-rules';

/** What the workout form holds while it is being typed: every field as text, as the inputs give it. */
export interface WorkoutDraft {
  title: string;
  workoutType: WorkoutType;
  workoutDate: string;
  workoutTime: string;
  content: string;
  capacity: string;
}

export const EMPTY_WORKOUT: WorkoutDraft = {
  title: '',
  workoutType: 'spin',
  workoutDate: '',
  workoutTime: '',
  content: '',
  capacity: '',
};

export function draftFromWorkout(w: WorkoutPost): WorkoutDraft {
  return {
    title: w.title,
    workoutType: w.workout_type,
    workoutDate: w.workout_date,
    workoutTime: w.workout_time,
    content: w.content,
    capacity: w.capacity === null ? '' : String(w.capacity),
  };
}

const capacityInput = (value: string) => (value.trim() === '' ? null : value.trim());

type Checked<T> = { ok: true; body: T } | { ok: false; error: string };

/** SPEC.md §5 New workout: the shared schema first, then the strictly-future date rule. */
export function checkNewWorkout(draft: WorkoutDraft, today: string): Checked<NewWorkout> {
  const parsed = createWorkoutSchema.safeParse({ type: 'workout', ...draft, capacity: capacityInput(draft.capacity) });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  if (!isFutureDate(parsed.data.workoutDate, today)) return { ok: false, error: FUTURE_WORKOUT_ERROR };
  return { ok: true, body: parsed.data };
}

/** SPEC.md §5 Edit workout: the same rules without the future-date check (an exec may fix a past post). */
export function checkWorkoutUpdate(draft: WorkoutDraft): Checked<WorkoutUpdate> {
  const parsed = updateWorkoutSchema.safeParse({ ...draft, capacity: capacityInput(draft.capacity) });
  if (!parsed.success) return { ok: false, error: firstIssue(parsed.error) };
  return { ok: true, body: parsed.data };
}

interface FieldsProps {
  draft: WorkoutDraft;
  onChange: (draft: WorkoutDraft) => void;
  /** The earliest date the date picker offers (new workouts: tomorrow). */
  minDate?: string;
  autoFocus?: boolean;
}

/** The inputs of a workout, shared by New Workout and the inline edit of a card or the detail page. */
export function WorkoutFields({ draft, onChange, minDate, autoFocus }: FieldsProps) {
  const id = useId();
  const set =
    <K extends keyof WorkoutDraft>(key: K) =>
    (e: { target: { value: string } }) =>
      onChange({ ...draft, [key]: e.target.value as WorkoutDraft[K] });
  const over = draft.content.length > CONTENT_MAX;
  return (
    <>
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          value={draft.title}
          onChange={set('title')}
          maxLength={TITLE_MAX}
          required
          data-autofocus={autoFocus || undefined}
        />
      </div>
      <div className="forum-form-row">
        <div className="field">
          <label htmlFor={`${id}-type`}>Workout type</label>
          <select id={`${id}-type`} value={draft.workoutType} onChange={set('workoutType')}>
            {WORKOUT_TYPES.map((t) => (
              <option key={t} value={t}>
                {WORKOUT_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-capacity`}>Capacity</label>
          <input
            id={`${id}-capacity`}
            type="number"
            inputMode="numeric"
            min={CAPACITY_MIN}
            max={CAPACITY_MAX}
            step={1}
            placeholder="Unlimited"
            value={draft.capacity}
            onChange={set('capacity')}
            aria-describedby={`${id}-capacity-hint`}
          />
          <p id={`${id}-capacity-hint`} className="field-hint">
            Optional, {CAPACITY_MIN}–{CAPACITY_MAX}. Empty means unlimited.
          </p>
        </div>
      </div>
      <div className="forum-form-row">
        <div className="field">
          <label htmlFor={`${id}-date`}>Date</label>
          <input id={`${id}-date`} type="date" value={draft.workoutDate} onChange={set('workoutDate')} min={minDate} required />
        </div>
        <div className="field">
          <label htmlFor={`${id}-time`}>Time</label>
          <input id={`${id}-time`} type="time" value={draft.workoutTime} onChange={set('workoutTime')} required />
        </div>
      </div>
      <div className="field">
        <label htmlFor={`${id}-content`}>Description</label>
        <textarea
          id={`${id}-content`}
          value={draft.content}
          onChange={set('content')}
          aria-describedby={`${id}-content-count`}
          aria-invalid={over || undefined}
          required
        />
        <CharCounter id={`${id}-content-count`} value={draft.content} max={CONTENT_MAX} />
      </div>
    </>
  );
}

/** The server's refusal, or the fallback when there is no message (SPEC.md §8 Update workout). */
export function updateErrorText(err: unknown): string {
  return err instanceof ApiError && err.message ? `Error updating workout: ${err.message}` : 'Failed to update workout';
}

/** Inline edit of a workout (card or detail page): Save Changes and Cancel; input is kept on error. */
export function EditWorkoutForm({
  workout,
  onSaved,
  onCancel,
}: {
  workout: WorkoutPost;
  onSaved: (post: WorkoutPost) => void;
  onCancel: () => void;
}) {
  const [draft, setDraft] = useState(() => draftFromWorkout(workout));
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const update = useUpdateWorkoutMutation();
  const formRef = useRef<HTMLFormElement>(null);

  // The card turned into a form under the user's finger: move focus into it so keyboard users follow.
  useEffect(() => {
    formRef.current?.querySelector('input')?.focus();
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkWorkoutUpdate(draft);
    if (!checked.ok) return setError(checked.error);
    setBusy(true);
    setError('');
    try {
      const post = await update.mutateAsync({ id: workout.id, body: checked.body });
      onSaved(post);
    } catch (err) {
      setError(updateErrorText(err));
      setBusy(false);
    }
  }

  return (
    <form ref={formRef} className="form forum-edit" onSubmit={submit} noValidate aria-label={`Edit ${workout.title || 'workout'}`}>
      <WorkoutFields draft={draft} onChange={setDraft} />
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div className="actions">
        <button type="button" className="button" onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save Changes'}
        </button>
      </div>
    </form>
  );
}
