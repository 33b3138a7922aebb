import { z } from 'zod';
import type { ClubDocumentTypes, DocumentKey } from '../club-documents';
import { RULE_NUMBER_BOUNDS, type RuleNumbers } from '../rules';

/** The label each rule number has on Admin → Rules, which its messages name. */
export const RULE_NUMBER_LABELS: Record<keyof RuleNumbers, string> = {
  lateCancelHours: 'Late-cancel window (hours)',
  absencesBeforeSuspension: 'Absences before a suspension',
  suspensionDays: 'Suspension length (days)',
};

function ruleNumber(key: keyof RuleNumbers) {
  const { min, max } = RULE_NUMBER_BOUNDS[key];
  const message = `${RULE_NUMBER_LABELS[key]} must be a whole number from ${min} to ${max}`;
  return z.number({ error: message }).int(message).min(min, message).max(max, message);
}

/** The check of each document's body: a publish whose body fails it is refused with the field's message. */
export const DOCUMENT_SCHEMAS: { [K in DocumentKey]: z.ZodType<ClubDocumentTypes[K]> } = {
  permissions: z.object({ execsEditPages: z.boolean({ error: 'Say whether execs may edit the pages' }) }),
  rules: z.object({
    lateCancelHours: ruleNumber('lateCancelHours'),
    absencesBeforeSuspension: ruleNumber('absencesBeforeSuspension'),
    suspensionDays: ruleNumber('suspensionDays'),
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
