import { z } from 'zod';
import { registerSchema as registerRules } from '../../../domain/contract/members/auth';
import { readClubPhone } from '../../lib/club/club-phone';
import { addIssues } from '../../lib/forms/forms';
import { PASSWORDS_DIFFER } from './password-match';

// Create Account's rules, loaded with the form's first check in that mode: they read the phone number
// for the club's country, so the phone library comes with them and never with Sign In
// (docs/decisions/0040, 0119).

/** Create Account's body as the server checks it, the phone number read for the club's country. */
export const registerSchema = registerRules(readClubPhone);

// The contract's register rules, each on its field, then the confirm field.
export const signUpSchema = z
  .object({ name: z.string(), email: z.string(), phoneNumber: z.string(), password: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => {
    addIssues(registerSchema, v, ctx);
    if (v.password && v.confirm !== v.password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: PASSWORDS_DIFFER });
  });
