import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply } from '../../test-server';
import { TeamProfilePage } from './team-profile-page';
import { LONG_BIO, team, teamRoutes } from './test-handlers';

/** A visitor opens the profile at `path`. */
const at = (path: string) => renderAt(path, '/profile/:role/:name', <TeamProfilePage />, { user: null, visitor: true });

describe('TeamProfilePage', () => {
  it('shows the member: default icon, name, position, email and full bio, with a back link', async () => {
    answerRoutes(teamRoutes());
    at('/profile/swim-coach/maya-chen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeInTheDocument();
    const article = screen.getByRole('article');
    expect(article).toHaveTextContent('Swim Coach');
    expect(within(article).getByRole('link', { name: 'swim.coach@club.test' })).toHaveAttribute('href', 'mailto:swim.coach@club.test');
    expect(within(article).getByText(LONG_BIO)).toBeInTheDocument();
    expect(within(article).getByRole('img', { name: 'Photo of Maya Chen' }).tagName.toLowerCase()).toBe('svg');
    expect(screen.getByRole('link', { name: /Back to Coaches and Exec/ })).toHaveAttribute('href', '/coaches-exec');
    expect(document.title).toContain('Maya Chen');
  });

  it('splits the bio into paragraphs and shows an uploaded picture', async () => {
    const members = team().map((m) => (m.id === 'webmaster' ? { ...m, image: '/uploads/olivia.webp' } : m));
    answerRoutes(teamRoutes(members));
    at('/profile/webmaster/olivia-brown');
    await screen.findByRole('heading', { level: 1, name: 'Olivia Brown' });
    expect(screen.getByText('First paragraph.').tagName).toBe('P');
    expect(screen.getByText('Second paragraph.').tagName).toBe('P');
    expect(screen.getByRole('img', { name: 'Photo of Olivia Brown' })).toHaveAttribute('src', '/uploads/olivia.webp');
  });

  it('falls back to the default icon when the picture cannot be loaded', async () => {
    const members = team().map((m) => (m.id === 'webmaster' ? { ...m, image: 'https://example.com/gone.png' } : m));
    answerRoutes(teamRoutes(members));
    at('/profile/webmaster/olivia-brown');
    const img = await screen.findByRole('img', { name: 'Photo of Olivia Brown' });
    fireEvent.error(img);
    expect(screen.getByRole('img', { name: 'Photo of Olivia Brown' }).tagName.toLowerCase()).toBe('svg');
  });

  it('finds the member by position, whatever the name part of the address says', async () => {
    answerRoutes(teamRoutes());
    at('/profile/run-coach/old-name');
    expect(await screen.findByRole('heading', { level: 1, name: 'Daniel Okafor' })).toBeInTheDocument();
    expect(screen.getByText('Email not available')).toBeInTheDocument();
  });

  it('shows the placeholders for a vacant position', async () => {
    answerRoutes(teamRoutes());
    at('/profile/secretary/secretary');
    expect(await screen.findByRole('heading', { level: 1, name: 'Position open' })).toBeInTheDocument();
    expect(screen.getByText('Bio coming soon...')).toBeInTheDocument();
  });

  it("says 'Profile Not Found' for an unknown position", async () => {
    answerRoutes(teamRoutes());
    at('/profile/head-chef/somebody');
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Coaches and Exec/ })).toHaveAttribute('href', '/coaches-exec');
  });

  it('shows loading, then a readable error with a retry that works', async () => {
    let attempt = 0;
    let answer!: (r: Response) => void;
    answerRoutes({
      'GET /profiles': () => {
        attempt += 1;
        if (attempt === 1) return new Promise<Response>((resolve) => (answer = resolve));
        return { teamMembers: team() };
      },
    });
    at('/profile/swim-coach/maya-chen');
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    await waitFor(() => expect(answer).toBeTypeOf('function'));
    await act(async () => answer(jsonReply({ error: 'Server down' }, 503)));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load team members');
    expect(alert).toHaveTextContent('Server down');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Maya Chen' })).toBeInTheDocument();
  });
});
