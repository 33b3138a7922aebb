import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { EXPORTS_PER_DAY } from '../../../../domain/contract/members/privacy';
import { deleteAccountSchema } from '../../../../domain/contract/members/privacy-schemas';
import { DownloadButton } from '../../../components/download-button';
import { FormField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { ErrorMessage } from '../../../components/status';
import { call, errorMessage } from '../../../lib/data/api-client';
import { useContractForm } from '../../../lib/forms/forms';
import { ACCOUNT_DELETED_PATH, useSession } from '../../../lib/session/session';

/** Profile → Privacy: download everything the club keeps about me, or delete my account. */
export function MyData() {
  const headingId = useId();
  const [deleting, setDeleting] = useState(false);
  return (
    <section aria-labelledby={headingId} className="profile-privacy">
      <h2 id={headingId}>Privacy</h2>
      <p className="hint">
        What the club keeps about you, why, and who sees it: <Link to="/privacy">Privacy</Link>.
      </p>
      <h3 className="profile-privacy__title">Download my data</h3>
      <p className="hint">
        A ZIP file with everything the club stores about you (profile, sign-ups, attendance, RSVPs, races, notification
        settings) and your picture. Up to {EXPORTS_PER_DAY} downloads a day.
      </p>
      <DownloadButton path="/me/export" fallbackName="my-data.zip" label="Download my data" />
      <h3 className="profile-privacy__title">Delete my account</h3>
      <p className="hint">
        Your account, your picture and your places in workouts to come are removed, and you are signed out everywhere.
      </p>
      <button type="button" className="button button--danger" onClick={() => setDeleting(true)}>
        Delete my account…
      </button>
      {deleting && <DeleteAccountDialog onClose={() => setDeleting(false)} />}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const { signOut } = useSession();
  const navigate = useNavigate();
  const formId = useId();
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useContractForm<{ password: string }>(deleteAccountSchema, { defaultValues: { password: '' } });

  const submit = handleSubmit(async (values) => {
    setError('');
    try {
      // A wrong password is a 403 that must not end the session: the member simply tries again.
      await call('DELETE /me', { body: deleteAccountSchema.parse(values), keepSessionOnUnauthorized: true });
    } catch (err) {
      setError(errorMessage(err, 'Your account could not be deleted. Please try again.'));
      return;
    }
    // The account is gone. Leave the profile first (signed out, it would send the member to sign in),
    // then everything this device kept of the account goes too: offline copies, outbox, query cache.
    navigate(ACCOUNT_DELETED_PATH, { replace: true });
    await signOut();
  });

  return (
    <Modal
      title="Delete my account"
      onClose={isSubmitting ? undefined : onClose}
      // The two choices stay in view on a phone while the explanation scrolls.
      footer={
        <div className="actions">
          <button type="button" className="button" onClick={onClose} disabled={isSubmitting}>
            Keep my account
          </button>
          <button type="submit" form={formId} className="button button--danger" disabled={isSubmitting}>
            {isSubmitting ? 'Deleting…' : 'Delete my account'}
          </button>
        </div>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="delete-account">
        <p>This cannot be undone. When you delete your account:</p>
        <ul>
          <li>your sign-ups for workouts to come are cancelled (no absence is counted) and the next person on the waitlist gets your place;</li>
          <li>your waitlist places, RSVPs to events, race sign-ups, notification devices, calendar link and picture are removed;</li>
          <li>workouts you already took part in stay in the club&apos;s attendance reports as &ldquo;Former member&rdquo;, without your name or email;</li>
          <li>you are signed out on every device, and this device forgets everything it kept for you.</li>
        </ul>
        <p>
          Want a copy first? Use <strong>Download my data</strong> before you go. You can sign up again later with the same email.
        </p>
        <FormField
          label="Your password"
          error={errors.password?.message}
          hint="Even if you signed in with a passkey, type your account password. Forgotten it? Reset it from the sign-in page first."
        >
          {(field) => <input {...field} type="password" autoComplete="current-password" {...register('password')} />}
        </FormField>
        {error && <ErrorMessage>{error}</ErrorMessage>}
      </form>
    </Modal>
  );
}
