// The one way the PWA talks to /api (`request`, typed per endpoint by `call`): bearer token, JSON in
// and out, `{ error }` answers turned into ApiError, and the unauthorized rule: a 401/403 from a
// non-auth call ends the session, since the server no longer takes this token or this role.
import type { AnswerOf, BodyOf, Endpoint, ParamsOf } from '../../../domain/contract/endpoints';
import { ACCOUNT_DELETED_ERROR } from '../../../domain/contract/members/privacy';
import { ApiError } from './api-error';
import { clearEtagCache, revalidationHeaders, settleWithEtag } from './etag-cache';
import { notifyUnauthorized, type UnauthorizedReason } from '../session/unauthorized';
import { readToken, readUser, replaceToken, sessionGeneration } from '../session/session-storage';

/** The header a signed-in answer carries a renewed token in (api/platform/tokens.ts). */
export const SESSION_TOKEN_HEADER = 'x-session-token';

/** The answer came after the session it was asked for ended: it is dropped, like an aborted fetch. */
function sessionEnded(): DOMException {
  return new DOMException('The session this request belonged to has ended', 'AbortError');
}

export const OFFLINE_MESSAGE = 'You appear to be offline. Check your connection and try again.';
export const TIMEOUT_MESSAGE = "The club's server did not answer in time. Check your connection and try again.";

/**
 * No request waits longer than this for its answer: a spinner ends with the answer or a message
 * and a way to try again. Uploads (photos of up to 5 MB on a slow phone connection) get longer.
 */
export const REQUEST_TIMEOUT_MS = 15_000;
export const UPLOAD_TIMEOUT_MS = 60_000;

// Auth calls (a 401 there is a wrong password, not an ended session) and the two role-notification
// calls never end the session.
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
  /** Send a string or a file's bytes as they are, with this type (e.g. 'text/csv'), instead of as JSON. */
  contentType?: string;
}

/** A cancel, whichever realm's DOMException carries it. */
function isAbort(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { name?: unknown }).name === 'AbortError';
}

/** The one fetch of the PWA. Answers are `unknown` here: `call` types them from the contract. */
export async function request(path: string, options: RequestOptions = {}): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  // Read at send time, never earlier: an outbox op queued before a renewal goes with the new token.
  const token = options.token !== undefined ? options.token : readToken();
  const startedIn = sessionGeneration();
  if (token && !path.startsWith('/auth/login') && !path.startsWith('/auth/register')) {
    headers.authorization = `Bearer ${token}`;
  }
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if ((typeof options.body === 'string' || options.body instanceof Blob) && options.contentType) {
    body = options.body;
    headers['content-type'] = options.contentType;
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  if (options.idempotencyKey) headers['idempotency-key'] = options.idempotencyKey;
  const method = options.method ?? 'GET';
  // GETs with a token revalidate the member's last copy (a 304 costs the server and the phone little).
  const revalidating = method === 'GET' && headers.authorization !== undefined;
  const userId = revalidating ? (readUser()?.id ?? null) : null;
  if (revalidating) Object.assign(headers, revalidationHeaders(path, userId));
  else if (!token) clearEtagCache();

  // The caller's own signal still cancels; the deadline turns into a network failure (status 0),
  // which screens show with a retry and the outbox retries by itself.
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), body instanceof FormData || body instanceof Blob ? UPLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  const callerSignal = options.signal;
  const onCallerAbort = () => deadline.abort();
  if (callerSignal?.aborted) deadline.abort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timedOut = () => deadline.signal.aborted && !callerSignal?.aborted;
  let res: Response;
  let text: string | undefined;
  try {
    try {
      res = await fetch(`/api${path}`, { method, headers, body, signal: deadline.signal });
    } catch (err) {
      if (timedOut()) throw new ApiError(0, TIMEOUT_MESSAGE);
      if (isAbort(err)) throw err;
      if (sessionGeneration() !== startedIn) throw sessionEnded();
      throw new ApiError(0, OFFLINE_MESSAGE);
    }
    try {
      text = await res.text();
    } catch (err) {
      if (timedOut()) throw new ApiError(0, TIMEOUT_MESSAGE);
      if (isAbort(err)) throw err;
      if (sessionGeneration() !== startedIn) throw sessionEnded();
      throw new ApiError(0, OFFLINE_MESSAGE);
    }
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
  // Logged out while this was on its way: nothing of the old session may be written anywhere.
  if (sessionGeneration() !== startedIn) throw sessionEnded();
  const renewed = res.headers.get(SESSION_TOKEN_HEADER);
  if (renewed && token) replaceToken(token, renewed);
  if (revalidating) {
    text = settleWithEtag(path, userId, res, text);
    if (text === undefined) throw new ApiError(res.status, `Request failed (${res.status})`);
    if (res.status === 304) return JSON.parse(text) as unknown;
  }
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
      notifyUnauthorized(unauthorizedReason(res.status, payload.error));
    }
    throw new ApiError(res.status, message, payload);
  }
  return data;
}

/** What a 401 or 403 says about the session. */
export function unauthorizedReason(status: number, error: unknown): UnauthorizedReason {
  if (status === 403) return 'forbidden';
  return error === ACCOUNT_DELETED_ERROR ? 'account-deleted' : 'session-expired';
}

/** What a refused call's 401 or 403 says about the session, read from its answer here, where ApiError's words are read. */
export function sessionEndedBy(err: ApiError): UnauthorizedReason {
  return unauthorizedReason(err.status, err.body.error);
}

/**
 * The message to show for a failed call: the server's words, or the screen's own fallback. With
 * fieldRefusal below, the one way a screen words a refusal: no screen builds text from an ApiError
 * (lint: club/refusal-through-error-message).
 */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  return fallback;
}

/**
 * A refusal about one field (an `{ error, field }` answer, `field` the dotted path in the body sent),
 * to show beside that field; null for any other failure, which errorMessage words.
 */
export function fieldRefusal(err: unknown): { field: string; message: string } | null {
  if (!(err instanceof ApiError) || typeof err.body.field !== 'string' || !err.message) return null;
  return { field: err.body.field, message: err.message };
}

type Needs<E extends Endpoint> = ([keyof ParamsOf<E>] extends [never] ? unknown : { params: ParamsOf<E> }) &
  ([BodyOf<E>] extends [never] ? unknown : { body: BodyOf<E> });
type CallOptions = Omit<RequestOptions, 'method' | 'body'> & {
  /** Query parameters, e.g. `{ scope: 'following' }`; the endpoint's answer is the same type. */
  query?: Record<string, string>;
};
type CallArgs<E extends Endpoint> = object extends Needs<E> ? [options?: CallOptions] : [options: CallOptions & Needs<E>];

/** The path of an endpoint with its `:name` parts filled in. */
export function pathOf(endpoint: Endpoint, params: Record<string, string | number> = {}): string {
  return endpoint.slice(endpoint.indexOf(' ') + 1).replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name])));
}

/**
 * Calls one endpoint of the contract's table: the body it takes and the answer it gives are the
 * contract's, so neither side can change them without the other failing the typecheck.
 */
export function call<E extends Endpoint>(endpoint: E, ...[options]: CallArgs<E>): Promise<AnswerOf<E>> {
  const { params, body, query, ...rest } = (options ?? {}) as CallOptions & { params?: Record<string, string | number>; body?: unknown };
  const method = endpoint.slice(0, endpoint.indexOf(' '));
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return request(pathOf(endpoint, params) + search, { ...rest, method, body }) as Promise<AnswerOf<E>>;
}
