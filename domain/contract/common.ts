// Types, messages and checks shared by the contract. No zod here: screens read these with their first
// download; the shared schemas are in common-schemas.ts (docs/decisions/0040).
import type { PhoneReading } from '../region/phone';

export const EMAIL_EXAMPLE = 'name@example.com';
export const PASSWORD_MIN = 6;
export const PASSWORD_MESSAGE = 'Password must be at least 6 characters long.';
export { isValidEmail } from './email';

// The refusals of a request as such, whichever route it is for: the server answers them, a device
// may show them (an area's own refusals are in its module, next to its types).
export const NOT_FOUND_ERROR = 'Not found';
export const SERVER_FAULT_ERROR = 'Something went wrong on our side. Please try again.';
export const NO_PERMISSION_ERROR = 'You do not have permission to do that';
export const JSON_CONTENT_TYPE_ERROR = 'Send the request body as application/json';
export const MALFORMED_JSON_ERROR = 'Malformed JSON in request body';
export const bodyTooLargeMessage = (limitBytes: number) => `Request body too large (limit ${Math.round(limitBytes / 1024)} KB)`;
export const IDEMPOTENCY_KEY_ERROR = 'Idempotency-Key must be 8 to 200 letters, digits, dots, colons or dashes';
export const IDEMPOTENCY_KEY_REUSED_ERROR = 'This Idempotency-Key was already used for a different request';
export const IDEMPOTENCY_IN_PROGRESS_ERROR = 'This request is still being handled: try again in a moment';
export const TOO_MANY_REQUESTS_ERROR = 'Too many requests. Please wait a few minutes and try again.';

/**
 * How a schema reads a phone number typed for the club (domain/region/phone.ts's readPhone, bound to the
 * club's country in force): handed in by the caller, so a schema that takes a phone number loads the
 * phone library only where a form or the server reads one.
 */
export type PhoneReader = (typed: string) => PhoneReading;

/** The number to keep for a typed one its reader accepted: E.164; nothing typed stays ''. */
export function keptPhone(read: PhoneReader, typed: string): string {
  if (!typed) return '';
  const reading = read(typed);
  return 'phone' in reading ? reading.phone : typed;
}

/**
 * `read`, except that the number an account already keeps, sent back untouched (a form saved with the
 * number as it was shown), stays as kept: a number stored in an older form is never rewritten by a
 * guess, nor does it stop the rest of the form from being saved.
 */
export function keepingKept(read: PhoneReader, kept: string | null | undefined): PhoneReader {
  return (typed) => (kept && typed.trim() === kept ? { phone: kept } : read(typed));
}

/** The reader's message when `typed` is no number it can keep; undefined when it is one (or nothing was typed). */
export function phoneIssue(read: PhoneReader, typed: string): string | undefined {
  if (!typed) return undefined;
  const reading = read(typed);
  return 'problem' in reading ? reading.problem : undefined;
}

/** A whole-object check: the first failing rule's message is the answer (rules are checked in the form's order). */
export function firstIssue(error: { issues: readonly { message: string }[] }): string {
  return error.issues[0]?.message ?? 'Invalid request';
}

/**
 * Shown next to each empty field; the form-wide message (the first issue, the API's error) names them
 * all for a client that shows one message. The PWA's forms show the fields' own messages only.
 */
export const REQUIRED_FIELD = 'Required';

/**
 * Adds `message` (the API's one `error`) when any of `fields` is empty, then 'Required'
 * on each empty field for the forms. Returns whether all were filled.
 */
export function requireAll<K extends string>(
  v: Record<K, string>,
  fields: readonly K[],
  message: string,
  ctx: { addIssue: (issue: { code: 'custom'; message: string; path?: PropertyKey[] }) => void },
): boolean {
  const missing = fields.filter((k) => !v[k]);
  if (missing.length === 0) return true;
  ctx.addIssue({ code: 'custom', message });
  for (const k of missing) ctx.addIssue({ code: 'custom', path: [k], message: REQUIRED_FIELD });
  return false;
}

// C0 controls (CR, LF, NUL, tab …), DEL, C1 controls, and the bidirectional embeddings, overrides
// and isolates that can make a name or title read differently from what it is (or split an email
// header). Direction marks (LRM, RLM) stay allowed: right-to-left names need them.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

/** True when a one-line field (name, title, location, race name) holds a character it must not. */
export function hasUnsafeCharacters(value: string): boolean {
  return UNSAFE_IN_SINGLE_LINE.test(value);
}

/** The message next to a one-line field that holds a control or direction-override character. */
export function unsafeCharactersMessage(label: string): string {
  return `${label} cannot contain line breaks, tabs or invisible control characters`;
}

/**
 * A name a member gives one of their devices or passkeys ("Delia's phone", "Work laptop #2 — Chrome"):
 * any letters, digits, punctuation and symbols. Refused only what is unsafe: the characters no one-line
 * field takes (above), and angle brackets, so a name never reads as markup where it is shown.
 */
export function isSafeDeviceName(value: string): boolean {
  return !hasUnsafeCharacters(value) && !/[<>]/.test(value);
}

/** The message next to a device or passkey name that holds an unsafe character. */
export function deviceNameMessage(label: string): string {
  return `${label} cannot contain line breaks, invisible control characters or angle brackets (< >)`;
}

/** The same characters, for text built from stored values (email subjects): dropped, not refused. */
export function stripUnsafeCharacters(value: string): string {
  return value.replace(new RegExp(UNSAFE_IN_SINGLE_LINE.source, 'g'), ' ').replace(/\s+/g, ' ').trim();
}
