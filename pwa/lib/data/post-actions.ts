// How a screen changes the member's own place on a workout (sign up, cancel, waitlist) or an event
// (RSVP), whichever screen it is: the forum's list and pages, or "my week". A screen gives the
// workout's or event's id and the place its copy shows; it gets back the place to show (with any
// change still waiting in the outbox laid over it) and the functions that ask for a new one. The
// write goes through performWrite, so it works offline; the club's answer reaches every copy of the
// thing through the data layer (post-cache.ts), not only the screen's own.
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { RsvpStatus, SignupAnswer } from '../../../domain/contract/training/forum';
import { lateCancelCountedText } from '../../../domain/rules';
import { clubRules } from '../club/club-rules';
import { pendingFor, performWrite, usePendingWrites } from '../offline/perform-write';
import { useSession } from '../session/session';
import { formatDateTime } from '../ui/format';
import { errorMessage } from './api-client';
import { ApiError } from './api-error';
import { refreshCopies } from './post-cache';

/** The member's place on one workout, as a copy of it (a forum post, a week item) has it. */
export interface WorkoutPlace {
  workoutId: number;
  signedUp: boolean;
  /** 1-based, null when not on the waitlist. */
  waitlistPosition: number | null;
}

/** A choice of the member's that the club has not confirmed yet (waiting in the outbox). */
export interface DesiredSignup {
  signedUp?: boolean;
  joined?: boolean;
}

/** The member's place as a screen shows it: the copy's, with any waiting choice laid over it. */
export interface WorkoutStanding {
  signedUp: boolean;
  /** 1-based; 0 when joined on this device and the place is not known yet; null when not waiting. */
  waitlistPosition: number | null;
  /** A waiting choice differs from the copy: the screen marks it as not yet synced. */
  unsynced: boolean;
}

export function workoutStanding(place: Pick<WorkoutPlace, 'signedUp' | 'waitlistPosition'>, desired: DesiredSignup = {}): WorkoutStanding {
  let { signedUp, waitlistPosition } = place;
  let unsynced = false;
  if (desired.signedUp !== undefined && desired.signedUp !== signedUp) {
    signedUp = desired.signedUp;
    unsynced = true;
  }
  if (desired.joined !== undefined && desired.joined !== (waitlistPosition !== null)) {
    waitlistPosition = desired.joined ? 0 : null;
    unsynced = true;
  }
  return { signedUp, waitlistPosition, unsynced };
}

/** The member's waiting sign-up and waitlist choices for one workout (this tab's or another's). */
export function useDesiredSignup(workoutId: number | undefined): DesiredSignup {
  const pending = usePendingWrites();
  const desired: DesiredSignup = {};
  if (workoutId === undefined) return desired;
  const signup = pendingFor(pending, 'workout-signup', workoutId);
  const waitlist = pendingFor(pending, 'waitlist', workoutId);
  if (signup) desired.signedUp = signup.signedUp;
  if (waitlist) desired.joined = waitlist.joined;
  return desired;
}

/** What a sign-up or cancel did beyond the obvious: a full workout's waitlist place, or what a late cancel cost. */
export function signupNotice(answer: SignupAnswer): string {
  if (answer.onWaitlist && answer.position) return `The workout was full: you are #${answer.position} on the waitlist.`;
  if (!answer.absenceCounted) return '';
  const count = answer.absences ?? 1;
  let text = lateCancelCountedText(clubRules(), count);
  if (answer.suspendedUntil) text += ` Workout sign-ups are suspended until ${formatDateTime(answer.suspendedUntil)}.`;
  return text;
}

export interface SignupWrites {
  /** Undefined while the screen has no copy of the workout. */
  standing: WorkoutStanding | undefined;
  desired: DesiredSignup;
  busy: boolean;
  error: string;
  /** A full workout's waitlist place, or what a late cancel cost, once the club has answered. */
  notice: string;
  /** Signs up (true) or cancels (false). Resolves true once the club has it or it waits in the outbox. */
  setSignedUp: (signedUp: boolean) => Promise<boolean>;
  /** Joins (true) or leaves (false) the waitlist; resolves as setSignedUp does. */
  setWaitlisted: (joined: boolean) => Promise<boolean>;
  clearError: () => void;
}

/** Sign up, cancel, join and leave the waitlist for one workout, with the place to show. */
export function useSignupWrites(place: WorkoutPlace | undefined): SignupWrites {
  const queryClient = useQueryClient();
  const session = useSession();
  const desired = useDesiredSignup(place?.workoutId);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');

  async function write(change: { signedUp: boolean } | { joined: boolean }, fallback: string): Promise<boolean> {
    if (!place) return false;
    const { workoutId } = place;
    setBusy(true);
    setError('');
    setNotice('');
    try {
      if ('signedUp' in change) {
        // A sign-up that finds the workout full (someone took the last place meanwhile) waits on the
        // waitlist in the same request: one request, however busy the minute.
        const result = await performWrite(
          change.signedUp
            ? { kind: 'workout-signup', workoutId, signedUp: true, waitlistIfFull: true }
            : { kind: 'workout-signup', workoutId, signedUp: false },
        );
        if (result.status === 'done') {
          setNotice(signupNotice(result.answer));
          // The absence count and any suspension live on the user: show them everywhere at once.
          if (result.answer.absenceCounted) void session.refresh();
        }
      } else {
        await performWrite({ kind: 'waitlist', workoutId, joined: change.joined });
      }
      return true;
    } catch (err) {
      setError(errorMessage(err, fallback));
      // A refusal usually means the list moved on (someone took the last place): show the real state.
      if (err instanceof ApiError && err.status === 409) refreshCopies(queryClient, { workoutId });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return {
    standing: place ? workoutStanding(place, desired) : undefined,
    desired,
    busy,
    error,
    notice,
    setSignedUp: (signedUp) => write({ signedUp }, signedUp ? 'Error updating signup' : 'Error canceling signup'),
    setWaitlisted: (joined) => write({ joined }, joined ? 'Error joining waitlist' : 'Error leaving waitlist'),
    clearError: () => setError(''),
  };
}

/** The member's RSVP to one event, as a copy of it has it. */
export interface RsvpPlace {
  eventId: number;
  myRsvp: RsvpStatus | null;
}

export interface RsvpStanding {
  myRsvp: RsvpStatus | null;
  unsynced: boolean;
}

export function rsvpStanding(place: Pick<RsvpPlace, 'myRsvp'>, desired: { status: RsvpStatus | null } | undefined): RsvpStanding {
  if (!desired || desired.status === place.myRsvp) return { myRsvp: place.myRsvp, unsynced: false };
  return { myRsvp: desired.status, unsynced: true };
}

export const RSVP_ERROR = 'Error updating RSVP';

export interface RsvpWrite {
  standing: RsvpStanding | undefined;
  /** The member's waiting answer for this event, if one waits in the outbox. */
  desired: { status: RsvpStatus | null } | undefined;
  busy: boolean;
  error: string;
  /** Sends the desired answer, never a toggle (a replay can then never flip it back). */
  setRsvp: (status: RsvpStatus | null) => Promise<boolean>;
}

export function useRsvpWrite(place: RsvpPlace | undefined): RsvpWrite {
  const pending = usePendingWrites();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const waiting = place ? pendingFor(pending, 'rsvp', place.eventId) : undefined;
  const desired = waiting ? { status: waiting.status } : undefined;

  async function setRsvp(status: RsvpStatus | null): Promise<boolean> {
    if (!place) return false;
    setBusy(true);
    setError('');
    try {
      await performWrite({ kind: 'rsvp', eventId: place.eventId, status });
      return true;
    } catch {
      setError(RSVP_ERROR);
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { standing: place ? rsvpStanding(place, desired) : undefined, desired, busy, error, setRsvp };
}
