import 'fake-indexeddb/auto';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionUser } from '../../../../domain/contract/members/auth';
import type { AttendanceRecord, WorkoutDetailAnswer, WorkoutLane, WorkoutSignup } from '../../../../domain/contract/training/forum';
import { DEFAULT_RULE_NUMBERS, ruleText } from '../../../../domain/rules';

const RULE_TEXT = ruleText(DEFAULT_RULE_NUMBERS);
import { commentsDb } from '../../../lib/offline/comments-db';
import { resetDevice } from '../../../test-device';
import { renderAt, testQueryClient } from '../../../test-providers';
import { answerRoutes, jsonReply, type Routes } from '../../../test-server';
import { exec, member, workout } from '../test-handlers';
import { forumKeys } from '../../../lib/data/keys/post-keys';
import { WorkoutDetailPage } from './workout-detail-page';

const DETAIL = 'GET /forum/workouts/7';
const ATTENDANCE = 'GET /forum/workouts/7/attendance';

const signup = (user_id: number, user_name: string): WorkoutSignup => ({
  id: user_id * 10,
  user_id,
  user_name,
  signup_time: Date.UTC(2026, 2, 1, 15, 30),
  userProfilePictureUrl: null,
});

function detail(overrides: Partial<WorkoutDetailAnswer> = {}): WorkoutDetailAnswer {
  return {
    workout: workout({ id: 7, title: 'Masters swim', workout_type: 'swim', capacity: 2, signupCount: 2, waitlistCount: 1 }),
    signups: [signup(11, 'Sam Swimmer'), signup(12, 'Ria Runner')],
    waitlist: [{ id: 1, user_id: 13, user_name: 'Wes Waiting', joined_at: Date.UTC(2026, 2, 1, 16), userProfilePictureUrl: null }],
    ...overrides,
  };
}
const open: AttendanceRecord = { attendance: {}, submitted: false, submitted_by: null, submitted_at: null };

function setup(routes: Routes, user: SessionUser = member(), url = '/workout/7') {
  const api = answerRoutes(routes, { user });
  renderAt(url, '/workout/:id', <WorkoutDetailPage />, { user });
  return api;
}

// The form is loaded on demand, in production and here: loaded before the tests, so a findBy
// waits for the screen, not for a busy machine to load a module.
beforeAll(async () => {
  await import('./workout-form');
});

beforeEach(async () => {
  await commentsDb.comments.clear();
  await resetDevice();
});

describe('workout detail', () => {
  it('shows the loading text, then the workout with its roster and waitlist', async () => {
    setup({ [DETAIL]: detail() });
    expect(screen.getByText('Loading workout details...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Masters swim' })).toBeInTheDocument();
    expect(screen.getByText('Swim')).toHaveClass('badge');
    expect(screen.getByText('Erin Exec')).toBeInTheDocument();
    expect(screen.getByText('Six by one kilometre.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Who's Coming (2/2)" })).toBeInTheDocument();
    expect(screen.getByText('Sam Swimmer')).toBeInTheDocument();
    expect(screen.getAllByText(/^Signed up /)).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Waitlist (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Full' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to Forum/ })).toHaveAttribute('href', '/forum');
    // Members take no attendance and never ask for it.
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it("says 'Workout not found' for a missing workout or a bad id", async () => {
    setup({ [DETAIL]: jsonReply({ error: 'Workout not found' }, 404) });
    expect(await screen.findByRole('heading', { name: 'Workout not found' })).toBeInTheDocument();
    cleanup();
    const api = setup({}, member(), '/workout/abc');
    expect(await screen.findByRole('heading', { name: 'Workout not found' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.path !== '/auth/profile')).toEqual([]);
  });

  it('offline with no copy of this workout, says so in one line and offers the forum the device has', async () => {
    setup({ [DETAIL]: 'network-error' });
    // The forum's list was kept (by the offline set, or an earlier visit).
    testQueryClient().setQueryData(forumKeys.workouts(), { posts: [workout({ id: 8 })] });
    const note = await screen.findByText('This workout was not saved on this device.', { exact: false });
    expect(within(note).getByRole('link', { name: 'Open the forum' })).toHaveAttribute('href', '/forum');
    expect(screen.queryByText(/Could not load this workout/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it('offline with nothing kept at all, offers no link to a screen that has nothing either', async () => {
    setup({ [DETAIL]: 'network-error' });
    expect(await screen.findByText(/This workout was not saved on this device\./)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open the forum' })).toBeNull();
  });

  it('says how old the roster and the waitlist are when they come from a copy kept on the device', async () => {
    let offline = false;
    setup({ [DETAIL]: () => (offline ? 'network-error' : detail()) });
    const roster = await screen.findByRole('region', { name: "Who's Coming (2/2)" });
    expect(screen.queryByText(/^Saved /)).toBeNull();
    offline = true;
    await act(() => testQueryClient().refetchQueries({ queryKey: forumKeys.workout(7) }));
    expect(await within(roster).findByText('Saved just now')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Waitlist (1)' })).getByText('Saved just now')).toBeInTheDocument();
  });

  it('shows the empty roster text and an unlimited title', async () => {
    setup({ [DETAIL]: detail({ workout: workout({ id: 7, capacity: null }), signups: [], waitlist: [] }) });
    expect(await screen.findByText('No one has signed up yet. Be the first!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Who's Coming (0)" })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Waitlist/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it('shows the waitlist place in ordinal form and leaves the waitlist', async () => {
    let onList = true;
    const api = setup({
      [DETAIL]: () => detail({ workout: workout({ id: 7, capacity: 2, signupCount: 2, waitlistCount: 3, waitlistPosition: onList ? 3 : null }) }),
      'DELETE /forum/workouts/7/waitlist': () => {
        onList = false;
        return { onWaitlist: false, position: null };
      },
    });
    expect(await screen.findByText('You are 3rd on the waitlist')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Leave Waitlist' }));
    expect(await screen.findByRole('button', { name: 'Join Waitlist' })).toBeInTheDocument();
    expect(screen.queryByText(/on the waitlist$/, { selector: 'p' })).toBeNull();
    expect(api.calls.find((c) => c.method === 'DELETE')!.headers['idempotency-key']).toBeTruthy();
  });

  it('shows the waitlist error with its fallback text', async () => {
    // A refusal without a message (a 5xx is no refusal: it may have been applied, so it is queued).
    setup({ [DETAIL]: detail(), 'POST /forum/workouts/7/waitlist': jsonReply(null, 400) });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Waitlist' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Request failed \(400\)$/);
  });

  it('a 502 to a waitlist join is kept on the device, not shown as failed', async () => {
    setup({ [DETAIL]: detail(), 'POST /forum/workouts/7/waitlist': jsonReply(null, 502) });
    await userEvent.click(await screen.findByRole('button', { name: 'Join Waitlist' }));
    expect((await screen.findAllByText('Saved on this device — not yet synced')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('cancels through the warning modal', async () => {
    let signedUp = true;
    const api = setup({
      [DETAIL]: () => detail({ workout: workout({ id: 7, isSignedUp: signedUp }), signups: [], waitlist: [] }),
      'POST /forum/workouts/7/signup': () => {
        signedUp = false;
        return { signedUp: false, absenceCounted: true, absences: 2 };
      },
    });
    expect(await screen.findByText('Signed Up')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Signup?' });
    expect(within(dialog).getByRole('button', { name: 'Keep Booking' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Signup' }));
    expect(await screen.findByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByText(/counts as an absence \(2 so far\)/)).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ signedUp: false });
  });

  it('cancels offline: the modal closes and the desired state shows as not yet synced', async () => {
    const api = setup({
      [DETAIL]: detail({ workout: workout({ id: 7, isSignedUp: true, capacity: 2, signupCount: 2 }), signups: [], waitlist: [] }),
      'POST /forum/workouts/7/signup': () => 'network-error',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel Signup?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel Signup' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // The queued state reaches the screen through the outbox's liveQuery, a moment after the modal closes.
    expect(await screen.findByText('Saved on this device — not yet synced')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    expect(screen.getByText('1/2 spots filled')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(api.to('POST /forum/workouts/7/signup')).toHaveLength(1);
  });

  it('offline, a sign-up shows in the roster as the member, not yet synced, and the counts agree', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const api = setup({ [DETAIL]: detail({ workout: workout({ id: 7, capacity: 2, signupCount: 0 }), signups: [], waitlist: [] }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Sign Up' }));
    const roster = await screen.findByRole('heading', { level: 2, name: "Who's Coming (1/2)" });
    const section = roster.closest('section')!;
    expect(within(section).queryByText('No one has signed up yet. Be the first!')).toBeNull();
    expect(within(section).getByText('Morgan Member')).toBeInTheDocument();
    expect(within(section).getByText('(you)')).toBeInTheDocument();
    expect(within(section).getByText('Saved on this device — not yet synced')).toBeInTheDocument();
    expect(screen.getByText('1/2 spots filled')).toBeInTheDocument();
    expect(api.to('POST /forum/workouts/7/signup')).toHaveLength(0);
  });

  it('reloads when the profile changes (the profile screen invalidates every query)', async () => {
    const api = setup({ [DETAIL]: detail() });
    await screen.findByRole('heading', { level: 1, name: 'Masters swim' });
    await act(async () => {
      await testQueryClient().invalidateQueries();
    });
    await waitFor(() => expect(api.to('GET /forum/workouts/7')).toHaveLength(2));
  });

  it('lets the author edit inline and delete after confirming', async () => {
    // Nobody answered it (posted by mistake): one that members answered is cancelled instead (plan-change.test.tsx).
    const api = setup(
      {
        [DETAIL]: detail({ workout: workout({ id: 7, title: 'Masters swim', workout_type: 'swim', capacity: 2 }), signups: [], waitlist: [] }),
        'PUT /forum/posts/7': jsonReply({}, 500),
        'DELETE /forum/posts/7': { message: 'Workout deleted' },
      },
      member({ id: 2 }),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    expect(await screen.findByLabelText('Capacity')).toHaveAttribute('min', '1');
    expect(screen.getByLabelText('Workout type')).toHaveValue('swim');
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Request failed \(500\)$/);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    // Delete sits behind the "⋯" menu.
    await userEvent.click(screen.getByRole('button', { name: 'More actions for Masters swim' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const ask = screen.getByRole('dialog', { name: 'Delete workout?' });
    expect(ask).toHaveTextContent('Are you sure you want to delete this workout post?');
    await userEvent.click(within(ask).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/forum$/);
    expect(api.to('DELETE /forum/posts/7')).toHaveLength(1);
  });
});

describe('moving a workout', () => {
  const mine = () => detail({ workout: workout({ id: 7, title: 'Masters swim', workout_type: 'swim', capacity: 2 }), signups: [], waitlist: [] });

  it('marks a start that has passed on the date field, and sends nothing', async () => {
    const api = setup({ [DETAIL]: mine(), 'PUT /forum/posts/7': { post: mine().workout } }, member({ id: 2 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(await screen.findByLabelText('Date'), { target: { value: '2020-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByLabelText('Date')).toHaveAccessibleDescription(
      'This would move the workout to Wednesday, January 1, 2020 at 6:15 PM, which has already passed. Choose a later date or time.',
    );
    expect(screen.getByLabelText('Date')).toHaveAttribute('aria-invalid', 'true');
    expect(api.to('PUT /forum/posts/7')).toEqual([]);
  });

  it('puts the server’s refusal of a past start next to the field it names', async () => {
    const refusal = 'This would move the workout to Monday, June 1, 2099 at 7:00 AM, which has already passed. Choose a later date or time.';
    setup({ [DETAIL]: mine(), 'PUT /forum/posts/7': jsonReply({ error: refusal, field: 'workoutTime' }, 400) }, member({ id: 2 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    fireEvent.change(await screen.findByLabelText('Time'), { target: { value: '07:00' } });
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.getByLabelText('Time')).toHaveAccessibleDescription(refusal));
    // Said once, next to the field, not again under the form.
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });
});

describe('a workout of a weekly series', () => {
  const series = () => detail({ workout: workout({ id: 7, title: 'Tempo run', user_id: 2, series_id: 'abc', capacity: 5 }) });

  it('saves an edit for this and the following workouts when chosen', async () => {
    const api = setup({ [DETAIL]: series(), 'PUT /forum/posts/7': { post: series().workout } }, member({ id: 2 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    const group = await screen.findByRole('group', { name: /This workout repeats weekly/ });
    expect(within(group).getByRole('radio', { name: 'This workout' })).toBeChecked();
    await userEvent.click(within(group).getByRole('radio', { name: /This and the following/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.to('PUT /forum/posts/7?scope=following')).toHaveLength(1));
    // None went without the scope: every edit of the post carried it.
    expect(api.to('PUT /forum/posts/7').map((c) => c.path)).toEqual(['/forum/posts/7?scope=following']);
  });

  it('asks whether to delete this one or this and the following, and sends the choice', async () => {
    const api = setup({ [DETAIL]: series(), 'DELETE /forum/posts/7': { message: '3 workouts deleted' } }, member({ id: 2 }));
    await userEvent.click(await screen.findByRole('button', { name: 'More actions for Tempo run' }));
    await userEvent.click(screen.getByRole('button', { name: 'Delete' }));
    const ask = screen.getByRole('dialog', { name: 'Delete workout?' });
    expect(ask).toHaveTextContent('This workout repeats weekly.');
    expect(within(ask).getByRole('button', { name: 'This workout' })).toBeInTheDocument();
    await userEvent.click(within(ask).getByRole('button', { name: 'This and the following' }));
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/forum$/);
    expect(api.to('DELETE /forum/posts/7?scope=following')).toHaveLength(1);
    // None went without the scope: the deletion of the post carried it.
    expect(api.to('DELETE /forum/posts/7').map((c) => c.path)).toEqual(['/forum/posts/7?scope=following']);
  });
});

describe('suspension', () => {
  it('shows Sign Up disabled with the reason and the end date, before the server refuses', async () => {
    const until = Date.now() + 2 * 24 * 3600_000;
    const api = setup(
      { [DETAIL]: detail({ workout: workout({ id: 7, title: 'Masters swim', capacity: 10, signupCount: 2 }) }) },
      member({ absences: 3, suspended_until: until }),
    );
    const button = await screen.findByRole('button', { name: 'Sign Up' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/^Sign-ups are suspended until .+: three absences \(late cancellations or no-shows\) suspend sign-ups for a week\.$/);
    await userEvent.click(button);
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

/** The club's date and time ('YYYY-MM-DD', 'HH:MM', Toronto as test-setup.ts sets it) `hours` from now. */
function clubStartIn(hours: number): { workout_date: string; workout_time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(Date.now() + hours * 3600_000)
      .map((p) => [p.type, p.value]),
  );
  return { workout_date: `${parts.year}-${parts.month}-${parts.day}`, workout_time: `${parts.hour}:${parts.minute}` };
}

describe('signing up inside the late-cancel window', () => {
  it('says before the sign-up that cancelling will count an absence', async () => {
    const api = setup({
      [DETAIL]: detail({ workout: workout({ id: 7, title: 'Masters swim', ...clubStartIn(10) }), signups: [], waitlist: [] }),
      'POST /forum/workouts/:id/signup': { signedUp: true },
    });
    const button = await screen.findByRole('button', { name: 'Sign Up' });
    expect(button).toHaveAccessibleDescription(RULE_TEXT.lateSignup);
    expect(screen.getByText(RULE_TEXT.lateSignup)).toBeVisible();
    // It informs; it does not stand in the way.
    await userEvent.click(button);
    await waitFor(() => expect(api.calls.find((c) => c.method === 'POST')?.body).toEqual({ signedUp: true, waitlistIfFull: true }));
  });

  it('says nothing a day and more ahead', async () => {
    setup({ [DETAIL]: detail({ workout: workout({ id: 7, title: 'Masters swim', ...clubStartIn(30) }), signups: [], waitlist: [] }) });
    expect(await screen.findByRole('button', { name: 'Sign Up' })).not.toHaveAccessibleDescription();
    expect(screen.queryByText(RULE_TEXT.lateSignup)).toBeNull();
  });
});

/** Attendance opens at the start: these workouts took place. */
const started = detail({ workout: workout({ id: 7, title: 'Masters swim', workout_type: 'swim', capacity: 2, signupCount: 2, waitlistCount: 1, workout_date: '2020-03-03', workout_time: '07:00' }) });

/** Submitting asks first (naming who will be counted absent): answer yes. */
async function confirmAttendance() {
  const dialog = await screen.findByRole('dialog', { name: 'Submit attendance?' });
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Attendance' }));
}

describe('a workout with lanes: who waits for which lane', () => {
  const lane = (id: number, name: string, capacity: number | null, signedUp: number, waitlist: number): WorkoutLane => ({
    id,
    name,
    pace: '',
    paceFrom: null,
    paceTo: null,
    paceUnit: 's/100m',
    capacity,
    signedUp,
    waitlist,
    mine: null,
    waitlistPosition: null,
  });
  // Lane 3 has no limit, so neither has the workout, yet lanes 1 and 2 are full with a queue each:
  // Wes waits for lane 1, Sam holds lane 1 and waits to move to lane 2.
  const laned = detail({
    workout: workout({
      id: 7,
      title: 'Masters swim',
      workout_type: 'swim',
      capacity: null,
      signupCount: 2,
      waitlistCount: 2,
      lanes: [lane(1, 'Lane 1', 1, 1, 1), lane(2, 'Lane 2', 1, 1, 1), lane(3, 'Lane 3', null, 0, 0)],
    }),
    signups: [{ ...signup(11, 'Sam Swimmer'), lane: 1 }, { ...signup(12, 'Ria Runner'), lane: 2 }],
    waitlist: [
      { id: 1, user_id: 13, user_name: 'Wes Waiting', joined_at: Date.UTC(2026, 2, 1, 16), userProfilePictureUrl: null, lane: 1 },
      { id: 2, user_id: 11, user_name: 'Sam Swimmer', joined_at: Date.UTC(2026, 2, 1, 17), userProfilePictureUrl: null, lane: 2 },
    ],
  });

  it('lists the waitlist per lane, and says who is waiting to move and from where', async () => {
    setup({ [DETAIL]: laned });
    const waitlist = await screen.findByRole('region', { name: 'Waitlist (2)' });
    const forLane1 = within(waitlist).getByRole('region', { name: 'Waiting for Lane 1 (1)' });
    expect(within(forLane1).getByRole('listitem')).toHaveTextContent('Wes Waiting');
    const forLane2 = within(waitlist).getByRole('region', { name: 'Waiting for Lane 2 (1)' });
    expect(within(forLane2).getByRole('listitem')).toHaveTextContent(/Sam Swimmer.*Moving from Lane 1/);
    // On the roster, Sam's row in lane 1 says which lane he waits for.
    const roster = screen.getByRole('region', { name: 'Lane 1 · 1 of 1' });
    expect(within(roster).getByRole('listitem')).toHaveTextContent('Waiting for a place in Lane 2');
  });

  it('gives the exec’s roster each lane’s queue under the lane', async () => {
    setup({ [DETAIL]: laned, [ATTENDANCE]: open }, exec());
    const lane1 = await screen.findByRole('region', { name: 'Lane 1 · 1 of 1' });
    await waitFor(() => expect(within(lane1).getByText(/^Waiting for Lane 1:/).parentElement).toHaveTextContent('Waiting for Lane 1: Wes Waiting'));
    const lane2 = screen.getByRole('region', { name: 'Lane 2 · 1 of 1' });
    expect(within(lane2).getByText(/^Waiting for Lane 2:/).parentElement).toHaveTextContent('Waiting for Lane 2: Sam Swimmer (moving from Lane 1)');
    expect(within(screen.getByRole('region', { name: 'Lane 3 · 0 going' })).queryByText(/^Waiting for/)).toBeNull();
  });
});

/** What a submitted sheet says of one person, in words: 'Present' or 'Absent'. */
function attendedOf(name: string): string | null {
  const row = screen.getByRole('link', { name }).closest('li')!;
  return within(row).getByText(/^(Present|Absent)$/).textContent;
}

describe('attendance', () => {
  it('before the start shows when attendance opens instead of the checkboxes', async () => {
    const api = setup({ [DETAIL]: detail(), [ATTENDANCE]: open }, exec());
    expect(await screen.findByText('Attendance opens at 6:15 PM on Monday, June 1, 2099, when the workout starts.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Attendance' })).toBeNull();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('puts what the frame hands in (the duty holders) on the sheet once attendance opens, not before', async () => {
    const sheet = (id: number) => <p>Duty holders of {id}</p>;
    answerRoutes({ [DETAIL]: detail(), [ATTENDANCE]: open }, { user: exec() });
    const before = renderAt('/workout/7', '/workout/:id', <WorkoutDetailPage sheetExtras={sheet} />, { user: exec() });
    expect(await screen.findByText(/^Attendance opens at/)).toBeInTheDocument();
    expect(screen.queryByText('Duty holders of 7')).toBeNull();
    before.unmount();
    answerRoutes({ [DETAIL]: started, [ATTENDANCE]: open }, { user: exec() });
    renderAt('/workout/7', '/workout/:id', <WorkoutDetailPage sheetExtras={sheet} />, { user: exec() });
    const extra = await screen.findByText('Duty holders of 7');
    expect(extra.closest('section')).toHaveAttribute('id', 'attendance');
  });

  it('lets an exec tick who came and submit once; then it is locked', async () => {
    let record = open;
    const api = setup(
      {
        [DETAIL]: started,
        [ATTENDANCE]: () => record,
        'POST /forum/workouts/7/attendance': ({ body }) => {
          record = { attendance: body!.attendanceData, submitted: true, submitted_by: 'Erin Exec', submitted_at: Date.UTC(2026, 2, 3, 12) };
          return { ...record, message: 'Attendance submitted' };
        },
      },
      exec(),
    );
    const sam = await screen.findByRole('checkbox', { name: /Present.*Sam Swimmer/ });
    await waitFor(() => expect(sam).toBeEnabled());
    await userEvent.click(sam);
    await userEvent.click(screen.getByRole('button', { name: 'Submit Attendance' }));
    // It asks first, naming who will be counted absent; nothing is sent before the answer.
    const dialog = await screen.findByRole('dialog', { name: 'Submit attendance?' });
    expect(dialog).toHaveTextContent('1 of 2 present.');
    expect(within(dialog).getByRole('list')).toHaveTextContent('Ria Runner');
    expect(within(dialog).getByRole('list')).not.toHaveTextContent('Sam Swimmer');
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Attendance' }));
    expect(await screen.findByText('Attendance Submitted - Cannot be Modified')).toBeInTheDocument();
    expect(api.calls.find((c) => c.method === 'POST')!.body).toEqual({ attendanceData: { 11: true, 12: false } });
    // Locked: each person reads Present or Absent in words, with nothing left to tick.
    expect(attendedOf('Sam Swimmer')).toBe('Present');
    expect(attendedOf('Ria Runner')).toBe('Absent');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Attendance' })).toBeNull();
    expect(screen.getByText(/Submitted by Erin Exec on /)).toHaveTextContent('1 of 2 present');
  });

  it('shows a submitted record locked, with its stored ticks', async () => {
    setup(
      {
        [DETAIL]: started,
        [ATTENDANCE]: { attendance: { 11: false, 12: true }, submitted: true, submitted_by: 'Alex Admin', submitted_at: Date.UTC(2026, 2, 3, 12) },
      },
      exec(),
    );
    expect(await screen.findByText('Attendance Submitted - Cannot be Modified')).toBeInTheDocument();
    expect(attendedOf('Ria Runner')).toBe('Present');
    expect(attendedOf('Sam Swimmer')).toBe('Absent');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Attendance' })).toBeNull();
  });

  it("shows the winner's record after a 409", async () => {
    setup(
      {
        [DETAIL]: started,
        [ATTENDANCE]: open,
        'POST /forum/workouts/7/attendance': jsonReply(
          { error: 'Attendance was already submitted', attendance: { 11: true, 12: true }, submitted: true, submitted_by: 'Alex Admin', submitted_at: Date.UTC(2026, 2, 3, 12) },
          409,
        ),
      },
      exec(),
    );
    const submit = await screen.findByRole('button', { name: 'Submit Attendance' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await confirmAttendance();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Already submitted by Alex Admin on [A-Z][a-z]{2} \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M/);
    expect(screen.getByText('Attendance Submitted - Cannot be Modified')).toBeInTheDocument();
    expect(attendedOf('Ria Runner')).toBe('Present');
  });

  it('shows a refusal in the server\'s words; offline, the ticks are kept as not yet synced', async () => {
    let fail: 'refuse' | 'network' = 'refuse';
    setup(
      {
        [DETAIL]: started,
        [ATTENDANCE]: open,
        'POST /forum/workouts/7/attendance': () => {
          if (fail === 'network') return 'network-error';
          return jsonReply({ error: 'attendanceData must map user ids to true or false' }, 400);
        },
      },
      exec(),
    );
    const submit = await screen.findByRole('button', { name: 'Submit Attendance' });
    await waitFor(() => expect(submit).toBeEnabled());
    await userEvent.click(submit);
    await confirmAttendance();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^attendanceData must map user ids to true or false$/);
    fail = 'network';
    await userEvent.click(screen.getByRole('checkbox', { name: /Present.*Ria Runner/ }));
    await userEvent.click(submit);
    await confirmAttendance();
    expect(await screen.findByText('Saved on this device — not yet synced')).toBeInTheDocument();
    expect(attendedOf('Ria Runner')).toBe('Present');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Submit Attendance' })).toBeNull();
  });
});

describe('local comments', () => {
  it('stores comments on the device only, trimmed, and refuses empty or over-long ones', async () => {
    const api = setup({ [DETAIL]: detail() });
    await screen.findByRole('heading', { level: 1, name: 'Masters swim' });
    const box = await screen.findByLabelText('Add a comment');
    expect(await screen.findByText('No comments yet.')).toBeInTheDocument();
    await userEvent.type(box, 'Hi');
    expect(screen.getByText('2/500')).toBeInTheDocument();
    await userEvent.clear(box);
    expect(screen.getByText('0/500')).toBeInTheDocument();

    // Said next to the box, and read with it.
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Please write a comment before posting.')).toHaveClass('field-error');
    expect(box).toHaveAccessibleDescription(/^Please write a comment before posting\./);

    fireEvent.change(box, { target: { value: 'y'.repeat(501) } });
    expect(screen.getByText('501/500')).toHaveClass('field-hint--bad');
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Comments can be at most 500 characters.')).toHaveClass('field-error');
    expect(box).toHaveAccessibleDescription(/^Comments can be at most 500 characters\./);

    fireEvent.change(box, { target: { value: '  See you at the pool!  ' } });
    expect(screen.getByText('24/500')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('See you at the pool!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Comments (1)' })).toBeInTheDocument();
    expect(box).toHaveValue('');
    // The emptied box is ready for the next one, not complained about.
    expect(screen.queryByText('Please write a comment before posting.')).not.toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-invalid');

    // The count follows the typing, from the first key on.
    await userEvent.type(box, 'Lane 3');
    expect(screen.getByText('6/500')).toBeInTheDocument();

    const stored = await commentsDb.comments.toArray();
    expect(stored).toEqual([expect.objectContaining({ postId: 7, user_name: 'Morgan Member', content: 'See you at the pool!' })]);
    expect(api.calls.some((c) => JSON.stringify(c.body ?? '').includes('pool') || c.path.includes('comment'))).toBe(false);
  });
});

describe('taking attendance in a few taps', () => {
  const twelve = Array.from({ length: 12 }, (_, i) => signup(100 + i, `Swimmer ${String.fromCharCode(65 + i)}`));
  const session = detail({
    workout: workout({ id: 7, title: 'Masters swim', workout_type: 'swim', capacity: 12, signupCount: 12, workout_date: '2020-03-03', workout_time: '07:00' }),
    signups: twelve,
    waitlist: [],
  });

  it('starts from All present, toggles a row by its name with a live count, and names the absent before submitting', async () => {
    const api = setup(
      {
        [DETAIL]: session,
        [ATTENDANCE]: open,
        'POST /forum/workouts/7/attendance': ({ body }) => ({
          attendance: body!.attendanceData,
          submitted: true,
          submitted_by: 'Erin Exec',
          submitted_at: Date.UTC(2026, 2, 3, 12),
          message: 'Attendance submitted',
        }),
      },
      exec(),
      '/workout/7?take=attendance',
    );
    const heading = await screen.findByRole('heading', { name: "Who's Coming (12/12)" });
    await waitFor(() => expect(heading).toHaveFocus());
    const all = screen.getByRole('button', { name: 'All present' });
    await waitFor(() => expect(all).toBeEnabled());
    // The names are toggles while attendance is taken, not links.
    expect(screen.queryByRole('link', { name: 'Swimmer C' })).toBeNull();
    await userEvent.click(all);
    expect(screen.getByText(/of 12 present/, { selector: '.forum-take__count' })).toHaveTextContent('12 of 12 present');
    await userEvent.click(screen.getByText('Swimmer C'));
    await userEvent.click(screen.getByText('Swimmer H'));
    expect(screen.getByRole('checkbox', { name: 'Present: Swimmer C' })).not.toBeChecked();
    expect(screen.getByText(/of 12 present/, { selector: '.forum-take__count' })).toHaveTextContent('10 of 12 present');
    // Tapping a name again brings the member back.
    await userEvent.click(screen.getByText('Swimmer H'));
    await userEvent.click(screen.getByText('Swimmer H'));
    await userEvent.click(screen.getByRole('button', { name: 'Submit Attendance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Submit attendance?' });
    expect(dialog).toHaveTextContent('10 of 12 present.');
    expect(within(dialog).getByRole('list')).toHaveTextContent('Swimmer CSwimmer H');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit Attendance' }));
    expect(await screen.findByText('Attendance Submitted - Cannot be Modified')).toBeInTheDocument();
    const sent = api.calls.find((c) => c.method === 'POST')!.body as { attendanceData: Record<string, boolean> };
    expect(Object.values(sent.attendanceData).filter(Boolean)).toHaveLength(10);
    expect(sent.attendanceData).toMatchObject({ 102: false, 107: false, 100: true });
    // Locked: the names lead to each member's attendance history again.
    expect(screen.getByRole('link', { name: 'Swimmer C' })).toHaveAttribute('href', '/attendance/members/102');
  });
});
