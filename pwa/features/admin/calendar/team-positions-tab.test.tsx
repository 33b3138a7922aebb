// Admin → Team: each position says whether it is under Coaches or Executive Team; a position saved
// before it had a section shows the one it was in, and a new one can be made a coach.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ClubDocument } from '../../../../domain/contract/club/club-documents';
import type { TeamPositionsDocument } from '../../../../domain/contract/club/profiles';
import { renderAt } from '../../../test-providers';
import { answerRoutes } from '../../../test-server';
import { testUser } from '../../../test-support';
import { AdminPage } from '../admin-page';
import { adminRoutes, MEMBERS } from '../test-handlers';

const administrator = testUser('administrator', { name: 'Alex Admin', email: 'administrator@club.test' });

function positionsDoc(body: TeamPositionsDocument, version: number): ClubDocument<'team-positions'> {
  return { key: 'team-positions', version, body, publishedAt: 1, publishedBy: null, note: null, minor: false };
}

let current: ClubDocument<'team-positions'>;
beforeEach(() => {
  // As a club saved it before positions had a section.
  current = positionsDoc({ positions: [{ id: 'swim-coach', title: 'Swim Coach' }, { id: 'captain', title: 'Captain' }] }, 3);
});

function renderTeam() {
  const api = answerRoutes(
    {
      ...adminRoutes({ members: MEMBERS, emails: [] }),
      'GET /club/documents/:key': () => current,
      'PUT /club/documents/:key': ({ body }) => (current = positionsDoc(body!.body as TeamPositionsDocument, body!.version + 1)),
    },
    { user: administrator },
  );
  renderAt('/admin?tab=team', '/admin', <AdminPage />, { user: administrator });
  return api;
}

describe('Admin → Team', () => {
  it('shows each position’s section and saves a new position marked as a coach', async () => {
    const user = userEvent.setup();
    const api = renderTeam();
    expect(await screen.findByLabelText('Section of Swim Coach')).toHaveValue('coach');
    expect(screen.getByLabelText('Section of Captain')).toHaveValue('exec');

    await user.type(screen.getByLabelText('New position'), 'Head of Rowing');
    await user.click(screen.getByRole('button', { name: 'Add position' }));
    const section = screen.getByLabelText('Section of Head of Rowing');
    expect(section).toHaveValue('exec');
    expect(within(section).getAllByRole('option').map((o) => o.textContent)).toEqual(['Coaches', 'Executive Team']);
    await user.selectOptions(section, 'Coaches');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(api.to('PUT /club/documents/:key')).toHaveLength(1));
    expect((api.to('PUT /club/documents/:key')[0]!.body as { body: TeamPositionsDocument }).body.positions).toEqual([
      { id: 'swim-coach', title: 'Swim Coach', group: 'coach' },
      { id: 'captain', title: 'Captain', group: 'exec' },
      { id: 'head-of-rowing', title: 'Head of Rowing', group: 'coach' },
    ]);
    expect(await screen.findByText('Positions saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Section of Head of Rowing')).toHaveValue('coach');
  });

  it('does not call a loaded document edited just because it was saved without sections', async () => {
    renderTeam();
    await screen.findByLabelText('Section of Swim Coach');
    expect(screen.queryByText('Not saved yet.')).toBeNull();
  });
});
