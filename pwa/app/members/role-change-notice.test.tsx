import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { SessionProvider } from '../../lib/session/session';
import { storeSession, testUser } from '../../test-support';
import { answerApi, jsonReply } from '../../test-server';
import { RoleChangeNotice } from './role-change-notice';

const calls: string[] = [];
// The check is loaded on demand, in production and here: loaded before the tests, so a findBy
// waits for the screen, not for a busy machine to load a module.
beforeAll(async () => {
  await import('./role-change-check');
});

beforeEach(() => {
  calls.length = 0;
  storeSession(testUser('member'));
  answerApi(({ url }) => {
    calls.push(url);
    if (url === '/api/users/role-change-notifications') {
      return jsonReply({ notifications: [{ id: 1, oldRole: 'pending', newRole: 'member', createdAt: 1 }] });
    }
    return jsonReply({ user: testUser('member') });
  });
  Object.defineProperty(window, 'location', { value: { ...window.location, reload: vi.fn() }, configurable: true });
});
afterEach(() => {
  localStorage.clear();
});

describe('RoleChangeNotice', () => {
  it('is mounted turned off: it asks nothing and shows nothing', async () => {
    const { container } = render(
      <SessionProvider>
        <RoleChangeNotice />
      </SessionProvider>,
    );
    await new Promise((r) => setTimeout(r, 20));
    expect(container).toBeEmptyDOMElement();
    expect(calls).not.toContain('/api/users/role-change-notifications');
  });

  it('when enabled, tells the user and ends the session on acknowledgement', async () => {
    render(
      <SessionProvider>
        <RoleChangeNotice enabled />
      </SessionProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Your role changed from Pending to Member.');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in again' }));
    await vi.waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(calls).toContain('/api/users/mark-role-notification-read');
    // Signing out also ends the session on the server and clears the device before the reload.
    await vi.waitFor(() => expect(window.location.reload).toHaveBeenCalled());
    expect(calls).toContain('/api/auth/logout');
  });
});
