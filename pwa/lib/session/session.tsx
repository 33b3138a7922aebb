import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthAnswer, SessionUser } from '../../../domain/contract/members/auth';
import { hasRole, type Role } from '../../../domain/contract/roles';
import { ApiError, call, notifyUnauthorized, request, sessionEndedBy } from '../data/api-client';
import { clearEtagCache } from '../data/etag-cache';
import { clearAllWebStorage, clearSession, readToken, readUser, writeSession } from './session-storage';

/** How long logout waits for the server before finishing on the device anyway. */
const LOGOUT_CALL_TIMEOUT_MS = 4000;

interface SessionValue {
  user: SessionUser | null;
  signedIn: boolean;
  /** True when the signed-in user's role is `min` or higher. */
  can: (min: Role) => boolean;
  signIn: (answer: AuthAnswer) => void;
  updateUser: (user: SessionUser) => void;
  /**
   * Ends the session; `reason` says why when the server ended it (shown on /login). A logout the user
   * asked for also ends the session on the server (every device of the account) and deletes
   * everything the app kept on this device.
   */
  signOut: (reason?: SessionEndReason) => Promise<void>;
  /** Why the last session ended, when the server ended it. */
  endedReason: SessionEndReason | null;
  /** Re-reads the user from the server; a refusal logs out, a network failure keeps the stored user. */
  refresh: () => Promise<void>;
}

export type SessionEndReason = 'session-expired' | 'forbidden';

/** Where the app goes once its account is gone (deleted here, on another device or by an administrator). */
export const ACCOUNT_DELETED_PATH = '/privacy?deleted=1';

const SessionContext = createContext<SessionValue | null>(null);

/** `reason` is set when the server ended the session (then unsynced work is kept for the next sign-in). */
type SignOutHook = (reason?: SessionEndReason) => Promise<void> | void;
const signOutHooks = new Set<SignOutHook>();

/** Work to do when a user signs out (wipe their offline data). Returns the unregister function. */
export function onSignOut(hook: SignOutHook): () => void {
  signOutHooks.add(hook);
  return () => signOutHooks.delete(hook);
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(() => (readToken() ? readUser() : null));
  const [endedReason, setEndedReason] = useState<SessionEndReason | null>(null);

  const signIn = useCallback((answer: AuthAnswer) => {
    writeSession(answer.user, answer.token);
    setEndedReason(null);
    setUser(answer.user);
  }, []);

  const updateUser = useCallback((next: SessionUser) => {
    writeSession(next);
    setUser(next);
  }, []);

  const signOut = useCallback(async (reason?: SessionEndReason) => {
    const token = readToken();
    for (const hook of signOutHooks) {
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
    setEndedReason(reason ?? null);
    setUser(null);
  }, []);

  const refresh = useCallback(async () => {
    if (!readToken()) return;
    try {
      const { user: fresh } = await call('GET /auth/profile');
      updateUser(fresh);
    } catch (err) {
      // A refresh the server refuses (401/403) logs out, with the reason shown on /login.
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        const reason = sessionEndedBy(err);
        // A deleted account leaves nothing to keep for a later sign-in: the device is wiped.
        if (!notifyUnauthorized(reason)) await signOut(reason === 'account-deleted' ? undefined : reason);
      }
    }
  }, [signOut, updateUser]);

  useEffect(() => {
    void refresh();
    // Another tab signed in or out: follow it.
    const onStorage = (e: StorageEvent) => {
      if (e.key === 'user' || e.key === 'token' || e.key === null) setUser(readToken() ? readUser() : null);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [refresh]);

  const value = useMemo<SessionValue>(
    () => ({
      user,
      signedIn: !!user,
      can: (min) => !!user && hasRole(user.role, min),
      signIn,
      updateUser,
      signOut,
      endedReason,
      refresh,
    }),
    [user, signIn, updateUser, signOut, endedReason, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
