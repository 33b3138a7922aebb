import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventRsvp, RsvpStatus } from '../../../../domain/contract/training/forum';
import { commentsDb } from '../../../lib/offline/comments-db';
import { resetDevice } from '../../../test-device';
import { renderAt, testQueryClient } from '../../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../../test-server';
import { forumKeys } from '../../../lib/data/keys/post-keys';
import { EventDetailPage } from './event-detail-page';
import { formatMoney } from '../../../lib/ui/format';
import { event, member } from '../test-handlers';

const DETAIL = 'GET /forum/events/50';

const rsvp = (user_id: number, user_name: string, status: RsvpStatus): EventRsvp => ({
  id: user_id,
  user_id,
  user_name,
  status,
  rsvp_time: Date.UTC(2026, 2, 1, 15),
  signed_up_at: Date.UTC(2026, 2, 1, 15),
  userProfilePictureUrl: null,
});

function setup(routes: Routes, url = '/event/50') {
  const user = member();
  const api = answerRoutes(routes, { user });
  renderAt(url, '/event/:id', <EventDetailPage />, { user });
  return api;
}

beforeEach(async () => {
  await commentsDb.comments.clear();
  await resetDevice();
});

describe('event detail', () => {
  it('shows the event, the three lists with counts and their empty texts', async () => {
    setup({
      [DETAIL]: {
        event: event({ rsvpCounts: { going: 2, maybe: 0, not_going: 0 } }),
        rsvps: [rsvp(11, 'Gia Going', 'going'), rsvp(12, 'Gus Going', 'going')],
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Season kick-off social' })).toBeInTheDocument();
    expect(screen.getByText('Erin Exec')).toBeInTheDocument();
    expect(screen.getByText('Wednesday, June 10, 2099')).toBeInTheDocument();
    expect(screen.getByText('Pizza and the race calendar.')).toBeInTheDocument();
    const going = screen.getByRole('region', { name: 'Going (2)' });
    expect(within(going).getByText('Gia Going')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Maybe (0)' })).getByText('No maybes yet.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Not Going (0)' })).getByText('No declines yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Events/ })).toHaveAttribute('href', '/forum?tab=events');
    expect(screen.getByLabelText('Add a comment')).toBeInTheDocument();
  });

  it('shows the event’s fee in the club’s money', async () => {
    setup({ [DETAIL]: { event: event({ feeCents: 2500, feeCurrency: 'CAD' }), rsvps: [] } });
    expect(await screen.findByText(`Fee ${formatMoney(2500, 'CAD')}: whoever answers Going pays it on their profile.`)).toBeInTheDocument();
  });

  it("says 'No one has confirmed yet.' when nobody is going", async () => {
    setup({ [DETAIL]: { event: event(), rsvps: [] } });
    expect(await screen.findByText('No one has confirmed yet.')).toBeInTheDocument();
  });

  it('offline with no copy of this event, says so in one line and offers the events the device has', async () => {
    setup({ [DETAIL]: 'network-error' });
    testQueryClient().setQueryData(forumKeys.events(), { posts: [event({ id: 51 })] });
    const note = await screen.findByText('This event was not saved on this device.', { exact: false });
    expect(within(note).getByRole('link', { name: "Open the forum's events" })).toHaveAttribute('href', '/forum?tab=events');
    expect(screen.queryByText(/Could not load this event/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("says 'Event not found' for a missing event", async () => {
    setup({ [DETAIL]: jsonReply({ error: 'Event not found' }, 404) });
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
  });

  it('changes the RSVP and reloads the lists; the same choice again keeps it, Clear removes it with an Undo', async () => {
    let mine: RsvpStatus | null = null;
    const api = setup({
      [DETAIL]: () => ({
        event: event({ myRsvp: mine, rsvpCounts: { going: mine === 'going' ? 1 : 0, maybe: mine === 'maybe' ? 1 : 0, not_going: 0 } }),
        rsvps: mine ? [rsvp(3, 'Morgan Member', mine)] : [],
      }),
      'POST /forum/events/50/rsvp': ({ body }) => {
        mine = body!.status;
        return { status: mine };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Going' }));
    expect(await screen.findByRole('region', { name: 'Going (1)' })).toHaveTextContent('Morgan Member (you)');
    expect(screen.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Maybe' }));
    expect(await screen.findByRole('region', { name: 'Maybe (1)' })).toHaveTextContent('Morgan Member');
    expect(screen.getByRole('region', { name: 'Going (0)' })).toHaveTextContent('No one has confirmed yet.');

    // Tapping the chosen answer again is not a silent removal.
    await userEvent.click(screen.getByRole('button', { name: 'Maybe' }));
    expect(screen.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(2);

    await userEvent.click(screen.getByRole('button', { name: 'Clear my answer' }));
    expect(await screen.findByText(/Your answer \(Maybe\) was cleared/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'false'));
    expect(await screen.findByRole('region', { name: 'Maybe (0)' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true'));
    expect(await screen.findByRole('region', { name: 'Maybe (1)' })).toHaveTextContent('Morgan Member');
    expect(screen.queryByText(/was cleared/)).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { status: 'going' },
      { status: 'maybe' },
      { status: null },
      { status: 'maybe' },
    ]);
  });

  it('offline, an RSVP shows in its list as the member, not yet synced, and the counts agree', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = setup({ [DETAIL]: { event: event(), rsvps: [rsvp(9, 'Sam Swimmer', 'maybe')] } });
    await userEvent.click(await screen.findByRole('button', { name: 'Going' }));
    const going = await screen.findByRole('region', { name: 'Going (1)' });
    expect(going).toHaveTextContent('Morgan Member (you)');
    expect(within(going).getByText('Saved on this device — not yet synced')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Maybe (1)' })).toHaveTextContent('Sam Swimmer');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it("shows 'Error updating RSVP' when the server refuses", async () => {
    setup({ [DETAIL]: { event: event(), rsvps: [] }, 'POST /forum/events/50/rsvp': jsonReply({ error: 'Event not found' }, 404) });
    await userEvent.click(await screen.findByRole('button', { name: 'Going' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating RSVP');
    expect(screen.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'false');
  });
});
