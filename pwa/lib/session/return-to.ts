import type { SessionUser } from '../../../domain/contract/members/auth';
import { hasRole } from '../../../domain/contract/roles';

// Where a shared link was going when its reader had to sign in first: kept on the device through
// sign-in, the charter and, for a new account, the wait for approval, then opened once (docs/decisions/0067).
// Only a path of this app that needs a signed-in reader is kept: never another site, never /login.

const KEY = 'returnTo';
/** A link not followed within this long is forgotten (an approval rarely takes longer). */
const KEEP_MS = 30 * 24 * 3_600_000;

/** What each kind of signed-in page is, in the words of the page a visitor sees instead. */
const DESTINATIONS: { pattern: RegExp; what: string; membersOnly: boolean }[] = [
  { pattern: /^\/workout\/\d+$/, what: 'a club workout', membersOnly: true },
  { pattern: /^\/event\/\d+$/, what: 'a club event', membersOnly: true },
  { pattern: /^\/race\/\d+$/, what: 'a race the club is going to', membersOnly: true },
  { pattern: /^\/forum$/, what: 'the team forum', membersOnly: true },
  { pattern: /^\/attendance(\/members\/\d+)?$/, what: 'the attendance report', membersOnly: true },
  { pattern: /^\/admin$/, what: 'the admin area', membersOnly: true },
  { pattern: /^\/profile$/, what: 'your profile', membersOnly: false },
  { pattern: /^\/sync$/, what: 'your changes waiting to sync', membersOnly: false },
];

function destinationOf(path: string) {
  return DESTINATIONS.find((d) => d.pattern.test(path)) ?? null;
}

/**
 * `raw` as a path of this app that needs signing in ('/workout/12', '/forum?tab=events'), or null:
 * absolute addresses, '//host', backslashes, control characters and every other page are refused.
 */
export function safeReturnPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 300) return null;
  if (!raw.startsWith('/') || raw.startsWith('//') || /[\\\s]/.test(raw) || [...raw].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw, 'https://club.invalid');
  } catch {
    return null;
  }
  if (url.origin !== 'https://club.invalid' || !destinationOf(url.pathname)) return null;
  return url.pathname + url.search;
}

/** What the page at `path` is ('a club workout'), for the page a signed-out visitor sees; null for any other path. */
export function describeReturnPath(path: string | null): { what: string; membersOnly: boolean } | null {
  const safe = safeReturnPath(path);
  if (!safe) return null;
  const found = destinationOf(safe.split('?')[0]!);
  return found && { what: found.what, membersOnly: found.membersOnly };
}

/**
 * True for the page the app was opened at (a shared link, a bookmark, a reload of it); false for one
 * reached by a tap inside the app. The router gives the first entry of a visit the key 'default'.
 */
export function openedFromOutside(location: { key: string }): boolean {
  return location.key === 'default';
}

export function rememberReturnPath(raw: unknown, now = Date.now()): void {
  const path = safeReturnPath(raw);
  if (!path) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Storage turned off: the link is simply not reopened.
  }
}

/** The remembered path, if any and still fresh (and still safe: storage is the page's to read, not to trust). */
export function peekReturnPath(now = Date.now()): string | null {
  try {
    const raw = localStorage.getItem(KEY);
    if (!raw) return null;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof at !== 'number' || now - at > KEEP_MS || at > now + 60_000) {
      forgetReturnPath();
      return null;
    }
    return safeReturnPath(path);
  } catch {
    return null;
  }
}

export function forgetReturnPath(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing was kept.
  }
}

/**
 * True when `user` may open `path` now: a members' page needs an approved member (or above) who
 * accepted the charter; any other signed-in page needs the charter only.
 */
export function canOpenNow(user: Pick<SessionUser, 'role' | 'charterAccepted'> | null, path: string): boolean {
  const found = describeReturnPath(path);
  if (!user || !found || !user.charterAccepted) return false;
  return !found.membersOnly || hasRole(user.role, 'member');
}
