import { z } from 'zod';
import { clubNameSchema } from '../club/club-documents-schemas';
import { SPORTS } from '../../sports';
import { EMAIL_EXAMPLE, PASSWORD_MESSAGE, PASSWORD_MIN, hasUnsafeCharacters, isValidEmail, unsafeCharactersMessage } from '../common';

export const CHOOSE_SPORT_ERROR = 'Choose at least one sport the club does';

const setupSportsSchema = z
  .array(z.enum(SPORTS, { error: 'Choose the sports from the list' }), { error: CHOOSE_SPORT_ERROR })
  .min(1, CHOOSE_SPORT_ERROR)
  .max(SPORTS.length, 'Choose each sport once');

/**
 * POST /api/setup: the first run of an empty club (no accounts yet): the first administrator, the
 * club's name and the sports it does (its starter workout types: domain/sports.ts `starterSports`).
 * Once any account exists the route and GET /api/setup answer 404. A club a host created (README,
 * Hosting many clubs) asks for the key of its setup link (`?key=`, in the body here).
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
  /**
   * The sports the club does. Optional: an app installed before the form asked sends none, and its
   * club keeps the default workout types.
   */
  sports: setupSportsSchema.optional(),
  /** The one-time key of the setup link a host sent (a club created on a many-club deployment). */
  key: z.string().max(200).optional(),
});
export type SetupInput = z.infer<typeof setupSchema>;

/** The setup form's rules: the request's, with the sports asked for. */
export const setupFormSchema = setupSchema.required({ sports: true });
export type SetupFormInput = z.infer<typeof setupFormSchema>;

/** GET /api/setup while the club has no account yet. */
export interface SetupStatus {
  open: true;
}
