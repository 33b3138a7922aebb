import { useRef, useState } from 'react';
import { z } from 'zod';
import {
  RACE_DESCRIPTION_MAX,
  RACE_LOCATION_MAX,
  RACE_NAME_MAX,
  raceInputSchema,
  type RaceInput,
} from '../../../../domain/contract/training/races';
import { DEFAULT_RACE_LEGS } from '../../../../domain/races/race-results';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { ErrorMessage } from '../../../components/status';
import { addIssues, useContractForm } from '../../../lib/forms/forms';
import { showRefusal } from '../../../lib/forms/server-refusal';
import { FormFooter } from '../../../components/form-footer';
import type { Currency } from '../../../../domain/payments/money';
import { clubCurrency } from '../../../lib/club/club-currency';
import { amountHint, editableFee, typedFee } from '../../../lib/forms/money-input';

interface RaceFormModalProps {
  title: string;
  submitLabel: string;
  /** Shown when the server gives no reason of its own. */
  failure: string;
  initial?: RaceInput;
  /** The currency of the fee: the race's own when it has one, else the club's. */
  currency?: Currency;
  /** Throws to report a failure; `idempotencyKey` stays the same while the input does. */
  onSubmit: (input: RaceInput, idempotencyKey: string) => Promise<void>;
  onClose: () => void;
}

/**
 * The form's fields: the distances and the legs are each typed as one line, "Sprint, Olympic, 70.3";
 * the entry fee as an amount in the club's language ('' for a free race).
 */
type RaceFormValues = Omit<RaceInput, 'distances' | 'legs' | 'feeCents'> & { distances: string; legs: string; feeCents: string };

const EMPTY: RaceInput = { name: '', date: '', location: '', description: '', distances: [], legs: [...DEFAULT_RACE_LEGS] };
const asInput = (v: RaceFormValues, currency: Currency) => ({ ...v, distances: v.distances.split(','), legs: v.legs.split(','), feeCents: typedFee(v.feeCents, currency) ?? 0 });
const raceFormSchema = (currency: Currency) =>
  z
    .object({ name: z.string(), date: z.string(), location: z.string(), description: z.string(), distances: z.string(), legs: z.string(), feeCents: z.string() })
    .superRefine((v, ctx) => {
      if (typedFee(v.feeCents, currency) === null) ctx.addIssue({ code: 'custom', path: ['feeCents'], message: amountHint('fee', 4500, currency) });
      addIssues(raceInputSchema, asInput(v, currency), ctx);
    });

/** Add New Race and Edit Race: the contract's schema checks the input, each field marked on its own. */
export function RaceFormModal({ title, submitLabel, failure, initial = EMPTY, currency = clubCurrency(), onSubmit, onClose }: RaceFormModalProps) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm<RaceFormValues>(raceFormSchema(currency), {
    defaultValues: { ...initial, distances: (initial.distances ?? []).join(', '), legs: (initial.legs ?? DEFAULT_RACE_LEGS).join(', '), feeCents: editableFee(initial.feeCents, currency) },
  });
  // A retry of the same input reuses its key, so a lost answer never adds the race twice.
  const key = useRef<string | null>(null);
  const sent = useRef<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setError(null);
    const input = raceInputSchema.parse(asInput(values, currency));
    const fingerprint = JSON.stringify(input);
    if (sent.current !== fingerprint) key.current = null;
    sent.current = fingerprint;
    key.current ??= crypto.randomUUID();
    try {
      await onSubmit(input, key.current);
    } catch (err) {
      setError(showRefusal(setFieldError, err, failure, ['name', 'date', 'location', 'description', 'distances', 'legs', 'feeCents']));
    }
  });

  const problem = error ?? errors.root?.message;
  return (
    <Modal dirty={isDirty && !isSubmitting} title={title} onClose={isSubmitting ? undefined : onClose}>
      <form className="form race-form" onSubmit={submit} noValidate>
        <FormField label="Race Name*" error={errors.name?.message}>
          {(field) => <input {...field} maxLength={RACE_NAME_MAX} required autoComplete="off" data-autofocus {...register('name')} />}
        </FormField>
        <FormField label="Race Date*" error={errors.date?.message}>
          {(field) => <input {...field} type="date" required {...register('date')} />}
        </FormField>
        <FormField label="Location" error={errors.location?.message}>
          {(field) => <input {...field} maxLength={RACE_LOCATION_MAX} autoComplete="off" {...register('location')} />}
        </FormField>
        <FormField label="Distances" hint="Separate them with commas, e.g. Sprint, Olympic, 70.3" error={errors.distances?.message}>
          {(field) => <input {...field} autoComplete="off" {...register('distances')} />}
        </FormField>
        <FormField
          label="Legs"
          hint="The splits a result gives, in race order, separated by commas: Swim, T1, Bike, T2, Run for a triathlon, Run, T1, Bike, T2, Run for a duathlon, Row for a regatta; empty for a finish time only"
          error={errors.legs?.message}
        >
          {(field) => <input {...field} autoComplete="off" {...register('legs')} />}
        </FormField>
        <FormField label="Entry fee" hint={`What each entrant pays the club, in ${currency}; leave it empty for a free race.`} error={errors.feeCents?.message}>
          {(field) => <input {...field} inputMode="decimal" autoComplete="off" {...register('feeCents')} />}
        </FormField>
        <FormField label="Description" error={errors.description?.message}>
          {(field) => <textarea {...field} maxLength={RACE_DESCRIPTION_MAX} rows={4} {...register('description')} />}
        </FormField>
        {problem && <ErrorMessage>{problem}</ErrorMessage>}
        <FormFooter submitLabel={submitLabel} busy={isSubmitting} />
      </form>
    </Modal>
  );
}
