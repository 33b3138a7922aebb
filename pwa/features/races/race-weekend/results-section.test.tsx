import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Race, RaceDetailAnswer, RaceResult } from '../../../../domain/contract/training/races';
import { formatDate } from '../../../lib/ui/format';
import { renderAt } from '../../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../../test-server';
import { testUser } from '../../../test-support';
import { RaceDetailPage } from '../race-detail-page';
import { inDays, member, race } from '../test-handlers';

// The Results section of a race's page: its table and form follow the race's own legs, and the form
// is offered from the race's day on, to members entered in it (and to an exec for those entered).

const today = inDays(0);
const me = { user_id: member.id, user_name: member.name, distance: 'Sprint', wave: '' };

function resultOf(fields: Partial<RaceResult>): RaceResult {
  return {
    id: 1,
    race_id: 5,
    user_id: 9,
    user_name: 'Sam Swim',
    distance: 'Sprint',
    finishSeconds: 4205,
    swimSeconds: null,
    t1Seconds: null,
    bikeSeconds: null,
    t2Seconds: null,
    runSeconds: null,
    splits: [],
    placing: null,
    clubPlace: 1,
    ...fields,
  };
}

function show(fields: Partial<Race>, user = member, more: Routes = {}) {
  const answer = (): RaceDetailAnswer => ({
    race: race({ id: 5, name: 'City Duathlon', date: today, distances: ['Sprint'], ...fields }),
    signups: [],
    isSignedUp: fields.isSignedUp ?? false,
  });
  const api = answerRoutes(
    { 'GET /races/:id': answer, 'PUT /races/:id/result': ({ body }) => ({ result: resultOf({ user_id: member.id, distance: body!.distance }) }), ...more },
    { user },
  );
  renderAt('/race/5', '/race/:id', <RaceDetailPage />, { user });
  return api;
}

const results = async () => screen.findByRole('region', { name: 'Results' });

describe('Results follow the race’s legs', () => {
  it('a duathlon’s form asks for each leg, the repeated one numbered, and sends a split per leg in order', async () => {
    const api = show({ legs: ['Run', 'T1', 'Bike', 'T2', 'Run'], isSignedUp: true, entries: [me], entry: me });
    const form = within(await results()).getByRole('form', { name: 'Enter a result' });
    expect(within(form).queryByLabelText('Swim')).toBeNull();
    await userEvent.type(within(form).getByLabelText('Finish time'), '1:10:00');
    await userEvent.type(within(form).getByLabelText('Run 1'), '18:00');
    await userEvent.type(within(form).getByLabelText('Bike'), 'fast');
    await userEvent.click(within(form).getByRole('button', { name: 'Save result' }));
    expect(within(form).getByLabelText('Bike')).toHaveAccessibleDescription('Enter the split as H:MM:SS or MM:SS Optional');
    expect(api.writes()).toEqual([]);

    await userEvent.clear(within(form).getByLabelText('Bike'));
    await userEvent.type(within(form).getByLabelText('Bike'), '35:00');
    await userEvent.type(within(form).getByLabelText('Run 2'), '19:10');
    await userEvent.click(within(form).getByRole('button', { name: 'Save result' }));
    expect(await within(form).findByRole('status')).toHaveTextContent(/Result saved/);
    expect(api.to('PUT /races/:id/result')[0]!.body).toEqual({
      distance: 'Sprint',
      finishTime: '1:10:00',
      splits: ['18:00', '', '35:00', '', '19:10'],
      placing: null,
    });
  });

  it('the table names the race’s legs and shows each result’s splits in their order; a regatta has one', async () => {
    show({
      legs: ['Row'],
      isSignedUp: true,
      entries: [me],
      results: [resultOf({ splits: [480] }), resultOf({ id: 2, user_id: 10, user_name: 'Rae Rower', finishSeconds: 500, clubPlace: 2, splits: [null] })],
    });
    const table = within(await results()).getByRole('table', { name: 'Sprint' });
    expect(within(table).getByRole('columnheader', { name: 'Splits: Row' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual(['1Sam Swim1:10:058:00–', '2Rae Rower8:20––']);
  });

  it('a result kept from before races had legs still shows under the triathlon’s', async () => {
    const kept = { ...resultOf({ swimSeconds: 860, runSeconds: 1100 }) } as Partial<RaceResult>;
    delete kept.splits;
    show({ legs: undefined as unknown as string[], results: [kept as RaceResult] });
    const table = within(await results()).getByRole('table', { name: 'Sprint' });
    expect(within(table).getByRole('columnheader', { name: 'Splits: Swim / T1 / Bike / T2 / Run' })).toBeInTheDocument();
    expect(within(table).getByText('14:20 / – / – / – / 18:20')).toBeInTheDocument();
  });
});

describe('Results: the form’s messages', () => {
  it('marks a wrong split until it is fixed, and shows a refusal of the splits with them, keeping every time typed', async () => {
    const refused = 'This race has 5 legs: Run, T1, Bike, T2, Run';
    const api = show({ legs: ['Run', 'T1', 'Bike', 'T2', 'Run'], isSignedUp: true, entries: [me], entry: me }, member, {
      'PUT /races/:id/result': () => jsonReply({ error: refused, field: 'splits' }, 400),
    });
    const form = within(await results()).getByRole('form', { name: 'Enter a result' });
    await userEvent.type(within(form).getByLabelText('Finish time'), '1:10:00');
    await userEvent.type(within(form).getByLabelText('Bike'), 'fast');
    await userEvent.click(within(form).getByRole('button', { name: 'Save result' }));
    const bike = within(form).getByLabelText('Bike');
    expect(bike).toHaveAttribute('aria-invalid', 'true');
    expect(bike).toHaveFocus();

    await userEvent.clear(bike);
    await userEvent.type(bike, '35:00');
    expect(bike).not.toHaveAttribute('aria-invalid');
    expect(within(form).queryByText('Enter the split as H:MM:SS or MM:SS')).toBeNull();

    await userEvent.click(within(form).getByRole('button', { name: 'Save result' }));
    expect(await within(form).findByText(refused)).toBeInTheDocument();
    expect(api.to('PUT /races/:id/result')).toHaveLength(1);
    expect(within(form).getByLabelText('Finish time')).toHaveValue('1:10:00');
    expect(bike).toHaveValue('35:00');
  });
});

describe('Results from the race’s day on, for those entered in it', () => {
  it('offers no form for a race still to come, and says when results open', async () => {
    const ahead = inDays(40);
    show({ date: ahead, isSignedUp: true, entries: [me], entry: me });
    const section = await results();
    expect(within(section).queryByRole('form', { name: 'Enter a result' })).toBeNull();
    expect(within(section).getByText(`Results open on the race's day, ${formatDate(ahead, 'long')}.`)).toBeInTheDocument();
  });

  it('offers no form to a member not entered in the race', async () => {
    show({ entries: [{ ...me, user_id: 9, user_name: 'Sam Swim' }] });
    const section = await results();
    expect(within(section).queryByRole('form', { name: 'Enter a result' })).toBeNull();
    expect(within(section).getByText('Members entered in this race give their results here.')).toBeInTheDocument();
  });

  it('offers an exec not entered the results of those entered only', async () => {
    const exec = testUser('exec', { id: 3, name: 'Erin Exec' });
    show({ entries: [{ ...me, user_id: 9, user_name: 'Sam Swim' }] }, exec);
    const form = within(await results()).getByRole('form', { name: 'Enter a result' });
    const who = within(form).getByLabelText('Result of');
    expect(within(who).getAllByRole('option').map((o) => o.textContent)).toEqual(['Sam Swim']);
  });
});
