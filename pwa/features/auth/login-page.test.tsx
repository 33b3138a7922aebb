import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_CLUB_REGION } from '../../../domain/region/club-region';
import { setClubRegion } from '../../lib/club/club-region';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../test-server';
import { LoginPage } from './login-page';
import { signInRoutes } from './test-handlers';

/** A visitor opens the sign-in page at `url`; `routes` answer what it sends. */
function renderLogin(url = '/login', routes: Routes = {}) {
  const api = answerRoutes(routes);
  renderAt(url, '/login', <LoginPage />, { user: null, visitor: true });
  return api;
}

const submit = (name: string) => screen.getAllByRole('button', { name }).at(-1)!;

// The form and Create Account's rules (with the phone library) are loaded on demand, in production
// and here: loaded before the tests, so a findBy waits for the screen, not for a busy machine to load
// a module.
beforeAll(async () => {
  await import('./forgot-password-modal');
  await import('./signup-schemas');
});

describe('LoginPage', () => {
  it('requires email and password before calling the server', async () => {
    const api = renderLogin();
    await userEvent.click(submit('Sign In'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Email and password are required');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the spec message for a wrong password, and its Sign Up link switches mode', async () => {
    renderLogin('/login', { 'POST /auth/login': jsonReply({ error: 'Invalid email or password' }, 401) });
    await userEvent.type(screen.getByLabelText('Email'), 'a@b.co');
    await userEvent.type(screen.getByLabelText('Password'), 'wrong-one');
    await userEvent.click(submit('Sign In'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Username or password are incorrect. Please try again. If you do not have an account, please create one!',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Create Account');
    expect(screen.getByLabelText('Email')).toHaveValue('a@b.co');
  });

  it('keeps the phone exactly as typed, shows the live match indicator and checks the sign-up rules in order', async () => {
    const api = renderLogin('/login?mode=signup');
    expect(screen.getByText(/You will get an email when your account is activated/)).toBeInTheDocument();
    await userEvent.click(submit('Create Account'));
    // One message per problem: 'Required' next to each empty field, no 'All fields are required' too.
    expect(screen.queryByText('All fields are required')).toBeNull();
    for (const label of ['Full name', 'Email', 'Phone', 'Password']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining('Required'));
    }
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Phone'), '416 555-0199');
    expect(screen.getByLabelText('Phone')).toHaveValue('416 555-0199');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret2');
    expect(screen.getByText('✗ Passwords do not match')).toBeInTheDocument();
    // Every field filled: the fields' messages are gone before the next submit.
    await waitFor(() => expect(screen.queryByText('Required')).toBeNull());
    await userEvent.click(submit('Create Account'));
    // Each broken rule sits on its own field, and the first invalid field has the focus.
    const email = screen.getByLabelText('Email');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Please enter a valid email address (e.g., name@example.com)');
    await waitFor(() => expect(email).toHaveFocus());
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Passwords do not match. Please ensure both password fields are identical.',
    );
    expect(screen.getByLabelText('Phone')).not.toHaveAttribute('aria-invalid');
    await userEvent.clear(email);
    await userEvent.type(email, 'ana@club.test');
    await waitFor(() => expect(email).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText(/Please enter a valid email address/)).toBeNull();
    await userEvent.click(submit('Create Account'));
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription(
      'Passwords do not match. Please ensure both password fields are identical.',
    );
    await waitFor(() => expect(screen.getByLabelText('Confirm password')).toHaveFocus());
    expect(api.calls).toHaveLength(0);
  });

  it('turns an "already exists" answer into the spec message with Sign In and Forgot Password', async () => {
    renderLogin('/login?mode=signup', { 'POST /auth/register': jsonReply({ error: 'An account with this email already exists' }, 409) });
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@club.test');
    await userEvent.type(screen.getByLabelText('Phone'), '4165550199');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
    await userEvent.click(submit('Create Account'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('An account is already associated with this email.');
    await userEvent.click(screen.getByRole('button', { name: 'Forgot Password' }));
    expect(await screen.findByRole('dialog', { name: 'Reset Password' })).toBeInTheDocument();
    expect(screen.getByRole('dialog').querySelector('input')).toHaveValue('ana@club.test');
  });

  it('signs in, stores exactly the user and the token, and goes home', async () => {
    renderLogin('/login', signInRoutes());
    await userEvent.type(screen.getByLabelText('Email'), 'ana@club.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(submit('Sign In'));
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(Object.keys(localStorage).sort()).toEqual(['token', 'user']);
  });

  it('says when the token is missing from the answer', async () => {
    renderLogin('/login', { 'POST /auth/login': jsonReply({ user: { id: 1 } }) });
    await userEvent.type(screen.getByLabelText('Email'), 'ana@club.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.click(submit('Sign In'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Signup or Login failed - no token received');
  });

  it('shows why a session ended', () => {
    renderLogin('/login?reason=session-expired');
    expect(screen.getByText('Your session has ended. Please sign in again.')).toBeInTheDocument();
  });
});

describe('Create Account in an Australian club', () => {
  beforeEach(() => setClubRegion({ country: 'AU', locale: 'en-AU' }));
  afterEach(() => setClubRegion(DEFAULT_CLUB_REGION));

  const fillTheRest = async () => {
    await userEvent.type(screen.getByLabelText('Full name'), 'Ana');
    await userEvent.type(screen.getByLabelText('Email'), 'ana@club.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret1');
    await userEvent.type(screen.getByLabelText('Confirm password'), 'secret1');
  };

  it('leaves "+61 412 345 678" exactly as typed and sends it as the club keeps it', async () => {
    const api = renderLogin('/login?mode=signup', { 'POST /auth/register': jsonReply({ error: 'An account with this email already exists' }, 409) });
    const phone = screen.getByLabelText('Phone');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAttribute('inputmode', 'tel');
    expect(phone).toHaveAttribute('autocomplete', 'tel');
    await userEvent.type(phone, '+61 412 345 678');
    expect(phone).toHaveValue('+61 412 345 678');
    await fillTheRest();
    await userEvent.click(submit('Create Account'));
    await screen.findByRole('alert');
    expect(api.to('POST /auth/register')[0]!.body).toMatchObject({ phoneNumber: '+61412345678' });
    expect(phone).toHaveValue('+61 412 345 678');
  });

  it('shows beside the field why a number is not one, with an Australian example, and keeps what was typed', async () => {
    const api = renderLogin('/login?mode=signup');
    const phone = screen.getByLabelText('Phone');
    await userEvent.type(phone, '0412 345 67');
    await fillTheRest();
    await userEvent.click(submit('Create Account'));
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription(expect.stringContaining('e.g., 0412 345 678'));
    expect(phone).not.toHaveAccessibleDescription(expect.stringContaining('10-digit'));
    expect(phone).toHaveValue('0412 345 67');
    expect(api.calls).toHaveLength(0);
  });
});
