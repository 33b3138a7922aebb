import type { z } from 'zod';
import { ApiError } from '../../../lib/data/api-client';

/** The first message per field of a failed check, keyed by the field's dotted path ('' for the form; 'splits.2' for a list's item). */
export function fieldErrors(result: z.ZodSafeParseResult<unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    out[key] ??= issue.message;
  }
  return out;
}

/** The server's refusal, on its field when it names one. */
export function refusal(err: unknown, fallback: string): Record<string, string> {
  if (err instanceof ApiError && typeof err.body.error === 'string') {
    const field = typeof err.body.field === 'string' ? err.body.field : '';
    return { [field]: err.body.error };
  }
  return { '': fallback };
}
