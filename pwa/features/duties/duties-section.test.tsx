import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Duty, DutiesAnswer } from '../../../domain/contract/training/duties';
import { replay } from '../../lib/offline/outbox';
import { getOutboxState } from '../../lib/offline/outbox-store';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../test-server';
import { testUser } from '../../test-support';
import { DutiesSection } from './duties-section';

const member = testUser('member', { id: 3, name: 'Morgan Member' });
const execUser = testUser('exec', { id: 2, name: 'Erin Exec' });
const duty = (over: Partial<Duty> = {}): Duty => ({
  id: 7,
  place: 'workout',
  place_id: 9,
  kind: 'Lifeguard',
  places: 2,
  eligibility: 'members',
  qualification: null,
  starts_at: Date.parse('2099-03-06T23:00:00Z'),
  ends_at: Date.parse('2099-03-07T00:30:00Z'),
  holders: [],
  mine: false,
  may_take: true,
  ...over,
});
const answer = (duties: Duty[]): DutiesAnswer => ({ duties, kinds: ['Lifeguard', 'Coach on deck'], give_up_hours: 48 });

function show(routes: Routes, user = member, fresh = true) {
  const api = answerRoutes({ 'GET /config': { clubTimeZone: 'America/Toronto', clubEmail: 'club@club.test', vapidPublicKey: '', passkeys: false }, ...routes }, { user });
  const view = renderAt('/workout/9', '/workout/:id', <DutiesSection place="workout" placeId={9} />, fresh ? { user } : {});
  return { api, view };
}

beforeEach(async () => {
  await resetDevice();
});

describe('duties on a workout', () => {
  it('a member takes a free place in one tap', async () => {
    let taken = false;
    const mine = () => duty(taken ? { mine: true, may_take: false, holders: [{ id: 3, name: 'Morgan Member', swap_offered: false, no_show: false }] } : {});
    const { api } = show({ 'GET /duties': () => answer([mine()]), 'POST /duties/:id/claim': () => ((taken = true), answer([mine()])) });
    const item = await screen.findByRole('listitem', { name: 'Lifeguard' });
    expect(within(item).getByText('0 of 2 places taken')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: /^Take this duty/ }));
    await waitFor(() => expect(api.to('POST /duties/:id/claim').map((c) => c.path)).toEqual(['/duties/7/claim']));
    expect(api.to('POST /duties/:id/claim')[0]!.headers['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('1 of 2 places taken')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Give it up/ })).toBeInTheDocument();
  });

  it('claimed offline: kept on the device, marked, and sent once with the same key when back', async () => {
    let reached = false;
    const claim = () => (reached ? answer([duty({ mine: true })]) : ((reached = true), 'network-error' as const));
    const first = show({ 'GET /duties': answer([duty()]), 'POST /duties/:id/claim': claim });
    const item = await screen.findByRole('listitem', { name: 'Lifeguard' });
    await userEvent.click(within(item).getByRole('button', { name: /^Take this duty/ }));
    await waitFor(() =>
      expect(getOutboxState().ops.map((o) => o.action)).toEqual([{ kind: 'duty-claim', dutyId: 7, taken: true, duty: 'Lifeguard', at: '/workout/9' }]),
    );
    expect(await within(item).findByText('Saved on this device — not yet synced')).toBeInTheDocument();
    const key = first.api.to('POST /duties/:id/claim')[0]!.headers['idempotency-key'];
    first.view.unmount();
    const second = show({ 'GET /duties': answer([duty()]), 'POST /duties/:id/claim': claim }, member, false);
    await screen.findByRole('listitem', { name: 'Lifeguard' });
    await replay();
    await waitFor(() => expect(getOutboxState().ops).toEqual([]));
    expect(second.api.to('POST /duties/:id/claim').map((c) => c.headers['idempotency-key'])).toEqual([key]);
  });

  it('past the cut-off the club’s refusal is shown, and a swap can be asked for', async () => {
    const held = duty({ mine: true, may_take: false, holders: [{ id: 3, name: 'Morgan Member', swap_offered: false, no_show: false }] });
    const { api } = show({
      'GET /duties': answer([held]),
      'DELETE /duties/:id/claim': jsonReply({ error: 'It is too close to the start to give this duty up: ask for a swap instead' }, 409),
      'POST /duties/:id/swap': answer([held]),
    });
    const item = await screen.findByRole('listitem', { name: 'Lifeguard' });
    await userEvent.click(within(item).getByRole('button', { name: /^Give it up/ }));
    expect(await within(item).findByRole('alert')).toHaveTextContent('ask for a swap instead');
    await userEvent.click(within(item).getByRole('button', { name: /^Ask for a swap/ }));
    await waitFor(() => expect(api.to('POST /duties/:id/swap').map((c) => c.path)).toEqual(['/duties/7/swap']));
  });

  it('offline, a swap asked for is kept on the device and sent once with its key when back', async () => {
    const held = duty({ mine: true, may_take: false, holders: [{ id: 3, name: 'Morgan Member', swap_offered: false, no_show: false }] });
    let reached = false;
    const offer = () => (reached ? answer([held]) : ((reached = true), 'network-error' as const));
    const { api } = show({ 'GET /duties': answer([held]), 'POST /duties/:id/swap': offer });
    const item = await screen.findByRole('listitem', { name: 'Lifeguard' });
    await userEvent.click(within(item).getByRole('button', { name: /^Ask for a swap/ }));
    await waitFor(() =>
      expect(getOutboxState().ops.map((o) => o.action)).toEqual([{ kind: 'duty-swap', dutyId: 7, step: 'offer', duty: 'Lifeguard', at: '/workout/9' }]),
    );
    expect(await within(item).findByText(/swap offered/)).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: /^Ask for a swap/ })).not.toBeInTheDocument();
    await replay();
    await waitFor(() => expect(getOutboxState().ops).toEqual([]));
    const keys = api.to('POST /duties/:id/swap').map((c) => c.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
  });

  it('an exec’s take-off goes through the outbox: offline it waits, marked, and a removal of another thing is not held behind it', async () => {
    const held = duty({ holders: [{ id: 3, name: 'Morgan Member', swap_offered: false, no_show: false }] });
    const { api } = show(
      { 'GET /duties': answer([held]), 'DELETE /duties/:id/holders/:userId': 'network-error', 'DELETE /duties/:id': jsonReply({ error: 'Duty not found' }, 404) },
      execUser,
    );
    const item = await screen.findByRole('listitem', { name: 'Lifeguard' });
    await userEvent.click(within(item).getByRole('button', { name: /^Take off Morgan Member/ }));
    await waitFor(() =>
      expect(getOutboxState().ops.map((o) => o.action)).toEqual([
        { kind: 'duty-holder', dutyId: 7, userId: 3, held: false, name: 'Morgan Member', duty: 'Lifeguard', at: '/workout/9' },
      ]),
    );
    expect(within(item).queryByText('Morgan Member')).not.toBeInTheDocument();
    expect(within(item).getByText('Saved on this device — not yet synced')).toBeInTheDocument();
    await userEvent.click(within(item).getByRole('button', { name: /^Remove duty/ }));
    await waitFor(() => expect(api.to('DELETE /duties/:id').map((c) => c.path)).toEqual(['/duties/7']));
    expect(getOutboxState().ops.map((o) => o.action.kind)).toEqual(['duty-holder']);
  });

  it('an exec adds a duty from the club’s kinds with the one form way', async () => {
    const { api } = show({ 'GET /duties': answer([]), 'POST /duties': answer([duty({ kind: 'Coach on deck' })]) }, execUser);
    await userEvent.click(await screen.findByRole('button', { name: 'Add a duty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a duty' });
    await userEvent.selectOptions(within(dialog).getByLabelText('Duty'), 'Coach on deck');
    await userEvent.clear(within(dialog).getByLabelText('People needed'));
    await userEvent.type(within(dialog).getByLabelText('People needed'), '2');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add duty' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.to('POST /duties')[0]!.body).toMatchObject({ place: 'workout', placeId: 9, kind: 'Coach on deck', places: 2, eligibility: 'members' });
  });
});
