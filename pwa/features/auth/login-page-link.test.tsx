import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { peekReturnPath } from '../../lib/session/return-to';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { testUser } from '../../test-support';
import { LoginPage } from './login-page';
import { ANA, signInRoutes } from './test-handlers';

const submit = (name: string) => screen.getAllByRole('button', { name }).at(-1)!;

async function signIn() {
  await userEvent.type(screen.getByLabelText('Email'), 'ana@club.test');
  await userEvent.type(screen.getByLabelText('Password'), 'swim-bike-run');
  await userEvent.click(submit('Sign In'));
}

describe('LoginPage opened from a shared link', () => {
  it('says what the link is, and a member arrives at it after signing in', async () => {
    answerRoutes(signInRoutes());
    renderAt('/login?next=%2Fworkout%2F5', '/login', <LoginPage />, { user: null, visitor: true });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Members only: a club workout');
    expect(screen.getByText(/Only club members can see it/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'How to join' })).toHaveAttribute('href', '/join-us');
    expect(document.title).toMatch(/^Members only: a club workout · /);
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/workout/5'));
    expect(peekReturnPath()).toBeNull();
  });

  it('keeps the link for a pending account, which goes Home to wait for approval', async () => {
    const pending = testUser('pending', { id: 7, name: 'Pia', email: 'pia@club.test' });
    answerRoutes({ 'POST /auth/login': { token: 'tok', user: pending } });
    renderAt('/login?next=%2Fevent%2F2', '/login', <LoginPage />, { user: null, visitor: true });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Members only: a club event');
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(peekReturnPath()).toBe('/event/2');
  });

  it('ignores a next that leads off the app, and signs in to Home', async () => {
    answerRoutes(signInRoutes());
    renderAt('/login?next=%2F%2Fevil.example%2Fworkout%2F1', '/login', <LoginPage />, { user: null, visitor: true });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Sign In');
    await signIn();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/));
    expect(peekReturnPath()).toBeNull();
    expect(ANA.role).toBe('member');
  });
});
