import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../../domain/contract/roles';
import { AppProviders } from '../../../test-providers';
import { answerApi, jsonReply } from '../../../test-server';
import { testUser } from '../../../test-support';
import { CalendarLink } from './calendar-link';

const OLD = 'http://club.test/api/calendar/c7-old.ics';
const NEW = 'http://club.test/api/calendar/c7-new.ics';
let calls: string[];

function setup(role: Role) {
  const user = testUser(role, { id: 7 });
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('token', 'test-token');
  calls = [];
  answerApi(({ method, path }) => {
    calls.push(`${method} ${path}`);
    if (path === '/auth/profile') return jsonReply({ user });
    if (method === 'GET' && path === '/me/calendar-link') return jsonReply({ url: OLD });
    if (method === 'POST' && path === '/me/calendar-link/reset') return jsonReply({ url: NEW });
    return jsonReply({ error: 'Not found' }, 404);
  });
  render(
    <AppProviders>
      <CalendarLink />
    </AppProviders>,
  );
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

describe('calendar link on the profile', () => {
  it('shows the link, copies it, and resets it after a confirmation', async () => {
    setup('member');
    const field = await screen.findByLabelText('Your calendar link');
    await waitFor(() => expect(field).toHaveValue(OLD));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(OLD);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset calendar link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(field).toHaveValue(NEW));
    expect(screen.getByText('New link made. The old one no longer works.')).toBeInTheDocument();
    expect(calls.filter((c) => c.includes('reset'))).toEqual(['POST /me/calendar-link/reset']);
  });

  it('is not shown to a pending user, and asks nothing of the server', async () => {
    setup('pending');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Calendar' })).toBeNull();
    expect(calls.filter((c) => c.includes('calendar'))).toEqual([]);
  });
});
