import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { RaceDetailAnswer, RaceLift } from '../../../../domain/contract/training/races';
import { renderAt } from '../../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../../test-server';
import { RaceDetailPage } from '../race-detail-page';
import { inDays, member, race } from '../test-handlers';
import { clubFormat } from '../../../../domain/region/club-format';

// The Lifts section of a race's page: the driver changes their lift in the form they offered it
// with; riders get no such button.

const date = inDays(6);
/** A lift's time as the club writes a date with its time (en-US, the default): 'Sun, Nov 29, 2026 at 5:30 AM'. */
const leaves = (time: string) => clubFormat('en-US').dateTime(date, time, 'short');

function liftOf(fields: Partial<RaceLift>): RaceLift {
  return {
    id: 11,
    race_id: 5,
    driver_id: member.id,
    driver_name: member.name,
    leavingFrom: 'Sports centre',
    leavingAt: `${date}T05:30`,
    seats: 3,
    bikeSpots: 2,
    note: 'Roof rack',
    seatsTaken: 1,
    seatsFree: 2,
    bikeSpotsTaken: 0,
    bikeSpotsFree: 2,
    riders: [{ user_id: 9, user_name: 'Sam Swim', seat: true, bike: false }],
    mySeat: false,
    myBike: false,
    ...fields,
  };
}

/** The race page with one lift, answered from `state.lift` (a PUT handler may change it). */
function show(state: { lift: RaceLift }, more: Routes = {}) {
  const answer = (): RaceDetailAnswer => ({ race: race({ id: 5, name: 'Lakeside Tri', date, lifts: [state.lift] }), signups: [], isSignedUp: false });
  const api = answerRoutes({ 'GET /races/:id': answer, ...more }, { user: member });
  renderAt('/race/5', '/race/:id', <RaceDetailPage />, { user: member });
  return api;
}

const lifts = () => screen.getByRole('region', { name: 'Lifts' });

describe('Lifts: the driver edits their lift', () => {
  it('opens the form prefilled with focus in it, saves the new time and seats with PUT, and returns focus to Edit lift', async () => {
    const state = { lift: liftOf({}) };
    const api = show(state, {
      'PUT /races/:id/lifts/:liftId': ({ body }) => {
        state.lift = { ...state.lift, leavingAt: String(body!.leavingAt), seats: body!.seats, seatsFree: body!.seats - 1 };
        return { lift: state.lift };
      },
    });
    const edit = await within(await screen.findByRole('region', { name: 'Lifts' })).findByRole('button', { name: 'Edit lift' });
    expect(edit).toHaveAccessibleDescription(`Morgan Member (you) · from Sports centre · ${leaves('05:30')}`);
    await userEvent.click(edit);

    const form = within(lifts()).getByRole('form', { name: 'Edit lift' });
    expect(within(form).getByLabelText('Leaving from')).toHaveFocus();
    expect(within(form).getByLabelText('Leaving from')).toHaveValue('Sports centre');
    expect(within(form).getByLabelText('Leaving at')).toHaveValue(`${date}T05:30`);
    expect(within(form).getByLabelText('Seats')).toHaveValue(3);
    expect(within(form).getByLabelText('Bike-rack spots')).toHaveValue(2);
    expect(within(form).getByLabelText('Note')).toHaveValue('Roof rack');
    expect(within(form).getByLabelText('Leaving at')).toHaveAccessibleDescription('Your riders are told of a new time.');
    // The card's own buttons wait while its form is open.
    expect(within(lifts()).queryByRole('button', { name: 'Withdraw lift' })).toBeNull();

    await userEvent.clear(within(form).getByLabelText('Leaving at'));
    await userEvent.type(within(form).getByLabelText('Leaving at'), `${date}T06:15`);
    await userEvent.clear(within(form).getByLabelText('Seats'));
    await userEvent.type(within(form).getByLabelText('Seats'), '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await within(lifts()).findByText('Seats: 1 free of 2 · Bike spots: 2 free of 2')).toBeInTheDocument();
    const puts = api.to('PUT /races/:id/lifts/:liftId');
    expect(puts.map((p) => p.path)).toEqual(['/races/5/lifts/11']);
    expect(puts[0]!.body).toEqual({ leavingFrom: 'Sports centre', leavingAt: `${date}T06:15`, seats: 2, bikeSpots: 2, note: 'Roof rack' });
    expect(puts[0]!.headers['idempotency-key']).toMatch(/^[\w-]{8,}$/);
    expect(within(lifts()).getByText(leaves('06:15'), { exact: false })).toBeInTheDocument();
    expect(within(lifts()).queryByRole('form', { name: 'Edit lift' })).toBeNull();
    expect(within(lifts()).getByRole('button', { name: 'Edit lift' })).toHaveFocus();
  });

  it('shows a refusal next to its field and keeps what was typed; each changed try is a new request', async () => {
    const state = { lift: liftOf({}) };
    const refusals = [
      jsonReply({ error: '1 rider already has a seat: offer at least 1 seat', field: 'seats' }, 409),
      jsonReply({ error: 'Leaving from must be at most 120 characters', field: 'leavingFrom' }, 400),
    ];
    const api = show(state, { 'PUT /races/:id/lifts/:liftId': () => refusals.shift()! });
    await userEvent.click(await within(await screen.findByRole('region', { name: 'Lifts' })).findByRole('button', { name: 'Edit lift' }));
    const form = within(lifts()).getByRole('form', { name: 'Edit lift' });
    await userEvent.clear(within(form).getByLabelText('Leaving at'));
    await userEvent.type(within(form).getByLabelText('Leaving at'), `${date}T07:00`);
    await userEvent.clear(within(form).getByLabelText('Seats'));
    await userEvent.type(within(form).getByLabelText('Seats'), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));

    const seats = within(form).getByLabelText('Seats');
    expect(await within(form).findByText('1 rider already has a seat: offer at least 1 seat')).toBeInTheDocument();
    expect(seats).toHaveAccessibleDescription('1 rider already has a seat: offer at least 1 seat');
    expect(seats).toHaveAttribute('aria-invalid', 'true');
    expect(seats).toHaveFocus();
    expect(seats).toHaveValue(0);
    expect(within(form).getByLabelText('Leaving at')).toHaveValue(`${date}T07:00`);

    await userEvent.clear(seats);
    await userEvent.type(seats, '1');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    const from = within(form).getByLabelText('Leaving from');
    expect(await within(form).findByText('Leaving from must be at most 120 characters')).toBeInTheDocument();
    expect(from).toHaveAccessibleDescription('Leaving from must be at most 120 characters');
    expect(seats).not.toHaveAttribute('aria-invalid');
    expect(seats).toHaveValue(1);

    const keys = api.to('PUT /races/:id/lifts/:liftId').map((p) => p.headers['idempotency-key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).not.toBe(keys[1]);
    // Nothing was saved: the card still says what the server holds.
    expect(within(lifts()).getByText('Seats: 2 free of 3 · Bike spots: 2 free of 2')).toBeInTheDocument();
  });

  it('Cancel closes the form without sending anything and puts focus back on Edit lift', async () => {
    const api = show({ lift: liftOf({}) });
    await userEvent.click(await within(await screen.findByRole('region', { name: 'Lifts' })).findByRole('button', { name: 'Edit lift' }));
    await userEvent.type(screen.getByLabelText('Leaving from'), ' car park');
    await userEvent.click(within(lifts()).getByRole('button', { name: 'Cancel' }));
    expect(within(lifts()).queryByRole('form', { name: 'Edit lift' })).toBeNull();
    expect(within(lifts()).getByRole('button', { name: 'Edit lift' })).toHaveFocus();
    expect(api.writes()).toEqual([]);
  });

  it('a rider in the lift sees no Edit lift button', async () => {
    const riding = liftOf({
      driver_id: 9,
      driver_name: 'Sam Swim',
      riders: [{ user_id: member.id, user_name: member.name, seat: true, bike: false }],
      mySeat: true,
    });
    show({ lift: riding });
    expect(await within(await screen.findByRole('region', { name: 'Lifts' })).findByRole('button', { name: 'Give back my seat' })).toBeInTheDocument();
    expect(within(lifts()).queryByRole('button', { name: 'Edit lift' })).toBeNull();
    expect(within(lifts()).queryByRole('button', { name: 'Withdraw lift' })).toBeNull();
  });
});

describe('Lifts: one lift per driver and race', () => {
  it('a driver who offers a lift is not offered a second', async () => {
    show({ lift: liftOf({}) });
    expect(await within(await screen.findByRole('region', { name: 'Lifts' })).findByRole('button', { name: 'Edit lift' })).toBeInTheDocument();
    expect(within(lifts()).queryByRole('button', { name: 'Offer a lift' })).toBeNull();
  });

  it('shows the club’s refusal of a second lift (409) in the form, which keeps what was typed', async () => {
    const others = liftOf({ driver_id: 9, driver_name: 'Sam Swim', riders: [] });
    const refused = 'You already offer a lift to this race: change that one (seats, bike spots, time) instead of offering another';
    const api = show({ lift: others }, { 'POST /races/:id/lifts': () => jsonReply({ error: refused }, 409) });
    await userEvent.click(await within(await screen.findByRole('region', { name: 'Lifts' })).findByRole('button', { name: 'Offer a lift' }));
    const form = within(lifts()).getByRole('form', { name: 'Offer a lift' });
    await userEvent.type(within(form).getByLabelText('Leaving from'), 'Harbour car park');
    await userEvent.click(within(form).getByRole('button', { name: 'Offer this lift' }));
    expect(await within(form).findByText(refused)).toBeInTheDocument();
    expect(within(form).getByLabelText('Leaving from')).toHaveValue('Harbour car park');
    expect(api.to('POST /races/:id/lifts')).toHaveLength(1);
  });
});

describe('Lifts: refusals in the one voice', () => {
  it('a withdrawal that fails says why in errorMessage’s words, and the lift stays', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(true);
    show({ lift: liftOf({}) }, { 'DELETE /races/:id/lifts/:liftId': () => jsonReply({}, 502) });
    await userEvent.click(await within(await screen.findByRole('region', { name: 'Lifts' })).findByRole('button', { name: 'Withdraw lift' }));
    expect(await within(lifts()).findByRole('alert')).toHaveTextContent(/^Request failed \(502\)$/);
    expect(within(lifts()).getByRole('button', { name: 'Edit lift' })).toBeInTheDocument();
    confirm.mockRestore();
  });

  it('a lift form left without seats is marked on its field, and nothing is sent', async () => {
    const api = show({ lift: liftOf({ driver_id: 9, driver_name: 'Sam Swim', riders: [] }) });
    await userEvent.click(await within(await screen.findByRole('region', { name: 'Lifts' })).findByRole('button', { name: 'Offer a lift' }));
    const form = within(lifts()).getByRole('form', { name: 'Offer a lift' });
    await userEvent.type(within(form).getByLabelText('Leaving from'), 'Harbour car park');
    await userEvent.clear(within(form).getByLabelText('Seats'));
    await userEvent.click(within(form).getByRole('button', { name: 'Offer this lift' }));
    expect(within(form).getByLabelText('Seats')).toHaveAccessibleDescription('Seats must be a number');
    expect(within(form).getByLabelText('Seats')).toHaveFocus();
    expect(within(form).getByLabelText('Leaving from')).toHaveValue('Harbour car park');
    expect(api.writes()).toEqual([]);
  });
});
