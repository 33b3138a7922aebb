import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { MyWeekAnswer } from '../../../domain/contract/me';
import { performWrite } from '../../lib/offline/perform-write';
import { resetDevice } from '../../test-device';
import { forumKeys, myWeekKey } from '../../lib/data/keys/post-keys';
import { renderAt, testQueryClient } from '../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../test-server';
import { testUser } from '../../test-support';
import { MyWeekSection } from './my-week-section';

const WEEK = 'GET /me/week';
const standing = {
  term: { key: '2099-winter', label: 'Winter 2099' },
  absencesThisTerm: 1,
  suspendedUntil: null,
  expiryDate: '2099-12-31',
  expiresInDays: 300,
  renewSoon: false,
};
const week = (over: Partial<MyWeekAnswer> = {}): MyWeekAnswer => ({
  items: [
    {
      kind: 'workout',
      id: 1,
      title: 'Track',
      date: '2099-03-03',
      time: '07:00',
      start: 1,
      workoutType: 'run',
      location: '',
      status: 'waitlisted',
      waitlistPosition: 2,
    },
    {
      kind: 'workout',
      id: 2,
      title: 'Swim',
      date: '2099-03-04',
      time: '18:00',
      start: 2,
      workoutType: 'swim',
      location: '',
      status: 'signed_up',
      waitlistPosition: null,
    },
    {
      kind: 'event',
      id: 3,
      title: 'Quiz',
      date: '2099-03-05',
      time: '19:30',
      start: 3,
      location: 'The Crown',
      rsvp: 'going',
    },
    { kind: 'race', id: 4, title: 'Sprint', date: '2099-04-12', time: '', start: 4, location: 'Lakeside' },
  ],
  standing,
  ...over,
});

function setup(routes: Routes) {
  const user = testUser('member', { id: 3, name: 'Morgan Member' });
  const api = answerRoutes(routes, { user });
  renderAt('/', '/', <MyWeekSection />, { user });
  return api;
}

beforeEach(async () => {
  await resetDevice();
});

describe('my week', () => {
  it('lists each item in order with its state, and the standing line', async () => {
    setup({ [WEEK]: week() });
    const region = await screen.findByRole('region', { name: 'My week' });
    const items = await within(region).findAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual([
      'Track',
      'Swim',
      'Quiz',
      'Sprint',
    ]);
    expect(items[0]).toHaveTextContent('Waitlist: 2nd on the waitlist');
    expect(items[1]).toHaveTextContent('Signed up');
    expect(within(items[2]!).getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
    expect(items[2]).toHaveTextContent('The Crown');
    expect(region).toHaveTextContent('1 absence in Winter 2099');
    expect(region).not.toHaveTextContent('Your membership ends');
  });

  it('marks a workout or event that moved, as its forum card does; the others not', async () => {
    const base = week().items;
    const movedAt = Date.UTC(2099, 2, 1, 15);
    setup({ [WEEK]: week({ items: base.map((item) => (item.id === 2 || item.id === 3 ? { ...item, movedAt } : item)) }) });
    const region = await screen.findByRole('region', { name: 'My week' });
    const items = await within(region).findAllByRole('listitem');
    const moved = (item: HTMLElement) => item.querySelector('.moved-mark');
    expect(items.map((i) => moved(i)?.textContent ?? null)).toEqual([
      null,
      expect.stringMatching(/^Moved: its date, time or place changed on /),
      expect.stringMatching(/^Moved/),
      null,
    ]);
    // The mark sits with the new time it explains.
    expect(items[1]!.querySelector('.my-week__when')).toContainElement(moved(items[1]!) as HTMLElement);
    expect(within(items[1]!).getByText('Moved')).toBeVisible();
  });

  it('shows a suspension and nudges to renew', async () => {
    setup({
      [WEEK]: week({
        items: [],
        standing: {
          ...standing,
          suspendedUntil: Date.UTC(2099, 2, 9, 17),
          expiresInDays: 12,
          renewSoon: true,
        },
      }),
    });
    expect(await screen.findByText(/Workout sign-ups are suspended until/)).toBeInTheDocument();
    expect(screen.getByText(/Your membership ends in 12 days/)).toBeInTheDocument();
  });

  it('says so when the week is empty, with the way to the forum', async () => {
    setup({ [WEEK]: week({ items: [] }) });
    expect(await screen.findByText(/Nothing on your week yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'forum' })).toHaveAttribute('href', '/forum');
  });

  it('offline with no copy of the week, says so in one line and offers the forum when the device has it', async () => {
    setup({ [WEEK]: 'network-error' });
    testQueryClient().setQueryData(forumKeys.workouts(), { posts: [] });
    const note = await screen.findByText('Your week was not saved on this device.', { exact: false });
    expect(within(note).getByRole('link', { name: 'Open the forum' })).toHaveAttribute('href', '/forum');
    expect(screen.queryByText(/Could not load your week/)).toBeNull();
  });

  it('says how old a waitlist place is when the week comes from a copy kept on the device', async () => {
    let offline = false;
    setup({ [WEEK]: () => (offline ? 'network-error' : week()) });
    await screen.findByRole('heading', { name: 'Track' });
    expect(screen.queryByText(/^Saved /)).toBeNull();
    offline = true;
    await act(() => testQueryClient().refetchQueries({ queryKey: myWeekKey }));
    const [waitlisted, signedUp] = await screen.findAllByRole('listitem');
    expect(await within(waitlisted!).findByText('Saved just now')).toBeInTheDocument();
    expect(waitlisted).toHaveTextContent('Waitlist: 2nd');
    expect(within(signedUp!).queryByText(/^Saved /)).toBeNull();
  });

  it('shows a load error with a retry', async () => {
    let fail = true;
    setup({ [WEEK]: () => (fail ? jsonReply({ error: 'Database busy' }, 500) : week()) });
    expect(await screen.findByText(/Could not load your week: Database busy/)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Track' })).toBeInTheDocument();
  });

  it('cancels through the absence warning, leaves the waitlist and changes the RSVP through the action path', async () => {
    const api = setup({
      [WEEK]: week(),
      'POST /forum/workouts/2/signup': { signedUp: false },
      'DELETE /forum/workouts/1/waitlist': { onWaitlist: false, position: null },
      'POST /forum/events/3/rsvp': { status: 'maybe' },
    });
    await screen.findByRole('heading', { name: 'Track' });
    await userEvent.click(screen.getByRole('button', { name: 'Cancel signup for Swim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Signup?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Signup' }));
    await userEvent.click(screen.getByRole('button', { name: 'Leave waitlist for Track' }));
    await userEvent.click(screen.getByRole('button', { name: 'Maybe' }));
    await waitFor(() => expect(api.to('POST /forum/events/3/rsvp')).toHaveLength(1));
    const sent = api.writes();
    expect(sent.map((c) => [c.method, c.path, c.body])).toEqual([
      ['POST', '/forum/workouts/2/signup', { signedUp: false }],
      ['DELETE', '/forum/workouts/1/waitlist', undefined],
      ['POST', '/forum/events/3/rsvp', { status: 'maybe' }],
    ]);
    // Each went with its own Idempotency-Key, like every queued action.
    expect(sent.every((c) => typeof c.headers?.['idempotency-key'] === 'string')).toBe(true);
  });

  it('shows the club\'s answer to a change made on another screen, even when the week cannot be read again', async () => {
    let offline = false;
    setup({
      [WEEK]: () => (offline ? 'network-error' : week()),
      'POST /forum/workouts/1/signup': { signedUp: true },
      'POST /forum/workouts/2/signup': { signedUp: false },
      'POST /forum/events/3/rsvp': { status: 'maybe' },
    });
    const region = await screen.findByRole('region', { name: 'My week' });
    await within(region).findByRole('heading', { name: 'Track' });
    // The forum (or the sync page) makes the changes; the week is not read again.
    offline = true;
    await act(async () => {
      await performWrite({ kind: 'workout-signup', workoutId: 1, signedUp: true });
      await performWrite({ kind: 'workout-signup', workoutId: 2, signedUp: false });
      await performWrite({ kind: 'rsvp', eventId: 3, status: 'maybe' });
    });
    expect(await within(region).findByText(/Offline — showing what was saved on this device/)).toBeInTheDocument();
    const items = within(region).getAllByRole('listitem');
    expect(items.map((i) => within(i).getByRole('heading').textContent)).toEqual(['Track', 'Quiz', 'Sprint']);
    expect(items[0]).toHaveTextContent('Signed up');
    expect(items[1]).toHaveTextContent('Your answer: Maybe');
    expect(within(items[1]!).getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('offline, reads the kept copy and queues a change with the not-yet-synced marker', async () => {
    const api = setup({ [WEEK]: week() });
    await screen.findByRole('heading', { name: 'Track' });
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await userEvent.click(screen.getByRole('button', { name: 'Leave waitlist for Track' }));
    expect(await screen.findByText('Saved on this device — not yet synced')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });
});

describe('duties in My week', () => {
  it('lists the duties the member holds, each leading to its session', async () => {
    const starts = Date.parse('2099-03-06T23:00:00Z');
    setup({
      [WEEK]: week({
        duties: [{ id: 7, kind: 'Lifeguard', place: 'workout', place_id: 1, starts_at: starts, ends_at: starts + 5_400_000, swap_offered: true }],
      }),
    });
    const list = await screen.findByRole('list', { name: 'My duties' });
    expect(within(list).getByRole('link', { name: 'Lifeguard' })).toHaveAttribute('href', '/workout/1');
    expect(within(list).getByText(/swap asked for/)).toBeInTheDocument();
  });

  it('offers the open duties of the coming days in one tap: taken through the outbox, offline kept and marked, then sent once with its key', async () => {
    const starts = Date.parse('2099-03-06T23:00:00Z');
    const open = { id: 8, kind: 'Marshal', place: 'race' as const, place_id: 4, title: 'Spring Sprint', starts_at: starts, ends_at: starts + 86_400_000, swap: false };
    const swap = { ...open, id: 9, kind: 'Driver', swap: true };
    let reached = false;
    const claim = () => (reached ? { duties: [], kinds: [], give_up_hours: 48 } : ((reached = true), 'network-error' as const));
    const api = setup({ [WEEK]: week({ open_duties: [open, swap] }), 'POST /duties/:id/claim': claim, 'POST /duties/:id/swap/take': { duties: [], kinds: [], give_up_hours: 48 } });
    const section = await screen.findByRole('region', { name: 'Open duties you can take' });
    expect(within(section).getAllByRole('link', { name: 'Spring Sprint' })[0]).toHaveAttribute('href', '/race/4');
    await userEvent.click(within(section).getByRole('button', { name: 'Take this duty Marshal, Spring Sprint' }));
    expect(await within(section).findByText('Saved on this device — not yet synced')).toBeInTheDocument();
    await userEvent.click(within(section).getByRole('button', { name: 'Take the swap Driver, Spring Sprint' }));
    await waitFor(() => expect(api.to('POST /duties/:id/swap/take').map((c) => c.path)).toEqual(['/duties/9/swap/take']));
    const { replay } = await import('../../lib/offline/outbox');
    await replay();
    await waitFor(() => expect(api.to('POST /duties/:id/claim')).toHaveLength(2));
    const keys = api.to('POST /duties/:id/claim').map((c) => c.headers['idempotency-key']);
    expect(new Set(keys).size).toBe(1);
  });
});
