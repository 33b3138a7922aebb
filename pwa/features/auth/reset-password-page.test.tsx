import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { VisitorProviders } from '../../test-providers';
import { answerApi, jsonReply, type ApiCall } from '../../test-server';
import { ResetPasswordPage } from './reset-password-page';

let valid: boolean | 'offline';
let calls: ApiCall[];

beforeEach(() => {
  localStorage.clear();
  calls = answerApi((call) => {
    if (call.path === '/auth/reset-password/check') return valid === 'offline' ? 'network-error' : jsonReply({ valid });
    if (call.path === '/auth/reset-password') return jsonReply({ message: 'Password reset successful.' });
    return jsonReply({ error: 'Not found' }, 404);
  });
});

function renderReset(url: string) {
  return render(
    <VisitorProviders>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/reset-password" element={<ResetPasswordPage />} />
        </Routes>
      </MemoryRouter>
    </VisitorProviders>,
  );
}

describe('ResetPasswordPage', () => {
  it('shows a used or expired link as invalid when the page opens, before any typing', async () => {
    valid = false;
    renderReset('/reset-password?token=used-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeInTheDocument();
    expect(screen.getByText('Invalid reset link. Please request a new password reset.')).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).toBeNull();
    const check = calls.find((c) => c.path === '/auth/reset-password/check');
    // Asked by POST with the token in the body (never in a logged URL), and the link is not used up.
    expect(check).toMatchObject({ method: 'POST', body: { token: 'used-token' } });
    expect(calls.some((c) => c.path === '/auth/reset-password')).toBe(false);
  });

  it('shows the form for a live link and resets the password', async () => {
    valid = true;
    renderReset('/reset-password?token=live-token');
    await userEvent.type(await screen.findByLabelText('New password'), 'brand-new');
    await userEvent.type(screen.getByLabelText('Confirm new password'), 'brand-new');
    await userEvent.click(screen.getByRole('button', { name: /Reset Password/ }));
    expect(await screen.findByRole('heading', { name: 'Password Reset Successful!' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/auth/reset-password')?.body).toEqual({ token: 'live-token', newPassword: 'brand-new' });
  });

  it('still shows the form when the check cannot reach the server', async () => {
    valid = 'offline';
    renderReset('/reset-password?token=some-token');
    expect(await screen.findByLabelText('New password')).toBeInTheDocument();
  });
});
