import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Duty, DutiesAnswer } from '../../../domain/contract/training/duties';
import { replay } from '../../lib/offline/outbox';
import { getOutboxState } from '../../lib/offline/outbox-store';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { testUser } from '../../test-support';
import { DutySheet } from './duty-sheet';

const execUser = testUser('exec', { id: 2, name: 'Erin Exec' });
const lifeguard = (noShow: boolean): Duty => ({
  id: 7,
  place: 'workout',
  place_id: 9,
  kind: 'Lifeguard',
  places: 1,
  eligibility: 'members',
  qualification: null,
  starts_at: Date.parse('2026-03-06T23:00:00Z'),
  ends_at: Date.parse('2026-03-07T00:30:00Z'),
  holders: [{ id: 3, name: 'Morgan Member', swap_offered: false, no_show: noShow }],
  mine: false,
  may_take: false,
});
const answer = (duties: Duty[]): DutiesAnswer => ({ duties, kinds: ['Lifeguard'], give_up_hours: 48 });

beforeEach(async () => {
  await resetDevice();
});

describe('the duty holders on the attendance sheet', () => {
  it('are listed, and a no-show ticked offline is kept, marked, and sent once with its key', async () => {
    let reached = false;
    const record = () => (reached ? answer([lifeguard(true)]) : ((reached = true), 'network-error' as const));
    const api = answerRoutes({ 'GET /duties': answer([lifeguard(false)]), 'PUT /duties/:id/holders/:userId/no-show': record }, { user: execUser });
    renderAt('/workout/9', '/workout/:id', <DutySheet workoutId={9} />, { user: execUser });
    expect(await screen.findByRole('group', { name: 'On duty' })).toBeInTheDocument();
    const box = screen.getByRole('checkbox', { name: 'Morgan Member, Lifeguard: did not show up' });
    expect(box).not.toBeChecked();
    await userEvent.click(box);
    await waitFor(() =>
      expect(getOutboxState().ops.map((o) => o.action)).toEqual([
        { kind: 'duty-no-show', dutyId: 7, userId: 3, noShow: true, name: 'Morgan Member', duty: 'Lifeguard', at: '/workout/9' },
      ]),
    );
    expect(box).toBeChecked();
    expect(screen.getByText('Saved on this device — not yet synced')).toBeInTheDocument();
    await replay();
    await waitFor(() => expect(getOutboxState().ops).toEqual([]));
    const sent = api.to('PUT /duties/:id/holders/:userId/no-show');
    expect(sent.map((c) => [c.path, c.body])).toEqual([
      ['/duties/7/holders/3/no-show', { noShow: true }],
      ['/duties/7/holders/3/no-show', { noShow: true }],
    ]);
    expect(new Set(sent.map((c) => c.headers['idempotency-key'])).size).toBe(1);
  });

  it('shows nothing when nobody holds a duty', async () => {
    answerRoutes({ 'GET /duties': answer([{ ...lifeguard(false), holders: [] }]) }, { user: execUser });
    const { container } = renderAt('/workout/9', '/workout/:id', <DutySheet workoutId={9} />, { user: execUser });
    await waitFor(() => expect(container.querySelector('.duty-sheet')).toBeNull());
  });
});
