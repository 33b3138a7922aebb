// The club's refusal of a form's submit, shown where it belongs. Its words are errorMessage()'s, the one
// way a refusal is worded; a refusal about one field (the server answers `{ error, field }`) goes next
// to that field, focused, and stays there until the field changes; any other goes to the form's own
// message. What was typed stays in the form either way.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { errorMessage } from '../data/api-client';
import { ApiError } from '../data/api-error';

/**
 * Puts the refusal `err` on the field it names when that is one of `fields` (the form's names, e.g.
 * 'seats' or 'splits'), and answers null; otherwise answers its words for the form's message.
 */
export function showRefusal<Values extends FieldValues>(
  setError: UseFormSetError<Values>,
  err: unknown,
  fallback: string,
  fields: readonly Path<Values>[],
): string | null {
  const message = errorMessage(err, fallback);
  const named = err instanceof ApiError ? fields.find((f) => f === err.body.field) : undefined;
  if (named === undefined) return message;
  setError(named, { type: 'server', message }, { shouldFocus: true });
  return null;
}
