import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../domain/contract/members/auth';
import { LOCATION_MAX } from '../../../domain/contract/training/forum';
import { addDays } from '../../../domain/clock';
import { clubTodayNow } from '../../lib/club/club-clock';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../test-server';
import { ForumPage } from './forum-page';
import { exec, workout } from './test-handlers';
import { WorkoutDetailPage } from './workouts/workout-detail-page';

// A workout's place on the card and the page, typed in New Workout and Edit Workout (one sheet for
// both), and the confirmation every save gives, a series' "this and the following" included.

const WORKOUTS = 'GET /forum/posts?type=workout';

function showForum(routes: Routes, user: SessionUser = exec()) {
  const api = answerRoutes(routes, { user });
  renderAt('/forum?tab=workouts', '/forum', <ForumPage />, { user });
  return api;
}

function showDetail(routes: Routes, user: SessionUser = exec()) {
  const api = answerRoutes(routes, { user });
  renderAt('/workout/7', '/workout/:id', <WorkoutDetailPage />, { user });
  return api;
}

// The forms are loaded on demand, in production and here: loaded before the tests, so a findBy
// waits for the screen, not for a busy machine to load a module.
beforeAll(async () => {
  await import('./workouts/new-workout-modal');
  await import('./workouts/workout-form');
});

beforeEach(async () => {
  await resetDevice();
});

describe('the place of a workout', () => {
  it('is on the card on a line of its own, outside the clamped description; none is shown without one', async () => {
    showForum({
      [WORKOUTS]: {
        posts: [
          workout({ id: 1, title: 'Track session', workout_location: 'Varsity track, lane 3', content: 'x '.repeat(200) }),
          workout({ id: 2, title: 'Easy spin' }),
        ],
      },
    });
    const track = await screen.findByRole('article', { name: /Track session/ });
    const place = within(track).getByText('Varsity track, lane 3');
    expect(place).toHaveClass('forum-where');
    expect(place).toHaveTextContent('Place: Varsity track, lane 3');
    expect(place.closest('.forum-content')).toBeNull();
    expect(within(screen.getByRole('article', { name: /Easy spin/ })).queryByText(/Place:/)).toBeNull();
  });

  it('is on the workout page', async () => {
    showDetail({
      'GET /forum/workouts/7': { workout: workout({ id: 7, title: 'Masters swim', workout_location: 'Athletic centre pool' }), signups: [], waitlist: [] },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Masters swim' })).toBeInTheDocument();
    expect(screen.getByText('Athletic centre pool')).toHaveTextContent('Place: Athletic centre pool');
  });

  it('is typed in New Workout and sent as workoutLocation; one too long is refused next to the field only', async () => {
    const api = showForum({ [WORKOUTS]: { posts: [] }, 'POST /forum/posts': jsonReply({ post: workout({ id: 9 }) }, 201) });
    await userEvent.click(await screen.findByRole('button', { name: /New Workout/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Workout' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Track session');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: addDays(clubTodayNow()!, 1) } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '07:00' } });
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Six by 800 m');
    const place = within(dialog).getByLabelText('Place (optional)');
    fireEvent.change(place, { target: { value: 'y'.repeat(LOCATION_MAX + 1) } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    expect(place).toHaveAccessibleDescription(`Place must be at most ${LOCATION_MAX} characters`);
    // One message for the one problem: nothing above the button repeats it.
    expect(within(dialog).getAllByText(`Place must be at most ${LOCATION_MAX} characters`)).toHaveLength(1);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(api.writes()).toEqual([]);

    fireEvent.change(place, { target: { value: 'Varsity track' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ title: 'Track session', workoutLocation: 'Varsity track' });
    expect(screen.getByText('Workout posted.')).toBeInTheDocument();
  });
});

describe('Edit Workout', () => {
  const mine = (over = {}) => workout({ id: 1, user_id: 3, title: 'Track session', workout_location: 'Pool', ...over });

  it('opens in the same sheet as New Workout, with the place, and confirms the save on the card', async () => {
    let stored = mine();
    const api = showForum({
      [WORKOUTS]: () => ({ posts: [stored] }),
      'PUT /forum/posts/1': ({ body }) => {
        stored = mine({ workout_location: (body as { workoutLocation: string }).workoutLocation });
        return { post: stored };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: /^Edit/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Edit Workout' });
    expect(within(sheet).getByRole('form', { name: /Edit Track session/ })).toBeInTheDocument();
    expect(within(sheet).getByLabelText('Title')).toHaveFocus();
    const place = within(sheet).getByLabelText('Place (optional)');
    expect(place).toHaveValue('Pool');
    await userEvent.clear(place);
    await userEvent.type(place, 'Outdoor track');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ workoutLocation: 'Outdoor track' });
    const card = screen.getByRole('article', { name: /Track session/ });
    expect(within(card).getByRole('status')).toHaveTextContent('Changes saved.');
    expect(within(card).getByText('Outdoor track')).toBeInTheDocument();
  });

  it('confirms a series edit of this and the following workouts as such', async () => {
    const series = mine({ id: 7, series_id: 'abc' });
    const api = showDetail({
      'GET /forum/workouts/7': { workout: series, signups: [], waitlist: [] },
      'PUT /forum/posts/7': { post: series },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const sheet = await screen.findByRole('dialog', { name: 'Edit Workout' });
    await userEvent.click(within(sheet).getByRole('radio', { name: /This and the following/ }));
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Changes saved for this workout and the following ones of the series.')).toBeInTheDocument();
    expect(api.to('PUT /forum/posts/7?scope=following')).toHaveLength(1);
  });

  it('Cancel closes the sheet and sends nothing', async () => {
    const api = showForum({ [WORKOUTS]: { posts: [mine()] } });
    await userEvent.click(await screen.findByRole('button', { name: /^Edit/ }));
    const sheet = await screen.findByRole('dialog', { name: 'Edit Workout' });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.writes()).toEqual([]);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('comments', () => {
  it('say where they are written that they stay on this device', async () => {
    showDetail({ 'GET /forum/workouts/7': { workout: workout({ id: 7, title: 'Masters swim' }), signups: [], waitlist: [] } });
    const box = await screen.findByLabelText('Add a comment');
    expect(box).toHaveAccessibleDescription(expect.stringMatching(/^Notes on this device: .*never sent to the club/));
  });
});
