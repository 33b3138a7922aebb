import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PASSWORD_MESSAGE, PASSWORD_MIN } from '../../../api/contract/common';
import { ErrorMessage } from '../../components/status';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { useResetPasswordMutation } from './api/auth-mutations';
import { PASSWORDS_DIFFER, PasswordMatch } from './password-match';

export function ResetPasswordPage() {
  usePageTitle('Reset Password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const reset = useResetPasswordMutation();

  if (!token) {
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

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError('');
    if (password !== confirm) return setError(PASSWORDS_DIFFER);
    if (password.length < PASSWORD_MIN) return setError(PASSWORD_MESSAGE);
    setBusy(true);
    try {
      await reset.mutateAsync({ token: token ?? '', newPassword: password });
      setDone(true);
    } catch (err) {
      setError(err instanceof ApiError && err.status >= 400 && err.status < 500 ? err.message : 'Failed to reset password. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page page--narrow">
      <h1>Choose a New Password</h1>
      <form className="card form" onSubmit={submit} noValidate>
        <label className="field">
          <span>New password</span>
          <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </label>
        <label className="field">
          <span>Confirm new password</span>
          <input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          <PasswordMatch password={password} confirm={confirm} />
        </label>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Saving…' : 'Reset Password'}
        </button>
      </form>
    </div>
  );
}
