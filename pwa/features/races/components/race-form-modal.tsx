import { useRef, useState, type FormEvent } from 'react';
import { firstIssue } from '../../../../api/contract/common';
import {
  RACE_DESCRIPTION_MAX,
  RACE_LOCATION_MAX,
  RACE_NAME_MAX,
  raceInputSchema,
  type RaceInput,
} from '../../../../api/contract/races';
import { Modal } from '../../../components/modal';
import { ErrorMessage } from '../../../components/status';
import { ApiError } from '../../../lib/api-client';

interface RaceFormModalProps {
  title: string;
  submitLabel: string;
  /** Shown when the server gives no reason of its own. */
  failure: string;
  initial?: RaceInput;
  /** Throws to report a failure; `idempotencyKey` stays the same while the input does. */
  onSubmit: (input: RaceInput, idempotencyKey: string) => Promise<void>;
  onClose: () => void;
}

const EMPTY: RaceInput = { name: '', date: '', location: '', description: '' };

/** Add New Race and Edit Race: the contract's schema checks the input before it is sent. */
export function RaceFormModal({ title, submitLabel, failure, initial = EMPTY, onSubmit, onClose }: RaceFormModalProps) {
  const [form, setForm] = useState<RaceInput>(initial);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A retry of the same input reuses its key, so a lost answer never adds the race twice.
  const key = useRef<string | null>(null);

  const set = (field: keyof RaceInput) => (e: { target: { value: string } }) => {
    key.current = null;
    setForm((f) => ({ ...f, [field]: e.target.value }));
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const parsed = raceInputSchema.safeParse(form);
    if (!parsed.success) return setError(firstIssue(parsed.error));
    key.current ??= crypto.randomUUID();
    setBusy(true);
    try {
      await onSubmit(parsed.data, key.current);
    } catch (err) {
      setError(err instanceof ApiError && typeof err.body.error === 'string' ? err.body.error : failure);
      setBusy(false);
    }
  }

  return (
    <Modal title={title} onClose={busy ? undefined : onClose}>
      <form className="form race-form" onSubmit={submit} noValidate>
        <label className="field">
          <span>Race Name*</span>
          <input value={form.name} onChange={set('name')} maxLength={RACE_NAME_MAX} required autoComplete="off" data-autofocus />
        </label>
        <label className="field">
          <span>Race Date*</span>
          <input type="date" value={form.date} onChange={set('date')} required />
        </label>
        <label className="field">
          <span>Location</span>
          <input value={form.location} onChange={set('location')} maxLength={RACE_LOCATION_MAX} autoComplete="off" />
        </label>
        <label className="field">
          <span>Description</span>
          <textarea value={form.description} onChange={set('description')} maxLength={RACE_DESCRIPTION_MAX} rows={4} />
        </label>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <div className="actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </button>
        </div>
      </form>
    </Modal>
  );
}
