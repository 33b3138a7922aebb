import { useMemo, useState } from 'react';
import type { FieldError } from 'react-hook-form';
import { addDays } from '../../../domain/calendar-days';
import type { PollPlaceKind } from '../../../domain/contract/club/polls';
import { latestPollDate, pollSchema, type NewPoll } from '../../../domain/contract/club/polls-schemas';
import { POLL_DEFAULT_CLOSING_TIME, POLL_DEFAULT_DAYS, POLL_OPTION_MAX, POLL_OPTIONS_MAX, POLL_OPTIONS_MIN, POLL_QUESTION_MAX } from '../../../domain/people/polls';
import { FormField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { useClubToday } from '../../lib/club/club-clock';
import { useContractForm } from '../../lib/forms/forms';
import { showRefusal } from '../../lib/forms/server-refusal';
import { usePostPollMutation } from './api/poll-mutations';

type Fields = Omit<NewPoll, 'options'> & { options: string[] };

const PLACE_WORDS: Record<PollPlaceKind, string> = {
  home: 'Shown on Home with the club’s announcements.',
  workout: 'Shown on this workout’s page.',
  event: 'Shown on this event’s page.',
  race: 'Shown on this race’s page.',
};

/** An exec's form to post a poll where it was opened (Home, or a workout's, event's or race's page). */
export function PollForm({ place, placeId, onClose }: { place: PollPlaceKind; placeId: number | null; onClose: () => void }) {
  const today = useClubToday();
  const post = usePostPollMutation();
  const [error, setError] = useState('');
  const [count, setCount] = useState(POLL_OPTIONS_MIN);
  // The closing day is checked against the club's today: until the device knows it, nothing is sent.
  const schema = useMemo(() => pollSchema(today ?? ''), [today]);
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    setValue,
    setError: setFieldError,
    formState: { errors },
  } = useContractForm<Fields>(schema, {
    defaultValues: {
      question: '',
      kind: 'choice',
      options: ['', ''],
      multiple: false,
      anonymous: false,
      resultsShown: 'after_answer',
      closesDate: today ? addDays(today, POLL_DEFAULT_DAYS) : '',
      closesTime: POLL_DEFAULT_CLOSING_TIME,
      place,
      placeId,
    },
  });
  const dates = watch('kind') === 'date';

  const removeOption = (i: number) => {
    const options = getValues('options').filter((_, j) => j !== i);
    setValue('options', options);
    setCount((n) => n - 1);
  };

  const submit = handleSubmit((values) => {
    setError('');
    post.mutate(values, {
      onSuccess: onClose,
      onError: (err) =>
        setError(showRefusal(setFieldError, err, 'Could not post the poll', ['question', 'options', 'closesDate', 'closesTime', 'placeId']) ?? ''),
    });
  });
  const optionsError = (errors.options as FieldError | undefined)?.message ?? errors.options?.root?.message;

  return (
    <Modal title="Post a poll" onClose={onClose}>
      <form onSubmit={(e) => (today ? void submit(e) : e.preventDefault())} noValidate className="poll-form">
        <p>{PLACE_WORDS[place]} Members answer until it closes.</p>
        <FormField label="Question" error={errors.question?.message} hint={`At most ${POLL_QUESTION_MAX} characters`}>
          {(control) => <input {...control} data-autofocus maxLength={POLL_QUESTION_MAX} {...register('question')} />}
        </FormField>
        <FormField label="Kind of options">
          {(control) => (
            <select {...control} {...register('kind')}>
              <option value="choice">Words</option>
              <option value="date">Dates and times</option>
            </select>
          )}
        </FormField>
        <fieldset className="poll__options-list">
          <legend>
            Options ({POLL_OPTIONS_MIN} to {POLL_OPTIONS_MAX})
          </legend>
          {Array.from({ length: count }, (_, i) => (
            <div key={i} className="poll__option-row">
              <FormField label={`Option ${i + 1}`}>
                {(control) => (
                  <input
                    {...control}
                    type={dates ? 'datetime-local' : 'text'}
                    maxLength={dates ? undefined : POLL_OPTION_MAX}
                    aria-describedby={optionsError ? 'poll-options-error' : undefined}
                    {...register(`options.${i}`)}
                  />
                )}
              </FormField>
              {count > POLL_OPTIONS_MIN && (
                <button type="button" className="button button--small" onClick={() => removeOption(i)}>
                  Remove<span className="visually-hidden"> option {i + 1}</span>
                </button>
              )}
            </div>
          ))}
          {count < POLL_OPTIONS_MAX && (
            <button type="button" className="button button--small" onClick={() => setCount((n) => n + 1)}>
              Add an option
            </button>
          )}
          {optionsError && (
            <p id="poll-options-error" className="field-error">
              {optionsError}
            </p>
          )}
          {dates && <p className="field-hint">Dates and times are the club’s.</p>}
        </fieldset>
        <label className="checkbox">
          <input type="checkbox" {...register('multiple')} /> Members may choose several options
        </label>
        <label className="checkbox">
          <input type="checkbox" {...register('anonymous')} /> Anonymous: the club sees only who answered, never who chose what (an answer
          cannot then be changed)
        </label>
        <FormField label="Results show">
          {(control) => (
            <select {...control} {...register('resultsShown')}>
              <option value="live">At once, as answers come in</option>
              <option value="after_answer">To each member once they have answered</option>
              <option value="after_close">When the poll closes</option>
            </select>
          )}
        </FormField>
        <FormField label="Closing day" error={errors.closesDate?.message}>
          {(control) => <input {...control} type="date" min={today ?? undefined} max={today ? latestPollDate(today) : undefined} {...register('closesDate')} />}
        </FormField>
        <FormField label="Closing time" error={errors.closesTime?.message} hint="On the club’s clock">
          {(control) => <input {...control} type="time" {...register('closesTime')} />}
        </FormField>
        {(error || errors.placeId?.message || errors.root?.message) && <ErrorMessage>{error || errors.placeId?.message || errors.root?.message}</ErrorMessage>}
        <FormFooter submitLabel="Post poll" busy={post.isPending} busyLabel="Posting…" disabled={!today} />
      </form>
    </Modal>
  );
}
