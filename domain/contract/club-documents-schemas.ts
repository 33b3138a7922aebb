import { z } from 'zod';
import type { ClubDocumentTypes, DocumentKey } from '../club-documents';

/** The check of each document's body: a publish whose body fails it is refused with the field's message. */
export const DOCUMENT_SCHEMAS: { [K in DocumentKey]: z.ZodType<ClubDocumentTypes[K]> } = {
  permissions: z.object({ execsEditPages: z.boolean({ error: 'Say whether execs may edit the pages' }) }),
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
