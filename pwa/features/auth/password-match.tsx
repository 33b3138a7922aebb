/** The live indicator under a confirm-password field (sign-up and reset password). */
export function PasswordMatch({ password, confirm }: { password: string; confirm: string }) {
  if (!confirm) return null;
  const match = password === confirm;
  return (
    <p className={`field-hint ${match ? 'field-hint--ok' : 'field-hint--bad'}`} aria-live="polite">
      {match ? '✓ Passwords match' : '✗ Passwords do not match'}
    </p>
  );
}

export const PASSWORDS_DIFFER = 'Passwords do not match. Please ensure both password fields are identical.';
