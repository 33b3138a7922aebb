import { startInstant } from '../../../domain/clock';
import type { WorkoutPost } from '../../../domain/contract/training/forum';
import { insideLateCancelWindow } from '../../../domain/rules';
import { clubRules, useRuleText } from '../../lib/club/club-rules';
import { clubTimeZone } from '../../lib/club/club-zone';
import { formatDate, formatTime } from '../../lib/ui/format';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import './posts.css';

/** The workout a cancel is about, as the forum's posts and the week's items both have it. */
export type CancelledWorkout = Pick<WorkoutPost, 'title' | 'workout_date' | 'workout_time'>;

/**
 * True when the workout starts within the late-cancel window and has not started, on the club's clock
 * whatever zone the phone is set to; false while the phone does not know the club's zone (it claims
 * nothing and the server has the last word).
 */
export function startsWithinLateCancelWindow(workout: Pick<WorkoutPost, 'workout_date' | 'workout_time'>, now = Date.now()): boolean {
  const zone = clubTimeZone();
  return zone !== null && insideLateCancelWindow(clubRules(), startInstant(workout.workout_date, workout.workout_time, zone), now);
}

/**
 * The cancel-signup warning: Keep Booking is the safe default. "Less than 24 hours" is counted on the
 * club's clock (the server's rule), whatever zone the phone is set to; while the phone does not know
 * the club's zone it claims nothing and the server has the last word.
 */
export function CancelSignupModal({
  workout,
  busy,
  error,
  onConfirm,
  onClose,
  now = Date.now(),
}: {
  workout: CancelledWorkout;
  busy: boolean;
  error: string;
  onConfirm: () => void;
  onClose: () => void;
  now?: number;
}) {
  const soon = startsWithinLateCancelWindow(workout, now);
  const text = useRuleText();
  return (
    <Modal
      title="Cancel Signup?"
      onClose={busy ? undefined : onClose}
      footer={
        <div className="actions">
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
      {/* The rule once: for this workout when it applies now, else in general. */}
      <div className="alert alert--warning cancel-warning">
        {soon ? (
          <p>
            <strong>{text.lateCancelNow}</strong> {text.suspension}
          </p>
        ) : (
          <p>{`Cancelling ${text.lateWindow} before the workout counts as an absence. ${text.suspension}`}</p>
        )}
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </Modal>
  );
}
