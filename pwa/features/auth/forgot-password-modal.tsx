import { useState } from 'react';
import { forgotPasswordSchema } from '../../../domain/contract/members/auth';
import { FormField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { ErrorMessage, Notice } from '../../components/status';
import { call, errorMessage } from '../../lib/data/api-client';
import { useContractForm } from '../../lib/forms/forms';

export function ForgotPasswordModal({ initialEmail, onClose }: { initialEmail: string; onClose: () => void }) {
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm<{ email: string }>(forgotPasswordSchema, { defaultValues: { email: initialEmail } });

  const submit = handleSubmit(async (values) => {
    setError('');
    try {
      await call('POST /auth/forgot-password', { body: forgotPasswordSchema.parse(values) });
      setSent(true);
    } catch (err) {
      setError(errorMessage(err, 'Failed to send reset email. Please try again.'));
    }
  });

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
          <FormField label="Email" error={errors.email?.message}>
            {(field) => <input {...field} type="email" autoComplete="email" data-autofocus {...register('email')} />}
          </FormField>
          {error && <ErrorMessage>{error}</ErrorMessage>}
          <FormFooter submitLabel="Send Reset Link" busy={isSubmitting} busyLabel="Sending…" />
        </form>
      )}
    </Modal>
  );
}
