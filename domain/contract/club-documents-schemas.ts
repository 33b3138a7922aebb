import { z } from 'zod';
import type { ClubDocumentTypes, DocumentKey } from '../club-documents';
import { termsProblem } from '../calendar';
import { isCalendarDate } from '../calendar-days';

const termDate = (what: string) =>
  z.string({ error: `Enter the ${what} date as YYYY-MM-DD` }).refine(isCalendarDate, `Enter the ${what} date as YYYY-MM-DD`);

/** The club's terms: each named, with a first and last day; none overlapping (domain/calendar.ts). */
const termsSchema = z
  .object({
    terms: z
      .array(
        z.object({
          id: z
            .string({ error: 'A term needs an id' })
            .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*-\d{4}$/, "A term's id is its name and year, e.g. fall-2026"),
          name: z.string({ error: 'Give the term a name' }).trim().min(1, 'Give the term a name').max(40, "A term's name is at most 40 characters"),
          start: termDate('first'),
          end: termDate('last'),
        }),
        { error: 'List the terms' },
      )
      .min(1, 'Keep at least one term')
      .max(400, 'At most 400 terms'),
  })
  .superRefine((doc, ctx) => {
    const problem = termsProblem(doc.terms);
    if (problem) ctx.addIssue({ code: 'custom', path: ['terms', problem.index, problem.field], message: problem.message });
  });

/** The check of each document's body: a publish whose body fails it is refused with the field's message. */
export const DOCUMENT_SCHEMAS: { [K in DocumentKey]: z.ZodType<ClubDocumentTypes[K]> } = {
  permissions: z.object({ execsEditPages: z.boolean({ error: 'Say whether execs may edit the pages' }) }),
  terms: termsSchema,
};

/** PUT /club/documents/:key: the new body, and the version it was edited from (the check against a lost edit). */
export const publishDocumentSchema = z.object({
  body: z.unknown(),
  version: z.number({ error: 'Say which version this edit was made from' }).int().min(0),
  note: z.string().trim().max(200, 'A note is at most 200 characters').optional(),
  minor: z.boolean().optional(),
});
export type PublishDocument = z.infer<typeof publishDocumentSchema>;

/** POST /club/documents/:key/versions/:version/restore: the version in force when the editor chose to restore. */
export const restoreDocumentSchema = z.object({
  version: z.number({ error: 'Say which version is in force' }).int().min(0),
});
