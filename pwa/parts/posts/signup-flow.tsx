import { useState, type ReactNode } from 'react';
import { useSignupWrites, type SignupWrites, type WorkoutPlace } from '../../lib/data/post-actions';
import { CancelSignupModal, type CancelledWorkout } from './cancel-signup-modal';

/** A workout's sign-up as any screen offers it: the member's place, and what the cancel warning names. */
export interface SignupTarget extends WorkoutPlace {
  workout: CancelledWorkout;
}

export interface SignupFlow extends Pick<SignupWrites, 'standing' | 'desired' | 'busy' | 'error' | 'notice'> {
  signUp: () => void;
  /** Opens the cancel warning; the cancel is sent from there. */
  askCancel: () => void;
  /** Takes the member's name off without the warning (a cancelled workout counts no absence). */
  takeNameOff: () => void;
  joinWaitlist: () => void;
  leaveWaitlist: () => void;
  /** The cancel warning while it is open. */
  modal: ReactNode;
}

/**
 * Sign up, cancel through the absence warning, join and leave the waitlist: the same steps on a
 * forum card, a workout's page and "my week".
 */
export function useSignupFlow(target: SignupTarget | undefined): SignupFlow {
  const writes = useSignupWrites(target);
  const [confirming, setConfirming] = useState(false);

  const modal =
    confirming && target ? (
      <CancelSignupModal
        workout={target.workout}
        busy={writes.busy}
        error={writes.error}
        onConfirm={() =>
          void writes.setSignedUp(false).then((sent) => {
            if (sent) setConfirming(false);
          })
        }
        onClose={() => {
          setConfirming(false);
          writes.clearError();
        }}
      />
    ) : null;

  return {
    standing: writes.standing,
    desired: writes.desired,
    busy: writes.busy,
    // While the warning is open its own copy of the error is the one on screen.
    error: confirming ? '' : writes.error,
    notice: writes.notice,
    signUp: () => void writes.setSignedUp(true),
    askCancel: () => {
      writes.clearError();
      setConfirming(true);
    },
    takeNameOff: () => void writes.setSignedUp(false),
    joinWaitlist: () => void writes.setWaitlisted(true),
    leaveWaitlist: () => void writes.setWaitlisted(false),
    modal,
  };
}
