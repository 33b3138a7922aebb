import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Role } from '../../../../domain/contract/roles';
import { renderAt } from '../../../test-providers';
import { answerRoutes } from '../../../test-server';
import { testUser } from '../../../test-support';
import { calendarLinkRoutes, NEW_FEED, OLD_FEED } from '../test-handlers';
import { CalendarLink } from './calendar-link';

/** The calendar part of the profile, for a signed-in user of `role`. */
function setup(role: Role) {
  const user = testUser(role, { id: 7 });
  const api = answerRoutes(calendarLinkRoutes(), { user });
  renderAt('/profile', '/profile', <CalendarLink />, { user });
  return api;
}

/** The calls whose path has `part`, as 'METHOD /path'. */
const callsWith = (api: ReturnType<typeof setup>, part: string) =>
  api.calls.filter((c) => c.path.includes(part)).map((c) => `${c.method} ${c.path}`);

describe('calendar link on the profile', () => {
  it('shows the link, copies it, and resets it after a confirmation', async () => {
    const api = setup('member');
    const field = await screen.findByLabelText('Your calendar link');
    await waitFor(() => expect(field).toHaveValue(OLD_FEED));
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith(OLD_FEED);
    expect(await screen.findByText('Link copied.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Reset link' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset calendar link?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(field).toHaveValue(NEW_FEED));
    expect(screen.getByText('New link made. The old one no longer works.')).toBeInTheDocument();
    expect(callsWith(api, 'reset')).toEqual(['POST /me/calendar-link/reset']);
  });

  it('is not shown to a pending user, and asks nothing of the server', async () => {
    const api = setup('pending');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('region', { name: 'Calendar' })).toBeNull();
    expect(callsWith(api, 'calendar')).toEqual([]);
  });
});
