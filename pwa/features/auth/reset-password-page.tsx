import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/form-field';
import { ErrorMessage, Loading } from '../../components/status';
import { call, errorMessage } from '../../lib/data/api-client';
import { useDeferredContractForm } from '../../lib/forms/deferred-form';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { useResetCheckQuery } from './api/auth-queries';
import { PasswordMatch } from './password-match';

interface ResetValues {
  token: string;
  newPassword: string;
  confirm: string;
}

// The rules load with the form's first check, and react-hook-form with the first touch of the form
// (docs/decisions/0040).
const schema = async () => (await import('./reset-schemas')).resetFormSchema;

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  // The invitation of a member imported from the club's spreadsheet: the same link, its own words.
  const invite = params.get('invite') === '1';
  usePageTitle(invite ? 'Choose your password' : 'Reset Password');
  const heading = invite ? 'Welcome! Choose your password' : 'Choose a New Password';
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
    formEvents,
  } = useDeferredContractForm<ResetValues>(schema, { defaultValues: { token: token ?? '', newPassword: '', confirm: '' } });
  // A used or expired link says so when the page opens; if the check cannot be made (offline), the
  // form shows and the server answers when it is sent.
  const check = useResetCheckQuery(token);

  if (token && check.isPending && !done) {
    return (
      <div className="page page--narrow">
        <h1>{heading}</h1>
        <Loading text="Checking your reset link…" />
      </div>
    );
  }
  if (!token || (check.data?.valid === false && !done)) {
    return (
      <div className="page page--narrow">
        <h1>Invalid Reset Link</h1>
        <ErrorMessage>Invalid reset link. Please request a new password reset.</ErrorMessage>
        {invite && <p>An invitation link works once, for 7 days. Use “Forgot password” on the sign-in page with your email to get a new one.</p>}
        <Link className="button button--primary" to="/login">
          Go to Login
        </Link>
      </div>
    );
  }
  if (done) {
    return (
      <div className="page page--narrow">
        <h1>{invite ? 'Your password is set!' : 'Password Reset Successful!'}</h1>
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
      await call('POST /auth/reset-password', { body: { token: token ?? '', newPassword } });
      setDone(true);
    } catch (err) {
      setError(errorMessage(err, 'Failed to reset password. Please try again.'));
    }
  });

  return (
    <div className="page page--narrow">
      <h1>{heading}</h1>
      <form className="card form" method="post" onSubmit={submit} noValidate {...formEvents}>
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
          {isSubmitting ? 'Saving…' : invite ? 'Set Password' : 'Reset Password'}
        </button>
      </form>
    </div>
  );
}
