import { useId, useState } from 'react';
import { z } from 'zod';
import { addDays } from '../../../../domain/clock';
import {
  CONTENT_MAX,
  FUTURE_EVENT_ERROR,
  LOCATION_MAX,
  TITLE_MAX,
  isFutureDate,
  type EventPost,
} from '../../../../domain/contract/training/forum';
import { createEventSchema, type NewEvent } from '../../../../domain/contract/training/forum-schemas';
import { FormField } from '../../../components/form-field';
import { FormFooter } from '../../../components/form-footer';
import { Modal } from '../../../components/modal';
import { ErrorMessage } from '../../../components/status';
import { showRefusal } from '../../../lib/forms/server-refusal';
import type { Currency } from '../../../../domain/payments/money';
import { clubCurrency } from '../../../lib/club/club-currency';
import { amountHint, typedFee } from '../../../lib/forms/money-input';
import { useClubToday } from '../../../lib/club/club-clock';
import { addIssues, useContractForm } from '../../../lib/forms/forms';
import { checkWith } from '../../../lib/forms/problems';
import { useCreatePostMutation } from '../api/forum-mutations';
import { CharCounter } from '../common/post-parts';
import { formatDuration } from '../../../../domain/region/club-format';
import { EVENT_MINUTES } from '../../../../domain/durations';

export interface EventDraft {
  title: string;
  eventDate: string;
  eventTime?: string;
  eventEndTime?: string;
  eventLocation?: string;
  content: string;
  /** The fee as typed in the club's money; empty: free. */
  feeCents?: string;
}

/**
 * The New Event form as a schema: the contract's rules, each on its field, then the strictly
 * future date on the club's clock (`today`; null while the clock is unknown, the server checks anyway).
 */
export function newEventFormSchema(today: string | null, currency: Currency = clubCurrency()) {
  return z
    .object({
      title: z.string(),
      eventDate: z.string(),
      eventTime: z.string().optional(),
      eventEndTime: z.string().optional(),
      eventLocation: z.string().optional(),
      content: z.string(),
      feeCents: z.string().optional(),
    })
    .superRefine((draft, ctx) => {
      const feeCents = typedFee(draft.feeCents ?? '', currency);
      if (feeCents === null) ctx.addIssue({ code: 'custom', path: ['feeCents'], message: amountHint('fee', 2500, currency) });
      addIssues(createEventSchema, { type: 'event', ...draft, feeCents: feeCents ?? 0 }, ctx);
      if (
        today !== null &&
        /^\d{4}-\d{2}-\d{2}$/.test(draft.eventDate) &&
        !isFutureDate(draft.eventDate, today)
      ) {
        ctx.addIssue({ code: 'custom', path: ['eventDate'], message: FUTURE_EVENT_ERROR });
      }
    });
}

/** The body to send for a valid New Event draft, or the first problem. */
export function checkNewEvent(
  draft: EventDraft,
  today: string | null,
): { ok: true; body: NewEvent } | { ok: false; error: string } {
  const currency = clubCurrency();
  const checked = checkWith(newEventFormSchema(today, currency), draft);
  if (checked.problems) return { ok: false, error: checked.problems[0]!.message };
  const { eventTime, eventEndTime, eventLocation, feeCents, ...rest } = createEventSchema.parse({ type: 'event', ...draft, feeCents: typedFee(draft.feeCents ?? '', currency) ?? 0 });
  // Time, end time, place and fee are optional: left empty, they are not sent at all.
  return {
    ok: true,
    body: {
      ...rest,
      ...(eventTime && { eventTime }),
      ...(eventEndTime && { eventEndTime }),
      ...(eventLocation && { eventLocation }),
      ...(feeCents && { feeCents }),
    } as NewEvent,
  };
}

export function NewEventModal({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (post: EventPost) => void;
}) {
  const id = useId();
  const today = useClubToday();
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    watch,
    setError: setFieldError,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm<EventDraft>(newEventFormSchema(today), {
    defaultValues: { title: '', eventDate: '', eventTime: '', eventEndTime: '', eventLocation: '', content: '', feeCents: '' },
  });
  const content = watch('content');
  const create = useCreatePostMutation('event');

  const submit = handleSubmit(async (draft) => {
    const checked = checkNewEvent(draft, today);
    if (!checked.ok) return;
    setError('');
    try {
      const post = await create.mutateAsync(checked.body);
      onCreated(post);
    } catch (err) {
      setError(showRefusal(setFieldError, err, 'Failed to create event', ['feeCents']) ?? '');
    }
  });

  const problem = error || errors.root?.message;
  return (
    <Modal dirty={isDirty && !isSubmitting} title="New Event" onClose={isSubmitting ? undefined : onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <FormField label="Title" error={errors.title?.message}>
          {(field) => (
            <input {...field} maxLength={TITLE_MAX} required data-autofocus {...register('title')} />
          )}
        </FormField>
        <FormField label="Date" error={errors.eventDate?.message}>
          {(field) => (
            <input
              {...field}
              type="date"
              min={today ? addDays(today, 1) : undefined}
              required
              {...register('eventDate')}
            />
          )}
        </FormField>
        <div className="forum-form-row">
          <FormField label="Time (optional)" error={errors.eventTime?.message} hint="Empty: all day.">
            {(field) => <input {...field} type="time" {...register('eventTime')} />}
          </FormField>
          <FormField
            label="End time (optional)"
            error={errors.eventEndTime?.message}
            hint={`Leave empty for the usual ${formatDuration(EVENT_MINUTES)}.`}
          >
            {(field) => <input {...field} type="time" {...register('eventEndTime')} />}
          </FormField>
        </div>
        <FormField label="Place (optional)" error={errors.eventLocation?.message}>
          {(field) => (
            <input {...field} maxLength={LOCATION_MAX} autoComplete="off" {...register('eventLocation')} />
          )}
        </FormField>
        <FormField label="Fee (optional)" error={errors.feeCents?.message} hint={`What each member going pays the club, in ${clubCurrency()}; leave it empty for a free event.`}>
          {(field) => <input {...field} inputMode="decimal" autoComplete="off" {...register('feeCents')} />}
        </FormField>
        <FormField
          label="Details"
          error={errors.content?.message}
          describedBy={`${id}-count`}
          extra={<CharCounter id={`${id}-count`} value={content} max={CONTENT_MAX} />}
        >
          {(field) => (
            <textarea
              {...field}
              aria-invalid={field['aria-invalid'] || content.length > CONTENT_MAX || undefined}
              required
              {...register('content')}
            />
          )}
        </FormField>
        {problem && <ErrorMessage>{problem}</ErrorMessage>}
        <FormFooter submitLabel="Post Event" busy={isSubmitting} busyLabel="Posting…" />
      </form>
    </Modal>
  );
}
