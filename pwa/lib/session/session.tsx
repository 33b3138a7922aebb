import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { AuthAnswer, SessionUser } from '../../../domain/contract/members/auth';
import { hasRole, type Role } from '../../../domain/contract/roles';
import type { SessionEndReason, SignOutHook } from './session-calls';
import { readToken, readUser, writeSession } from './session-storage';

// Who is signed in, for every screen. This part is in every page's first download, so it only reads
// the session the device holds; what a session says to the server (the account read again, the
// logout and the device's wipe) loads once someone is signed in (session-calls.ts).

export type { SessionEndReason } from './session-calls';

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

/** Where the app goes once its account is gone (deleted here, on another device or by an administrator). */
export const ACCOUNT_DELETED_PATH = '/privacy?deleted=1';

const SessionContext = createContext<SessionValue | null>(null);

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
    const { endSession } = await import('./session-calls');
    await endSession(reason, signOutHooks);
    setEndedReason(reason ?? null);
    setUser(null);
  }, []);

  const refresh = useCallback(async () => {
    if (!readToken()) return;
    const { readAccount } = await import('./session-calls');
    const account = await readAccount();
    if (account && 'fresh' in account) updateUser(account.fresh);
    else if (account) await signOut(account.ended);
  }, [signOut, updateUser]);

  useEffect(() => {
    // The account is read again once per start of a signed-in app; a visitor's page asks nothing.
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
