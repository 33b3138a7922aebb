import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { loginSchema, registerSchema } from '../../../api/contract/auth';
import { firstIssue, formatPhone } from '../../../api/contract/common';
import { ErrorMessage, Notice } from '../../components/status';
import { ApiError } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';
import { useSignInMutation } from './api/auth-mutations';
import { ForgotPasswordModal } from './forgot-password-modal';
import { PASSWORDS_DIFFER, PasswordMatch } from './password-match';

type Mode = 'signin' | 'signup';
type Problem = { kind: 'login-failed' } | { kind: 'exists' } | { kind: 'text'; text: string };

const REASONS: Record<string, string> = {
  'session-expired': 'Your session has ended. Please sign in again.',
  forbidden: 'Your access has changed. Please sign in again.',
};

export function LoginPage() {
  const [params] = useSearchParams();
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'signup' ? 'signup' : 'signin');
  usePageTitle(mode === 'signin' ? 'Sign In' : 'Create Account');
  const navigate = useNavigate();
  const { signIn } = useSession();
  const [form, setForm] = useState({ name: '', email: '', phone: '', password: '', confirm: '' });
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  const signInMutation = useSignInMutation();
  const [forgotOpen, setForgotOpen] = useState(false);
  const reason = params.get('reason');

  const set = (field: keyof typeof form) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: field === 'phone' ? formatPhone(e.target.value) : e.target.value }));

  function switchMode(next: Mode) {
    setMode(next);
    setProblem(null);
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setProblem(null);
    let request: Parameters<typeof signInMutation.mutateAsync>[0];
    if (mode === 'signin') {
      const parsed = loginSchema.safeParse({ email: form.email, password: form.password });
      if (!parsed.success) return setProblem({ kind: 'text', text: firstIssue(parsed.error) });
      request = { mode, body: parsed.data };
    } else {
      const parsed = registerSchema.safeParse({ name: form.name, email: form.email, password: form.password, phoneNumber: form.phone });
      if (!parsed.success) return setProblem({ kind: 'text', text: firstIssue(parsed.error) });
      if (form.password !== form.confirm) return setProblem({ kind: 'text', text: PASSWORDS_DIFFER });
      request = { mode, body: parsed.data };
    }
    setBusy(true);
    try {
      const answer = await signInMutation.mutateAsync(request);
      if (!answer?.token) return setProblem({ kind: 'text', text: 'Signup or Login failed - no token received' });
      signIn(answer);
      navigate('/');
    } catch (err) {
      setProblem(describe(err, mode));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="page page--narrow">
      <h1>{mode === 'signin' ? 'Sign In' : 'Create Account'}</h1>
      {reason && REASONS[reason] && <Notice tone="warning">{REASONS[reason]}</Notice>}
      <div className="segmented" role="group" aria-label="Sign in or create an account">
        <button type="button" aria-pressed={mode === 'signin'} onClick={() => switchMode('signin')}>
          Sign In
        </button>
        <button type="button" aria-pressed={mode === 'signup'} onClick={() => switchMode('signup')}>
          Create Account
        </button>
      </div>

      <form className="card form" onSubmit={submit} noValidate>
        {mode === 'signup' && (
          <>
            <Notice>
              New accounts are approved by an administrator once the club receives confirmation of your membership
              payment from the athletic centre. You will get an email when your account is activated.
            </Notice>
            <Field label="Full name">
              <input autoComplete="name" value={form.name} onChange={set('name')} maxLength={100} />
            </Field>
          </>
        )}
        <Field label="Email">
          <input type="email" autoComplete="email" value={form.email} onChange={set('email')} />
        </Field>
        {mode === 'signup' && (
          <Field label="Phone">
            <input type="tel" autoComplete="tel" inputMode="tel" placeholder="(123) 456-7890" value={form.phone} onChange={set('phone')} />
          </Field>
        )}
        <Field label="Password">
          <input
            type="password"
            autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
            value={form.password}
            onChange={set('password')}
          />
        </Field>
        {mode === 'signup' && (
          <Field label="Confirm password">
            <input type="password" autoComplete="new-password" value={form.confirm} onChange={set('confirm')} />
            <PasswordMatch password={form.password} confirm={form.confirm} />
          </Field>
        )}

        {problem && (
          <ErrorMessage>
            {problem.kind === 'login-failed' && (
              <>
                Username or password are incorrect. Please try again. If you do not have an account, please create one!{' '}
                <button type="button" className="link-button" onClick={() => switchMode('signup')}>
                  Sign Up
                </button>
              </>
            )}
            {problem.kind === 'exists' && (
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
            {problem.kind === 'text' && problem.text}
          </ErrorMessage>
        )}

        <button type="submit" className="button button--primary button--block" disabled={busy}>
          {busy ? 'Please wait…' : mode === 'signin' ? 'Sign In' : 'Create Account'}
        </button>
        {mode === 'signin' && (
          <button type="button" className="link-button" onClick={() => setForgotOpen(true)}>
            Forgot your password?
          </button>
        )}
      </form>
      {forgotOpen && <ForgotPasswordModal initialEmail={form.email} onClose={() => setForgotOpen(false)} />}
    </div>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label className="field">
      <span>{label}</span>
      {children}
    </label>
  );
}

function describe(err: unknown, mode: Mode): Problem {
  if (err instanceof ApiError) {
    if (mode === 'signin' && err.status === 401) return { kind: 'login-failed' };
    if (/already exists/i.test(err.message)) return { kind: 'exists' };
    if (err.message && err.status !== 500) return { kind: 'text', text: err.message };
  }
  return { kind: 'text', text: mode === 'signin' ? 'Login failed' : 'Signup failed' };
}
