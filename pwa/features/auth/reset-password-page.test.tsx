import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { ResetPasswordPage } from './reset-password-page';
import { resetPasswordRoutes } from './test-handlers';

/** A visitor follows a reset link to `url`; the link's check says `valid`. */
function renderReset(url: string, valid: boolean | 'offline') {
  const api = answerRoutes(resetPasswordRoutes(valid));
  renderAt(url, '/reset-password', <ResetPasswordPage />, { user: null, visitor: true });
  return api;
}

describe('ResetPasswordPage', () => {
  it('shows a used or expired link as invalid when the page opens, before any typing', async () => {
    const { calls } = renderReset('/reset-password?token=used-token', false);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText('Invalid reset link. Please request a new password reset.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).toBeNull();
    const check = calls.find((c) => c.path === '/auth/reset-password/check');
    // Asked by POST with the token in the body (never in a logged URL), and the link is not used up.
    expect(check).toMatchObject({ method: 'POST', body: { token: 'used-token' } });
    expect(calls.some((c) => c.path === '/auth/reset-password')).toBe(false);
  });

  it('shows the form for a live link and resets the password', async () => {
    const { calls } = renderReset('/reset-password?token=live-token', true);
    await userEvent.type(await screen.findByLabelText('New password'), 'brand-new');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'brand-new');
    await userEvent.click(screen.getByRole('button', { name: /Reset Password/ }));
    expect(await screen.findByRole('heading', { name: 'Password Reset Successful!' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/reset-password')?.body).toEqual({ token: 'live-token', newPassword: 'brand-new' });
  });

  it('still shows the form when the check cannot reach the server', async () => {
    renderReset('/reset-password?token=some-token', 'offline');
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });
});
