import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventRsvp, RsvpStatus, WorkoutSignup } from '../../../domain/contract/training/forum';
import { commentsDb } from '../../lib/offline/comments-db';
import { replay } from '../../lib/offline/outbox';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes } from '../../test-server';
import { EventDetailPage } from './events/event-detail-page';
import { ForumPage } from './forum-page';
import { event, member, workout } from './test-handlers';
import { WorkoutDetailPage } from './workouts/workout-detail-page';

// A member's change reaches every copy of the thing kept on the device, not only the screen it was
// made on: the workout or event page opened later with no network shows it too. Each test opens the
// page first (so it is kept), goes to the list, makes the change there, then opens the page offline.

const UNSYNCED = 'Saved on this device — not yet synced';
const OFFLINE_NOTE = /Offline — showing what was saved on this device/;

/** A count line such as '1 going', matched whole (so '1 not going' never matches 'going'). */
function stat(text: string) {
  return screen.getByText((_, el) => el?.tagName === 'SPAN' && el.textContent === text);
}

const others: WorkoutSignup[] = [11, 12, 13].map((id) => ({
  id: id * 10,
  user_id: id,
  user_name: `Swimmer ${id}`,
  signup_time: Date.UTC(2026, 2, 1, 15),
  userProfilePictureUrl: null,
}));

/** The club's server for one workout and one event, with a switch for the network. */
function club() {
  const user = member();
  const state = { offline: false, signedUp: false, rsvp: null as RsvpStatus | null };
  const online =
    <T,>(answer: () => T) =>
    () =>
      state.offline ? ('network-error' as const) : answer();
  const theWorkout = () =>
    workout({ id: 1, title: 'Spin intervals', workout_type: 'spin', capacity: 10, signupCount: state.signedUp ? 4 : 3, isSignedUp: state.signedUp });
  const theEvent = () => event({ id: 50, myRsvp: state.rsvp, rsvpCounts: { going: state.rsvp === 'going' ? 1 : 0, maybe: 0, not_going: 0 } });
  const mine = (): EventRsvp[] =>
    state.rsvp ? [{ id: 1, user_id: user.id, user_name: user.name, status: state.rsvp, rsvp_time: 1, signed_up_at: 1, userProfilePictureUrl: null }] : [];
  const api = answerRoutes(
    {
      'GET /forum/posts?type=workout': online(() => ({ posts: [theWorkout()] })),
      'GET /forum/posts?type=event': online(() => ({ posts: [theEvent()] })),
      'GET /forum/workouts/1': online(() => ({
        workout: theWorkout(),
        signups: state.signedUp ? [...others, { ...others[0]!, id: 99, user_id: user.id, user_name: user.name }] : others,
        waitlist: [],
      })),
      'GET /forum/events/50': online(() => ({ event: theEvent(), rsvps: mine() })),
      'POST /forum/workouts/1/signup': online(() => {
        state.signedUp = true;
        return { signedUp: true };
      }),
      'POST /forum/events/50/rsvp': online(() => {
        state.rsvp = 'going';
        return { status: 'going' as const };
      }),
    },
    { user },
  );
  // The three screens under one router and one data layer, as in the app: going from one to another
  // by their links keeps the same query cache.
  renderAt(
    '/workout/1',
    '/*',
    <Routes>
      <Route path="/forum" element={<ForumPage />} />
      <Route path="/workout/:id" element={<WorkoutDetailPage />} />
      <Route path="/event/:id" element={<EventDetailPage />} />
    </Routes>,
    { user },
  );
  const setOffline = (offline: boolean) => {
    state.offline = offline;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);
  };
  return { api, setOffline };
}

/** Opens the event page first, so that it is kept on the device. */
async function startOnTheEvent() {
  await userEvent.click(await screen.findByRole('link', { name: /Back to Forum/ }));
  await userEvent.click(await screen.findByRole('tab', { name: 'Events' }));
  await userEvent.click(await screen.findByRole('link', { name: 'Season kick-off social' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Season kick-off social' })).toBeInTheDocument();
  await userEvent.click(screen.getByRole('link', { name: /Back to Events/ }));
}

function card(title: string) {
  return screen.getByRole('article', { name: new RegExp(title) });
}

beforeEach(async () => {
  await commentsDb.comments.clear();
  await resetDevice();
});

describe('a change made on the forum list reaches every kept copy', () => {
  it('sign up from the list: the workout page opened offline shows the member signed up, with the count', async () => {
    const { setOffline } = club();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spin intervals' })).toBeInTheDocument();
    expect(screen.getByText('3/10 spots filled')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Back to Forum/ }));
    await userEvent.click(await within(await screen.findByRole('article', { name: /Spin intervals/ })).findByRole('button', { name: 'Sign Up' }));
    expect(await within(card('Spin intervals')).findByText('Signed Up')).toBeInTheDocument();

    setOffline(true);
    await userEvent.click(within(card('Spin intervals')).getByRole('link', { name: 'Spin intervals' }));
    expect(await screen.findByText(OFFLINE_NOTE)).toBeInTheDocument();
    expect(screen.getByText('Signed Up')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign Up' })).toBeNull();
    expect(screen.getByText('4/10 spots filled')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: "Who's Coming (4/10)" })).toBeInTheDocument();
  });

  it('RSVP Going from the list: the event page opened offline shows the answer and 1 going', async () => {
    const { setOffline } = club();
    await startOnTheEvent();
    const social = await screen.findByRole('article', { name: /Season kick-off social/ });
    await userEvent.click(within(social).getByRole('button', { name: 'Going' }));
    await waitFor(() => expect(within(card('Season kick-off social')).getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true'));

    setOffline(true);
    await userEvent.click(within(card('Season kick-off social')).getByRole('link', { name: 'Season kick-off social' }));
    expect(await screen.findByText(OFFLINE_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
    expect(stat('1 going')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Going (1)' })).toHaveTextContent('Morgan Member (you)');
  });
});

describe('a change queued offline on the forum list reaches every kept copy once the club has it', () => {
  it('a queued sign-up, sent when the network is back: the workout page opened offline later shows it', async () => {
    const { api, setOffline } = club();
    expect(await screen.findByRole('heading', { level: 1, name: 'Spin intervals' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: /Back to Forum/ }));
    await screen.findByRole('article', { name: /Spin intervals/ });

    setOffline(true);
    await userEvent.click(within(card('Spin intervals')).getByRole('button', { name: 'Sign Up' }));
    expect(await within(card('Spin intervals')).findByText(UNSYNCED)).toBeInTheDocument();
    expect(api.to('POST /forum/workouts/1/signup')).toHaveLength(0);

    setOffline(false);
    await act(() => replay());
    await waitFor(() => expect(within(card('Spin intervals')).queryByText(UNSYNCED)).toBeNull());
    expect(api.to('POST /forum/workouts/1/signup')).toHaveLength(1);

    setOffline(true);
    await userEvent.click(within(card('Spin intervals')).getByRole('link', { name: 'Spin intervals' }));
    expect(await screen.findByText(OFFLINE_NOTE)).toBeInTheDocument();
    expect(screen.getByText('Signed Up')).toBeInTheDocument();
    expect(screen.getByText('4/10 spots filled')).toBeInTheDocument();
    expect(screen.queryByText(UNSYNCED)).toBeNull();
  });

  it('a queued RSVP, sent when the network is back: the event page opened offline later shows it', async () => {
    const { api, setOffline } = club();
    await startOnTheEvent();
    await screen.findByRole('article', { name: /Season kick-off social/ });

    setOffline(true);
    await userEvent.click(within(card('Season kick-off social')).getByRole('button', { name: 'Going' }));
    expect(await within(card('Season kick-off social')).findByText(UNSYNCED)).toBeInTheDocument();

    setOffline(false);
    await act(() => replay());
    await waitFor(() => expect(within(card('Season kick-off social')).queryByText(UNSYNCED)).toBeNull());
    expect(api.to('POST /forum/events/50/rsvp')).toHaveLength(1);

    setOffline(true);
    await userEvent.click(within(card('Season kick-off social')).getByRole('link', { name: 'Season kick-off social' }));
    expect(await screen.findByText(OFFLINE_NOTE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true');
    expect(stat('1 going')).toBeInTheDocument();
  });
});
