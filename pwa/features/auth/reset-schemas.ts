import { z } from 'zod';
import { resetPasswordSchema } from '../../../domain/contract/members/auth';
import { addIssues } from '../../lib/forms/forms';
import { PASSWORDS_DIFFER } from './password-match';

// The reset page's rules, loaded with the form's first check rather than with the page, so the page
// itself ships without zod (docs/decisions/0040).

// The contract's rule for the new password, and the confirm field that must repeat it.
export const resetFormSchema = z
  .object({ token: z.string(), newPassword: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => {
    if (v.confirm !== v.newPassword)
      ctx.addIssue({ code: 'custom', path: ['confirm'], message: PASSWORDS_DIFFER });
    addIssues(resetPasswordSchema, v, ctx);
  });
