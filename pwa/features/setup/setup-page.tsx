// /setup: the one-time first run of an empty club (no account yet). Whoever opens it names the club and
// becomes its first administrator; afterwards the server answers 404 and this page says so.
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { setupSchema, type SetupInput } from '../../../domain/contract/members/setup';
import { FormField } from '../../components/form-field';
import { ErrorMessage, Loading } from '../../components/status';
import { setClubIdentity, clubIdentity } from '../../lib/club/club-identity';
import { call, errorMessage, fieldRefusal } from '../../lib/data/api-client';
import { ApiError } from '../../lib/data/api-error';
import { useContractForm } from '../../lib/forms/forms';
import { useSession } from '../../lib/session/session';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { useSetupStatus } from './setup-status';

export function SetupPage() {
  usePageTitle('Set up the club');
  const [params] = useSearchParams();
  const key = params.get('key') ?? undefined;
  const status = useSetupStatus(key);
  if (status === 'checking') return <Loading text="Checking the club…" />;
  if (status === 'error') {
    return (
      <div className="page page--narrow">
        <h1>Set up your club</h1>
        <ErrorMessage>The server could not be reached. Check the connection and reload this page.</ErrorMessage>
      </div>
    );
  }
  if (status === 'gone') {
    return (
      <div className="page page--narrow">
        <h1>Page not found</h1>
        <p>This club is set up already. Sign in, or ask one of its administrators.</p>
        <a className="button button--primary" href="/login">
          Sign In
        </a>
      </div>
    );
  }
  return <SetupForm setupKey={key} />;
}

const FIELDS: { name: keyof SetupInput; label: string; type: string; autoComplete: string; hint?: string }[] = [
  { name: 'clubName', label: 'Club name', type: 'text', autoComplete: 'organization', hint: 'You can change it, the colour and the logo later in Admin → Club.' },
  { name: 'name', label: 'Your name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password', hint: 'At least 8 characters.' },
];

/** `setupKey`: the key of the host's setup link, sent with the form (a club the host created asks for it). */
function SetupForm({ setupKey }: { setupKey: string | undefined }) {
  const { signIn } = useSession();
  const navigate = useNavigate();
  const [problem, setProblem] = useState('');
  const { register, handleSubmit, setError, formState } = useContractForm<SetupInput>(setupSchema, {
    defaultValues: { clubName: '', name: '', email: '', password: '' },
  });
  const { errors, isSubmitting } = formState;

  const submit = handleSubmit(async (values) => {
    setProblem('');
    try {
      const answer = await call('POST /setup', { body: setupKey ? { ...values, key: setupKey } : values });
      setClubIdentity({ ...clubIdentity(), name: values.clubName.trim() });
      signIn(answer);
      navigate('/admin?tab=club', { replace: true });
    } catch (error) {
      const refused = fieldRefusal(error);
      if (refused && FIELDS.some((f) => f.name === refused.field)) setError(refused.field as keyof SetupInput, { message: refused.message });
      else if (error instanceof ApiError && error.status === 404) setProblem('This club was set up a moment ago by someone else. Sign in instead.');
      else setProblem(errorMessage(error, 'Could not set up the club'));
    }
  });

  return (
    <div className="page page--narrow">
      <h1>Set up your club</h1>
      <p>This app has no accounts yet. Name your club and create its first administrator: you. This page works once.</p>
      <form className="form" onSubmit={submit} noValidate>
        {FIELDS.map((f) => (
          <FormField key={f.name} label={f.label} hint={f.hint} error={errors[f.name]?.message}>
            {(control) => <input {...control} type={f.type} autoComplete={f.autoComplete} {...register(f.name)} />}
          </FormField>
        ))}
        {problem && <ErrorMessage>{problem}</ErrorMessage>}
        <div className="actions">
          <button type="submit" className="button button--primary" disabled={isSubmitting}>
            {isSubmitting ? 'Setting up…' : 'Create the club'}
          </button>
        </div>
      </form>
    </div>
  );
}
