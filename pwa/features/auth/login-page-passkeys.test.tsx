import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setServerPasskeys } from '../../lib/club/club-passkeys';
import { VisitorProviders } from '../../test-providers';
import { answerApi, jsonReply, type ApiCall } from '../../test-server';
import { testUser } from '../../test-support';
import { LoginPage } from './login-page';

// The ceremony module (with @simplewebauthn/browser) stands in for the browser's passkey dialogs.
const ceremony = vi.hoisted(() => ({
  signInWithPasskey: vi.fn(),
  offerPasskeysInAutofill: vi.fn(() => () => {}),
}));
vi.mock('../../lib/session/passkey-ceremony', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  ...ceremony,
}));

const member = testUser('member', { id: 5, email: 'mia@club.test' });
let calls: ApiCall[];

beforeEach(() => {
  localStorage.clear();
  calls = answerApi(({ path }) => (path === '/auth/login' ? jsonReply({ user: member, token: 'password-token' }) : jsonReply({ error: 'Not found' }, 404)));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  localStorage.clear();
});

/** A browser with WebAuthn; `autofill`: whether it offers passkeys in a field's autofill. */
function browserWithPasskeys(autofill: boolean) {
  const isConditionalMediationAvailable = vi.fn(async () => autofill);
  vi.stubGlobal('PublicKeyCredential', Object.assign(function PublicKeyCredential() {}, { isConditionalMediationAvailable }));
  return { isConditionalMediationAvailable };
}

function renderLogin() {
  return render(
    <VisitorProviders>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/" element={<p>Home page</p>} />
        </Routes>
      </MemoryRouter>
    </VisitorProviders>,
  );
}

async function signInWithPassword() {
  await userEvent.type(screen.getByLabelText('Email'), 'mia@club.test');
  await userEvent.type(screen.getByLabelText('Password'), 'swim-bike-run');
  await userEvent.click(screen.getAllByRole('button', { name: 'Sign In' }).at(-1)!);
  expect(await screen.findByText('Home page')).toBeInTheDocument();
  expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /auth/login']);
  expect(calls[0]!.body).toEqual({ email: 'mia@club.test', password: 'swim-bike-run' });
  expect(localStorage.getItem('token')).toBe('password-token');
}

describe('the sign-in page without passkeys', () => {
  it('says plainly when the browser has no WebAuthn, and the password sign-in works as before', async () => {
    setServerPasskeys(true);
    renderLogin();
    expect(screen.getByText('This browser cannot use passkeys. Sign in with your email and password.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
    await signInWithPassword();
    expect(ceremony.offerPasskeysInAutofill).not.toHaveBeenCalled();
  });

  it('says so when the server has passkeys off, and never starts a ceremony', async () => {
    const browser = browserWithPasskeys(true);
    setServerPasskeys(false);
    renderLogin();
    expect(screen.getByText('Passkeys are turned off on this server. Sign in with your email and password.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    await signInWithPassword();
    expect(browser.isConditionalMediationAvailable).not.toHaveBeenCalled();
    expect(ceremony.offerPasskeysInAutofill).not.toHaveBeenCalled();
  });

  it('shows nothing about passkeys on the Create Account side', async () => {
    browserWithPasskeys(true);
    setServerPasskeys(true);
    renderLogin();
    await userEvent.click(screen.getAllByRole('button', { name: 'Create Account' })[0]!);
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).toBeNull();
    expect(screen.getByLabelText('Email')).toHaveAttribute('autocomplete', 'email');
  });
});

describe('the sign-in page with passkeys', () => {
  it('signs in with the passkey button, like a password sign-in', async () => {
    browserWithPasskeys(false);
    setServerPasskeys(true);
    ceremony.signInWithPasskey.mockResolvedValue({ user: member, token: 'passkey-token' });
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('passkey-token');
    expect(JSON.parse(localStorage.getItem('user')!)).toMatchObject({ id: 5, email: 'mia@club.test' });
  });

  it('says what went wrong and keeps the page when the passkey is refused', async () => {
    browserWithPasskeys(false);
    setServerPasskeys(true);
    const { ApiError } = await import('../../lib/data/api-error');
    ceremony.signInWithPasskey.mockRejectedValue(new ApiError(401, 'That passkey could not sign you in. Try again, or sign in with your password.'));
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That passkey could not sign you in');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign In');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('offers passkeys in the email field’s autofill on its focus, only where the browser can', async () => {
    const browser = browserWithPasskeys(true);
    setServerPasskeys(true);
    renderLogin();
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('autocomplete', 'username webauthn');
    expect(browser.isConditionalMediationAvailable).not.toHaveBeenCalled();
    await userEvent.click(email);
    await waitFor(() => expect(ceremony.offerPasskeysInAutofill).toHaveBeenCalledTimes(1));
    // The offer's answer signs in.
    const onAnswer = (ceremony.offerPasskeysInAutofill.mock.calls[0] as unknown as [(a: unknown) => void])[0];
    onAnswer({ user: member, token: 'autofill-token' });
    expect(await screen.findByText('Home page')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('autofill-token');
  });

  it('does not load the ceremony on focus where autofill cannot offer passkeys', async () => {
    const browser = browserWithPasskeys(false);
    setServerPasskeys(true);
    renderLogin();
    await userEvent.click(screen.getByLabelText('Email'));
    await waitFor(() => expect(browser.isConditionalMediationAvailable).toHaveBeenCalled());
    expect(ceremony.offerPasskeysInAutofill).not.toHaveBeenCalled();
    await signInWithPassword();
  });
});
