import { z } from 'zod';
import type { ClubDocumentTypes, DocumentKey } from '../club-documents';

/** The check of each document's body: a publish whose body fails it is refused with the field's message. */
export const DOCUMENT_SCHEMAS: { [K in DocumentKey]: z.ZodType<ClubDocumentTypes[K]> } = {
  permissions: z.object({ execsEditPages: z.boolean({ error: 'Say whether execs may edit the pages' }) }),
  'race-points': z.object({
    finishPoints: z
      .number({ error: 'Points for finishing must be a number' })
      .int('Points for finishing must be a whole number')
      .min(0, 'Points for finishing cannot be negative')
      .max(1000, 'Points for finishing must be at most 1000'),
    placePoints: z
      .array(
        z
          .number({ error: 'Points for a place must be a number' })
          .int('Points for a place must be a whole number')
          .min(0, 'Points for a place cannot be negative')
          .max(1000, 'Points for a place must be at most 1000'),
      )
      .max(20, 'Give points for at most 20 places'),
  }),
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
