import { useMutation } from '@tanstack/react-query';
import type { BodyOf } from '../../../../api/contract/endpoints';
import { call } from '../../../lib/api-client';

type SignInRequest =
  | { mode: 'signin'; body: BodyOf<'POST /auth/login'> }
  | { mode: 'signup'; body: BodyOf<'POST /auth/register'> };

/** Sign-in or account creation; both answer the session (user and token). */
export function useSignInMutation() {
  return useMutation({
    mutationFn: (request: SignInRequest) =>
      request.mode === 'signin' ? call('POST /auth/login', { body: request.body }) : call('POST /auth/register', { body: request.body }),
  });
}

export function useForgotPasswordMutation() {
  return useMutation({ mutationFn: (body: BodyOf<'POST /auth/forgot-password'>) => call('POST /auth/forgot-password', { body }) });
}

export function useResetPasswordMutation() {
  return useMutation({ mutationFn: (body: BodyOf<'POST /auth/reset-password'>) => call('POST /auth/reset-password', { body }) });
}
