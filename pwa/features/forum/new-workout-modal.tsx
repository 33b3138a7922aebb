import { useState, type FormEvent } from 'react';
import { addDays } from '../../../api/contract/dates';
import type { WorkoutPost } from '../../../api/contract/forum';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/api-client';
import { localToday } from '../../lib/format';
import { useCreatePostMutation } from './api/forum-queries';
import { EMPTY_WORKOUT, WorkoutFields, checkNewWorkout } from './workout-form';

/** New Workout (exec and above): validated with the shared schema; the input stays on any error. */
export function NewWorkoutModal({ onClose, onCreated }: { onClose: () => void; onCreated: (post: WorkoutPost) => void }) {
  const [draft, setDraft] = useState(EMPTY_WORKOUT);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const create = useCreatePostMutation('workout');
  const today = localToday();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = checkNewWorkout(draft, localToday());
    if (!checked.ok) return setError(checked.error);
    setBusy(true);
    setError('');
    try {
      const post = await create.mutateAsync(checked.body);
      onCreated(post);
    } catch (err) {
      setError(errorMessage(err, 'Failed to create workout'));
      setBusy(false);
    }
  }

  return (
    <Modal title="New Workout" onClose={busy ? undefined : onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <WorkoutFields draft={draft} onChange={setDraft} minDate={addDays(today, 1)} autoFocus />
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <div className="actions">
          <button type="button" className="button" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? 'Posting…' : 'Post Workout'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
