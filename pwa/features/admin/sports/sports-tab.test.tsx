// Admin → Sports: a type with workouts offers Retire, not Remove; a new type takes its id from its
// name and joins a filter; a nameless type is stopped before anything is sent; the server's refusal
// of a removal in use is shown; and the device's own types follow a save at once.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import { DOCUMENT_RULES, type DocumentKey } from '../../../../domain/documents/club-documents';
import { defaultSports, type SportsDocument } from '../../../../domain/sports';
import { clubSports, setClubSports } from '../../../lib/club/club-sports';
import { renderAt } from '../../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../../test-server';
import { testUser } from '../../../test-support';
import { AdminPage } from '../admin-page';
import { adminRoutes, MEMBERS } from '../test-handlers';

const administrator = testUser('administrator', { name: 'Alex Admin', email: 'administrator@club.test' });

function sportsDoc(body: SportsDocument, version: number): ClubDocument<'sports'> {
  return { key: 'sports', version, body, publishedAt: version ? 1 : null, publishedBy: version ? { id: 1, name: 'Alex Admin' } : null, note: null, minor: false };
}

function otherDocument<K extends DocumentKey>(key: K): ClubDocument<K> {
  const body = DOCUMENT_RULES[key].defaults({ clubEmail: 'club@example.test', clubTimeZone: 'America/Toronto' });
  return { key, version: 0, body, publishedAt: null, publishedBy: null, note: null, minor: false };
}

let current: ClubDocument<'sports'>;
beforeEach(() => {
  current = sportsDoc(defaultSports(), 0);
  setClubSports(defaultSports());
});

function renderSports(more: Routes) {
  const api = answerRoutes(
    {
      ...adminRoutes({ members: MEMBERS, emails: [] }),
      // The sports document as the test changes it; any other tab's document as the club starts.
      'GET /club/documents/:key': ({ params }) =>
        params.key === 'sports' ? current : otherDocument(params.key as DocumentKey),
      'GET /forum/workout-types/usage': () => ({ types: [{ id: 'spin', workouts: 12 }, { id: 'swim', workouts: 3 }] }),
      ...more,
    },
    { user: administrator },
  );
  renderAt('/admin?tab=sports', '/admin', <AdminPage />, { user: administrator });
  return api;
}

describe('Admin → Sports', () => {
  it('offers Retire for a type with workouts and Remove only for one without', async () => {
    renderSports({});
    const form = await screen.findByRole('form', { name: 'Sports and workout types' });
    expect(await within(form).findByText('12 workouts')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Retire Spin' })).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Remove Spin' })).toBeNull();
    expect(within(form).getByRole('button', { name: 'Remove Brick' })).toBeInTheDocument();
  });

  it('adds Erg with its id from its name, puts it in a new filter, and the device uses it at once', async () => {
    const api = renderSports({
      'PUT /club/documents/:key': ({ body }) => (current = sportsDoc(body!.body as SportsDocument, body!.version + 1)),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Sports and workout types' });
    await user.click(within(form).getByRole('button', { name: 'Add a workout type' }));
    // Nameless: stopped here, beside the field.
    await user.click(within(form).getByRole('button', { name: 'Save sports' }));
    expect(await within(form).findByText('Give the workout type a name')).toBeInTheDocument();
    expect(api.to('PUT /club/documents/:key')).toHaveLength(0);

    const names = within(form).getAllByLabelText('Name');
    await user.type(names[names.length - 1]!, 'Erg');
    await user.click(within(form).getByRole('button', { name: 'Add a filter' }));
    await user.type(within(form).getAllByLabelText('Filter name').at(-1)!, 'Row');
    const filters = within(form).getAllByRole('group', { name: 'Shows' });
    await user.click(within(filters.at(-1)!).getByRole('checkbox', { name: 'Erg' }));
    await user.click(within(form).getByRole('button', { name: 'Save sports' }));

    expect(await screen.findByText('Sports saved: the New Workout form, the badges and the filters use them now.')).toBeInTheDocument();
    const sent = api.to('PUT /club/documents/:key')[0]!.body as { version: number; body: SportsDocument };
    expect(sent.version).toBe(0);
    expect(sent.body.types.at(-1)).toEqual({ id: 'erg', name: 'Erg', sport: 'other', colour: 'grey', minutes: 60, retired: false });
    expect(sent.body.filters.at(-1)).toEqual({ id: 'row', name: 'Row', types: ['erg'] });
    expect(clubSports().types.map((t) => t.id)).toContain('erg');
  });

  it('offers rowing as a sport, paced per 500 m, and saves an Erg as one', async () => {
    const api = renderSports({
      'PUT /club/documents/:key': ({ body }) => (current = sportsDoc(body!.body as SportsDocument, body!.version + 1)),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Sports and workout types' });
    // Each sport's choice says how its lanes are measured.
    expect(within(form).getAllByLabelText('Sport')[0]).toHaveAccessibleDescription('Lanes by speed, km/h');
    await user.click(within(form).getByRole('button', { name: 'Add a workout type' }));
    await user.type(within(form).getAllByLabelText('Name').at(-1)!, 'Erg');
    const sport = within(form).getAllByLabelText('Sport').at(-1)!;
    await user.selectOptions(sport, 'Rowing');
    expect(sport).toHaveAccessibleDescription('Lanes by pace, m:ss per 500 m');
    await user.click(within(form).getByRole('button', { name: 'Save sports' }));
    expect(await screen.findByText('Sports saved: the New Workout form, the badges and the filters use them now.')).toBeInTheDocument();
    const sent = api.to('PUT /club/documents/:key')[0]!.body as { body: SportsDocument };
    expect(sent.body.types.at(-1)).toMatchObject({ id: 'erg', name: 'Erg', sport: 'row' });
  });

  it('shows the server’s refusal to remove a type that has workouts, and keeps the edit', async () => {
    renderSports({
      'PUT /club/documents/:key': () =>
        jsonReply({ error: 'Brick has workouts, so it cannot be removed: retire it instead (no new workouts of it)', field: 'types', inUse: ['brick'] }, 409),
    });
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Sports and workout types' });
    await user.click(within(form).getByRole('button', { name: 'Remove Brick' }));
    await user.click(within(form).getByRole('button', { name: 'Save sports' }));
    expect(await screen.findByText(/^Brick has workouts, so it cannot be removed/)).toBeInTheDocument();
    expect(within(form).queryByRole('button', { name: 'Retire Brick' })).toBeNull();
    expect(within(form).getByText('Not saved yet.')).toBeInTheDocument();
  });

  it('asks before another admin tab throws away an unsaved edit, and keeps it when told to stay', async () => {
    renderSports({});
    const user = userEvent.setup();
    const form = await screen.findByRole('form', { name: 'Sports and workout types' });
    const name = within(form).getAllByLabelText('Name')[0]!;
    await user.clear(name);
    await user.type(name, 'Indoor cycling');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    await user.click(screen.getByRole('tab', { name: 'Rules' }));
    expect(confirm).toHaveBeenCalledWith('Discard what you typed? It has not been saved.');
    expect(screen.getByRole('tab', { name: 'Sports' })).toHaveAttribute('aria-selected', 'true');
    expect(within(form).getAllByLabelText('Name')[0]).toHaveValue('Indoor cycling');
    confirm.mockReturnValueOnce(true);
    await user.click(screen.getByRole('tab', { name: 'Rules' }));
    expect(screen.getByRole('tab', { name: 'Rules' })).toHaveAttribute('aria-selected', 'true');
    confirm.mockRestore();
  });
});
