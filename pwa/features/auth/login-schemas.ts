import { z } from 'zod';
import { loginSchema, registerSchema as registerRules } from '../../../domain/contract/auth';
import { readClubPhone } from '../../lib/club/club-phone';
import { addIssues } from '../../lib/forms/forms';
import { PASSWORDS_DIFFER } from './password-match';

// The sign-in page's rules, loaded with the form's first check rather than with the page, so the page
// itself ships without zod or the phone library (docs/decisions/0040, 0119).

export { loginSchema };

/** Create Account's body as the server checks it, the phone number read for the club's country. */
export const registerSchema = registerRules(readClubPhone);

// Create Account: the contract's register rules, each on its field, then the confirm field.
export const signUpSchema = z
  .object({ name: z.string(), email: z.string(), phoneNumber: z.string(), password: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => {
    addIssues(registerSchema.safeParse(v), ctx);
    if (v.password && v.confirm !== v.password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: PASSWORDS_DIFFER });
  });

export const signInSchema = z
  .object({ email: z.string(), password: z.string() })
  .passthrough()
  .superRefine((v, ctx) => {
    addIssues(loginSchema.safeParse(v), ctx);
  });

