import { useState } from 'react';
import { dutySchema, type NewDuty } from '../../../domain/contract/training/duties';
import { DUTY_PLACES_MAX, type DutyPlaceKind } from '../../../domain/people/duties';
import { FormField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { useContractForm } from '../../lib/forms/forms';
import { showRefusal } from '../../lib/forms/server-refusal';
import { useAddDutyMutation } from './api/duty-mutations';

/** An exec's form to add a duty to this workout, event or race: a kind from the club's list, how many people, who may take it. */
export function DutyForm({ place, placeId, kinds, onClose }: { place: DutyPlaceKind; placeId: number; kinds: string[]; onClose: () => void }) {
  const add = useAddDutyMutation();
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    watch,
    setError: setFieldError,
    formState: { errors },
  } = useContractForm<NewDuty>(dutySchema, {
    defaultValues: { place, placeId, kind: kinds[0] ?? '', places: 1, eligibility: 'members', qualification: null, series: false },
  });
  const submit = handleSubmit((values) => {
    setError('');
    add.mutate(values, {
      onSuccess: onClose,
      onError: (err) => setError(showRefusal(setFieldError, err, 'Could not add the duty', ['kind', 'places', 'qualification']) ?? ''),
    });
  });
  return (
    <Modal title="Add a duty" onClose={onClose}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormField label="Duty" error={errors.kind?.message}>
          {(control) => (
            <select {...control} data-autofocus {...register('kind')}>
              {kinds.map((k) => (
                <option key={k}>{k}</option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="People needed" error={errors.places?.message} hint={`1 to ${DUTY_PLACES_MAX}`}>
          {(control) => <input {...control} type="number" min={1} max={DUTY_PLACES_MAX} {...register('places', { valueAsNumber: true })} />}
        </FormField>
        <FormField label="Who may take it">
          {(control) => (
            <select {...control} {...register('eligibility')}>
              <option value="members">Any member</option>
              <option value="execs">Execs only</option>
              <option value="qualified">Members with a qualification</option>
            </select>
          )}
        </FormField>
        {watch('eligibility') === 'qualified' && (
          <FormField label="Qualification" error={errors.qualification?.message} hint="As members state it on their profile, e.g. NLS lifeguard">
            {(control) => <input {...control} {...register('qualification')} />}
          </FormField>
        )}
        {place === 'workout' && (
          <label className="checkbox">
            <input type="checkbox" {...register('series')} /> Also on every later workout of its weekly series
          </label>
        )}
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <FormFooter submitLabel="Add duty" busy={add.isPending} busyLabel="Adding…" />
      </form>
    </Modal>
  );
}
