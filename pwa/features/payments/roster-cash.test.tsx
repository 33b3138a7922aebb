import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { RosterOwing } from '../../../domain/contract/members/payments';
import { setClubRegion } from '../../lib/club/club-region';
import { rosterOwingKey } from '../../lib/data/offline-set';
import { forumKeys } from '../../lib/data/keys/post-keys';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply } from '../../test-server';
import { testUser } from '../../test-support';
import { RosterCash } from './roster-cash';

const OWING: RosterOwing[] = [
  { userId: 3, name: 'Morgan Member', currency: 'CAD', owes: [{ item: 'Full Tri', subtotalCents: 25600, taxCents: 3328, totalCents: 28928 }] },
  // Owes, but not on this workout's roster.
  { userId: 8, name: 'Nora Elsewhere', currency: 'CAD', owes: [{ item: 'Half Run', subtotalCents: 10100, taxCents: 1313, totalCents: 11413 }] },
];

/** What the device keeps: the workout's roster as its page read it, and who owes from the offline set. */
function Kept({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [ready] = useState(() => {
    const signups = [{ id: 1, user_id: 3, user_name: 'Morgan Member', signup_time: 0, userProfilePictureUrl: null }];
    client.setQueryData(forumKeys.workout(9), { workout: { id: 9 }, signups, waitlist: [] });
    client.setQueryData(rosterOwingKey, OWING);
    return true;
  });
  return ready ? children : null;
}

function show() {
  const user = testUser('exec');
  const api = answerRoutes({ 'POST /payments/record': () => jsonReply({ payment: { id: 1 } }, 201) }, { user });
  renderAt(
    '/workout/9',
    '/workout/:id',
    <Kept>
      <RosterCash workoutId={9} />
    </Kept>,
    { user },
  );
  return api;
}

describe('cash on a workout’s roster', () => {
  it('shows who on the roster owes, says beside the amount what is wrong and keeps what was typed, then records once and marks them paid', async () => {
    const user = userEvent.setup();
    const api = show();
    const region = await screen.findByRole('region', { name: 'Owing for the term' });
    expect(region).toHaveTextContent('Morgan Member: owes $289.28 (Full Tri)');
    expect(region).not.toHaveTextContent('Nora Elsewhere');

    await user.click(within(region).getByRole('button', { name: 'Record cash for Morgan Member' }));
    const form = screen.getByRole('dialog', { name: 'Record a payment' });
    const amount = within(form).getByLabelText('Amount');
    expect(amount).toHaveValue('289.28');
    await user.clear(amount);
    await user.type(amount, '12,5x');
    await user.type(within(form).getByLabelText(/Receipt/), '0042');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    expect(await within(form).findByText('Give the amount like 12.50')).toBeInTheDocument();
    expect(amount).toHaveAccessibleDescription(/Give the amount like 12.50/);
    expect(amount).toHaveValue('12,5x');
    expect(within(form).getByLabelText(/Receipt/)).toHaveValue('0042');
    expect(api.writes()).toHaveLength(0);

    await user.clear(amount);
    await user.type(amount, '289.28');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.writes()).toEqual([expect.objectContaining({ path: '/payments/record', body: { userId: 3, package: 'Full Tri', amountCents: 28928, method: 'cash', receipt: '0042' } })]));
    expect(await screen.findByText('Morgan Member: paid')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Record cash for Morgan Member' })).toBeNull();
  });

  describe('in a club that writes French', () => {
    afterEach(() => setClubRegion({ country: 'CA', locale: 'en-US' }));

    it('offers and takes the amount with a decimal comma: 12,50 is twelve fifty, and the hint says it that way', async () => {
      setClubRegion({ country: 'CA', locale: 'fr-CA' });
      const user = userEvent.setup();
      const api = show();
      const region = await screen.findByRole('region', { name: 'Owing for the term' });
      await user.click(within(region).getByRole('button', { name: 'Record cash for Morgan Member' }));
      const form = screen.getByRole('dialog', { name: 'Record a payment' });
      const amount = within(form).getByLabelText('Amount');
      expect(amount).toHaveValue('289,28');
      await user.clear(amount);
      await user.type(amount, '12.5.0');
      await user.click(within(form).getByRole('button', { name: 'Record payment' }));
      expect(await within(form).findByText('Give the amount like 12,50')).toBeInTheDocument();
      await user.clear(amount);
      await user.type(amount, '12,50');
      await user.click(within(form).getByRole('button', { name: 'Record payment' }));
      await waitFor(() => expect(api.writes()).toEqual([expect.objectContaining({ path: '/payments/record', body: expect.objectContaining({ amountCents: 1250 }) })]));
    });
  });

  it('lists a payment request owed beside the membership, and one owed alone, each recorded for what it is', async () => {
    const user = userEvent.setup();
    const kit = { id: 5, title: 'Club kit', amountCents: 4000, dueDate: '2026-12-01' };
    const owing: RosterOwing[] = [
      { ...OWING[0]!, requests: [kit] },
      { userId: 4, name: 'Rae Requested', currency: 'CAD', owes: [], requests: [kit] },
    ];
    const exec = testUser('exec');
    const api = answerRoutes({ 'POST /payments/record': () => jsonReply({ payment: { id: 2 } }, 201) }, { user: exec });
    function KeptBoth({ children }: { children: ReactNode }) {
      const client = useQueryClient();
      const [ready] = useState(() => {
        const signups = [3, 4].map((id) => ({ id, user_id: id, user_name: id === 3 ? 'Morgan Member' : 'Rae Requested', signup_time: 0, userProfilePictureUrl: null }));
        client.setQueryData(forumKeys.workout(9), { workout: { id: 9 }, signups, waitlist: [] });
        client.setQueryData(rosterOwingKey, owing);
        return true;
      });
      return ready ? children : null;
    }
    renderAt('/workout/9', '/workout/:id', <KeptBoth><RosterCash workoutId={9} /></KeptBoth>, { user: exec });
    const region = await screen.findByRole('region', { name: 'Owing for the term' });
    expect(region).toHaveTextContent('Morgan Member: owes $289.28 (Full Tri)');
    expect(region).toHaveTextContent('Morgan Member: owes $40.00 (Club kit)');
    expect(region).toHaveTextContent('Rae Requested: owes $40.00 (Club kit)');

    await user.click(within(region).getByRole('button', { name: 'Record cash for Rae Requested: Club kit' }));
    const form = screen.getByRole('dialog', { name: 'Record a payment' });
    expect(within(form).getByLabelText('For')).toHaveDisplayValue('Club kit');
    expect(within(form).getByLabelText('Amount')).toHaveValue('40.00');
    await user.click(within(form).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.writes()).toEqual([expect.objectContaining({ path: '/payments/record', body: { userId: 4, request: 5, amountCents: 4000, method: 'cash' } })]));
    expect(await screen.findByText('Rae Requested: paid (Club kit)')).toBeInTheDocument();
    // Morgan's membership and kit are still owed, each with its own button.
    expect(within(region).getByRole('button', { name: 'Record cash for Morgan Member' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Record cash for Morgan Member: Club kit' })).toBeInTheDocument();
  });
});

