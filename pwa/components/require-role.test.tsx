import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { loadClubConfig } from '../lib/club/club-clock';
import { setClubEmail } from '../lib/club/club-identity';
import { renderAt } from '../test-providers';
import { answerRoutes, jsonReply } from '../test-server';
import { MembershipNotice } from './require-role';
import { ClubEmailLink } from './club-email-link';

describe('the club address', () => {
  afterEach(() => setClubEmail('triathlon.club@university.test'));

  it('is a mailto link in the pending notice, and follows CLUB_EMAIL from the server', async () => {
    renderAt(
      '/',
      '/',
      <>
        <MembershipNotice />
        <ClubEmailLink />
      </>,
      { user: null, visitor: true },
    );
    const [inNotice] = screen.getAllByRole('link', { name: 'triathlon.club@university.test' });
    expect(inNotice).toHaveAttribute('href', 'mailto:triathlon.club@university.test');
    expect(screen.getByText(/membership receipt/)).toContainElement(inNotice!);

    answerRoutes({ 'GET /config': { clubTimeZone: 'America/Toronto', clubEmail: 'hello@tri.example', vapidPublicKey: '', passkeys: false } });
    await act(() => loadClubConfig());
    expect(screen.getAllByRole('link', { name: 'hello@tri.example' })).toHaveLength(2);
    expect(screen.getAllByRole('link', { name: 'hello@tri.example' })[0]).toHaveAttribute('href', 'mailto:hello@tri.example');

    // Something that is not an address is ignored.
    answerRoutes({ 'GET /config': jsonReply({ clubEmail: 'javascript:alert(1)' }) });
    await act(() => loadClubConfig());
    expect(screen.getAllByRole('link', { name: 'hello@tri.example' })).toHaveLength(2);
  });
});
