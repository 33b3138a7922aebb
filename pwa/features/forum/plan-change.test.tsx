import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../domain/contract/auth';
import type { WorkoutPost } from '../../../domain/contract/forum';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes, type Routes } from '../../test-server';
import { ForumPage } from './forum-page';
import { event, exec, member, workout } from './test-handlers';

const WORKOUTS = 'GET /forum/posts?type=workout';
const EVENTS = 'GET /forum/posts?type=event';
const REASON = 'Pool closed for a meet';

function show(routes: Routes, user: SessionUser = member(), url = '/forum') {
  const api = answerRoutes(routes, { user });
  renderAt(url, '/forum', <ForumPage />, { user });
  return api;
}

const card = (title: string) => screen.getByRole('article', { name: new RegExp(title) });

// The form is loaded on demand, in production and here: loaded before the tests, so a findBy
// waits for the screen, not for a busy machine to load a module.
beforeAll(async () => {
  await import('./cancel-post-modal');
});

beforeEach(async () => {
  await resetDevice();
});

describe('a cancelled workout on the forum', () => {
  it('shows the reason and takes no sign-up; a member on it may take their name off without the warning', async () => {
    const api = show({
      [WORKOUTS]: {
        posts: [
          workout({ id: 1, title: 'Lake swim', cancelled_at: 1, cancel_reason: REASON }),
          workout({ id: 2, title: 'Track tempo', cancelled_at: 1, cancel_reason: REASON, isSignedUp: true, signupCount: 1 }),
          workout({ id: 3, title: 'Spin', capacity: 2 }),
        ],
      },
      'POST /forum/workouts/:id/signup': { signedUp: false },
    });
    expect(await screen.findByRole('heading', { name: 'Lake swim' })).toBeInTheDocument();
    const swim = card('Lake swim');
    expect(within(swim).getByText(`: ${REASON}`, { exact: false })).toHaveTextContent(`Cancelled: ${REASON}`);
    expect(within(swim).getByRole('button', { name: 'Sign Up' })).toBeDisabled();
    // A workout that is on is as it was.
    expect(within(card('Spin')).getByRole('button', { name: 'Sign Up' })).toBeEnabled();
    expect(within(card('Spin')).queryByText(/Cancelled/)).not.toBeInTheDocument();

    const tempo = card('Track tempo');
    expect(within(tempo).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await userEvent.click(within(tempo).getByRole('button', { name: 'Take my name off' }));
    await waitFor(() => expect(api.calls.some((c) => c.path === '/forum/workouts/2/signup')).toBe(true));
    expect(api.calls.find((c) => c.path === '/forum/workouts/2/signup')!.body).toEqual({ signedUp: false });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lets an exec cancel with a one-line reason, checked before it is sent, and reinstate', async () => {
    let current: WorkoutPost = workout({ id: 1, title: 'Lake swim', user_id: 3 });
    const api = show(
      {
        [WORKOUTS]: () => ({ posts: [current] }),
        'POST /forum/posts/:id/cancel': ({ body }) => {
          current = { ...current, cancelled_at: 5, cancel_reason: body!.reason ?? null };
          return { post: current, changed: 1, notified: 2, message: 'Workout cancelled' };
        },
        'DELETE /forum/posts/:id/cancel': () => {
          current = { ...current, cancelled_at: null, cancel_reason: null };
          return { post: current, changed: 1, notified: 2, message: 'Workout back on' };
        },
      },
      exec(),
    );
    expect(await screen.findByRole('heading', { name: 'Lake swim' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel workout Lake swim' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel Lake swim?' });
    const reason = within(dialog).getByLabelText('Reason (one line)');
    expect(reason).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel workout' }));
    expect(within(dialog).getByText('Say why it is cancelled (one line)')).toBeInTheDocument();
    expect(reason).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls.some((c) => c.path === '/forum/posts/1/cancel')).toBe(false);

    await userEvent.type(reason, REASON);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel workout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls.find((c) => c.path === '/forum/posts/1/cancel')!.body).toEqual({ reason: REASON });
    expect(await within(card('Lake swim')).findByText(`: ${REASON}`, { exact: false })).toBeInTheDocument();
    expect(within(card('Lake swim')).getByRole('status')).toHaveTextContent('Workout cancelled: 2 members told.');

    await userEvent.click(within(card('Lake swim')).getByRole('button', { name: 'Reinstate Lake swim' }));
    await waitFor(() => expect(within(card('Lake swim')).queryByText(/Cancelled/)).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method === 'DELETE' && c.path === '/forum/posts/1/cancel')).toHaveLength(1);
  });

  it('offers "this and the following" for a workout of a weekly series', async () => {
    const api = show(
      {
        [WORKOUTS]: { posts: [workout({ id: 1, title: 'Lake swim', series_id: 'abc' })] },
        'POST /forum/posts/:id/cancel': { post: workout({ id: 1, title: 'Lake swim', series_id: 'abc', cancelled_at: 5, cancel_reason: REASON }), changed: 3, notified: 0, message: '3 workouts cancelled' },
      },
      exec(),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel workout Lake swim' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.type(within(dialog).getByLabelText('Reason (one line)'), REASON);
    await userEvent.click(within(dialog).getByRole('radio', { name: /This and the following/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel workout' }));
    await waitFor(() => expect(api.calls.some((c) => c.path.startsWith('/forum/posts/1/cancel'))).toBe(true));
    expect(api.calls.find((c) => c.path.startsWith('/forum/posts/1/cancel'))).toMatchObject({
      method: 'POST',
      path: '/forum/posts/1/cancel?scope=following',
      body: { reason: REASON },
    });
  });
});

describe('deleting what members answered', () => {
  it('offers to cancel it instead, and sends no delete', async () => {
    const api = show({ [WORKOUTS]: { posts: [workout({ id: 1, title: 'Lake swim', signupCount: 2, waitlistCount: 1 })] } }, exec());
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Lake swim' }));
    const ask = screen.getByRole('dialog', { name: 'Cancel this workout instead?' });
    expect(ask).toHaveTextContent('3 members have answered this workout. Cancel it with a reason so they are told');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel workout instead' }));
    expect(await screen.findByRole('dialog', { name: 'Cancel Lake swim?' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });
});

describe('a cancelled event', () => {
  it('shows the reason and takes no new RSVP', async () => {
    show(
      { [EVENTS]: { posts: [event({ id: 50, title: 'Social', cancelled_at: 1, cancel_reason: 'Room double-booked', myRsvp: 'going', rsvpCounts: { going: 1, maybe: 0, not_going: 0 } })] } },
      member(),
      '/forum?tab=events',
    );
    const social = await screen.findByRole('article', { name: /Social/ });
    expect(within(social).getByText(': Room double-booked', { exact: false })).toBeInTheDocument();
    const choices = within(within(social).getByRole('group', { name: 'Your RSVP for Social' })).getAllByRole('button');
    expect(choices).toHaveLength(3);
    for (const choice of choices) expect(choice).toBeDisabled();
    expect(within(social).getByRole('button', { name: 'Clear my answer' })).toBeEnabled();
  });
});
