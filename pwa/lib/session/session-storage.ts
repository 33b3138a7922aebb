import type { SessionUser } from '../../../domain/contract/members/auth';

// Browser storage holds exactly two entries for a session, the user and the token, under these plain
// names (the browser tests set them too).
const USER_KEY = 'user';
const TOKEN_KEY = 'token';

/**
 * Bumped each time a session ends. A request remembers the generation it started in; an answer that
 * arrives after a logout belongs to the old session and may write nothing (api-client.ts).
 */
let generation = 0;

export function sessionGeneration(): number {
  return generation;
}

export function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function readUser(): SessionUser | null {
  try {
    const raw = localStorage.getItem(USER_KEY);
    return raw ? (JSON.parse(raw) as SessionUser) : null;
  } catch {
    return null;
  }
}

/**
 * Stores the user (and a new token at sign-in). Without a token the user is written only while a
 * session is open: a profile answer arriving after logout must not bring the old user back.
 */
export function writeSession(user: SessionUser, token?: string): void {
  if (token) {
    localStorage.setItem(TOKEN_KEY, token);
  } else {
    const current = readToken();
    const stored = readUser();
    if (!current || (stored && stored.id !== user.id)) return;
  }
  localStorage.setItem(USER_KEY, JSON.stringify(user));
}

/** A renewed token (sliding session) replaces the one the request was sent with, and nothing else. */
export function replaceToken(sentWith: string, renewed: string): void {
  if (readToken() === sentWith) localStorage.setItem(TOKEN_KEY, renewed);
}

export function clearSession(): void {
  generation += 1;
  try {
    localStorage.removeItem(USER_KEY);
    localStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage turned off: nothing was kept.
  }
}

/** After a logout: every key this origin kept in localStorage and sessionStorage goes. */
export function clearAllWebStorage(): void {
  generation += 1;
  for (const store of [globalThis.localStorage, globalThis.sessionStorage]) {
    try {
      store?.clear();
    } catch {
      // Storage turned off: nothing was kept.
    }
  }
}
