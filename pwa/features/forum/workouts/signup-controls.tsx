import { useId } from 'react';
import { startsWithinLateCancelWindow } from '../../../parts/posts/cancel-signup-modal';
import { ErrorMessage, Notice } from '../../../components/status';
import { UnsyncedMark } from '../../../components/offline-note';
import { formatDateTime } from '../../../lib/ui/format';
import { useSession } from '../../../lib/session/session';
import type { SignupActions } from './use-signup-actions';
import { capacityText, waitlistPositionText, type WorkoutView } from '../common/workout-rules';
import { isSuspended } from '../../../../domain/rules';
import { useRuleText } from '../../../lib/club/club-rules';

/** Counts of a workout: signed up, capacity status, waitlist size and the caller's place on it. */
export function SignupStats({ view }: { view: WorkoutView }) {
  const capacity = view.workout.capacity;
  const position = waitlistPositionText(view.waitlistPosition);
  return (
    <div className="forum-stats">
      <p className="forum-stats__line">
        <span>
          <strong>{view.signupCount}</strong> signed up
        </span>
        <span>{capacityText(view.signupCount, capacity)}</span>
        {capacity !== null && (
          <span>
            <strong>{view.waitlistCount}</strong> on the waitlist
          </span>
        )}
      </p>
      {position && <p className="forum-position">You are {position}</p>}
    </div>
  );
}

/**
 * The sign-up buttons: Sign Up; Signed Up with Cancel; Full (disabled) with Join or
 * Leave Waitlist. Once the workout has started there is nothing to press: it says so, unless
 * `startedShown` (an exec's card, whose attendance action already stands in that place).
 */
export function SignupControls({
  actions,
  started,
  cancelled = false,
  startedShown = false,
}: {
  actions: SignupActions;
  started: boolean;
  cancelled?: boolean;
  startedShown?: boolean;
}) {
  const { view, busy } = actions;
  const { user } = useSession();
  const lateNoteId = useId();
  const ruleWords = useRuleText();
  if (!view) return null;
  // Shown before it bites: the server refuses a suspended member's sign-up, so the button says why.
  const suspendedUntil = user && isSuspended(user.suspended_until, Date.now()) ? user.suspended_until : null;
  const onWaitlist = view.waitlistPosition !== null;
  // Said before the sign-up is made: inside the late-cancel window, taking one's name off costs an absence.
  let lateNote = false;
  let buttons;
  if (cancelled) {
    // Nothing to join; a member may still take their name off (no absence is counted).
    buttons = view.signedUp ? (
      <>
        <span className="forum-state">You are signed up</span>
        <button type="button" className="button button--ghost" onClick={actions.takeNameOff} disabled={busy}>
          Take my name off
        </button>
      </>
    ) : onWaitlist ? (
      <button type="button" className="button button--ghost" onClick={actions.leaveWaitlist} disabled={busy}>
        Leave Waitlist
      </button>
    ) : (
      <button type="button" className="button button--accent" disabled>
        Sign Up
      </button>
    );
  } else if (view.signedUp) {
    buttons = (
      <>
        <span className="forum-state forum-state--in">
          <span aria-hidden="true">✓</span> <span>Signed Up</span>
        </span>
        {!started && (
          <button type="button" className="button button--ghost button--cancel" onClick={actions.askCancel} disabled={busy}>
            Cancel
          </button>
        )}
      </>
    );
  } else if (started) {
    buttons = startedShown ? null : <span className="forum-state">This workout has started</span>;
  } else if (view.full) {
    buttons = (
      <>
        <button type="button" className="button" disabled>
          Full
        </button>
        {onWaitlist ? (
          <button type="button" className="button button--ghost" onClick={actions.leaveWaitlist} disabled={busy}>
            Leave Waitlist
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={actions.joinWaitlist} disabled={busy}>
            Join Waitlist
          </button>
        )}
      </>
    );
  } else if (suspendedUntil) {
    buttons = (
      <>
        <button type="button" className="button button--accent" disabled aria-describedby={`suspended-${view.workout.id}`}>
          Sign Up
        </button>
        <p className="forum-suspended" id={`suspended-${view.workout.id}`}>
          Sign-ups are suspended until {formatDateTime(suspendedUntil)}: {ruleWords.suspensionCounted}.
        </p>
      </>
    );
  } else {
    lateNote = startsWithinLateCancelWindow(view.workout);
    buttons = (
      <>
        <button
          type="button"
          className="button button--accent"
          onClick={actions.signUp}
          disabled={busy}
          aria-describedby={lateNote ? lateNoteId : undefined}
        >
          Sign Up
        </button>
        {onWaitlist && (
          <button type="button" className="button button--ghost" onClick={actions.leaveWaitlist} disabled={busy}>
            Leave Waitlist
          </button>
        )}
      </>
    );
  }
  return (
    <div className="forum-signup">
      {buttons && <div className="forum-signup__buttons">{buttons}</div>}
      {lateNote && (
        <p className="forum-late-signup" id={lateNoteId}>
          {ruleWords.lateSignup}
        </p>
      )}
      {view.unsynced && <UnsyncedMark />}
      {actions.error && <ErrorMessage>{actions.error}</ErrorMessage>}
      {actions.notice && <Notice tone="warning">{actions.notice}</Notice>}
      {actions.modal}
    </div>
  );
}
