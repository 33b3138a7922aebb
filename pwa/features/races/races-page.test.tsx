import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../domain/contract/members/auth';
import { OFFLINE_MESSAGE } from '../../lib/data/api-client';
import { FEE_AMOUNT_ERROR } from '../../../domain/contract/members/payments';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../test-server';
import { testUser } from '../../test-support';
import { monthLabel } from './components/race-calendar';
import { RacesPage } from './races-page';
import { clubRaces, inDays, member, race, visitorView } from './test-handlers';
import { VisitorRacesPage } from './visitor-races-page';

const exec = testUser('exec', { id: 8, name: 'Erin Exec' });
const races = clubRaces;

/** The races page at /races: the member's page, or the visitor's outside the data layer, as the router does. */
function show(user: SessionUser | null = member, list = races(), more: Routes = {}) {
  const api = answerRoutes({ 'GET /races': { races: list }, ...more }, { user });
  renderAt('/races', '/races', user ? <RacesPage /> : <VisitorRacesPage />, { user, visitor: true });
  return api;
}

const card = (name: string) => screen.getByRole('article', { name });

// The form is loaded on demand, in production and here: loaded before the tests, so a findBy
// waits for the screen, not for a busy machine to load a module.
beforeAll(async () => {
  await import('./components/race-form-modal');
});

describe('RacesPage for visitors', () => {
  it('shows the races with countdowns and no member features', async () => {
    show(null, visitorView(races()));
    expect(screen.getByText('Loading races...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Races' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Spring Sprint' });

    expect(within(card('Winter Run')).getByText('Past (3 days ago)')).toBeInTheDocument();
    expect(within(card('Club Time Trial')).getByText('Today!')).toBeInTheDocument();
    expect(within(card('Spring Sprint')).getByText('Tomorrow')).toBeInTheDocument();
    expect(within(card('City Duathlon')).getByText('12 days')).toBeInTheDocument();
    expect(within(card('Spring Sprint')).getByText('Lakeside Park')).toBeInTheDocument();
    expect(within(card('Spring Sprint')).getByText('750 m swim, 20 km bike, 5 km run.')).toBeInTheDocument();

    expect(screen.queryByRole('button', { name: 'Add Race' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'All Races' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(screen.queryByText(/signed up/)).toBeNull();
    expect(screen.queryByRole('link', { name: 'Spring Sprint' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows the calendar without signup counts or buttons', async () => {
    show(null, visitorView(races()));
    await screen.findByRole('article', { name: 'Spring Sprint' });
    await userEvent.click(screen.getByRole('button', { name: 'Calendar view' }));
    expect(screen.getByRole('button', { name: 'Calendar view' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('article', { name: 'City Duathlon' })).toHaveTextContent('12 days');
    expect(screen.queryByRole('button', { name: 'Going?' })).toBeNull();
    expect(screen.queryByText(/going$/)).toBeNull();
  });

  it('shows the empty state and a load failure', async () => {
    show(null, []);
    expect(await screen.findByText('No races yet.')).toBeInTheDocument();
    cleanup();
    show(null, [], { 'GET /races': jsonReply({ error: 'boom' }, 500) });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load races.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('keeps member features from a pending user', async () => {
    show(testUser('pending', { id: 7 }), visitorView(races()));
    await screen.findByRole('article', { name: 'Spring Sprint' });
    expect(screen.queryByRole('button', { name: 'Add Race' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(screen.getByText(/once your club membership is active/)).toBeInTheDocument();
  });
});

describe('RacesPage for members', () => {
  it('shows counts, the member status, a link to the detail, and no exec controls', async () => {
    show();
    await screen.findByRole('article', { name: 'City Duathlon' });
    const going = card('City Duathlon');
    expect(within(going).getByText('2 signed up')).toBeInTheDocument();
    expect(within(going).getByText("✓ You're going")).toBeInTheDocument();
    expect(within(going).getByRole('button', { name: 'Cancel Signup' })).toBeInTheDocument();
    expect(within(card('Spring Sprint')).getByText('Not signed up')).toBeInTheDocument();
    expect(within(card('Spring Sprint')).getByRole('link', { name: 'Spring Sprint' })).toHaveAttribute('href', '/race/3');
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('signs up through the race-signup action and updates the card', async () => {
    const api = show(member, races(), { 'POST /races/:id/signup': { signedUp: true } });
    await screen.findByRole('article', { name: 'Spring Sprint' });
    await userEvent.click(within(card('Spring Sprint')).getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(within(card('Spring Sprint')).getByText("✓ You're going")).toBeInTheDocument());
    expect(within(card('Spring Sprint')).getByText('1 signed up')).toBeInTheDocument();
    const [write] = api.writes();
    expect(write).toMatchObject({ method: 'POST', path: '/races/3/signup' });
    expect(write!.headers['idempotency-key']).toEqual(expect.any(String));
    expect(screen.queryByText(/not yet synced/)).toBeNull();
  });

  it('cancels, and says so when it fails', async () => {
    const api = show(member, races(), { 'DELETE /races/:id/signup': jsonReply({ error: 'Race closed' }, 409) });
    await screen.findByRole('article', { name: 'City Duathlon' });
    await userEvent.click(within(card('City Duathlon')).getByRole('button', { name: 'Cancel Signup' }));
    expect(await within(card('City Duathlon')).findByRole('alert')).toHaveTextContent('Failed to cancel signup: Race closed');
    expect(within(card('City Duathlon')).getByText("✓ You're going")).toBeInTheDocument();
    expect(api.writes()).toHaveLength(1);
  });

  it('says "Failed to sign up for race" and, in errorMessage\'s words, why, when the server gives no reason', async () => {
    // No device storage here (no fake-indexeddb): a 5xx cannot be kept for later, so it is a failure,
    // and the app says once that it works online only.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    show(member, races(), { 'POST /races/:id/signup': jsonReply({}, 503) });
    await screen.findByRole('article', { name: 'Spring Sprint' });
    await userEvent.click(within(card('Spring Sprint')).getByRole('button', { name: 'Sign Up' }));
    expect(await within(card('Spring Sprint')).findByRole('alert')).toHaveTextContent(/^Failed to sign up for race: Request failed \(503\)$/);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('the app works online only'), expect.anything());
    warn.mockRestore();
  });

  it('filters to the races the member is going to', async () => {
    show();
    await screen.findByRole('article', { name: 'Spring Sprint' });
    expect(screen.getByRole('button', { name: 'All Races' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: "Races I'm Going To" }));
    expect(screen.getByRole('button', { name: "Races I'm Going To" })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('article').map((a) => a.querySelector('h2')?.textContent)).toEqual([
      'City Duathlon',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Calendar view' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'All Races' }));
    expect(screen.getAllByRole('article')).toHaveLength(4);
  });

  it('says so when the member is going to no race', async () => {
    show(member, races().map((r) => ({ ...r, isSignedUp: false })));
    await screen.findByRole('article', { name: 'Spring Sprint' });
    await userEvent.click(screen.getByRole('button', { name: "Races I'm Going To" }));
    expect(screen.getByText('You are not signed up for any races yet.')).toBeInTheDocument();
  });

  it('groups the calendar by month with counts and Going? / Cancel buttons', async () => {
    const list = [
      race({ id: 10, name: 'March Madness', date: '2027-03-06', location: 'Hills' }),
      race({ id: 11, name: 'March Mile', date: '2027-03-20', signupCount: 3, isSignedUp: true }),
      race({ id: 12, name: 'April Aquathon', date: '2027-04-02' }),
    ];
    const api = show(member, list, { 'POST /races/:id/signup': { signedUp: true } });
    await screen.findByRole('article', { name: 'March Madness' });
    await userEvent.click(screen.getByRole('button', { name: 'Calendar view' }));

    const march = screen.getByRole('region', { name: 'March 2027' });
    expect(within(march).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'April 2027' })).toBeInTheDocument();
    const madness = within(march).getByRole('article', { name: 'March Madness' });
    expect(madness).toHaveTextContent('Sat');
    expect(madness).toHaveTextContent('6');
    expect(madness).toHaveTextContent('Hills');
    expect(madness).toHaveTextContent(/\d+ days/);
    expect(madness).toHaveTextContent('0 going');
    expect(within(march).getByRole('article', { name: 'March Mile' })).toHaveTextContent('3 going');
    expect(within(within(march).getByRole('article', { name: 'March Mile' })).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();

    await userEvent.click(within(madness).getByRole('button', { name: 'Going?' }));
    await waitFor(() => expect(within(madness).getByRole('button', { name: 'Cancel' })).toBeInTheDocument());
    expect(madness).toHaveTextContent('1 going');
    expect(api.writes()[0]).toMatchObject({ method: 'POST', path: '/races/10/signup' });
  });
});

describe('Add Race', () => {
  it('checks the input with the shared schema before sending', async () => {
    const api = show();
    await screen.findByRole('article', { name: 'Spring Sprint' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Race' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Race' });
    expect(within(dialog).getByLabelText('Race Name*')).toHaveFocus();
    await userEvent.type(within(dialog).getByLabelText('Location'), 'Harbour');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Race' }));
    // One message per problem: the two empty fields are marked next to themselves, with no summary
    // of them above the button; the first has the focus.
    expect(within(dialog).queryByText('Race name and date are required')).toBeNull();
    expect(within(dialog).getAllByText('Required')).toHaveLength(2);
    expect(within(dialog).getByLabelText('Race Name*')).toHaveAccessibleDescription('Required');
    expect(within(dialog).getByLabelText('Race Date*')).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Location')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(within(dialog).getByLabelText('Race Name*')).toHaveFocus());
    expect(within(dialog).getByLabelText('Location')).toHaveValue('Harbour');
    expect(api.writes()).toEqual([]);
  });

  it('adds the race, closes the modal and shows the race in date order', async () => {
    const date = inDays(5);
    const api = show(member, races(), {
      'POST /races': jsonReply({ race: race({ id: 20, name: 'Harbour Swim', date, location: 'Harbour' }) }, 201),
    });
    await screen.findByRole('article', { name: 'Spring Sprint' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Race' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Race' });
    await userEvent.type(within(dialog).getByLabelText('Race Name*'), 'Harbour Swim');
    await userEvent.type(within(dialog).getByLabelText('Race Date*'), date);
    await userEvent.type(within(dialog).getByLabelText('Location'), 'Harbour');
    await userEvent.type(within(dialog).getByLabelText('Description'), '1.5 km');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Race' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()[0]).toMatchObject({
      method: 'POST',
      path: '/races',
      body: { name: 'Harbour Swim', date, location: 'Harbour', description: '1.5 km' },
    });
    const names = screen.getAllByRole('article').map((a) => a.querySelector('h2')?.textContent);
    expect(names).toEqual(['Winter Run', 'Club Time Trial', 'Spring Sprint', 'Harbour Swim', 'City Duathlon']);
    // The save confirms.
    expect(screen.getByText('Race added: Harbour Swim.')).toHaveAttribute('role', 'status');
  });

  it('shows the server message, or that no answer came, keeps the input, and retries with the same key', async () => {
    let attempt = 0;
    const api = show(member, races(), {
      'POST /races': () => {
        attempt += 1;
        return attempt === 1 ? jsonReply({ error: 'A race with that name exists' }, 409) : 'network-error';
      },
    });
    await screen.findByRole('article', { name: 'Spring Sprint' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Race' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Race' });
    await userEvent.type(within(dialog).getByLabelText('Race Name*'), 'Harbour Swim');
    await userEvent.type(within(dialog).getByLabelText('Race Date*'), inDays(5));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Race' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('A race with that name exists');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Race' }));
    await waitFor(() => expect(within(dialog).getByRole('alert').textContent).toBe(OFFLINE_MESSAGE));
    expect(within(dialog).getByLabelText('Race Name*')).toHaveValue('Harbour Swim');
    const [first, second] = api.writes();
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });
});

describe('a race’s entry fee', () => {
  it('is typed in the club’s money, shown on the card, and a fee that is not an amount is marked on its field, keeping what was typed', async () => {
    const date = inDays(5);
    const api = show(member, races(), {
      'POST /races': ({ body }) => jsonReply({ race: race({ id: 20, name: 'Harbour Swim', date, feeCents: body!.feeCents as number, feeCurrency: 'CAD' }) }, 201),
    });
    await screen.findByRole('article', { name: 'Spring Sprint' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Race' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Race' });
    await userEvent.type(within(dialog).getByLabelText('Race Name*'), 'Harbour Swim');
    await userEvent.type(within(dialog).getByLabelText('Race Date*'), date);
    const fee = within(dialog).getByLabelText('Entry fee');
    await userEvent.type(fee, 'lots');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Race' }));
    expect(fee).toHaveAttribute('aria-invalid', 'true');
    expect(fee).toHaveAccessibleDescription(expect.stringContaining('Give the fee like 45.00'));
    expect(fee).toHaveValue('lots');
    expect(api.writes()).toEqual([]);

    await userEvent.clear(fee);
    await userEvent.type(fee, '45.00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Race' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()[0]).toMatchObject({ method: 'POST', path: '/races', body: { name: 'Harbour Swim', feeCents: 4500 } });
    expect(within(card('Harbour Swim')).getByText('Entry fee $45.00')).toBeInTheDocument();
  });

  it('shows the server’s refusal of a fee next to the field', async () => {
    show(member, races(), { 'POST /races': jsonReply({ error: FEE_AMOUNT_ERROR, field: 'feeCents' }, 400) });
    await screen.findByRole('article', { name: 'Spring Sprint' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Race' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add New Race' });
    await userEvent.type(within(dialog).getByLabelText('Race Name*'), 'Harbour Swim');
    await userEvent.type(within(dialog).getByLabelText('Race Date*'), inDays(5));
    await userEvent.type(within(dialog).getByLabelText('Entry fee'), '45');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Race' }));
    await waitFor(() => expect(within(dialog).getByLabelText('Entry fee')).toHaveAccessibleDescription(expect.stringContaining(FEE_AMOUNT_ERROR)));
    expect(within(dialog).getByLabelText('Entry fee')).toHaveValue('45');
  });
});

describe('exec controls', () => {
  it('edits a race in a modal', async () => {
    const api = show(exec, races(), {
      'PUT /races/:id': { race: { ...races()[2]!, name: 'Spring Sprint (moved)', location: 'Beach' } },
    });
    await screen.findByRole('article', { name: 'Spring Sprint' });
    await userEvent.click(within(card('Spring Sprint')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Race' });
    const name = within(dialog).getByLabelText('Race Name*');
    expect(name).toHaveValue('Spring Sprint');
    await userEvent.clear(name);
    await userEvent.type(name, 'Spring Sprint (moved)');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('article', { name: 'Spring Sprint (moved)' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', path: '/races/3', body: { name: 'Spring Sprint (moved)' } });
    expect(screen.getByText('Changes saved: Spring Sprint (moved).')).toHaveAttribute('role', 'status');
  });

  it('sets a race’s legs in its form: a new race starts as a triathlon, an edit shows and sends the race’s own', async () => {
    const api = show(exec, races(), {
      'PUT /races/:id': ({ body }) => ({ race: { ...races()[2]!, legs: body!.legs ?? [] } }),
    });
    await screen.findByRole('article', { name: 'Spring Sprint' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Race' }));
    const adding = await screen.findByRole('dialog', { name: 'Add New Race' });
    expect(within(adding).getByLabelText('Legs')).toHaveValue('Swim, T1, Bike, T2, Run');
    await userEvent.click(within(adding).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(card('Spring Sprint')).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Race' });
    const legs = within(dialog).getByLabelText('Legs');
    expect(legs).toHaveValue('Swim, T1, Bike, T2, Run');
    await userEvent.clear(legs);
    await userEvent.type(legs, 'Run, T1, Bike, T2, Run');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes()[0]).toMatchObject({ method: 'PUT', path: '/races/3', body: { legs: ['Run', 'T1', 'Bike', 'T2', 'Run'] } });
  });

  it('deletes after confirming, and says "Error deleting race" on failure', async () => {
    let fail = true;
    const api = show(exec, races(), {
      'DELETE /races/:id': () => (fail ? jsonReply({ error: 'boom' }, 500) : { message: 'Race deleted' }),
    });
    await screen.findByRole('article', { name: 'Winter Run' });
    const answer = async (button: 'Cancel' | 'Delete') => {
      const ask = screen.getByRole('dialog', { name: 'Delete race?' });
      expect(ask).toHaveTextContent('Are you sure you want to delete the race "Winter Run"?');
      await userEvent.click(within(ask).getByRole('button', { name: button }));
      expect(ask).not.toBeInTheDocument();
    };

    await userEvent.click(within(card('Winter Run')).getByRole('button', { name: 'Delete' }));
    await answer('Cancel');
    expect(api.writes()).toEqual([]);

    await userEvent.click(within(card('Winter Run')).getByRole('button', { name: 'Delete' }));
    await answer('Delete');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error deleting race');
    expect(card('Winter Run')).toBeInTheDocument();

    fail = false;
    await userEvent.click(within(card('Winter Run')).getByRole('button', { name: 'Delete' }));
    await answer('Delete');
    await waitFor(() => expect(screen.queryByRole('article', { name: 'Winter Run' })).toBeNull());
    expect(api.writes().at(-1)).toMatchObject({ method: 'DELETE', path: '/races/1' });
  });
});

describe('monthLabel', () => {
  it('names the month and year', () => {
    expect(monthLabel('2027-03-31')).toBe('March 2027');
    expect(monthLabel('2026-12-01')).toBe('December 2026');
  });
});

describe('the season table on the races page', () => {
  it('offers the seasons by the club’s day, not UTC’s: at 03:00 UTC on New Year’s Day it is still the old year in Toronto', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2027-01-01T03:00:00Z'));
    try {
      show(member, [], { 'GET /races/season-table': jsonReply({ error: 'Not now' }, 503) });
      const table = await screen.findByRole('region', { name: 'Season table' });
      const season = within(table).getByLabelText('Season');
      expect(within(season).getAllByRole('option').map((o) => o.textContent)).toEqual(['2026', '2025', '2024']);
      expect(season).toHaveValue('2026');
    } finally {
      vi.useRealTimers();
    }
  });
});
