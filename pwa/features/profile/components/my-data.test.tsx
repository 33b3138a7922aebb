import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DELETE_WRONG_PASSWORD, EXPORT_LIMIT_ERROR, LAST_ADMIN_ERROR } from '../../../../domain/contract/members/privacy';
import { renderAt } from '../../../test-providers';
import { answerRoutes, jsonReply } from '../../../test-server';
import { testUser } from '../../../test-support';
import { ProfilePage } from '../profile-page';

const ME = testUser('member', { id: 7, email: 'sam@club.test', name: 'Sam Swimmer' });

function renderProfile(routes: Parameters<typeof answerRoutes>[0] = {}) {
  const api = answerRoutes(routes, { user: ME });
  renderAt('/profile', '/profile', <ProfilePage />, { user: ME });
  return api;
}

async function openDelete() {
  const privacy = await screen.findByRole('region', { name: 'Privacy' });
  await userEvent.click(within(privacy).getByRole('button', { name: 'Delete my account…' }));
  return screen.findByRole('dialog', { name: 'Delete my account' });
}

const storedUser = () => localStorage.getItem('user');

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:my-data');
  URL.revokeObjectURL = vi.fn();
});

describe('Profile → Privacy', () => {
  it('links the privacy page and downloads the data file; a refusal shows next to the button', async () => {
    const api = renderProfile({ 'GET /me/export': jsonReply({ error: EXPORT_LIMIT_ERROR }, 429) });
    const privacy = await screen.findByRole('region', { name: 'Privacy' });
    expect(within(privacy).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    await userEvent.click(within(privacy).getByRole('button', { name: 'Download my data' }));
    expect(await within(privacy).findByText(EXPORT_LIMIT_ERROR)).toBeInTheDocument();
    expect(api.to('GET /me/export')).toHaveLength(1);
  });

  it('asks for the password, even after a passkey sign-in, and sends nothing without it', async () => {
    const api = renderProfile();
    const dialog = await openDelete();
    expect(within(dialog).getByText(/Even if you signed in with a passkey/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Former member/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText('Enter your password to delete your account.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Your password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('DELETE /me')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the member signed in after a wrong password or a refusal, with the reason shown', async () => {
    let answer = jsonReply({ error: DELETE_WRONG_PASSWORD }, 403);
    renderProfile({ 'DELETE /me': () => answer });
    const dialog = await openDelete();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'wrong-one');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(DELETE_WRONG_PASSWORD)).toBeInTheDocument();
    answer = jsonReply({ error: LAST_ADMIN_ERROR }, 409);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await within(dialog).findByText(LAST_ADMIN_ERROR)).toBeInTheDocument();
    // The typed password is still there to correct, and the session is untouched.
    expect(within(dialog).getByLabelText('Your password')).toHaveValue('wrong-one');
    expect(storedUser()).not.toBeNull();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/profile$/);
  });

  it('deletes the account, forgets the session on this device and says so on the privacy page', async () => {
    // (The sign-out's POST /auth/logout then finds no account: unanswered here, it is ignored.)
    const api = renderProfile({ 'DELETE /me': () => new Response(null, { status: 204 }) });
    const dialog = await openDelete();
    await userEvent.type(within(dialog).getByLabelText('Your password'), 'correct-horse');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/privacy?deleted=1'));
    expect(api.to('DELETE /me').map((c) => c.body)).toEqual([{ password: 'correct-horse' }]);
    expect(storedUser()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
  });
});
