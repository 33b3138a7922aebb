import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { FormField } from '../../components/form-field';
import { ErrorMessage, Notice } from '../../components/status';
import { call, errorMessage } from '../../lib/data/api-client';
import { ApiError } from '../../lib/data/api-error';
import { useDeferredContractForm } from '../../lib/forms/deferred-form';
import { lazyNamed } from '../../lib/ui/lazy-named';
import { useSession } from '../../lib/session/session';
import { phoneInput } from '../../lib/forms/phone-input';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { canOpenNow, describeReturnPath, forgetReturnPath, peekReturnPath, rememberReturnPath, safeReturnPath } from '../../lib/session/return-to';
import type { SessionUser } from '../../../domain/contract/members/auth';
import { WaitingAccounts } from '../../parts/waiting-accounts';
import { PasswordMatch } from './password-match';
import { PasskeySignInButton, usePasskeySignIn } from './passkey-sign-in';
import { SectionBoundary } from '../../lib/ui/section-boundary';

const ForgotPasswordModal = lazyNamed(() => import('./forgot-password-modal'), 'ForgotPasswordModal');
// The rules load with the first check of the form, and react-hook-form with the first touch of it,
// not with the page (docs/decisions/0040); Create Account's bring the phone library, Sign In's do not.
const signInRules = () => import('./login-schemas');
const signUpRules = () => import('./signup-schemas');

type Mode = 'signin' | 'signup';
type Problem = { kind: 'login-failed' } | { kind: 'exists' } | { kind: 'text'; text: string };

const REASONS: Record<string, string> = {
  'session-expired': 'Your session has ended. Please sign in again.',
  forbidden: 'Your access has changed. Please sign in again.',
};

/** The fields of both modes; Sign In reads email and password only. */
interface LoginValues {
  name: string;
  email: string;
  phoneNumber: string;
  password: string;
  confirm: string;
}

export function LoginPage() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  // A shared link that needs signing in: the page says what it is, and signing in leads back to it.
  const next = safeReturnPath(params.get('next'));
  const destination = describeReturnPath(next);
  const heading = destination
    ? `${destination.membersOnly ? 'Members only' : 'Sign in to see'}: ${destination.what}`
    : mode === 'signin'
      ? 'Sign In'
      : 'Create Account';
  usePageTitle(destination ? heading : mode === 'signin' ? 'Sign In' : 'Create Account');
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [problem, setProblem] = useState<Problem | null>(null);
  const [forgotOpen, setForgotOpen] = useState(false);
  const reason = params.get('reason');
  const {
    register,
    handleSubmit,
    watch,
    getValues,
    clearErrors,
    formState: { errors, isSubmitting },
    formEvents,
    prepare,
  } = useDeferredContractForm<LoginValues>(async () => (mode === 'signin' ? (await signInRules()).signInSchema : (await signUpRules()).signUpSchema), {
    defaultValues: { name: '', email: '', phoneNumber: '', password: '', confirm: '' },
  });

  function switchMode(next: Mode) {
    prepare();
    setMode(next);
    setProblem(null);
    clearErrors();
  }

  /** Back to the link that brought the reader here when they may open it; else Home, keeping the link for later. */
  function arrive(user: SessionUser) {
    const target = next ?? peekReturnPath();
    if (target && canOpenNow(user, target)) {
      forgetReturnPath();
      navigate(target, { replace: true });
      return;
    }
    if (target) rememberReturnPath(target);
    navigate('/');
  }

  const passkey = usePasskeySignIn((answer) => {
    signIn(answer);
    arrive(answer.user);
  });
  const offersPasskeys = mode === 'signin' && passkey.availability === 'on';

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    const send = async () =>
      mode === 'signin'
        ? call('POST /auth/login', { body: (await signInRules()).loginSchema.parse(values) })
        : call('POST /auth/register', { body: (await signUpRules()).registerSchema.parse(values) });
    try {
      const answer = await send();
      if (!answer?.token) return setProblem({ kind: 'text', text: 'Signup or Login failed - no token received' });
      signIn(answer);
      arrive(answer.user);
    } catch (err) {
      setProblem(describe(err, mode));
    }
  });

  const formProblem = errors.root?.message;
  return (
    <div className="page page--narrow">
      <h1>{heading}</h1>
      {destination && <DestinationNote what={destination.what} membersOnly={destination.membersOnly} />}
      {reason && REASONS[reason] && <Notice tone="warning">{REASONS[reason]}</Notice>}
      {/* Changes a session that ended left on this device: they have not reached the club. */}
      <WaitingAccounts signedInAs={null} />
      <div className="segmented" role="group" aria-label="Sign in or create an account">
        <button type="button" aria-pressed={mode === 'signin'} onClick={() => switchMode('signin')}>
          Sign In
        </button>
        <button type="button" aria-pressed={mode === 'signup'} onClick={() => switchMode('signup')}>
          Create Account
        </button>
      </div>

      <form className="card form" method="post" onSubmit={submit} noValidate {...formEvents}>
        {mode === 'signup' && (
          <>
            <Notice>
              New accounts are approved by an administrator once the club receives confirmation of your membership
              payment. You will get an email when your account is activated.
            </Notice>
            <FormField label="Full name" error={errors.name?.message}>
              {(field) => <input {...field} autoComplete="name" maxLength={100} {...register('name')} />}
            </FormField>
          </>
        )}
        <FormField label="Email" error={errors.email?.message}>
          {(field) => (
            <input
              {...field}
              type="email"
              // "webauthn": the browser offers the club's passkeys among the suggestions for this field.
              autoComplete={offersPasskeys ? 'username webauthn' : 'email'}
              onFocus={offersPasskeys ? passkey.offerAutofill : undefined}
              {...register('email')}
            />
          )}
        </FormField>
        {mode === 'signup' && (
          <FormField label="Phone" error={errors.phoneNumber?.message}>
            {(field) => <input {...field} {...phoneInput(register, 'phoneNumber')} />}
          </FormField>
        )}
        <FormField label="Password" error={errors.password?.message}>
          {(field) => (
            <input
              {...field}
              type="password"
              autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
              {...register('password')}
            />
          )}
        </FormField>
        {mode === 'signup' && (
          <FormField
            label="Confirm password"
            error={errors.confirm?.message}
            extra={<PasswordMatch password={watch('password')} confirm={watch('confirm')} />}
          >
            {(field) => <input {...field} type="password" autoComplete="new-password" {...register('confirm')} />}
          </FormField>
        )}

        {(problem || formProblem) && (
          <ErrorMessage>
            {problem?.kind === 'login-failed' && (
              <>
                Username or password are incorrect. Please try again. If you do not have an account, please create one!{' '}
                <button type="button" className="link-button" onClick={() => switchMode('signup')}>
                  Sign Up
                </button>
              </>
            )}
            {problem?.kind === 'exists' && (
              <>
                An account is already associated with this email.{' '}
                <button type="button" className="link-button" onClick={() => switchMode('signin')}>
                  Sign In
                </button>{' '}
                ·{' '}
                <button type="button" className="link-button" onClick={() => setForgotOpen(true)}>
                  Forgot Password
                </button>
              </>
            )}
            {problem?.kind === 'text' && problem.text}
            {!problem && formProblem}
          </ErrorMessage>
        )}

        {mode === 'signup' && (
          <p className="hint">
            What the club keeps about you, who sees it and how to delete it: <Link to="/privacy">Privacy</Link>.
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={isSubmitting}>
          {isSubmitting ? 'Please wait…' : mode === 'signin' ? 'Sign In' : 'Create Account'}
        </button>
        {mode === 'signin' && (
          <button type="button" className="link-button" onClick={() => setForgotOpen(true)}>
            Forgot your password?
          </button>
        )}
      </form>
      {mode === 'signin' && <PasskeySignInButton passkey={passkey} />}
      {forgotOpen && (
        <SectionBoundary what="the password reset form">
          <ForgotPasswordModal initialEmail={getValues('email')} onClose={() => setForgotOpen(false)} />
        </SectionBoundary>
      )}
    </div>
  );
}

/** What the link is and how to get to it, above the form; nothing of the page itself is read. */
function DestinationNote({ what, membersOnly }: { what: string; membersOnly: boolean }) {
  if (!membersOnly) return <p className="lead">Sign in and you go straight to {what}.</p>;
  return (
    <div className="login-destination">
      <p className="lead">
        This link opens {what}. Only club members can see it: sign in and you go straight there.
      </p>
      <p>
        New to the club? Create an account below. An administrator approves it once the club has your membership
        receipt, and the link opens for you then. <Link to="/join-us">How to join</Link>
      </p>
    </div>
  );
}

function describe(err: unknown, mode: Mode): Problem {
  // A wrong password, and an address that already has an account (the club's only 409 of a sign-up), offer their way on.
  if (err instanceof ApiError && mode === 'signin' && err.status === 401) return { kind: 'login-failed' };
  if (err instanceof ApiError && mode === 'signup' && err.status === 409) return { kind: 'exists' };
  return { kind: 'text', text: errorMessage(err, mode === 'signin' ? 'Login failed' : 'Signup failed') };
}
