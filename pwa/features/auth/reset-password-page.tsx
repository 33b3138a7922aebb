import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { z } from 'zod';
import { resetPasswordSchema } from '../../../api/contract/auth';
import { FormField } from '../../components/form-field';
import { ErrorMessage, Loading } from '../../components/status';
import { ApiError } from '../../lib/api-client';
import { useContractForm } from '../../lib/forms';
import { usePageTitle } from '../../lib/use-page-title';
import { useResetPasswordMutation } from './api/auth-mutations';
import { useResetCheckQuery } from './api/auth-queries';
import { PASSWORDS_DIFFER, PasswordMatch } from './password-match';

interface ResetValues {
  token: string;
  newPassword: string;
  confirm: string;
}

// The contract's rule for the new password, and the confirm field that must repeat it.
const resetFormSchema = z
  .object({ token: z.string(), newPassword: z.string(), confirm: z.string() })
  .superRefine((v, ctx) => {
    if (v.confirm !== v.newPassword) ctx.addIssue({ code: 'custom', path: ['confirm'], message: PASSWORDS_DIFFER });
    const parsed = resetPasswordSchema.safeParse(v);
    if (!parsed.success) for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  });

export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useContractForm<ResetValues>(resetFormSchema, { defaultValues: { token: token ?? '', newPassword: '', confirm: '' } });
  const reset = useResetPasswordMutation();
  // A used or expired link says so when the page opens; if the check cannot be made (offline), the
  // form shows and the server answers when it is sent.
  const check = useResetCheckQuery(token);

  if (token && check.isPending && !done) {
    return (
      <div className="page page--narrow">
        <h1>Choose a New Password</h1>
        <Loading text="Checking your reset link…" />
      </div>
    );
  }
  if (!token || (check.data?.valid === false && !done)) {
    return (
      <div className="page page--narrow">
        <h1>Invalid Reset Link</h1>
        <ErrorMessage>Invalid reset link. Please request a new password reset.</ErrorMessage>
        <Link className="button button--primary" to="/login">
          Go to Login
        </Link>
      </div>
    );
  }
  if (done) {
    return (
      <div className="page page--narrow">
        <h1>Password Reset Successful!</h1>
        <p>You can now sign in with your new password.</p>
        <Link className="button button--primary" to="/login">
          Go to Login
        </Link>
      </div>
    );
  }

  const submit = handleSubmit(async ({ newPassword }) => {
    setError('');
    try {
      await reset.mutateAsync({ token: token ?? '', newPassword });
      setDone(true);
    } catch (err) {
      setError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : 'Failed to reset password. Please try again.');
    }
  });

  return (
    <div className="page page--narrow">
      <h1>Choose a New Password</h1>
      <form className="card form" onSubmit={submit} noValidate>
        <FormField label="New password" error={errors.newPassword?.message}>
          {(field) => <input {...field} type="password" autoComplete="new-password" {...register('newPassword')} />}
        </FormField>
        <FormField
          label="Confirm new password"
          error={errors.confirm?.message}
          extra={<PasswordMatch password={watch('newPassword')} confirm={watch('confirm')} />}
        >
          {(field) => <input {...field} type="password" autoComplete="new-password" {...register('confirm')} />}
        </FormField>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Reset Password'}
        </button>
      </form>
    </div>
  );
}
