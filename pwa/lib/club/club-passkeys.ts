import { useSyncExternalStore } from 'react';
import { receiveSetting } from './settings-inbox';

// Whether passkeys can be used here: the server's word (GET /api/config `passkeys`, learned with the
// club's zone by loadClubConfig, or a rendered page's data, through settings-inbox.ts; null until it
// has said) and this browser's WebAuthn. Loaded with the sign-in page and the profile; the ceremony
// itself (lib/session/passkey-ceremony.ts, with @simplewebauthn/browser) only when a passkey is used.

const listeners = new Set<() => void>();
let on: boolean | null = null;

export function serverPasskeys(): boolean | null {
  return on;
}

/** Takes the server's answer; anything but a boolean (an older server) leaves it unknown. */
export function setServerPasskeys(next: unknown): void {
  if (typeof next !== 'boolean' || next === on) return;
  on = next;
  for (const listener of listeners) listener();
}

receiveSetting('passkeys', setServerPasskeys);

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type PasskeyAvailability = 'unknown' | 'on' | 'server-off' | 'browser-off';

export function browserHasPasskeys(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';
}

/** Whether the browser can offer passkeys in a field's autofill (conditional mediation). */
export async function autofillOffersPasskeys(): Promise<boolean> {
  const check = browserHasPasskeys() ? window.PublicKeyCredential.isConditionalMediationAvailable : undefined;
  if (typeof check !== 'function') return false;
  try {
    return await check.call(window.PublicKeyCredential);
  } catch {
    return false;
  }
}

const unchanging = () => () => {};
const asMostBrowsers = () => true;

export function usePasskeyAvailability(): PasskeyAvailability {
  const server = useSyncExternalStore(subscribe, serverPasskeys, serverPasskeys);
  // What the browser can do is known only in the browser: a page rendered on the server (and its
  // hydration) offers what nearly every browser can, and a browser that cannot says so once the app
  // runs. The other way round, the passkey button drawn after the take-over would be the page's
  // largest paint, late on a phone; its one-line note in its place is smaller, so it never is.
  const browser = useSyncExternalStore(unchanging, browserHasPasskeys, asMostBrowsers);
  if (!browser) return 'browser-off';
  if (server === null) return 'unknown';
  return server ? 'on' : 'server-off';
}

