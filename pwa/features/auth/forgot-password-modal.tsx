import { useState, type FormEvent } from 'react';
import { forgotPasswordSchema } from '../../../api/contract/auth';
import { firstIssue } from '../../../api/contract/common';
import { Modal } from '../../components/modal';
import { ErrorMessage, Notice } from '../../components/status';
import { ApiError } from '../../lib/api-client';
import { useForgotPasswordMutation } from './api/auth-mutations';

export function ForgotPasswordModal({ initialEmail, onClose }: { initialEmail: string; onClose: () => void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const forgot = useForgotPasswordMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return setError(firstIssue(parsed.error));
    setBusy(true);
    setError('');
    try {
      await forgot.mutateAsync(parsed.data);
      setSent(true);
    } catch (err) {
      setError(err instanceof ApiError && err.status === 429 ? err.message : 'Failed to send reset email. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title="Reset Password" onClose={onClose}>
      {sent ? (
        <>
          <Notice tone="success">Password reset email sent successfully!</Notice>
          <p>Check your inbox for a link to choose a new password. The link works once, for one hour.</p>
          <button type="button" className="button button--primary" onClick={onClose}>
            Close
          </button>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <p>Enter the email of your account and we will send you a link to reset your password.</p>
          <label className="field">
            <span>Email</span>
            <input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} data-autofocus />
          </label>
          {error && <ErrorMessage>{error}</ErrorMessage>}
          <div className="actions">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="button button--primary" disabled={busy}>
              {busy ? 'Sending…' : 'Send Reset Link'}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
