// /setup: the one-time first run of an empty club (no account yet). Whoever opens it names the club,
// says which sports it does (its first workout types) and becomes its first administrator; afterwards
// the server answers 404 and this page says so.
import { useId, useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { setupFormSchema, type SetupFormInput } from '../../../domain/contract/members/setup';
import { SPORTS, SPORT_LABELS } from '../../../domain/sports';
import { FormField } from '../../components/form-field';
import { ErrorMessage, Loading } from '../../components/status';
import { setClubIdentity, clubIdentity } from '../../lib/club/club-identity';
import { call, errorMessage, fieldRefusal } from '../../lib/data/api-client';
import { ApiError } from '../../lib/data/api-error';
import { useContractForm } from '../../lib/forms/forms';
import { useSession } from '../../lib/session/session';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { useSetupStatus } from './setup-status';
import './setup.css';

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
  // Sent here by a copy of the club's settings kept from before it was set up (the service worker
  // keeps one for offline starts): the club exists, so its Home is where this visit was going.
  if (status === 'gone' && !key) return <Navigate to="/" replace />;
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

const FIELDS: { name: Exclude<keyof SetupFormInput, 'sports' | 'key'>; label: string; type: string; autoComplete: string; hint?: string }[] = [
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
  const sportsId = useId();
  const { register, handleSubmit, setError, formState } = useContractForm<SetupFormInput>(setupFormSchema, {
    defaultValues: { clubName: '', name: '', email: '', password: '', sports: [] },
  });
  const { errors, isSubmitting } = formState;
  const sportsError = errors.sports?.message ?? errors.sports?.root?.message;

  const field = (f: (typeof FIELDS)[number]) => (
    <FormField key={f.name} label={f.label} hint={f.hint} error={errors[f.name]?.message}>
      {(control) => <input {...control} type={f.type} autoComplete={f.autoComplete} {...register(f.name)} />}
    </FormField>
  );

  const submit = handleSubmit(async (values) => {
    setProblem('');
    try {
      const answer = await call('POST /setup', { body: setupKey ? { ...values, key: setupKey } : values });
      setClubIdentity({ ...clubIdentity(), name: values.clubName.trim() });
      signIn(answer);
      navigate('/admin?tab=club', { replace: true });
    } catch (error) {
      const refused = fieldRefusal(error);
      // A refusal of one chosen sport ('sports.0') is the group's.
      const named = refused?.field.split('.')[0];
      if (refused && named === 'sports') setError('sports', { message: refused.message });
      else if (refused && FIELDS.some((f) => f.name === named)) setError(named as (typeof FIELDS)[number]['name'], { message: refused.message });
      else if (error instanceof ApiError && error.status === 404) setProblem('This club was set up a moment ago by someone else. Sign in instead.');
      else setProblem(errorMessage(error, 'Could not set up the club'));
    }
  });

  return (
    <div className="page page--narrow">
      <h1>Set up your club</h1>
      <p>This app has no accounts yet. Name your club and create its first administrator: you. This page works once.</p>
      <form className="form" onSubmit={submit} noValidate>
        {FIELDS.slice(0, 1).map(field)}
        <fieldset
          className="setup-sports"
          aria-describedby={[sportsError ? `${sportsId}-error` : null, `${sportsId}-hint`].filter(Boolean).join(' ')}
        >
          <legend>Sports the club does</legend>
          <p id={`${sportsId}-hint`} className="field-hint">
            Each becomes a kind of workout you can post, with Other for the rest. Rename, add or retire them later in Admin → Sports.
          </p>
          <div className="setup-sports__choices">
            {SPORTS.map((sport) => (
              <label key={sport} className="setup-sports__choice">
                <input type="checkbox" value={sport} aria-invalid={sportsError ? true : undefined} {...register('sports')} /> {SPORT_LABELS[sport]}
              </label>
            ))}
          </div>
          {sportsError && (
            <p id={`${sportsId}-error`} className="field-error">
              {sportsError}
            </p>
          )}
        </fieldset>
        {FIELDS.slice(1).map(field)}
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
