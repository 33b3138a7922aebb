import { useState, type ReactNode } from 'react';
import type { SignupAnswer, WaitlistAnswer, WorkoutPost } from '../../../domain/contract/forum';
import { ApiError } from '../../lib/data/api-client';
import { pendingFor, performWrite, usePendingWrites } from '../../lib/offline/perform-write';
import { formatDateTime } from '../../lib/ui/format';
import { useSession } from '../../lib/session/session';
import { CancelSignupModal } from './cancel-signup-modal';
import { workoutView, type DesiredSignup, type WorkoutView } from './workout-rules';
import { lateCancelCountedText } from '../../../domain/rules';

/** 'Error: {server message}', or the screen's fallback when the server gave none. */
export function signupErrorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.message ? `Error: ${err.message}` : fallback;
}

export function absenceNotice(answer: SignupAnswer): string {
  if (!answer.absenceCounted) return '';
  const count = answer.absences ?? 1;
  let text = lateCancelCountedText(count);
  if (answer.suspendedUntil) text += ` Workout sign-ups are suspended until ${formatDateTime(answer.suspendedUntil)}.`;
  return text;
}

export interface SignupActions {
  view: WorkoutView | undefined;
  busy: boolean;
  error: string;
  notice: string;
  signUp: () => void;
  askCancel: () => void;
  joinWaitlist: () => void;
  leaveWaitlist: () => void;
  /** The cancel-signup modal when it is open. */
  modal: ReactNode;
}

/**
 * Sign up, cancel (through the warning modal), join and leave the waitlist for one workout, through
 * performWrite so they work offline. `patch` applies the server's answer at once; `reload` then
 * fetches the truth (counts, the roster, anyone promoted).
 */
export function useSignupActions(
  workout: WorkoutPost | undefined,
  patch: (id: number, change: Partial<WorkoutPost>) => void,
  reload: () => void,
): SignupActions {
  const pending = usePendingWrites();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const [confirming, setConfirming] = useState(false);

  // A choice queued on this device shows at once: the outbox lists it before performWrite resolves.
  const desired: DesiredSignup = {};
  if (workout) {
    const signup = pendingFor(pending, 'workout-signup', workout.id);
    const waitlist = pendingFor(pending, 'waitlist', workout.id);
    if (signup) desired.signedUp = signup.signedUp;
    if (waitlist) desired.joined = waitlist.joined;
  }
  const view = workout ? workoutView(workout, desired) : undefined;

  async function signup(signedUp: boolean) {
    if (!workout || !view) return;
    setBusy(true);
    setError('');
    setNotice('');
    try {
      const result = await performWrite({ kind: 'workout-signup', workoutId: workout.id, signedUp });
      if (result.status === 'done') {
        const now = result.answer.signedUp;
        patch(workout.id, {
          isSignedUp: now,
          signupCount: Math.max(0, workout.signupCount + (now === workout.isSignedUp ? 0 : now ? 1 : -1)),
          waitlistPosition: now ? null : workout.waitlistPosition,
        });
        setNotice(absenceNotice(result.answer));
        // The absence count and any suspension live on the user: show them everywhere at once.
        if (result.answer.absenceCounted) void session.refresh();
        reload();
      }
      setConfirming(false);
    } catch (err) {
      setError(signupErrorText(err, signedUp ? 'Error updating signup' : 'Error canceling signup'));
      // A refusal usually means the list moved on (someone took the last spot): show the real state.
      if (err instanceof ApiError && err.status === 409) reload();
    } finally {
      setBusy(false);
    }
  }

  async function waitlist(joined: boolean) {
    if (!workout) return;
    setBusy(true);
    setError('');
    setNotice('');
    try {
      const result = await performWrite({ kind: 'waitlist', workoutId: workout.id, joined });
      if (result.status === 'done') {
        const answer: WaitlistAnswer = result.answer;
        const was = workout.waitlistPosition !== null;
        patch(workout.id, {
          waitlistPosition: answer.onWaitlist ? answer.position : null,
          waitlistCount: Math.max(0, workout.waitlistCount + (answer.onWaitlist === was ? 0 : answer.onWaitlist ? 1 : -1)),
        });
        reload();
      }
    } catch (err) {
      setError(signupErrorText(err, joined ? 'Error joining waitlist' : 'Error leaving waitlist'));
      if (err instanceof ApiError && err.status === 409) reload();
    } finally {
      setBusy(false);
    }
  }

  const modal =
    confirming && workout ? (
      <CancelSignupModal
        workout={workout}
        busy={busy}
        error={error}
        onConfirm={() => void signup(false)}
        onClose={() => {
          setConfirming(false);
          setError('');
        }}
      />
    ) : null;

  return {
    view,
    busy,
    // While the modal is open its own copy of the error is the one on screen.
    error: confirming ? '' : error,
    notice,
    signUp: () => void signup(true),
    askCancel: () => {
      setError('');
      setConfirming(true);
    },
    joinWaitlist: () => void waitlist(true),
    leaveWaitlist: () => void waitlist(false),
    modal,
  };
}
