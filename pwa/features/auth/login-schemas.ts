import { z } from 'zod';
import { loginSchema } from '../../../domain/contract/members/auth';
import { addIssues } from '../../lib/forms/forms';

// The sign-in rules, loaded with the form's first check rather than with the page, so the page
// itself ships without zod (docs/decisions/0040). Create Account's are in signup-schemas.ts.

export { loginSchema };

export const signInSchema = z
  .object({ email: z.string(), password: z.string() })
  .passthrough()
  .superRefine((v, ctx) => {
    addIssues(loginSchema, v, ctx);
  });
