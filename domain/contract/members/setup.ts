import { z } from 'zod';
import { clubNameSchema } from '../club/club-documents-schemas';
import { EMAIL_EXAMPLE, PASSWORD_MESSAGE, PASSWORD_MIN, hasUnsafeCharacters, isValidEmail, unsafeCharactersMessage } from '../common';

/**
 * POST /api/setup: the first run of an empty club (no accounts yet): the first administrator and the
 * club's name. Once any account exists the route and GET /api/setup answer 404. A club a host created
 * (README, Hosting many clubs) asks for the key of its setup link (`?key=`, in the body here).
 */
export const setupSchema = z.object({
  clubName: clubNameSchema,
  name: z
    .string({ error: 'Enter your name' })
    .trim()
    .min(1, 'Enter your name')
    .max(100, 'A name is at most 100 characters')
    .refine((v) => !hasUnsafeCharacters(v), unsafeCharactersMessage('Name')),
  email: z
    .string({ error: 'Enter your email' })
    .trim()
    .max(254, 'The email is too long')
    .refine(isValidEmail, `Please enter a valid email address (e.g., ${EMAIL_EXAMPLE})`),
  password: z.string({ error: PASSWORD_MESSAGE }).min(PASSWORD_MIN, PASSWORD_MESSAGE).max(200, 'The password is too long'),
  /** The one-time key of the setup link a host sent (a club created on a many-club deployment). */
  key: z.string().max(200).optional(),
});
export type SetupInput = z.infer<typeof setupSchema>;

/** GET /api/setup while the club has no account yet. */
export interface SetupStatus {
  open: true;
}
