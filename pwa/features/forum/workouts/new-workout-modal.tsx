import { useEffect, useId, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { isCalendarDate, weekdayOf } from '../../../../domain/clock';
import { earliestPostingDate } from '../../../../domain/moves';
import { WEEKDAY_NAMES, type WorkoutPost } from '../../../../domain/contract/training/forum';
import { termOfDate } from '../../../../domain/calendar';
import { useClubTerms } from '../../../lib/club/club-terms';
import { Modal } from '../../../components/modal';
import { FormField } from '../../../components/form-field';
import { FormFooter } from '../../../components/form-footer';
import { ErrorMessage } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { useClubTimeZone } from '../../../lib/club/club-clock';
import { useClubRules, useRuleText } from '../../../lib/club/club-rules';
import { useContractForm } from '../../../lib/forms/forms';
import {
  EMPTY_NEW_WORKOUT,
  WorkoutFields,
  checkNewWorkout,
  newWorkoutFormSchema,
  refusedField,
  type FormClock,
  type NewWorkoutDraft,
  type WorkoutDraft,
} from './workout-form';
import { defaultTypeId } from '../../../../domain/sports';
import { useClubSports } from '../../../lib/club/club-sports';
import { useCreatePostMutation } from '../api/forum-mutations';

// Monday first, as a club's week is read; the values stay JavaScript's day numbers (0 Sunday).
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0];

/** "Repeat weekly": the weekdays and the last date; the first date is the workout's Date field. */
function RepeatFields({ form }: { form: UseFormReturn<NewWorkoutDraft> }) {
  const id = useId();
  const {
    register,
    watch,
    setValue,
    formState: { errors },
  } = form;
  const on = watch('repeatOn');
  const first = watch('workoutDate');
  const terms = useClubTerms();
  const term = /^\d{4}-\d{2}-\d{2}$/.test(first) ? termOfDate(terms, first) : null;
  const weekdaysError = errors.repeat?.weekdays?.message;
  // The first date's weekday is ticked, and follows the date, until the exec ticks or unticks a day.
  const chosenByHand = useRef(false);
  useEffect(() => {
    if (on && !chosenByHand.current && isCalendarDate(first)) setValue('repeat.weekdays', [String(weekdayOf(first))]);
  }, [on, first, setValue]);
  const weekdays = register('repeat.weekdays', {
    onChange: () => {
      chosenByHand.current = true;
    },
  });
  return (
    <div className="forum-repeat">
      <label className="checkbox-line">
        <input type="checkbox" {...register('repeatOn')} /> Repeat weekly
      </label>
      {on && (
        <>
          <fieldset
            className="forum-weekdays"
            aria-invalid={weekdaysError ? true : undefined}
            aria-describedby={weekdaysError ? `${id}-weekdays-error` : undefined}
          >
            <legend>On</legend>
            {WEEK_ORDER.map((day) => (
              <label key={day} className="forum-weekday">
                <input type="checkbox" value={String(day)} {...weekdays} />
                <span>{WEEKDAY_NAMES[day]!.slice(0, 3)}</span>
              </label>
            ))}
            {weekdaysError && (
              <p id={`${id}-weekdays-error`} className="field-error">
                {weekdaysError}
              </p>
            )}
          </fieldset>
          <FormField
            label="Until"
            error={errors.repeat?.until?.message}
            hint={
              term
                ? `One workout on each chosen day from the date above. A series stays within one term (${term.label} ends on ${term.end}).`
                : 'One workout on each chosen day from the date above, within one term.'
            }
          >
            {(field) => <input {...field} type="date" min={first || undefined} max={term?.end} {...register('repeat.until')} />}
          </FormField>
        </>
      )}
    </div>
  );
}

/** New Workout (exec and above): each field shows its own problem; the input stays on any error. */
export function NewWorkoutModal({ onClose, onCreated }: { onClose: () => void; onCreated: (post: WorkoutPost) => void }) {
  const [error, setError] = useState('');
  const timeZone = useClubTimeZone();
  // The club's clock read when a check runs, not when the form opened: the posting rule may count minutes.
  const clock: FormClock | null = timeZone
    ? {
        get now() {
          return Date.now();
        },
        timeZone,
      }
    : null;
  const rules = useClubRules();
  const postingRule = useRuleText().postingRule;
  const terms = useClubTerms();
  const sports = useClubSports();
  const form = useContractForm<NewWorkoutDraft>(newWorkoutFormSchema(clock, terms, rules), {
    defaultValues: { ...EMPTY_NEW_WORKOUT, workoutType: defaultTypeId(sports) },
  });
  const {
    handleSubmit,
    watch,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const create = useCreatePostMutation('workout');
  const repeating = watch('repeatOn');

  const submit = handleSubmit(async (draft) => {
    const checked = checkNewWorkout(draft, clock, terms, rules);
    if (!checked.ok) return;
    setError('');
    try {
      const post = await create.mutateAsync(checked.body);
      onCreated(post);
    } catch (err) {
      // A refusal about one field (a start sooner than the club's posting rule allows) goes next to it.
      const refused = refusedField(err);
      if (refused) form.setError(refused.field, { type: 'server', message: refused.message }, { shouldFocus: true });
      else setError(errorMessage(err, 'Failed to create workout'));
    }
  });

  const problem = error || errors.root?.message;
  return (
    <Modal dirty={isDirty && !isSubmitting} title="New Workout" onClose={isSubmitting ? undefined : onClose}>
      <form className="form" onSubmit={submit} noValidate>
        {/* The shared inputs read only the workout's own fields of this form. */}
        <WorkoutFields
          form={form as unknown as UseFormReturn<WorkoutDraft>}
          minDate={timeZone ? earliestPostingDate(rules, Date.now(), timeZone) : undefined}
          dateHint={postingRule}
          autoFocus
        />
        <RepeatFields form={form} />
        {problem && <ErrorMessage>{problem}</ErrorMessage>}
        <FormFooter submitLabel={repeating ? 'Post Workouts' : 'Post Workout'} busy={isSubmitting} busyLabel="Posting…" />
      </form>
    </Modal>
  );
}
