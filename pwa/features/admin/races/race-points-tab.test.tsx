// Admin → Race points: the numbers saved as the next version, and someone else's newer numbers met
// on save without losing the ones typed.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import type { RacePoints } from '../../../../domain/races/race-points';
import { renderAt } from '../../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../../test-server';
import { testUser } from '../../../test-support';
import { AdminPage } from '../admin-page';
import { adminRoutes, MEMBERS } from '../test-handlers';

const administrator = testUser('administrator', { name: 'Alex Admin', email: 'administrator@club.test' });

function points(body: RacePoints, version: number): ClubDocument<'race-points'> {
  return { key: 'race-points', version, body, publishedAt: version ? 1 : null, publishedBy: version ? { id: 2, name: 'Ada Other' } : null, note: null, minor: false };
}

let current: ClubDocument<'race-points'>;
beforeEach(() => {
  current = points({ finishPoints: 10, placePoints: [10, 6, 4, 2, 1] }, 1);
});

function renderRacePoints(more: Routes) {
  const api = answerRoutes(
    { ...adminRoutes({ members: MEMBERS, emails: [] }), 'GET /club/documents/:key': () => current, ...more },
    { user: administrator },
  );
  renderAt('/admin?tab=race-points', '/admin', <AdminPage />, { user: administrator });
  return api;
}

async function typeNumbers(finish: string, places: string) {
  const user = userEvent.setup();
  const finishing = await screen.findByLabelText('Points for finishing');
  await user.clear(finishing);
  await user.type(finishing, finish);
  await user.clear(screen.getByLabelText('Points for places'));
  await user.type(screen.getByLabelText('Points for places'), places);
  return user;
}

describe('Admin → Race points', () => {
  it('saves the numbers typed as the next version', async () => {
    const api = renderRacePoints({ 'PUT /club/documents/:key': ({ body }) => (current = points(body!.body as RacePoints, body!.version + 1)) });
    const user = await typeNumbers('12', '20, 10, 5');
    await user.click(screen.getByRole('button', { name: 'Save race points' }));
    expect(await screen.findByText('Race points saved: the season table uses them now.')).toBeInTheDocument();
    expect(api.to('PUT /club/documents/:key').map((c) => c.body)).toEqual([{ version: 1, body: { finishPoints: 12, placePoints: [20, 10, 5], seasonStartMonth: 1 } }]);
  });

  it('keeps the numbers typed when someone saved first, shows theirs, and saves over them when told to', async () => {
    const theirs = points({ finishPoints: 5, placePoints: [9, 3] }, 2);
    const api = renderRacePoints({
      'PUT /club/documents/:key': ({ body }) =>
        body!.version === 1
          ? jsonReply({ error: 'Someone else published a newer version while you were editing: here it is.', current: theirs }, 409)
          : points(body!.body as RacePoints, body!.version + 1),
    });
    const user = await typeNumbers('12', '20, 10, 5');
    await user.click(screen.getByRole('button', { name: 'Save race points' }));

    const panel = await screen.findByRole('region', { name: 'The newer race points' });
    expect(panel).toHaveTextContent('Theirs: 5 for finishing; 9, 3 for places.');
    expect(screen.getByLabelText('Points for finishing')).toHaveValue(12);
    expect(screen.getByLabelText('Points for places')).toHaveValue('20, 10, 5');

    await user.click(within(panel).getByRole('button', { name: 'Keep mine and save' }));
    expect(await screen.findByText('Race points saved: the season table uses them now.')).toBeInTheDocument();
    expect(screen.getByLabelText('Points for places')).toHaveValue('20, 10, 5');
    expect(api.to('PUT /club/documents/:key').map((c) => c.body)).toEqual([
      { version: 1, body: { finishPoints: 12, placePoints: [20, 10, 5], seasonStartMonth: 1 } },
      { version: 2, body: { finishPoints: 12, placePoints: [20, 10, 5], seasonStartMonth: 1 } },
    ]);
  });

  it('sets the month the race season starts: a document from before the setting reads January; September is saved as 9', async () => {
    const api = renderRacePoints({ 'PUT /club/documents/:key': ({ body }) => (current = points(body!.body as RacePoints, body!.version + 1)) });
    const user = userEvent.setup();
    const month = await screen.findByLabelText('Race season starts in');
    expect(month).toHaveValue('1');
    expect(within(month).getByRole('option', { selected: true })).toHaveTextContent('January');
    await user.selectOptions(month, 'September');
    await user.click(screen.getByRole('button', { name: 'Save race points' }));
    expect(await screen.findByText('Race points saved: the season table uses them now.')).toBeInTheDocument();
    expect(api.to('PUT /club/documents/:key').map((c) => c.body)).toEqual([{ version: 1, body: { finishPoints: 10, placePoints: [10, 6, 4, 2, 1], seasonStartMonth: 9 } }]);
    expect(screen.getByLabelText('Race season starts in')).toHaveValue('9');
  });

  it("shows the server's refusal of a place beside the places", async () => {
    renderRacePoints({ 'PUT /club/documents/:key': jsonReply({ error: 'Points for a place are at most 100', field: 'placePoints.0' }, 400) });
    const user = await typeNumbers('12', '500');
    await user.click(screen.getByRole('button', { name: 'Save race points' }));
    const places = screen.getByLabelText('Points for places');
    expect(await screen.findByText('Points for a place are at most 100')).toBeInTheDocument();
    expect(places).toHaveAttribute('aria-invalid', 'true');
    expect(places).toHaveAccessibleDescription(/Points for a place are at most 100/);
  });
});
