import { useState } from 'react';
import { addDays } from '../../../api/contract/dates';
import type { WorkoutPost } from '../../../api/contract/forum';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/api-client';
import { useClubToday } from '../../lib/club-clock';
import { useContractForm } from '../../lib/forms';
import { EMPTY_WORKOUT, WorkoutFields, checkNewWorkout, newWorkoutFormSchema, type WorkoutDraft } from './workout-form';
import { useCreatePostMutation } from './api/forum-queries';

/** New Workout (exec and above): each field shows its own problem; the input stays on any error. */
export function NewWorkoutModal({ onClose, onCreated }: { onClose: () => void; onCreated: (post: WorkoutPost) => void }) {
  const [error, setError] = useState('');
  const today = useClubToday();
  const form = useContractForm<WorkoutDraft>(newWorkoutFormSchema(today), { defaultValues: EMPTY_WORKOUT });
  const {
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const create = useCreatePostMutation('workout');

  const submit = handleSubmit(async (draft) => {
    const checked = checkNewWorkout(draft, today);
    if (!checked.ok) return;
    setError('');
    try {
      const post = await create.mutateAsync(checked.body);
      onCreated(post);
    } catch (err) {
      setError(errorMessage(err, 'Failed to create workout'));
    }
  });

  const problem = error || errors.root?.message;
  return (
    <Modal title="New Workout" onClose={isSubmitting ? undefined : onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <WorkoutFields form={form} minDate={today ? addDays(today, 1) : undefined} autoFocus />
        {problem && <ErrorMessage>{problem}</ErrorMessage>}
        <div className="actions">
          <button type="button" className="button" onClick={onClose} disabled={isSubmitting}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? 'Posting…' : 'Post Workout'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
