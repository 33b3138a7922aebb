import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { loadClubConfig } from '../lib/club/club-clock';
import { setClubEmail } from '../lib/club/club-contact';
import { SessionProvider } from '../lib/session/session';
import { MembershipNotice } from './require-role';
import { ClubEmailLink } from './club-email-link';

const answer = (body: unknown) => (async () => new Response(JSON.stringify(body), { status: 200 })) as typeof fetch;

describe('the club address', () => {
  afterEach(() => setClubEmail('triathlon.club@university.test'));

  it('is a mailto link in the pending notice, and follows CLUB_EMAIL from the server', async () => {
    render(
      <SessionProvider>
        <MemoryRouter>
          <MembershipNotice />
          <ClubEmailLink />
        </MemoryRouter>
      </SessionProvider>,
    );
    const [inNotice] = screen.getAllByRole('link', { name: 'triathlon.club@university.test' });
    expect(inNotice).toHaveAttribute('href', 'mailto:triathlon.club@university.test');
    expect(screen.getByText(/membership receipt/)).toContainElement(inNotice!);

    await act(() => loadClubConfig(answer({ clubTimeZone: 'America/Toronto', clubEmail: 'hello@tri.example' })));
    expect(screen.getAllByRole('link', { name: 'hello@tri.example' })).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'hello@tri.example' })[0]).toHaveAttribute('href', 'mailto:hello@tri.example');

    // Something that is not an address is ignored.
    await act(() => loadClubConfig(answer({ clubEmail: 'javascript:alert(1)' })));
    expect(screen.getAllByRole('link', { name: 'hello@tri.example' })).toHaveLength(2);
  });
});
