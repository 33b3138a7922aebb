// The one way the PWA talks to /api: bearer token, JSON in and out, `{ error }` answers turned into
// ApiError, and the unauthorized rule of SPEC.md §4 (401/403 from a non-auth call ends the session).
import { readToken, replaceToken, sessionGeneration } from './session-storage';

/** The header a signed-in answer carries a renewed token in (api/services/tokens.ts). */
export const SESSION_TOKEN_HEADER = 'x-session-token';

/** The answer came after the session it was asked for ended: it is dropped, like an aborted fetch. */
function sessionEnded(): DOMException {
  return new DOMException('The session this request belonged to has ended', 'AbortError');
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: Record<string, unknown> = {},
  ) {
    super(message);
  }
  /** True when the request never reached the server (offline, DNS, connection refused). */
  get isNetwork(): boolean {
    return this.status === 0;
  }
}

export const OFFLINE_MESSAGE = 'You appear to be offline. Check your connection and try again.';

type UnauthorizedHandler = (reason: 'session-expired' | 'forbidden') => void;
let onUnauthorized: UnauthorizedHandler | null = null;

export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

/** Ends the session through the registered handler (the layout: sign out, go to /login?reason=…). */
export function notifyUnauthorized(reason: 'session-expired' | 'forbidden'): boolean {
  if (!onUnauthorized) return false;
  onUnauthorized(reason);
  return true;
}

// Auth calls and the two role-notification calls never end the session (SPEC.md §7).
const EXEMPT = [/^\/auth\//, /^\/users\/role-change-notifications/, /^\/users\/mark-role-notification-read/];

export interface RequestOptions {
  method?: string;
  body?: unknown;
  idempotencyKey?: string;
  signal?: AbortSignal;
  /** Leave the session alone on 401/403 (the outbox decides for itself). */
  keepSessionOnUnauthorized?: boolean;
  /** Send this token instead of the stored one (null: none), e.g. the logout call after clearing. */
  token?: string | null;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // Read at send time, never earlier: an outbox op queued before a renewal goes with the new token.
  const token = options.token !== undefined ? options.token : readToken();
  const startedIn = sessionGeneration();
  if (token && !path.startsWith('/auth/login') && !path.startsWith('/auth/register')) {
    headers.authorization = `Bearer ${token}`;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;

  let res: Response;
  try {
    res = await fetch(`/api${path}`, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    if (sessionGeneration() !== startedIn) throw sessionEnded();
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  const text = await res.text();
  // Logged out while this was on its way: nothing of the old session may be written anywhere.
  if (sessionGeneration() !== startedIn) throw sessionEnded();
  const renewed = res.headers.get(SESSION_TOKEN_HEADER);
  if (renewed && token) replaceToken(token, renewed);
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!res.ok) {
    const payload = (data && typeof data === 'object' ? data : {}) as Record<string, unknown>;
    const message = typeof payload.error === 'string' ? payload.error : `Request failed (${res.status})`;
    if ((res.status === 401 || res.status === 403) && !options.keepSessionOnUnauthorized && !EXEMPT.some((r) => r.test(path))) {
      notifyUnauthorized(res.status === 401 ? 'session-expired' : 'forbidden');
    }
    throw new ApiError(res.status, message, payload);
  }
  return data as T;
}

/** The message to show for a failed call: the server's words, or the screen's own fallback. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  return fallback;
}
