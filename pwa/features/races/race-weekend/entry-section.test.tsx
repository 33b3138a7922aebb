import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RaceDetailAnswer } from '../../../../domain/contract/training/races';
import { renderAt } from '../../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../../test-server';
import { RaceDetailPage } from '../race-detail-page';
import { inDays, member, race } from '../test-handlers';

// The member's own entry on a race's page: the contract's rules on each field as it is typed, and the
// club's refusal next to the field it names (else under the form) with what was typed kept.

function show(more: Routes = {}) {
  const answer = (): RaceDetailAnswer => ({
    race: race({ id: 5, name: 'Lakeside Tri', date: inDays(6), distances: ['Sprint', 'Olympic'], isSignedUp: true }),
    signups: [],
    isSignedUp: true,
  });
  const api = answerRoutes({ 'GET /races/:id': answer, ...more }, { user: member });
  renderAt('/race/5', '/race/:id', <RaceDetailPage />, { user: member });
  return api;
}

const entryForm = async () => within(await screen.findByRole('region', { name: 'Who races what' })).getByRole('form', { name: 'Your entry' });

describe('Your entry', () => {
  it('marks a missing distance on its field, and the message goes as soon as one is chosen', async () => {
    const api = show();
    const form = await entryForm();
    await userEvent.type(within(form).getByLabelText('Wave or start time'), 'Wave 3');
    await userEvent.click(within(form).getByRole('button', { name: 'Enter this distance' }));

    const distance = within(form).getByLabelText('Your distance');
    expect(distance).toHaveAccessibleDescription('Choose a distance');
    expect(distance).toHaveAttribute('aria-invalid', 'true');
    expect(distance).toHaveFocus();
    expect(api.writes()).toEqual([]);

    await userEvent.selectOptions(distance, 'Olympic');
    expect(distance).not.toHaveAttribute('aria-invalid');
    expect(within(form).queryByText('Choose a distance')).toBeNull();
    expect(within(form).getByLabelText('Wave or start time')).toHaveValue('Wave 3');
  });

  it('shows a refusal that names the distance next to it, focused, and keeps what was typed', async () => {
    const refused = "Choose one of the race's distances";
    const api = show({ 'PUT /races/:id/entry': () => jsonReply({ error: refused, field: 'distance' }, 400) });
    const form = await entryForm();
    await userEvent.selectOptions(within(form).getByLabelText('Your distance'), 'Sprint');
    await userEvent.type(within(form).getByLabelText('Wave or start time'), ' 07:40 ');
    await userEvent.click(within(form).getByRole('button', { name: 'Enter this distance' }));

    const distance = within(form).getByLabelText('Your distance');
    expect(await within(form).findByText(refused)).toBeInTheDocument();
    expect(distance).toHaveAccessibleDescription(refused);
    expect(distance).toHaveFocus();
    expect(distance).toHaveValue('Sprint');
    expect(within(form).getByLabelText('Wave or start time')).toHaveValue(' 07:40 ');
    // What the contract's schema made of it: the wave trimmed.
    expect(api.to('PUT /races/:id/entry')[0]!.body).toEqual({ distance: 'Sprint', wave: '07:40' });
    expect(within(form).queryByRole('alert')).toBeNull();
  });

  it('words any other refusal the one way (errorMessage) under the form, keeping the entry typed', async () => {
    show({ 'PUT /races/:id/entry': () => jsonReply({}, 500) });
    const form = await entryForm();
    await userEvent.selectOptions(within(form).getByLabelText('Your distance'), 'Olympic');
    await userEvent.click(within(form).getByRole('button', { name: 'Enter this distance' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Request failed \(500\)$/);
    expect(within(form).getByLabelText('Your distance')).toHaveValue('Olympic');
    expect(within(form).getByLabelText('Your distance')).not.toHaveAttribute('aria-invalid');
  });
});
