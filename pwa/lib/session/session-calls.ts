// What a session says to the server and does to the device: the account read again, and the end of a
// session (the server told, every trace of the user wiped). Loaded once someone is signed in (or signs
// out): a visitor's page reads only whether there is a session (session.tsx), never this.
import type { SessionUser } from '../../../domain/contract/members/auth';
import { call, request, sessionEndedBy } from '../data/api-client';
import { ApiError } from '../data/api-error';
import { notifyUnauthorized } from './unauthorized';
import { clearEtagCache } from '../data/etag-cache';
import { clearAllWebStorage, clearSession, readToken } from './session-storage';

/** How long logout waits for the server before finishing on the device anyway. */
const LOGOUT_CALL_TIMEOUT_MS = 4000;

export type SessionEndReason = 'session-expired' | 'forbidden';

/** `reason` is set when the server ended the session (then unsynced work is kept for the next sign-in). */
export type SignOutHook = (reason?: SessionEndReason) => Promise<void> | void;

/**
 * Ends the session on the device: the sign-out hooks first (the data layer wipes its copy), then the
 * session itself. A logout the user asked for also ends it on the server (every device of the
 * account) and deletes everything the app kept on this device.
 */
export async function endSession(reason: SessionEndReason | undefined, hooks: Iterable<SignOutHook>): Promise<void> {
  const token = readToken();
  for (const hook of hooks) {
    try {
      await hook(reason);
    } catch (err) {
      console.error('sign-out hook failed', err);
    }
  }
  if (reason) {
    // The server ended it: unsynced work stays for when the same user signs in again.
    clearSession();
  } else {
    // First cut the session on the device, so no answer still on its way can write anything back.
    clearAllWebStorage();
    if (token && (typeof navigator === 'undefined' || navigator.onLine !== false)) {
      try {
        await request('/auth/logout', { method: 'POST', token, signal: AbortSignal.timeout(LOGOUT_CALL_TIMEOUT_MS), keepSessionOnUnauthorized: true });
      } catch {
        // Offline or already ended: the token still expires on its own (README, Sessions).
      }
    }
    const { deleteAllDeviceData } = await import('../offline/offline-db');
    await deleteAllDeviceData();
  }
  clearEtagCache();
}

/**
 * The account as the server has it now: `fresh` with the user, or `ended` (with the reason to show on
 * /login, none for a deleted account) when the server refuses it; a network failure changes nothing.
 */
export async function readAccount(): Promise<{ fresh: SessionUser } | { ended: SessionEndReason | undefined } | null> {
  try {
    const { user } = await call('GET /auth/profile');
    return { fresh: user };
  } catch (err) {
    if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
      const reason = sessionEndedBy(err);
      // The frame's handler takes it (a page of its own for a deleted account); else the session ends here.
      if (notifyUnauthorized(reason)) return null;
      // A deleted account leaves nothing to keep for a later sign-in: the device is wiped.
      return { ended: reason === 'account-deleted' ? undefined : reason };
    }
    return null;
  }
}
