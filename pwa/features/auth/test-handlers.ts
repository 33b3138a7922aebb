// The auth endpoints the sign-in and reset pages call, for answerRoutes.
import type { Routes } from '../../test-server';
import { testUser } from '../../test-support';

/** Who signs in in the auth tests. */
export const ANA = testUser('member', { id: 1, name: 'Ana', email: 'ana@club.test' });

/** POST /auth/login accepting any password: Ana and her token. */
export const signInRoutes = (): Routes => ({ 'POST /auth/login': { token: 'tok', user: ANA } });

/**
 * The reset link's check (valid or not, or no answer at all when 'offline') and the reset itself,
 * which always succeeds.
 */
export function resetPasswordRoutes(valid: boolean | 'offline'): Routes {
  return {
    'POST /auth/reset-password/check': valid === 'offline' ? 'network-error' : { valid },
    'POST /auth/reset-password': { message: 'Password reset successful.' },
  };
}
