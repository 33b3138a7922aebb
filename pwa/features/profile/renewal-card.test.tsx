import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { MyRenewalAnswer, Renewal } from '../../../domain/contract/members/season';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply } from '../../test-server';
import { testUser } from '../../test-support';
import { RenewalCard } from './renewal-card';

const sessions = [
  { id: 'fall-2026', name: 'Fall 2026', starts: '2026-09-01', ends: '2026-12-31' },
  { id: 'winter-2027', name: 'Winter 2027', starts: '2027-01-01', ends: '2027-04-30' },
];
const requested: Renewal = {
  id: 9,
  memberId: 1,
  name: 'member person',
  email: 'member@club.test',
  session: 'winter-2027',
  sessionName: 'Winter 2027',
  sessionEnds: '2027-04-30',
  currentExpiry: '2026-08-31',
  status: 'requested',
  reason: null,
  requestedAt: 0,
  decidedAt: null,
};

function show(answer: MyRenewalAnswer, more = {}) {
  const user = testUser('member');
  const api = answerRoutes({ 'GET /me/renewal': () => answer, ...more }, { user });
  renderAt('/', '/', <RenewalCard />, { user });
  return api;
}

describe('RenewalCard', () => {
  it('asks for a session and then shows the request', async () => {
    let answer: MyRenewalAnswer = { eligible: true, expiryDate: '2026-08-31', sessions, renewal: null };
    const user = userEvent.setup();
    const api = show(answer, {
      'POST /me/renewal': ({ body }: { body: { session: string } }) => {
        answer = { ...answer, renewal: requested };
        return { renewal: { ...requested, session: body.session } };
      },
      'GET /me/renewal': () => answer,
    });
    const card = await screen.findByRole('region', { name: 'Renew your membership' });
    expect(within(card).getByRole('radio', { name: /Fall 2026/ })).toBeChecked();
    await user.click(within(card).getByRole('radio', { name: /Winter 2027/ }));
    await user.click(within(card).getByRole('button', { name: 'Ask to renew' }));
    await waitFor(() => expect(api.writes()).toEqual([expect.objectContaining({ path: '/me/renewal', body: { session: 'winter-2027' } })]));
    expect(await screen.findByRole('region', { name: 'Renewal requested' })).toHaveTextContent('Winter 2027');
  });

  it('shows nothing while the membership has more than 30 days to run', async () => {
    const api = show({ eligible: false, expiryDate: '2027-08-31', sessions, renewal: null });
    await waitFor(() => expect(api.to('GET /me/renewal')).not.toEqual([]));
    expect(screen.queryByRole('region')).toBeNull();
  });

  it('shows why the last request was declined, and the server’s refusal next to the button', async () => {
    const user = userEvent.setup();
    show(
      { eligible: true, expiryDate: '2026-08-31', sessions, renewal: { ...requested, status: 'declined', reason: 'Fee not paid' } },
      { 'POST /me/renewal': jsonReply({ error: 'Choose one of the sessions offered.' }, 400) },
    );
    expect(await screen.findByText(/was declined: Fee not paid/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ask to renew' }));
    expect(await screen.findByText('Choose one of the sessions offered.')).toBeInTheDocument();
  });

  it('says next to the choices when none is picked, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = show({ eligible: true, expiryDate: '2026-08-31', sessions: [], renewal: null });
    const card = await screen.findByRole('region', { name: 'Renew your membership' });
    await user.click(within(card).getByRole('button', { name: 'Ask to renew' }));
    expect(await within(card).findByRole('group', { name: 'Renew for' })).toHaveAccessibleDescription('Choose a session.');
    expect(api.writes()).toEqual([]);
  });
});
