// The passkey ceremonies in the browser, on @simplewebauthn/browser. Loaded with import() when a
// screen needs one (a tap on a passkey button, the sign-in page's email field), never with a page.
import { startAuthentication, startRegistration, WebAuthnAbortService, WebAuthnError } from '@simplewebauthn/browser';
import type { AuthAnswer } from '../../../domain/contract/members/auth';
import type { PasskeyInfo } from '../../../domain/contract/members/passkeys';
import { call, errorMessage } from '../data/api-client';
import { ApiError } from '../data/api-error';

/** Refreshed before the server's 5 minutes run out, so a passkey chosen late still meets a live challenge. */
const AUTOFILL_REFRESH_MS = 4 * 60_000;

/** Signs in with a passkey the member picks in the browser's own dialog. */
export async function signInWithPasskey(): Promise<AuthAnswer> {
  const { options } = await call('POST /auth/passkey/options');
  const response = await startAuthentication({ optionsJSON: options });
  return call('POST /auth/passkey/login', { body: { response } });
}

/**
 * Offers the club's passkeys in the autofill of the field marked `autocomplete="… webauthn"` until the
 * member picks one (then `onAnswer`) or the returned stop() is called. A ceremony started elsewhere
 * (the passkey button) ends this one; the caller offers again afterwards if it still wants to.
 */
export function offerPasskeysInAutofill(onAnswer: (answer: AuthAnswer) => void, onError: (err: unknown) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const round = async (): Promise<void> => {
    let refreshing = false;
    try {
      const { options } = await call('POST /auth/passkey/options');
      if (stopped) return;
      timer = setTimeout(() => {
        refreshing = true;
        WebAuthnAbortService.cancelCeremony();
      }, AUTOFILL_REFRESH_MS);
      const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: true });
      clearTimeout(timer);
      if (stopped) return;
      onAnswer(await call('POST /auth/passkey/login', { body: { response } }));
    } catch (err) {
      clearTimeout(timer);
      if (stopped) return;
      if (refreshing) return round();
      onError(err);
    }
  };
  void round();
  return () => {
    stopped = true;
    clearTimeout(timer);
    WebAuthnAbortService.cancelCeremony();
  };
}

/**
 * Makes a passkey on this device and adds it to the signed-in account. `password`: when the sign-in
 * is too old, the server asks for it (an ApiError with `passwordRequired`).
 */
export async function addPasskeyOnThisDevice(name: string, password?: string): Promise<PasskeyInfo> {
  // A 403 here means "type your password again", not "your session ended": the session stays.
  const { options } = await call('POST /passkeys/options', { body: password ? { password } : {}, keepSessionOnUnauthorized: true });
  const response = await startRegistration({ optionsJSON: options });
  return (await call('POST /passkeys', { body: { name, response } })).passkey;
}

/** True when the server wants the password typed again before a passkey is added. */
export function passwordRequired(err: unknown): boolean {
  return err instanceof ApiError && err.body.passwordRequired === true;
}

/**
 * What to tell the member about a failed ceremony, or null when there is nothing to say: they closed
 * the browser's dialog, or another ceremony took over.
 */
export function passkeyProblem(err: unknown, fallback: string): string | null {
  if (err instanceof WebAuthnError) {
    if (err.code === 'ERROR_CEREMONY_ABORTED') return null;
    if (err.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'This device already holds a passkey for your account.';
    // NotAllowedError: the member cancelled, or the browser's dialog timed out.
    if (err.code === 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY') return null;
    return fallback;
  }
  if (err instanceof DOMException && (err.name === 'NotAllowedError' || err.name === 'AbortError')) return null;
  return errorMessage(err, fallback);
}
