import { z } from 'zod';
import type { ClubDocumentTypes, DocumentKey } from '../club-documents';
import { CLUB_NAME_MAX, HEX_COLOUR, LOGO_URL, MIN_WHITE_TEXT_CONTRAST, SHORT_NAME_MAX, whiteTextReadable } from '../club-identity';

/** A social link: empty (no link shown) or an https address. */
function socialLink(site: string) {
  return z
    .string({ error: `Give the ${site} link, or leave it empty` })
    .trim()
    .max(300, `The ${site} link is at most 300 characters`)
    .refine((value) => value === '' || /^https:\/\/[^\s<>"]+$/.test(value), `The ${site} link must start with https://`);
}

export const clubIdentitySchema = z.object({
  name: z.string({ error: 'Give the club a name' }).trim().min(1, 'Give the club a name').max(CLUB_NAME_MAX, `The club name is at most ${CLUB_NAME_MAX} characters`),
  shortName: z
    .string({ error: 'Give a short name' })
    .trim()
    .min(1, 'Give a short name (the label under the app on a home screen)')
    .max(SHORT_NAME_MAX, `The short name is at most ${SHORT_NAME_MAX} characters (a home screen cuts it off)`),
  mainColour: z
    .string({ error: 'Choose a main colour' })
    .trim()
    .regex(HEX_COLOUR, 'The main colour is a hex colour like #072f54')
    .transform((value) => value.toLowerCase())
    .refine(whiteTextReadable, `White text on this colour is hard to read: choose a darker colour (contrast at least ${MIN_WHITE_TEXT_CONTRAST}:1)`),
  logo: z
    .string()
    .regex(LOGO_URL, 'Upload the logo here: it must be a picture this app received')
    .nullable(),
  contactEmail: z.email({ error: 'The contact email must be an email address' }).trim().max(254, 'The contact email is too long'),
  instagram: socialLink('Instagram'),
  facebook: socialLink('Facebook'),
  strava: socialLink('Strava'),
});

/** The check of each document's body: a publish whose body fails it is refused with the field's message. */
export const DOCUMENT_SCHEMAS: { [K in DocumentKey]: z.ZodType<ClubDocumentTypes[K]> } = {
  permissions: z.object({ execsEditPages: z.boolean({ error: 'Say whether execs may edit the pages' }) }),
  club: clubIdentitySchema,
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
