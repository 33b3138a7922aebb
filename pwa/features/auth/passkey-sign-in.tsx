import { useCallback, useEffect, useRef, useState } from 'react';
import type { AuthAnswer } from '../../../domain/contract/members/auth';
import { ErrorMessage } from '../../components/status';
import { autofillOffersPasskeys, usePasskeyAvailability, type PasskeyAvailability } from '../../lib/club/club-passkeys';

// The sign-in page's passkeys: offered in the email field's autofill (conditional mediation) and by a
// button. @simplewebauthn/browser comes with the ceremony module, on the email field's first focus
// (only where the browser can offer passkeys in autofill) or on the button; the page itself ships
// without it (docs/decisions/0066).
const ceremony = () => import('../../lib/session/passkey-ceremony');

const FAILED = 'Signing in with a passkey did not work. Try again, or sign in with your password.';
const UNAVAILABLE: Record<'browser-off' | 'server-off', string> = {
  'browser-off': 'This browser cannot use passkeys. Sign in with your email and password.',
  'server-off': 'Passkeys are turned off on this server. Sign in with your email and password.',
};

export interface PasskeySignIn {
  availability: PasskeyAvailability;
  /** For the email field's focus: offers the passkeys in its autofill, once. */
  offerAutofill: () => void;
  signIn: () => Promise<void>;
  busy: boolean;
  problem: string | null;
}

export function usePasskeySignIn(onAnswer: (answer: AuthAnswer) => void): PasskeySignIn {
  const availability = usePasskeyAvailability();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Set once the autofill offer is asked for (once per page): how to end it.
  const autofill = useRef<{ stop: () => void } | null>(null);
  const latest = useRef(onAnswer);
  useEffect(() => {
    latest.current = onAnswer;
  }, [onAnswer]);

  const offerAutofill = useCallback(() => {
    if (availability !== 'on' || autofill.current) return;
    let stopped = false;
    let stopOffer = () => {};
    autofill.current = {
      stop: () => {
        stopped = true;
        stopOffer();
      },
    };
    void (async () => {
      if (!(await autofillOffersPasskeys())) return;
      const { offerPasskeysInAutofill, passkeyProblem } = await ceremony();
      if (stopped) return;
      stopOffer = offerPasskeysInAutofill(
        (answer) => latest.current(answer),
        (err) => setProblem(passkeyProblem(err, FAILED)),
      );
    })().catch(() => {
      // The module could not load (offline): the button says so when tapped.
    });
  }, [availability]);

  useEffect(() => () => autofill.current?.stop(), []);

  const signIn = useCallback(async () => {
    setProblem(null);
    setBusy(true);
    // One ceremony at a time: the button's replaces the autofill offer, which comes back after it.
    const hadOffer = autofill.current !== null;
    autofill.current?.stop();
    autofill.current = null;
    try {
      const loaded = await ceremony().catch(() => null);
      if (!loaded) {
        setProblem('The passkey sign-in could not be loaded. Check your connection and try again.');
      } else {
        try {
          latest.current(await loaded.signInWithPasskey());
          return;
        } catch (err) {
          setProblem(loaded.passkeyProblem(err, FAILED));
        }
      }
    } finally {
      setBusy(false);
    }
    if (hadOffer) offerAutofill();
  }, [offerAutofill]);

  return { availability, offerAutofill, signIn, busy, problem };
}

/** Below the form: the passkey button, or why there is none. Nothing until the server has said. */
export function PasskeySignInButton({ passkey }: { passkey: PasskeySignIn }) {
  const { availability, busy, problem } = passkey;
  if (availability === 'unknown') return null;
  if (availability !== 'on') return <p className="hint passkey-unavailable">{UNAVAILABLE[availability]}</p>;
  return (
    <div className="passkey-sign-in">
      <button type="button" className="button button--block" disabled={busy} onClick={() => void passkey.signIn()}>
        {busy ? 'Waiting for your passkey…' : 'Sign in with a passkey'}
      </button>
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
    </div>
  );
}
