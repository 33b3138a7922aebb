import 'fake-indexeddb/auto';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../domain/contract/members/auth';
import { FUTURE_EVENT_ERROR, FUTURE_WORKOUT_ERROR, fullWorkoutError, type RsvpStatus } from '../../../domain/contract/training/forum';
import { clubTodayNow } from '../../lib/club/club-clock';
import { setClubRules } from '../../lib/club/club-rules';
import { DEFAULT_RULE_NUMBERS } from '../../../domain/rules';
import { addDays } from '../../../domain/clock';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply, type RouteHandler, type Routes } from '../../test-server';
import { testUser } from '../../test-support';
import { ForumPage } from './forum-page';
import { event, exec, member, workout } from './test-handlers';

const WORKOUTS = 'GET /forum/posts?type=workout';
const EVENTS = 'GET /forum/posts?type=event';

/** A count line such as '2 going', matched whole (so '1 not going' never matches 'going'). */
function stat(text: string) {
  return screen.getByText((_, el) => el?.tagName === 'SPAN' && el.textContent === text);
}

function card(title: string) {
  return screen.getByRole('article', { name: new RegExp(title) });
}

/** The forum at `url` for `user` (null: signed out), its API answered by `routes`. */
function show(routes: Routes, user: SessionUser | null = member(), url = '/forum') {
  const api = answerRoutes(routes, { user });
  renderAt(url, '/forum', <ForumPage />, { user });
  return api;
}

// The forms are loaded on demand, in production and here: loaded before the tests, so a findBy
// waits for the screen, not for a busy machine to load a module.
beforeAll(async () => {
  await import('./workouts/new-workout-modal');
  await import('./events/new-event-modal');
  await import('./workouts/workout-form');
});

beforeEach(async () => {
  await resetDevice();
});

describe('forum access', () => {
  it('sends a signed-out visitor to /login, which brings them back to the forum', async () => {
    show({}, null);
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/login\?next=%2Fforum$/);
  });

  it('shows the membership notice below member, without asking for posts', async () => {
    const api = show({}, testUser('pending', { id: 3, name: 'Morgan Member' }));
    expect(await screen.findByRole('heading', { name: 'Your membership is pending' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path !== '/auth/profile')).toEqual([]);
  });
});

describe('workouts tab', () => {
  const list = [
    workout({ id: 1, title: 'Spin intervals', workout_type: 'spin', capacity: 10, signupCount: 3 }),
    workout({ id: 2, title: 'Lake swim', workout_type: 'swim', capacity: 2, signupCount: 2, waitlistCount: 0 }),
    workout({ id: 3, title: 'Brick session', workout_type: 'brick', capacity: 4, signupCount: 4, waitlistCount: 3, waitlistPosition: 2 }),
    workout({ id: 4, title: 'Track tempo', workout_type: 'run', isSignedUp: true, signupCount: 5 }),
    workout({ id: 5, title: '', workout_type: 'outdoor-ride' }),
  ];

  const setup = (routes: Routes = {}) => show({ [WORKOUTS]: { posts: list }, ...routes });

  it('loads the list in one request and filters by sport', async () => {
    const api = setup();
    expect(await screen.findByRole('heading', { name: 'Spin intervals' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(5);
    expect(screen.getByRole('heading', { name: 'Untitled Workout' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Bike' }));
    expect(screen.getByRole('button', { name: 'Bike' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Spin intervals',
      'Brick session',
      'Untitled Workout',
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Swim' }));
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('heading', { name: 'Lake swim' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByRole('heading', { name: 'Track tempo' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getAllByRole('article')).toHaveLength(5);

    expect(api.calls.filter((c) => c.path !== '/auth/profile').map((c) => `${c.method} ${c.path}`)).toEqual([WORKOUTS]);
  });

  it('groups the list by club day: Today, Tomorrow, a weekday, then dates', async () => {
    const today = clubTodayNow()!;
    setup({
      [WORKOUTS]: {
        posts: [
          workout({ id: 1, title: 'Dawn swim', workout_date: today }),
          workout({ id: 2, title: 'Evening run', workout_date: today, workout_time: '19:00', workout_end_time: '20:00' }),
          workout({ id: 3, title: 'Spin', workout_date: addDays(today, 1) }),
          workout({ id: 4, title: 'Brick', workout_date: addDays(today, 3) }),
          workout({ id: 5, title: 'Long ride', workout_date: addDays(today, 10) }),
        ],
      },
    });
    await screen.findByRole('heading', { name: 'Dawn swim' });
    const days = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(days[0]).toMatch(/^Today · /);
    expect(days[1]).toMatch(/^Tomorrow · /);
    expect(days[2]).toMatch(/^(Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day · /);
    expect(days[3]).toMatch(/^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), /);
    expect(days).toHaveLength(4);
    const todaySection = screen.getByRole('region', { name: days[0]! });
    expect(within(todaySection).getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)).toEqual([
      'Dawn swim',
      'Evening run',
    ]);
    // Each card shows its time and when it ends (the day is the heading).
    expect(within(card('Evening run')).getByText('7:00 – 8:00 PM')).toBeInTheDocument();
  });

  it('shows each card state: sign up, full, waitlisted with an ordinal, signed up', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Spin intervals' });

    const open = card('Spin intervals');
    expect(within(open).getByRole('button', { name: 'Sign Up' })).toBeEnabled();
    // One line of state per card: signed up of capacity, waiting, or the caller's place.
    expect(within(open).getByText('3 of 10')).toHaveClass('forum-card__state');
    expect(within(open).getByText('Spin')).toHaveClass('badge');

    const full = card('Lake swim');
    expect(within(full).getByRole('button', { name: 'Full' })).toBeDisabled();
    expect(within(full).getByRole('button', { name: 'Join Waitlist' })).toBeEnabled();
    expect(within(full).queryByRole('button', { name: 'Sign Up' })).toBeNull();
    // 'Full' is said once, by the button; the state line gives the numbers.
    expect(within(full).getAllByText(/Full/)).toHaveLength(1);
    expect(within(full).getByText(/^\d+ of \d+/, { selector: 'p' })).toHaveClass('forum-card__state');

    const waiting = card('Brick session');
    expect(within(waiting).getByRole('button', { name: 'Full' })).toBeDisabled();
    expect(within(waiting).getByRole('button', { name: 'Leave Waitlist' })).toBeInTheDocument();
    expect(within(waiting).getByText(/^\d+ of \d+ · you are 2nd on the waitlist$/)).toBeInTheDocument();
    expect(within(waiting).getAllByText(/Full/)).toHaveLength(1);

    const mine = card('Track tempo');
    expect(within(mine).getByText('Signed Up')).toBeInTheDocument();
    expect(within(mine).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(mine).getByText('5 signed up')).toBeInTheDocument();
    // The card is one link to the workout (its title), with no separate "View details".
    expect(within(mine).getAllByRole('link')).toHaveLength(1);
    expect(within(mine).getByRole('link', { name: 'Track tempo' })).toHaveAttribute('href', '/workout/4');
    expect(within(mine).queryByText(/View details/)).toBeNull();
  });

  it('signs up through performWrite with the desired state and reloads the list', async () => {
    let signedUp = false;
    const api = setup({
      [WORKOUTS]: () => ({
        posts: [workout({ id: 1, title: 'Spin intervals', capacity: 10, signupCount: signedUp ? 4 : 3, isSignedUp: signedUp })],
      }),
      'POST /forum/workouts/1/signup': () => {
        signedUp = true;
        return { signedUp: true };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Signed Up')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('4 of 10')).toBeInTheDocument());
    const post = api.calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({ signedUp: true, waitlistIfFull: true });
    expect(post.headers['idempotency-key']).toMatch(/[0-9a-f-]{36}/);
    await waitFor(() => expect(api.to(WORKOUTS)).toHaveLength(2));
  });

  it('offline, a sign-up shows at once with the not-yet-synced marker', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = setup();
    await screen.findByRole('heading', { name: 'Spin intervals' });
    await userEvent.click(within(card('Spin intervals')).getByRole('button', { name: 'Sign Up' }));
    const spin = card('Spin intervals');
    expect(await within(spin).findByText('Saved on this device — not yet synced')).toBeInTheDocument();
    expect(within(spin).getByText('Signed Up')).toBeInTheDocument();
    expect(within(spin).getByText('4 of 10')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the full-workout refusal inline', async () => {
    setup({
      'POST /forum/workouts/1/signup': jsonReply({ error: fullWorkoutError(10) }, 409),
    });
    await screen.findByRole('heading', { name: 'Spin intervals' });
    await userEvent.click(within(card('Spin intervals')).getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Sorry, this workout is full! Maximum capacity: 10 people\.$/);
  });

  it('cancelling opens the warning modal; Keep Booking keeps it, Cancel Signup cancels and reloads', async () => {
    let signedUp = true;
    const api = setup({
      [WORKOUTS]: () => ({ posts: [workout({ id: 4, title: 'Track tempo', isSignedUp: signedUp, signupCount: signedUp ? 5 : 4 })] }),
      'POST /forum/workouts/4/signup': () => {
        signedUp = false;
        return { signedUp: false };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    let dialog = screen.getByRole('dialog', { name: 'Cancel Signup?' });
    expect(dialog).toHaveTextContent('Cancelling less than 24 hours before the workout counts as an absence.');
    expect(dialog).toHaveTextContent('Three absences suspend your workout sign-ups for one week.');
    expect(within(dialog).getByRole('button', { name: 'Keep Booking' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep Booking' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    dialog = screen.getByRole('dialog', { name: 'Cancel Signup?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Signup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ signedUp: false });
    await waitFor(() => expect(api.to(WORKOUTS)).toHaveLength(2));
  });

  it('a sign-up that finds the workout full waits on the waitlist in the same request, and says so', async () => {
    let waiting = false;
    const api = setup({
      // The copy still shows a free place: someone took it meanwhile.
      [WORKOUTS]: () => ({
        posts: [workout({ id: 1, title: 'Spin intervals', capacity: 10, signupCount: waiting ? 10 : 9, waitlistCount: waiting ? 1 : 0, waitlistPosition: waiting ? 1 : null })],
      }),
      'POST /forum/workouts/1/signup': () => {
        waiting = true;
        return { signedUp: false, onWaitlist: true, position: 1 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('The workout was full: you are #1 on the waitlist.')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Leave Waitlist' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method !== 'GET')).toHaveLength(1);
    expect(api.calls.some((c) => c.path.endsWith('/waitlist'))).toBe(false);
  });

  it('joins the waitlist and shows the place in ordinal form', async () => {
    let joined = false;
    setup({
      [WORKOUTS]: () => ({
        posts: [workout({ id: 2, title: 'Lake swim', capacity: 2, signupCount: 2, waitlistCount: joined ? 3 : 2, waitlistPosition: joined ? 3 : null })],
      }),
      'POST /forum/workouts/2/waitlist': () => {
        joined = true;
        return { onWaitlist: true, position: 3 };
      },
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Waitlist' }));
    expect(await screen.findByText('2 of 2 · you are 3rd on the waitlist')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Waitlist' })).toBeInTheDocument();
  });

  it('announces a promotion from the waitlist remembered in sessionStorage, and lets it be dismissed', async () => {
    sessionStorage.setItem('forum-waitlist:3', JSON.stringify({ 2: 1 }));
    setup({ [WORKOUTS]: { posts: [workout({ id: 2, title: 'Lake swim', capacity: 2, signupCount: 2, isSignedUp: true })] } });
    const notice = await screen.findByText(/Good news!/);
    expect(notice.closest('p')).toHaveTextContent('Good news! A spot opened up: you are now signed up for Lake swim.');
    expect(sessionStorage.getItem('forum-waitlist:3')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/Good news!/)).toBeNull();
  });

  it('remembers waitlist places for the next visit', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Brick session' });
    await waitFor(() => expect(JSON.parse(sessionStorage.getItem('forum-waitlist:3') ?? 'null')).toEqual({ 3: 2 }));
  });

  it('hides New Workout and Edit from members who did not write the post', async () => {
    setup();
    await screen.findByRole('heading', { name: 'Spin intervals' });
    expect(screen.queryByRole('button', { name: /New Workout/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Edit/ })).toBeNull();
  });
});

describe('New Workout', () => {
  const created = () => jsonReply({ post: workout({ id: 9 }) }, 201);
  const setup = (create: RouteHandler<'POST /forum/posts'> = created) =>
    show({ [WORKOUTS]: { posts: [] }, 'POST /forum/posts': create }, exec(), '/forum?tab=workouts');
  const tomorrow = () => addDays(clubTodayNow()!, 1);

  async function open() {
    await userEvent.click(await screen.findByRole('button', { name: /New Workout/ }));
    return await screen.findByRole('dialog', { name: 'New Workout' });
  }

  it('validates with the shared schema, counts characters live and keeps the input', async () => {
    const api = setup();
    expect(await screen.findByText('No workouts posted yet.')).toBeInTheDocument();
    const dialog = await open();
    expect(within(dialog).getByLabelText('Workout type')).toHaveValue('spin');
    expect(within(dialog).getByLabelText('Title')).toHaveFocus();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    // One message per problem: each empty field is marked next to itself, with no summary of them
    // above the button, and the first one has the focus.
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).queryByText(/are required/)).toBeNull();
    for (const label of ['Title', 'Date', 'Time', 'Description']) {
      expect(within(dialog).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
      expect(within(dialog).getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining('Required'));
    }
    expect(within(dialog).getAllByText('Required')).toHaveLength(4);
    expect(within(dialog).getByLabelText('Place (optional)')).not.toHaveAttribute('aria-invalid');
    await waitFor(() => expect(within(dialog).getByLabelText('Title')).toHaveFocus());

    await userEvent.type(within(dialog).getByLabelText('Title'), 'Hill repeats');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Hills');
    expect(within(dialog).getByText('5/500')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'x'.repeat(501) } });
    expect(within(dialog).getByText('501/500')).toHaveClass('field-hint--bad');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: tomorrow() } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '18:00' } });
    // The fields' messages went away as they were filled in.
    await waitFor(() => expect(within(dialog).queryByText('Required')).toBeNull());
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    expect(within(dialog).getByLabelText('Description')).toHaveAccessibleDescription(
      expect.stringContaining('Description must be at most 500 characters'),
    );
    expect(within(dialog).getByLabelText('Title')).not.toHaveAttribute('aria-invalid');

    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: 'Six hills, jog down.' } });
    fireEvent.change(within(dialog).getByLabelText('Capacity'), { target: { value: '101' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    expect(within(dialog).getByLabelText('Capacity')).toHaveAccessibleDescription(
      expect.stringContaining('Capacity must be a whole number from 1 to 100'),
    );
    expect(within(dialog).queryByText(/Description must be at most/)).toBeNull();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Hill repeats');
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('"Repeat weekly" ticks the weekday of the chosen date, and follows the date until a day is ticked by hand', async () => {
    setup();
    const dialog = await open();
    const day = (name: string) => within(dialog).getByRole('checkbox', { name });
    const first = addDays(clubTodayNow()!, 2);
    const dayName = (date: string) => ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'][new Date(`${date}T12:00:00Z`).getUTCDay()]!;
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: first } });
    await userEvent.click(within(dialog).getByLabelText('Repeat weekly'));
    await waitFor(() => expect(day(dayName(first))).toBeChecked());
    // Repeat weekly and that one day.
    expect(within(dialog).getAllByRole('checkbox', { checked: true })).toHaveLength(2);

    // A new date before any day was touched: its weekday instead.
    const next = addDays(first, 1);
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: next } });
    await waitFor(() => expect(day(dayName(next))).toBeChecked());
    expect(day(dayName(first))).not.toBeChecked();

    // Once the exec chooses the days, the date no longer changes them.
    await userEvent.click(day(dayName(first)));
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: addDays(first, 3) } });
    await new Promise((r) => setTimeout(r, 20));
    expect(day(dayName(first))).toBeChecked();
    expect(day(dayName(next))).toBeChecked();
    expect(day(dayName(addDays(first, 3)))).not.toBeChecked();
  });

  it('refuses today and past dates with the future-date message', async () => {
    setup();
    const dialog = await open();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Hill repeats');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Hills');
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '18:00' } });
    for (const date of [clubTodayNow()!, '2020-01-01']) {
      fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: date } });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
      expect(within(dialog).getByLabelText('Date')).toHaveAccessibleDescription(FUTURE_WORKOUT_ERROR);
      await waitFor(() => expect(within(dialog).getByLabelText('Date')).toHaveFocus());
    }
  });

  it('shows a server refusal inline, keeps the input, and posts the workout on success', async () => {
    let refuse = true;
    const api = setup(() => (refuse ? jsonReply({ error: 'Something is off' }, 400) : created()));
    const dialog = await open();
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Hill repeats');
    await userEvent.selectOptions(within(dialog).getByLabelText('Workout type'), 'run');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: tomorrow() } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '18:00' } });
    await userEvent.type(within(dialog).getByLabelText('Capacity'), '12');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Six hills');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something is off');
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Hill repeats');

    refuse = false;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByText('Workout posted.')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      type: 'workout',
      title: 'Hill repeats',
      workoutType: 'run',
      workoutDate: tomorrow(),
      workoutTime: '18:00',
      content: 'Six hills',
      capacity: 12,
    });
    await waitFor(() => expect(api.to(WORKOUTS)).toHaveLength(2));
  });
});

describe('New Workout and the club’s posting rule', () => {
  const created = () => jsonReply({ post: workout({ id: 9 }) }, 201);
  const setup = (create: RouteHandler<'POST /forum/posts'> = created) =>
    show({ [WORKOUTS]: { posts: [] }, 'POST /forum/posts': create }, exec(), '/forum?tab=workouts');
  async function open() {
    await userEvent.click(await screen.findByRole('button', { name: /New Workout/ }));
    return await screen.findByRole('dialog', { name: 'New Workout' });
  }
  async function fill(dialog: HTMLElement, date: string, time: string) {
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Lunch swim');
    await userEvent.type(within(dialog).getByLabelText('Description'), 'Drills');
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: date } });
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: time } });
  }
  afterEach(() => setClubRules(DEFAULT_RULE_NUMBERS));

  it('says the rule in words under the date before anything is sent, and offers dates from tomorrow', async () => {
    setup();
    const dialog = await open();
    const date = within(dialog).getByLabelText('Date');
    expect(date).toHaveAccessibleDescription('A new workout can be posted for tomorrow or later.');
    expect(date).toHaveAttribute('min', addDays(clubTodayNow()!, 1));
  });

  it('with the club’s minutes, refuses a start too soon beside the time, and sends one far enough ahead', async () => {
    // 10:00 on Monday, March 2, 2026 in Toronto; the club lets a workout be posted 90 minutes ahead.
    vi.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-03-02T15:00:00Z'));
    setClubRules({ ...DEFAULT_RULE_NUMBERS, postingNoticeMinutes: 90 });
    const api = setup();
    const dialog = await open();
    const date = within(dialog).getByLabelText('Date');
    expect(date).toHaveAccessibleDescription('A new workout can be posted up to 1 h 30 min before it starts.');
    expect(date).toHaveAttribute('min', '2026-03-02');
    await fill(dialog, '2026-03-02', '11:00');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    expect(within(dialog).getByLabelText('Time')).toHaveAccessibleDescription('Please choose a start at least 1 h 30 min from now for your workout.');
    expect(date).not.toHaveAttribute('aria-invalid');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Time'), { target: { value: '11:30' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST')!.body).toMatchObject({ workoutDate: '2026-03-02', workoutTime: '11:30' });
  });

  it('puts the server’s refusal beside the field it names, keeping the input', async () => {
    setup(() => jsonReply({ error: 'Please choose a start at least 2 hours from now for your workout.', field: 'workoutTime' }, 400));
    const dialog = await open();
    await fill(dialog, addDays(clubTodayNow()!, 1), '00:30');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Workout' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Time')).toHaveAccessibleDescription('Please choose a start at least 2 hours from now for your workout.'),
    );
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByLabelText('Title')).toHaveValue('Lunch swim');
  });
});

describe('editing and deleting a workout card', () => {
  const setup = (routes: Routes = {}) =>
    show(
      { [WORKOUTS]: { posts: [workout({ id: 1, user_id: 2, title: 'Spin intervals', workout_type: 'spin', capacity: 10, signupCount: 3 })] }, ...routes },
      member({ id: 2 }),
    );

  it('turns the card into a form with Save changes and Cancel for its author', async () => {
    const api = setup({ 'PUT /forum/posts/1': ({ body }) => ({ post: workout({ id: 1, user_id: 2, ...(body as object), title: 'Spin: VO2 max' }) }) });
    await userEvent.click(await screen.findByRole('button', { name: /^Edit/ }));
    const form = await screen.findByRole('form', { name: /Edit Spin intervals/ });
    expect(within(form).getByLabelText('Capacity')).toHaveAttribute('min', '1');
    expect(within(form).getByLabelText('Title')).toHaveFocus();
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: /^Edit/ }));
    const again = await screen.findByRole('form', { name: /Edit Spin intervals/ });
    await userEvent.clear(within(again).getByLabelText('Title'));
    await userEvent.type(within(again).getByLabelText('Title'), 'Spin: VO2 max');
    await userEvent.click(within(again).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ title: 'Spin: VO2 max', workoutType: 'spin', capacity: 10 });
  });

  it('shows the update refusal in full and keeps the form', async () => {
    setup({ 'PUT /forum/posts/1': jsonReply({ error: 'Capacity cannot go below the 3 people signed up' }, 409) });
    await userEvent.click(await screen.findByRole('button', { name: /^Edit/ }));
    const form = await screen.findByRole('form');
    fireEvent.change(within(form).getByLabelText('Capacity'), { target: { value: '2' } });
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(/^Capacity cannot go below the 3 people signed up$/);
    expect(within(form).getByLabelText('Capacity')).toHaveValue(2);
  });

  it('asks before deleting and reports a failure', async () => {
    // Nobody answered it (posted by mistake): one that members answered is cancelled instead (plan-change.test.tsx).
    const api = setup({
      [WORKOUTS]: { posts: [workout({ id: 1, user_id: 2, title: 'Spin intervals', workout_type: 'spin', capacity: 10 })] },
      'DELETE /forum/posts/1': jsonReply({ error: 'Database is busy' }, 500),
    });
    const menu = await screen.findByRole('button', { name: 'More actions for Spin intervals' });
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('button', { name: /^Delete/ }));
    const ask = screen.getByRole('dialog', { name: 'Delete workout?' });
    expect(ask).toHaveTextContent('Are you sure you want to delete this workout post?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Cancel' }));
    expect(ask).not.toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'DELETE')).toHaveLength(0);
    await userEvent.click(menu);
    await userEvent.click(screen.getByRole('button', { name: /^Delete/ }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Delete workout?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Database is busy$/);
  });
});

describe('events tab', () => {
  function setup(rsvp: RouteHandler<'POST /forum/events/:id/rsvp', never>, user = member()) {
    let current: RsvpStatus | null = null;
    return show(
      {
        [EVENTS]: () => ({
          posts: [
            event({
              id: 50,
              myRsvp: current,
              rsvpCounts: { going: 2 + (current === 'going' ? 1 : 0), maybe: current === 'maybe' ? 1 : 0, not_going: 1 },
            }),
          ],
        }),
        'POST /forum/events/50/rsvp': async (call) => {
          const answer = await rsvp(call);
          // Only an answer the club accepted changes what the next read of the list says.
          if (!(answer instanceof Response) && answer !== 'network-error') current = answer.status;
          return answer;
        },
        'POST /forum/posts': jsonReply({ post: event({ id: 51 }) }, 201),
      },
      user,
      '/forum?tab=events',
    );
  }

  it('RSVPs: a status, another one; the same again keeps it; Clear my answer removes it, Undo restores it', async () => {
    const api = setup(({ body }) => ({ status: body!.status }));
    const going = await screen.findByRole('button', { name: 'Going' });
    expect(screen.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
    expect(going).toHaveAttribute('aria-pressed', 'false');
    expect(stat('2 going')).toBeInTheDocument();

    await userEvent.click(going);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'true'));
    expect(stat('3 going')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Maybe' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByRole('button', { name: 'Going' })).toHaveAttribute('aria-pressed', 'false');

    await userEvent.click(screen.getByRole('button', { name: 'Maybe' }));
    expect(screen.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');

    await userEvent.click(screen.getByRole('button', { name: 'Clear my answer' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'false'));
    expect(await screen.findByText(/Your answer \(Maybe\) was cleared/)).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true'));
    expect(api.calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { status: 'going' },
      { status: 'maybe' },
      { status: null },
      { status: 'maybe' },
    ]);
  });

  it('offline, an RSVP shows at once with the not-yet-synced marker', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = setup(() => ({ status: null }));
    await userEvent.click(await screen.findByRole('button', { name: 'Maybe' }));
    expect(await screen.findByText('Saved on this device — not yet synced')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Maybe' })).toHaveAttribute('aria-pressed', 'true');
    expect(stat('1 maybe')).toBeInTheDocument();
    expect(api.calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('shows the RSVP error', async () => {
    setup(() => jsonReply({ error: 'nope' }, 400));
    await userEvent.click(await screen.findByRole('button', { name: 'Not Going' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error updating RSVP');
  });

  it('lets execs post an event, refusing past dates', async () => {
    const api = setup(() => ({ status: null }), exec());
    await userEvent.click(await screen.findByRole('button', { name: /New Event/ }));
    const dialog = await screen.findByRole('dialog', { name: 'New Event' });
    await userEvent.type(within(dialog).getByLabelText('Title'), 'Pub quiz');
    await userEvent.type(within(dialog).getByLabelText('Details'), 'Teams of four');
    expect(within(dialog).getByText('13/500')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: clubTodayNow()! } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Event' }));
    expect(within(dialog).getByLabelText('Date')).toHaveAccessibleDescription(FUTURE_EVENT_ERROR);
    await waitFor(() => expect(within(dialog).getByLabelText('Date')).toHaveFocus());
    fireEvent.change(within(dialog).getByLabelText('Date'), { target: { value: '2099-01-01' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Post Event' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.find((c) => c.method === 'POST' && c.path === '/forum/posts')!.body).toEqual({
      type: 'event',
      title: 'Pub quiz',
      eventDate: '2099-01-01',
      content: 'Teams of four',
    });
  });

  it('shows execs Cancel event behind the menu; Delete is not offered once members answered', async () => {
    setup(() => ({ status: null }), exec());
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Season kick-off social' }));
    expect(screen.getByRole('button', { name: 'Cancel event Season kick-off social' })).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });
});

describe('tabs', () => {
  it('switch with the arrow keys and follow ?tab', async () => {
    show({ [WORKOUTS]: { posts: [] }, [EVENTS]: { posts: [] } });
    const workouts = screen.getByRole('tab', { name: 'Workouts' });
    expect(workouts).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByText('No workouts posted yet.')).toBeInTheDocument();
    act(() => workouts.focus());
    await userEvent.keyboard('{ArrowRight}');
    const events = screen.getByRole('tab', { name: 'Events' });
    expect(events).toHaveAttribute('aria-selected', 'true');
    expect(events).toHaveFocus();
    expect(screen.getByTestId('location')).toHaveTextContent('/forum?tab=events');
    expect(await screen.findByText('No events posted yet.')).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'Events' })).toBeVisible();
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tab', { name: 'Workouts' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe("today's workouts", () => {
  const today = () => clubTodayNow()!;
  const list = () => [
    workout({ id: 1, title: 'Tomorrow swim', workout_date: addDays(today(), 1), workout_time: '07:00' }),
    workout({ id: 2, title: 'Morning swim', workout_date: today(), workout_time: '00:00', signupCount: 12, capacity: 12 }),
    workout({ id: 3, title: 'Yesterday ride', workout_date: addDays(today(), -1), workout_time: '18:00', attendanceSubmitted: true }),
  ];

  it('stay on top under Today once started, with Take attendance for an exec', async () => {
    // The server's order from before the start put it below the days ahead: the list re-sorts by the club's day.
    show({ [WORKOUTS]: { posts: list() } }, exec());
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual([expect.stringMatching(/^Today/), expect.stringMatching(/^Tomorrow/), expect.any(String)]);
    const morning = card('Morning swim');
    expect(morning).toHaveTextContent('Started · 12 of 12');
    const take = within(morning).getByRole('link', { name: /Take attendance/ });
    expect(take).toHaveAttribute('href', '/workout/2?take=attendance');
    // The attendance action stands where a member reads "This workout has started": said once.
    expect(morning).not.toHaveTextContent('This workout has started');
    expect(within(card('Tomorrow swim')).queryByRole('link', { name: /Take attendance/ })).toBeNull();
    expect(card('Yesterday ride')).toHaveTextContent('Attendance taken');
  });

  it('say "Attendance taken · 10 of 12" once an exec submitted it', async () => {
    const posts = list().map((w) => (w.id === 2 ? { ...w, attendanceSubmitted: true, attendancePresent: 10, attendanceTotal: 12 } : w));
    show({ [WORKOUTS]: { posts } }, exec());
    const morning = await waitFor(() => card('Morning swim'));
    expect(morning).toHaveTextContent('Attendance taken · 10 of 12');
    expect(within(morning).queryByRole('link', { name: /Take attendance/ })).toBeNull();
  });

  it('show a member that the workout has started, with no attendance action', async () => {
    show({ [WORKOUTS]: { posts: list() } }, member());
    const morning = await waitFor(() => card('Morning swim'));
    expect(morning).toHaveTextContent('Started');
    expect(morning).toHaveTextContent('This workout has started');
    expect(within(morning).queryByRole('link', { name: /attendance/i })).toBeNull();
    expect(screen.queryByText(/Attendance taken/)).toBeNull();
  });

  it('keep the sport filter in the address, so Back finds the same list', async () => {
    show({ [WORKOUTS]: { posts: [workout({ id: 5, title: 'Pool', workout_type: 'swim' }), workout({ id: 6, title: 'Track' })] } }, member(), '/forum?tab=workouts&sport=swim');
    expect(await screen.findByRole('article', { name: /Pool/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Swim', pressed: true })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: /Track/ })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Run' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/forum?tab=workouts&sport=run');
    await userEvent.click(screen.getByRole('button', { name: 'All' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/forum\?tab=workouts$/);
  });
});
