import { z } from 'zod';

/** DELETE /me: the account's password confirms the deletion, even after a passkey sign-in. */
export const deleteAccountSchema = z.object({
  password: z.string().min(1, 'Enter your password to delete your account.').max(1024),
});
