import { useCallback, useState } from 'react';
import { pendingFor, usePendingWrites } from '../../../lib/offline/perform-write';
import { errorMessage } from '../../../lib/data/api-client';
import { useSession } from '../../../lib/session/session';
import { useRaceSignupMutation } from '../api/race-mutations';

export interface RaceSignupState {
  signedUp: boolean;
  /** Saved on this device and not yet accepted by the server. */
  unsynced: boolean;
  busy: boolean;
  error: string | null;
}

/** What failed, then why in the words of errorMessage() (the club's refusal, or why the request got none). */
export function signupFailure(err: unknown, signedUp: boolean): string {
  const failed = signedUp ? 'Failed to sign up for race' : 'Failed to cancel signup';
  const reason = errorMessage(err, '');
  return reason ? `${failed}: ${reason}` : failed;
}

/**
 * Race sign-up and cancel through the offline-capable actions. The server's answer goes into the
 * query cache; a queued change is shown at once (with its marker) until the screen loads fresh data.
 */
export function useRaceSignup() {
  const { user } = useSession();
  const mutation = useRaceSignupMutation(user);
  const pending = usePendingWrites();
  const [queued, setQueued] = useState<ReadonlyMap<number, boolean>>(new Map());
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [errors, setErrors] = useState<ReadonlyMap<number, string>>(new Map());

  const stateOf = (raceId: number, serverSignedUp: boolean): RaceSignupState => {
    const action = pendingFor(pending, 'race-signup', raceId);
    const local = queued.get(raceId);
    return {
      signedUp: action ? action.signedUp : (local ?? serverSignedUp),
      unsynced: action !== undefined || local !== undefined,
      busy: busy.has(raceId),
      error: errors.get(raceId) ?? null,
    };
  };

  const change = async (raceId: number, signedUp: boolean) => {
    setBusy((s) => new Set(s).add(raceId));
    setErrors((m) => without(m, raceId));
    try {
      const result = await mutation.mutateAsync({ raceId, signedUp });
      if (result.status === 'queued') setQueued((m) => new Map(m).set(raceId, signedUp));
      else setQueued((m) => without(m, raceId));
    } catch (err) {
      setErrors((m) => new Map(m).set(raceId, signupFailure(err, signedUp)));
    } finally {
      setBusy((s) => {
        const next = new Set(s);
        next.delete(raceId);
        return next;
      });
    }
  };

  /** Fresh data from the server: it now tells the truth, queued actions show through `pending`. */
  const forgetQueued = useCallback(() => setQueued((m) => (m.size === 0 ? m : new Map())), []);

  return { stateOf, change, forgetQueued };
}

function without<V>(map: ReadonlyMap<number, V>, key: number): ReadonlyMap<number, V> {
  if (!map.has(key)) return map;
  const next = new Map(map);
  next.delete(key);
  return next;
}
