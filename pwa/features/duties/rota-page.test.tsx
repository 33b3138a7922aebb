import 'fake-indexeddb/auto';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RotaAnswer, RotaDuty } from '../../../domain/contract/training/duties';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { testUser } from '../../test-support';
import { RotaPage } from './rota-page';

const member = testUser('member', { id: 3, name: 'Morgan Member' });
const duty = (over: Partial<RotaDuty>): RotaDuty => ({
  id: 1,
  place: 'workout',
  place_id: 9,
  kind: 'Lifeguard',
  places: 1,
  eligibility: 'members',
  qualification: null,
  starts_at: Date.parse('2099-03-06T23:00:00Z'),
  ends_at: Date.parse('2099-03-07T00:30:00Z'),
  holders: [],
  mine: false,
  may_take: true,
  title: 'Thursday swim',
  date: '2099-03-06',
  ...over,
});
const rota: RotaAnswer = {
  term: { id: 'winter-2099', label: 'Winter 2099', start: '2099-01-05', end: '2099-04-30' },
  duties: [duty({}), duty({ id: 2, kind: 'Marshal', title: 'Club race', place: 'race', place_id: 4, may_take: false, holders: [{ id: 5, name: 'Olive Other', swap_offered: false, no_show: false }] })],
  done: [{ id: 5, name: 'Olive Other', count: 2 }],
};

beforeEach(async () => {
  await resetDevice();
});

describe('the duty rota', () => {
  it('shows the term’s duties, the open ones first, a filter for those the member can take, and each member’s count', async () => {
    answerRoutes({ 'GET /config': { clubTimeZone: 'America/Toronto', clubEmail: 'club@club.test', vapidPublicKey: '', passkeys: false }, 'GET /duties/rota': rota }, { user: member });
    renderAt('/rota', '/rota', <RotaPage />, { user: member });
    expect(await screen.findByRole('heading', { name: 'Duty rota: Winter 2099' })).toBeInTheDocument();
    const list = screen.getAllByRole('listitem').filter((li) => li.classList.contains('duty'));
    expect(list.map((li) => within(li).getByRole('heading').textContent)).toEqual(['Lifeguard: Thursday swim', 'Marshal: Club race']);
    expect(within(list[1]!).getByRole('link', { name: 'Club race' })).toHaveAttribute('href', '/race/4');
    await userEvent.click(screen.getByLabelText('Open duties I can take'));
    expect(screen.queryByRole('heading', { name: 'Marshal: Club race' })).not.toBeInTheDocument();
    expect(screen.getByText('Olive Other: 2')).toBeInTheDocument();
  });
});

describe('the rota for an exec', () => {
  it('names the duties still open in the next three days', async () => {
    const execUser = testUser('exec', { id: 2, name: 'Erin Exec' });
    const soon = Date.now() + 2 * 86_400_000;
    const week = Date.now() + 10 * 86_400_000;
    answerRoutes(
      {
        'GET /config': { clubTimeZone: 'America/Toronto', clubEmail: 'club@club.test', vapidPublicKey: '', passkeys: false },
        'GET /duties/rota': { ...rota, duties: [duty({ starts_at: soon, ends_at: soon + 3_600_000 }), duty({ id: 3, kind: 'Driver', starts_at: week, ends_at: week + 3_600_000 })] },
      },
      { user: execUser },
    );
    renderAt('/rota', '/rota', <RotaPage />, { user: execUser });
    const open = await screen.findByRole('region', { name: 'Still open in the next 3 days' });
    expect(within(open).getByText(/Lifeguard \(1 open\)/)).toBeInTheDocument();
    expect(within(open).queryByText(/Driver/)).not.toBeInTheDocument();
  });
});
