import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../domain/contract/members/auth';
import type { WorkoutPost } from '../../../domain/contract/training/forum';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes, type Routes } from '../../test-server';
import { ForumPage } from './forum-page';
import { planActions } from './common/plan-change';
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
  await import('./common/cancel-post-modal');
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
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Lake swim' }));
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
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Lake swim' }));
    await userEvent.click(screen.getByRole('button', { name: 'Cancel workout Lake swim' }));
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

describe('what an exec is offered on a card', () => {
  const TODAY = '2026-03-10';
  const MENU = /^More actions for/;

  it('only what makes sense for the state of the post', () => {
    const on = workout({ workout_date: '2026-03-12' });
    expect(planActions(on, TODAY)).toEqual({ cancel: true, reinstate: false, delete: true });
    // Members answered: cancelled (so they are told), never deleted.
    expect(planActions({ ...on, signupCount: 2 }, TODAY)).toEqual({ cancel: true, reinstate: false, delete: false });
    expect(planActions({ ...on, waitlistCount: 1 }, TODAY)).toMatchObject({ delete: false });
    // Started, attendance not taken: it may still be called off.
    const started = { ...on, workout_date: '2026-03-09', signupCount: 3 };
    expect(planActions(started, TODAY)).toEqual({ cancel: true, reinstate: false, delete: false });
    // Attendance taken: it happened; nothing destructive.
    expect(planActions({ ...started, attendanceSubmitted: true }, TODAY)).toEqual({ cancel: false, reinstate: false, delete: false });
    expect(planActions({ ...started, attendanceSubmitted: true, signupCount: 0 }, TODAY)).toEqual({ cancel: false, reinstate: false, delete: false });
    // Cancelled: reinstated until its day is over; deleted (its members were told).
    const cancelled = { ...on, signupCount: 2, cancelled_at: 1, cancel_reason: REASON };
    expect(planActions(cancelled, TODAY)).toEqual({ cancel: false, reinstate: true, delete: true });
    expect(planActions({ ...cancelled, workout_date: '2026-03-01' }, TODAY)).toEqual({ cancel: false, reinstate: false, delete: true });
    // An event is cancelled until its day is over, deleted only while nobody answered.
    const social = event({ event_date: TODAY });
    expect(planActions(social, TODAY)).toEqual({ cancel: true, reinstate: false, delete: true });
    expect(planActions({ ...social, rsvpCounts: { going: 0, maybe: 1, not_going: 0 } }, TODAY)).toMatchObject({ delete: false });
    expect(planActions({ ...social, rsvpCounts: { going: 0, maybe: 0, not_going: 4 } }, TODAY)).toMatchObject({ delete: true });
    expect(planActions({ ...social, event_date: '2026-03-09' }, TODAY)).toEqual({ cancel: false, reinstate: false, delete: true });
    // Before the device knows the club's today, the server decides.
    expect(planActions({ ...cancelled, workout_date: '2026-03-01' }, null)).toMatchObject({ reinstate: true });
  });

  it('keeps Cancel and Delete behind the menu, Edit in view; a workout whose attendance is taken has no menu', async () => {
    show(
      {
        [WORKOUTS]: {
          posts: [
            workout({ id: 1, title: 'Lake swim', signupCount: 2, waitlistCount: 1 }),
            workout({ id: 2, title: 'Dawn swim', workout_date: '2020-03-03', workout_time: '07:00', signupCount: 3, attendanceSubmitted: true }),
          ],
        },
      },
      exec(),
    );
    const swim = await screen.findByRole('article', { name: 'Lake swim' });
    expect(within(swim).getByRole('button', { name: 'Edit Lake swim' })).toBeVisible();
    expect(within(swim).queryByRole('button', { name: /Cancel workout|Delete/ })).toBeNull();
    await userEvent.click(within(swim).getByRole('button', { name: 'More actions for Lake swim' }));
    expect(within(swim).getByRole('button', { name: 'Cancel workout Lake swim' })).toBeVisible();
    // Members answered it: cancel it, so they are told; there is no Delete to reach for.
    expect(within(swim).queryByRole('button', { name: 'Delete Lake swim' })).toBeNull();

    const dawn = card('Dawn swim');
    expect(within(dawn).getByRole('button', { name: 'Edit Dawn swim' })).toBeInTheDocument();
    expect(within(dawn).queryByRole('button', { name: MENU })).toBeNull();
    expect(within(dawn).queryByRole('button', { name: /Cancel workout|Delete|Reinstate/ })).toBeNull();
  });

  it('is a menu button: expanded state, focus on the first action, arrows, Escape back to the button, a tap elsewhere', async () => {
    const user = userEvent.setup();
    const api = show({ [WORKOUTS]: { posts: [workout({ id: 1, title: 'Lake swim' })] } }, exec());
    const toggle = await screen.findByRole('button', { name: 'More actions for Lake swim' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const list = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(list).not.toBeVisible();

    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(list).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel workout Lake swim' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Delete Lake swim' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Cancel workout Lake swim' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(list).not.toBeVisible();
    expect(toggle).toHaveFocus();

    await user.click(toggle);
    expect(list).toBeVisible();
    await user.click(screen.getByRole('heading', { name: 'Team Forum' }));
    expect(list).not.toBeVisible();

    // A choice closes the menu; the dialog it opens gives the focus back to the menu's button.
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Delete Lake swim' }));
    expect(list).not.toBeVisible();
    const ask = screen.getByRole('dialog', { name: 'Delete workout?' });
    await user.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(toggle).toHaveFocus();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toEqual([]);
  });
});

describe('a moved workout or event', () => {
  it('says "Moved" next to its time on the card; one never moved says nothing', async () => {
    show({ [WORKOUTS]: { posts: [workout({ id: 1, title: 'Lake swim', moved_at: 5 }), workout({ id: 2, title: 'Track tempo' })] } });
    const swim = await screen.findByRole('article', { name: 'Lake swim' });
    expect(within(swim).getByText('Moved')).toHaveClass('moved-mark');
    expect(swim.querySelector('.moved-mark')).toHaveTextContent(/^Moved: its date, time or place changed on /);
    expect(card('Track tempo').querySelector('.moved-mark')).toBeNull();
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
