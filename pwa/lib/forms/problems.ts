// The one shape of what is wrong with what was typed, outside react-hook-form's own state: a list of
// problems, each with the dotted path of the field it is about in the body to be sent
// ('seasons.0.sessions.2.end'; '' for the whole body) and its message. A field finds its own with
// problemAt (problemIn for a field that edits a whole list). The club's documents are checked this
// way with the contract's schema (features/admin/common/use-document-editor.ts), and the server's
// `{ error, field }` refusals join the same list.
import type { z } from 'zod';

export interface FieldProblem {
  /** The field's dotted path in the body ('terms.2.start'); '' when the problem is about the whole. */
  path: string;
  message: string;
}

/** What a check found: the value as the schema reads it (trimmed, canonical), or every problem. */
export type Checked<T> = { value: T; problems?: undefined } | { value?: undefined; problems: FieldProblem[] };

/** Checks `value` with a contract schema, the same check the server makes of the same body. */
export function checkWith<T>(schema: z.ZodType<T>, value: unknown): Checked<T> {
  const result = schema.safeParse(value);
  if (result.success) return { value: result.data };
  return { problems: result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })) };
}

/** The first message about the field at `path`. */
export function problemAt(problems: readonly FieldProblem[], path: string): string | undefined {
  return problems.find((p) => p.path === path)?.message;
}

/** The first message about the field at `path` or anything inside it, for a field that edits a whole list or row ('placePoints.2' is the places'). */
export function problemIn(problems: readonly FieldProblem[], path: string): string | undefined {
  return problems.find((p) => p.path === path || p.path.startsWith(`${path}.`))?.message;
}

/** The text of a number field as a schema reads it: an empty field is no number (not the 0 of `Number('')`). */
export function typedNumber(text: string): number {
  return text.trim() === '' ? Number.NaN : Number(text);
}
