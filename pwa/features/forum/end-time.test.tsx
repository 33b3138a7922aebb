import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../domain/contract/members/auth';
import { addDays } from '../../../domain/clock';
import { clubTodayNow } from '../../lib/club/club-clock';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../test-server';
import { ForumPage } from './forum-page';
import { event, exec, workout } from './test-handlers';

// When a workout or event ends: on the card ('6:00 – 7:30 PM'), typed in New Workout,
// Edit Workout and New Event as an optional end time, checked against the start.

const WORKOUTS = 'GET /forum/posts?type=workout';
const EVENTS = 'GET /forum/posts?type=event';

function showForum(routes: Routes, url = '/forum?tab=workouts', user: SessionUser = exec()) {
  const api = answerRoutes(routes, { user });
  renderAt(url, '/forum', <ForumPage />, { user });
  return api;
}

const tomorrow = () => addDays(clubTodayNow()!, 1);

beforeEach(async () => {
  await resetDevice();
});

describe('the end of a workout or event', () => {
  it('is on the card as a range; a copy kept from before end times shows the start alone', async () => {
    // An answer kept on the device from before end times has no workout_end_time.
    const { workout_end_time: _none, ...kept } = workout({ id: 2, title: 'Easy spin', workout_time: '07:00' });
    showForum({
      [WORKOUTS]: {
        posts: [workout({ id: 1, title: 'Masters swim', workout_time: '18:00', workout_end_time: '19:30', duration_minutes: 90 }), kept as ReturnType<typeof workout>],
      },
    });
    const swim = await screen.findByRole('article', { name: /Masters swim/ });
    expect(within(swim).getByText('6:00 – 7:30 PM')).toHaveClass('forum-when');
    expect(within(screen.getByRole('article', { name: /Easy spin/ })).getByText('7:00 AM')).toBeInTheDocument();
  });

  it('is on an event card, across noon with both halves of the day', async () => {
    showForum({ [EVENTS]: { posts: [event({ title: 'Bike clinic', event_time: '11:00', event_end_time: '13:30' })] } }, '/forum?tab=events');
    const clinic = await screen.findByRole('article', { name: /Bike clinic/ });
    expect(within(clinic).getByText(/· 11:00 AM – 1:30 PM/)).toBeInTheDocument();
  });
});

describe('typing an end time', () => {
  async function fillNewWorkout(dialog: HTMLElement) {
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Masters swim');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: tomorrow() } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '18:00' } });
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Main set 10 × 200');
  }

  it('New Workout: says the usual length of the type, refuses an end before the start next to the field, sends a good one', async () => {
    const api = showForum({ [WORKOUTS]: { posts: [] }, 'POST /forum/posts': jsonReply({ post: workout({ id: 9 }) }, 201) });
    await userEvent.click(await screen.findByRole('button', { name: /New Workout/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Workout' });
    const end = within(dialog).getByLabelText('End time (optional)');
    expect(end).toHaveAccessibleDescription('Leave empty for the usual 1 hour (Spin).');
    await userEvent.selectOptions(within(dialog).getByLabelText('Workout type'), 'outdoor-ride');
    expect(end).toHaveAccessibleDescription('Leave empty for the usual 2 hours (Outdoor Ride).');
    await userEvent.selectOptions(within(dialog).getByLabelText('Workout type'), 'swim');
    await fillNewWorkout(dialog);
    fireEvent.change(end, { target: { value: '17:30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    expect(end).toHaveAccessibleDescription(expect.stringContaining('The end time must be after the start time (on the same day)'));
    expect(end).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Time')).not.toHaveAttribute('aria-invalid');
    expect(api.writes()).toEqual([]);

    fireEvent.change(end, { target: { value: '19:30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ workoutType: 'swim', workoutTime: '18:00', workoutEndTime: '19:30' });
  });

  it('New Workout without an end time sends none', async () => {
    const api = showForum({ [WORKOUTS]: { posts: [] }, 'POST /forum/posts': jsonReply({ post: workout({ id: 9 }) }, 201) });
    await userEvent.click(await screen.findByRole('button', { name: /New Workout/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Workout' });
    await fillNewWorkout(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')!.body).not.toHaveProperty('workoutEndTime');
  });

  it('Edit Workout: shows an end time an exec gave, none for the usual length, and sends what is there', async () => {
    const given = workout({ id: 1, user_id: 3, title: 'Masters swim', workout_type: 'swim', workout_time: '18:00', workout_end_time: '19:30', duration_minutes: 90 });
    const usual = workout({ id: 2, user_id: 3, title: 'Easy run', workout_time: '18:00', workout_end_time: '19:00', duration_minutes: null });
    const api = showForum({ [WORKOUTS]: { posts: [given, usual] }, 'PUT /forum/posts/1': { post: given }, 'PUT /forum/posts/2': { post: usual } });
    await userEvent.click(await within(await screen.findByRole('article', { name: /Easy run/ })).findByRole('button', { name: /^Edit/ }));
    let sheet = await screen.findByRole('dialog', { name: 'Edit Workout' });
    expect(within(sheet).getByLabelText('End time (optional)')).toHaveValue('');
    await userEvent.click(within(sheet).getByRole('button', { name: 'Cancel' }));

    await userEvent.click(within(screen.getByRole('article', { name: /Masters swim/ })).getByRole('button', { name: /^Edit/ }));
    sheet = await screen.findByRole('dialog', { name: 'Edit Workout' });
    const end = within(sheet).getByLabelText('End time (optional)');
    expect(end).toHaveValue('19:30');
    fireEvent.change(end, { target: { value: '' } });
    await userEvent.click(within(sheet).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Emptied: back to a swim's usual hour.
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ workoutTime: '18:00', workoutEndTime: '' });
  });

  it('New Event: an end time needs a start, comes after it, and is sent when given', async () => {
    const api = showForum({ [EVENTS]: { posts: [] }, 'POST /forum/posts': jsonReply({ post: event({ id: 9 }) }, 201) }, '/forum?tab=events');
    await userEvent.click(await screen.findByRole('button', { name: /New Event/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Event' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Pub quiz');
    await userEvent.type(within(dialog).getByLabelText('Details'), 'Teams of four');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2099-01-01' } });
    const end = within(dialog).getByLabelText('End time (optional)');
    expect(end).toHaveAccessibleDescription('Leave empty for the usual 2 hours.');
    fireEvent.change(end, { target: { value: '22:00' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Event' }));
    expect(end).toHaveAccessibleDescription(expect.stringContaining('Give the start time too, or leave the end time empty'));
    fireEvent.change(within(dialog).getByLabelText('Time (optional)'), { target: { value: '22:30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Event' }));
    expect(end).toHaveAccessibleDescription(expect.stringContaining('The end time must be after the start time'));
    expect(api.writes()).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Time (optional)'), { target: { value: '19:30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({
      type: 'event',
      title: 'Pub quiz',
      eventDate: '2099-01-01',
      eventTime: '19:30',
      eventEndTime: '22:00',
      content: 'Teams of four',
    });
  });
});
