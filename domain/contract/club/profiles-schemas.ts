import { z } from 'zod';
import { hasUnsafeCharacters, isValidEmail, unsafeCharactersMessage } from '../common';
import { TEAM_BIO_MAX, TEAM_EMAIL_ERROR, TEAM_IMAGE_ERROR, TEAM_IMAGE_MAX, TEAM_NAME_MAX, isAllowedTeamImage } from './profiles';

// The request schema of the team profiles, apart from profiles.ts so the public team page, which
// reads only the types and constants, never downloads zod (docs/decisions/0040).

const trimmed = z.string({ error: 'Expected text' }).transform((v) => v.trim());

/** PUT /profiles/{id}. A field left out keeps its stored value; the position title is not editable. */
export const teamMemberUpdateSchema = z.object({
  name: trimmed
    .refine((v) => !hasUnsafeCharacters(v), { error: unsafeCharactersMessage('Name') })
    .refine((v) => v.length <= TEAM_NAME_MAX, { error: `Name must be at most ${TEAM_NAME_MAX} characters` })
    .optional(),
  bio: trimmed
    .refine((v) => v.length <= TEAM_BIO_MAX, { error: `Bio must be at most ${TEAM_BIO_MAX} characters` })
    .optional(),
  image: trimmed
    .refine((v) => v.length <= TEAM_IMAGE_MAX && isAllowedTeamImage(v), { error: TEAM_IMAGE_ERROR })
    .optional(),
  email: trimmed
    .refine((v) => v === '' || (v.length <= 254 && isValidEmail(v)), { error: TEAM_EMAIL_ERROR })
    .optional(),
});
export type TeamMemberUpdate = z.infer<typeof teamMemberUpdateSchema>;
