import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { formatDate, formatTime } from '../../lib/ui/format';
import type { WorkoutPost } from '../../../domain/contract/forum';
import { LATE_CANCEL_HOURS, RULE_TEXT } from '../../../domain/rules';
import { hoursUntil } from './workout-rules';

export const ABSENCE_WARNING = `Cancelling ${RULE_TEXT.lateWindow} before the workout counts as an absence. ${RULE_TEXT.suspension}`;

/** The cancel-signup warning: Keep Booking is the safe default. */
export function CancelSignupModal({
  workout,
  busy,
  error,
  onConfirm,
  onClose,
  now = Date.now(),
}: {
  workout: WorkoutPost;
  busy: boolean;
  error: string;
  onConfirm: () => void;
  onClose: () => void;
  now?: number;
}) {
  const hours = hoursUntil(workout.workout_date, workout.workout_time, now);
  const soon = hours !== null && hours >= 0 && hours < LATE_CANCEL_HOURS;
  return (
    <Modal
      title="Cancel Signup?"
      onClose={busy ? undefined : onClose}
      footer={
        <div className="actions forum-modal-actions">
          <button type="button" className="button" onClick={onClose} disabled={busy} data-autofocus>
            Keep Booking
          </button>
          <button type="button" className="button button--danger" onClick={onConfirm} disabled={busy}>
            {busy ? 'Cancelling…' : 'Cancel Signup'}
          </button>
        </div>
      }
    >
      <p>
        You are signed up for <strong>{workout.title || 'Untitled Workout'}</strong> on {formatDate(workout.workout_date)} at{' '}
        {formatTime(workout.workout_time)}.
      </p>
      <div className="alert alert--warning forum-warning">
        {soon && (
          <p>
            <strong>{RULE_TEXT.lateCancelNow}</strong>
          </p>
        )}
        <p>{ABSENCE_WARNING}</p>
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </Modal>
  );
}
