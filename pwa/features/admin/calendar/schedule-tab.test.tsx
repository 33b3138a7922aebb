// Admin → Schedule: a session's sport is one of the club's workout types (Admin → Sports), an Erg
// session an Erg; a schedule that still names a sport by the timetable's own word ('ride') opens as
// the club's type and is saved with its id.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import type { SeasonsDocument } from '../../../../domain/schedule';
import { defaultSports } from '../../../../domain/sports';
import { setClubSports } from '../../../lib/club/club-sports';
import { renderAt } from '../../../test-providers';
import { answerRoutes } from '../../../test-server';
import { testUser } from '../../../test-support';
import { AdminPage } from '../admin-page';
import { adminRoutes, MEMBERS } from '../test-handlers';

const administrator = testUser('administrator', { name: 'Alex Admin', email: 'administrator@club.test' });

const seasons: SeasonsDocument = {
  shownFirst: 'on-water',
  seasons: [
    {
      id: 'on-water',
      name: 'On water',
      from: '09-01',
      to: '04-30',
      summary: '',
      notes: [],
      sessions: [
        { day: 'Monday', start: '06:00', end: '07:00', kind: 'erg', title: 'Erg intervals', place: 'Boatshed' },
        { day: 'Thursday', start: '17:30', end: '19:30', kind: 'ride', title: 'Group road ride', place: 'Bike racks' },
      ],
    },
  ],
};

beforeEach(() => {
  const sports = defaultSports();
  sports.types.push({ id: 'erg', name: 'Erg', sport: 'row', colour: 'teal', minutes: 45, retired: false });
  setClubSports(sports);
});
afterEach(() => setClubSports(defaultSports()));

describe('Admin → Schedule', () => {
  it('offers the club’s workout types as a session’s sport, and saves a stored “ride” as the Outdoor Ride type', async () => {
    let current: ClubDocument<'seasons'> = { key: 'seasons', version: 3, body: seasons, publishedAt: 1, publishedBy: { id: 1, name: 'Alex Admin' }, note: null, minor: false };
    const api = answerRoutes(
      {
        ...adminRoutes({ members: MEMBERS, emails: [] }),
        'GET /club/documents/:key': () => current,
        'PUT /club/documents/:key': ({ body }) => (current = { ...current, version: body!.version + 1, body: body!.body as SeasonsDocument }),
      },
      { user: administrator },
    );
    renderAt('/admin?tab=schedule', '/admin', <AdminPage />, { user: administrator });
    const user = userEvent.setup();

    const erg = within(await screen.findByRole('group', { name: 'Monday 06:00 Erg intervals' })).getByLabelText('Sport');
    expect(erg).toHaveValue('erg');
    expect(within(erg).getAllByRole('option').map((o) => o.textContent)).toEqual(['Spin', 'Outdoor Ride', 'Run', 'Swim', 'Brick', 'Other', 'Erg']);
    const ride = within(screen.getByRole('group', { name: 'Thursday 17:30 Group road ride' })).getByLabelText('Sport');
    expect(ride).toHaveValue('outdoor-ride');
    expect(within(ride).getByRole('option', { selected: true })).toHaveTextContent('Outdoor Ride');

    await user.click(screen.getByRole('button', { name: 'Add a session' }));
    expect(within(screen.getByRole('group', { name: 'Monday 18:00 new session' })).getByLabelText('Sport')).toHaveValue('spin');
    await user.type(within(screen.getByRole('group', { name: 'Monday 18:00 new session' })).getByLabelText('What'), 'Erg test');
    await user.selectOptions(within(screen.getByRole('group', { name: 'Monday 18:00 Erg test' })).getByLabelText('Sport'), 'Erg');
    await user.type(within(screen.getByRole('group', { name: 'Monday 18:00 Erg test' })).getByLabelText('Where'), 'Boatshed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Schedule saved.')).toBeInTheDocument();
    const sent = api.to('PUT /club/documents/:key')[0]!.body as { body: SeasonsDocument };
    expect(sent.body.seasons[0]!.sessions.map((s) => s.kind)).toEqual(['erg', 'outdoor-ride', 'erg']);
  });
});
