import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RaceDetailAnswer } from '../../../domain/contract/training/races';
import { formatDate, formatDateTime, formatMoney } from '../../lib/ui/format';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply, type RouteAnswer, type Routes } from '../../test-server';
import { RaceDetailPage } from './race-detail-page';
import { inDays, member, race, signupRow } from './test-handlers';

const me = { ...member, profilePictureUrl: '/uploads/morgan.webp' };
const date = inDays(30);

function detail(signedUp: boolean): RaceDetailAnswer {
  const signups = [signupRow(3, 'sam Swimmer', '/uploads/sam.webp'), signupRow(4, 'Bea Biker')];
  if (signedUp) signups.push(signupRow(7, 'Morgan Member', '/uploads/morgan.webp'));
  return {
    race: race({ id: 5, name: 'Olympic Championship', date, location: 'Harbour Front', description: 'The goal race.', signups, signupCount: signups.length, isSignedUp: signedUp }),
    signups,
    isSignedUp: signedUp,
  };
}

function show(answer: RouteAnswer<'GET /races/:id'>, more: Routes = {}, path = '/race/5') {
  const api = answerRoutes({ 'GET /races/:id': answer, ...more }, { user: me });
  renderAt(path, '/race/:id', <RaceDetailPage />, { user: me });
  return api;
}

const going = () => screen.getByRole('region', { name: /Who's Going/ });

describe('RaceDetailPage', () => {
  it('shows the race, a long date, and who is going with pictures or initials', async () => {
    show(detail(false));
    expect(screen.getByText('Loading race details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Olympic Championship' })).toBeInTheDocument();
    expect(screen.getByText(formatDate(date, 'long'))).toBeInTheDocument();
    expect(screen.getByText('Harbour Front')).toBeInTheDocument();
    expect(screen.getByText('The goal race.')).toBeInTheDocument();
    expect(screen.getByText('30 days')).toBeInTheDocument();
    expect(document.title).toContain('Olympic Championship');

    expect(screen.getByRole('heading', { name: "Who's Going (2)" })).toBeInTheDocument();
    const rows = within(going()).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['sam Swimmer', 'BBea Biker']);
    expect(rows[0]!.querySelector('img')).toHaveAttribute('src', '/uploads/sam.webp');
    expect(rows[1]!.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Up for Race' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel Signup' })).toBeNull();
    expect(screen.getByRole('link', { name: '← Back to Races' })).toHaveAttribute('href', '/races');
  });

  it('signs up and shows the member in Who\'s Going, then cancels', async () => {
    const api = show(detail(false), { 'POST /races/:id/signup': { signedUp: true }, 'DELETE /races/:id/signup': { signedUp: false } });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Up for Race' }));
    expect(await screen.findByRole('heading', { name: "Who's Going (3)" })).toBeInTheDocument();
    expect(within(going()).getByText('Morgan Member')).toBeInTheDocument();
    expect(within(going()).getByText('(you)')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Signup' }));
    expect(await screen.findByRole('heading', { name: "Who's Going (2)" })).toBeInTheDocument();
    expect(within(going()).queryByText('Morgan Member')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Up for Race' })).toBeInTheDocument();
    expect(api.writes().map((w) => `${w.method} ${w.path}`)).toEqual(['POST /races/5/signup', 'DELETE /races/5/signup']);
  });

  it('shows an empty list and the failure texts', async () => {
    // No device storage here (no fake-indexeddb): a 5xx cannot be kept for later, so it is a failure,
    // and the app says once that it works online only.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const empty = { ...detail(false), signups: [] };
    show(empty, { 'POST /races/:id/signup': jsonReply({}, 500) });
    expect(await screen.findByText('No one has signed up yet. Be the first!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Who's Going (0)" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sign Up for Race' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to sign up for race: Request failed \(500\)$/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the app works online only'), expect.anything());
    warn.mockRestore();
  });

  it('says "Failed to cancel signup" when a cancel fails', async () => {
    show(detail(true), { 'DELETE /races/:id/signup': jsonReply({}, 500) });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Signup' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to cancel signup');
    expect(screen.getByRole('heading', { name: "Who's Going (3)" })).toBeInTheDocument();
  });

  it('shows "Race not found" with a way back for a missing race', async () => {
    show(jsonReply({ error: 'Race not found' }, 404), {}, '/race/999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Race not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Races' })).toHaveAttribute('href', '/races');
    expect(screen.getByTestId('location')).toHaveTextContent('/race/999');
  });

  it('goes to /races on any other load failure', async () => {
    show(jsonReply({ error: 'boom' }, 500));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/races$/));
  });

  it('shows the entry fee, the member’s place held until it is paid, and who of the entrants has a payment pending', async () => {
    const held = Date.parse('2026-03-04T15:00:00Z');
    const answer = detail(true);
    answer.race = {
      ...answer.race,
      feeCents: 4500,
      feeCurrency: 'CAD',
      entryHeldUntil: held,
      entries: [
        { user_id: 3, user_name: 'sam Swimmer', distance: null, wave: '' },
        { user_id: 7, user_name: 'Morgan Member', distance: null, wave: '', paymentPending: true },
      ],
    };
    show(answer);
    await screen.findByRole('heading', { level: 1, name: 'Olympic Championship' });
    expect(screen.getByText('Entry fee').nextElementSibling).toHaveTextContent(formatMoney(4500, 'CAD'));
    expect(screen.getByRole('note')).toHaveTextContent(`Your entry fee of ${formatMoney(4500, 'CAD')} is not paid yet: your place is held until ${formatDateTime(held)}, then let go.`);
    expect(within(screen.getByRole('note')).getByRole('link', { name: 'Pay it on your profile' })).toHaveAttribute('href', '/profile');
    const rows = within(going()).getAllByRole('listitem');
    expect(rows.map((r) => r.textContent)).toEqual(['sam Swimmer', 'BBea Biker', 'Morgan Member (you) · payment pending']);
  });

  it('reads the race again once the member signs up for one with a fee: until when the place is held is the server’s to say', async () => {
    const held = Date.parse('2026-03-04T15:00:00Z');
    let signedUp = false;
    const withFee = () => {
      const answer = detail(signedUp);
      answer.race = { ...answer.race, feeCents: 4500, feeCurrency: 'CAD', ...(signedUp && { entryHeldUntil: held }) };
      return answer;
    };
    show(withFee(), {
      'GET /races/:id': () => withFee(),
      'POST /races/:id/signup': () => {
        signedUp = true;
        return { signedUp: true };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Up for Race' }));
    expect(await screen.findByRole('note')).toHaveTextContent(`your place is held until ${formatDateTime(held)}, then let go.`);
  });

  it('says the member’s entry was let go when its fee was not paid in time', async () => {
    const answer = detail(false);
    answer.race = { ...answer.race, feeCents: 4500, feeCurrency: 'CAD', entryLetGo: true };
    show(answer);
    expect(await screen.findByRole('note')).toHaveTextContent('Your entry was let go: its fee was not paid in time. Sign up again to hold a place.');
  });
});
