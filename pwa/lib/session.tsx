import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthAnswer, SessionUser } from '../../api/contract/auth';
import { hasRole, type Role } from '../../api/contract/roles';
import { ApiError, call, notifyUnauthorized } from './api-client';
import { clearEtagCache } from './etag-cache';
import { clearSession, readToken, readUser, writeSession } from './session-storage';

interface SessionValue {
  user: SessionUser | null;
  signedIn: boolean;
  /** True when the signed-in user's role is `min` or higher. */
  can: (min: Role) => boolean;
  signIn: (answer: AuthAnswer) => void;
  updateUser: (user: SessionUser) => void;
  /** Ends the session; `reason` says why when the server ended it (shown on /login). */
  signOut: (reason?: SessionEndReason) => Promise<void>;
  /** Why the last session ended, when the server ended it. */
  endedReason: SessionEndReason | null;
  /** Re-reads the user from the server; a refusal logs out, a network failure keeps the stored user. */
  refresh: () => Promise<void>;
}

export type SessionEndReason = 'session-expired' | 'forbidden';

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
    for (const hook of signOutHooks) {
      try {
        await hook(reason);
      } catch (err) {
        console.error('sign-out hook failed', err);
      }
    }
    clearSession();
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
      // A failed profile refresh logs out (SPEC.md §4), with the reason shown on /login.
      if (err instanceof ApiError && (err.status === 401 || err.status === 403)) {
        const reason = err.status === 401 ? 'session-expired' : 'forbidden';
        if (!notifyUnauthorized(reason)) await signOut(reason);
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
