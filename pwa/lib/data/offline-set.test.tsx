import 'fake-indexeddb/auto';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceRecord, WorkoutDetailAnswer } from '../../../domain/contract/training/forum';
import type { OfflineSetAnswer } from '../../../domain/contract/offline-set';
import { QueryLayer } from '../../app/members/query-layer';
import { event, exec, member, workout } from '../../features/forum/test-handlers';
import { race } from '../../features/races/test-handlers';
import { WorkoutDetailPage } from '../../features/forum/workouts/workout-detail-page';
import { resetDevice } from '../../test-device';
import { renderAt } from '../../test-providers';
import { answerApi, answerRoutes } from '../../test-server';
import { storeSession, testUser } from '../../test-support';
import { SessionProvider, useSession } from '../session/session';
import { OFFLINE_SET_EVERY_MS, keepOfflineSet, offlineSetKey, seedOfflineSet } from './offline-set';
import { forumKeys, myWeekKey } from './keys/post-keys';
import { createQueryClient } from './query-client';
import { devicePersister } from './query-persister';
import { notifyWritten } from '../offline/outbox-store';
import { raceKeys } from './keys/race-keys';

const SET_PATH = 'GET /offline-set';

/** A workout that has started (attendance is open), with two swimmers signed up. */
function startedDetail(title = 'Dawn swim'): WorkoutDetailAnswer {
  return {
    workout: workout({ id: 7, title, workout_type: 'swim', workout_date: '2026-03-02', workout_time: '06:00', capacity: 8, signupCount: 2 }),
    signups: [
      { id: 110, user_id: 11, user_name: 'Sam Swimmer', signup_time: Date.UTC(2026, 2, 1), userProfilePictureUrl: null },
      { id: 120, user_id: 12, user_name: 'Ria Runner', signup_time: Date.UTC(2026, 2, 1), userProfilePictureUrl: null },
    ],
    waitlist: [],
  };
}
const openRecord: AttendanceRecord = { attendance: {}, submitted: false, submitted_by: null, submitted_at: null };

function aSet(title = 'Dawn swim'): OfflineSetAnswer {
  const detail = startedDetail(title);
  return {
    workouts: { posts: [detail.workout] },
    events: { posts: [event({ id: 50 })] },
    week: {
      items: [],
      standing: { term: { key: 'winter-2026', label: 'Winter 2026' }, absencesThisTerm: 0, suspendedUntil: null, expiryDate: null, expiresInDays: null, renewSoon: false },
    },
    races: { races: [race({ id: 3, name: 'Harbour Tri' }), race({ id: 4, name: 'Lake Sprint', isSignedUp: true, distances: ['Sprint'] })] },
    workoutDetails: [detail],
    eventDetails: [{ event: event({ id: 50 }), rsvps: [] }],
    attendance: [{ workoutId: 7, record: openRecord }],
  };
}

/** The data layer as the app mounts it (persisted, keeping the offline set), with nothing on screen. */
function DataLayer({ client, children }: { client: QueryClient; children?: React.ReactNode }) {
  return (
    <SessionProvider>
      <QueryLayer client={client}>{children ?? null}</QueryLayer>
    </SessionProvider>
  );
}

function LogoutButton() {
  const { signOut } = useSession();
  return (
    <button type="button" onClick={() => void signOut()}>
      Log out
    </button>
  );
}

/** The user's copy as the persister wrote it to the device: its query keys. */
async function keptKeys(userId: number): Promise<string[]> {
  const persisted = await devicePersister(userId).restoreClient();
  return (persisted?.clientState.queries ?? []).map((q) => JSON.stringify(q.queryKey));
}

beforeEach(async () => {
  await resetDevice();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  delete (navigator as { connection?: unknown }).connection;
});

describe('the offline set', () => {
  it('puts each part under the key its screen reads, and the device keeps them with no screen open', async () => {
    const user = exec();
    storeSession(user);
    const api = answerRoutes({ [SET_PATH]: aSet() }, { user });
    const client = createQueryClient();
    render(<DataLayer client={client} />);

    await waitFor(() => expect(client.getQueryData(offlineSetKey)).toBeDefined());
    expect(api.to(SET_PATH)).toHaveLength(1);
    const set = aSet();
    expect(client.getQueryData(forumKeys.workouts())).toEqual(set.workouts);
    expect(client.getQueryData(forumKeys.events())).toEqual(set.events);
    expect(client.getQueryData(myWeekKey)).toEqual(set.week);
    expect(client.getQueryData(raceKeys.list())).toEqual(set.races);
    // The page of a race the member goes to, not of the others.
    expect(client.getQueryData(raceKeys.detail('4'))).toEqual({ race: set.races.races[1], signups: [], isSignedUp: true });
    expect(client.getQueryData(raceKeys.detail('3'))).toBeUndefined();
    expect(client.getQueryData(forumKeys.workout(7))).toEqual(set.workoutDetails[0]);
    expect(client.getQueryData(forumKeys.event(50))).toEqual(set.eventDetails[0]);
    expect(client.getQueryData(forumKeys.attendance(7))).toEqual(openRecord);

    // Not garbage-collected before the persister wrote them: on the device, though no screen read them.
    await waitFor(async () =>
      expect(await keptKeys(user.id)).toEqual(
        expect.arrayContaining(
          [forumKeys.workouts(), forumKeys.events(), myWeekKey, raceKeys.list(), forumKeys.workout(7), forumKeys.event(50), forumKeys.attendance(7), offlineSetKey].map((k) =>
            JSON.stringify(k),
          ),
        ),
      ),
    );
  });

  it('opens offline a workout page never opened before, roster and attendance included, and says how old it is', async () => {
    const user = exec();
    storeSession(user);
    answerRoutes({ [SET_PATH]: aSet() }, { user });
    const client = createQueryClient();
    const first = render(<DataLayer client={client} />);
    await waitFor(async () => expect(await keptKeys(user.id)).toContain(JSON.stringify(offlineSetKey)));
    first.unmount();

    // The app opened again with no network: a fresh cache, restored from the device.
    answerApi(() => 'network-error');
    renderAt('/workout/7?take=attendance', '/workout/:id', <WorkoutDetailPage />, { user });
    expect(await screen.findByRole('heading', { level: 1, name: 'Dawn swim' })).toBeInTheDocument();
    expect(await screen.findByText(/Offline — showing what was saved on this device/)).toBeInTheDocument();
    expect(screen.getByText('Saved just now')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Present: Sam Swimmer' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Submit Attendance' })).toBeEnabled();
  });

  it('reads the set at most once per interval for an account, and again after it', async () => {
    storeSession(member());
    const api = answerRoutes({ [SET_PATH]: aSet() });
    const client = createQueryClient();
    const start = Date.now();
    const now = vi.spyOn(Date, 'now').mockReturnValue(start);

    expect(await keepOfflineSet(client)).toBe('kept');
    now.mockReturnValue(start + OFFLINE_SET_EVERY_MS - 1);
    expect(await keepOfflineSet(client)).toBe('recent');
    expect(api.to(SET_PATH)).toHaveLength(1);

    now.mockReturnValue(start + OFFLINE_SET_EVERY_MS);
    expect(await keepOfflineSet(client)).toBe('kept');
    expect(api.to(SET_PATH)).toHaveLength(2);
    expect(client.getQueryState(forumKeys.workout(7))?.dataUpdatedAt).toBe(start + OFFLINE_SET_EVERY_MS);
  });

  it('reads one set at a time, however many occasions come at once', async () => {
    storeSession(member());
    const api = answerRoutes({ [SET_PATH]: aSet() });
    const client = createQueryClient();
    const outcomes = await Promise.all([keepOfflineSet(client), keepOfflineSet(client), keepOfflineSet(client)]);
    expect(outcomes).toEqual(['kept', 'kept', 'kept']);
    expect(api.to(SET_PATH)).toHaveLength(1);
  });

  it('reads again when the app comes to the front or back online, once the interval has passed', async () => {
    const user = member();
    storeSession(user);
    const api = answerRoutes({ [SET_PATH]: aSet() }, { user });
    const client = createQueryClient();
    render(<DataLayer client={client} />);
    await waitFor(() => expect(api.to(SET_PATH)).toHaveLength(1));

    act(() => document.dispatchEvent(new Event('visibilitychange')));
    act(() => window.dispatchEvent(new Event('online')));
    await new Promise((r) => setTimeout(r, 30));
    expect(api.to(SET_PATH)).toHaveLength(1);

    vi.spyOn(Date, 'now').mockReturnValue(Date.now() + OFFLINE_SET_EVERY_MS);
    act(() => document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(api.to(SET_PATH)).toHaveLength(2));
    act(() => window.dispatchEvent(new Event('online')));
    await new Promise((r) => setTimeout(r, 30));
    expect(api.to(SET_PATH)).toHaveLength(2);
  });

  it('is per account: another member gets their own at once, and the first finds theirs kept', async () => {
    const ada = testUser('member', { id: 21, name: 'Ada' });
    const bo = testUser('member', { id: 22, name: 'Bo' });
    const api = answerRoutes({ [SET_PATH]: ({ headers }) => aSet(headers.authorization === 'Bearer ada-token' ? 'Ada’s swim' : 'Bo’s swim') });
    const client = createQueryClient();

    storeSession(ada, 'ada-token');
    const first = render(<DataLayer client={client} />);
    await waitFor(async () => expect(await keptKeys(ada.id)).toContain(JSON.stringify(offlineSetKey)));
    first.unmount();

    // Bo signs in on the same device a minute later: his own set, none of Ada's.
    storeSession(bo, 'bo-token');
    const second = render(<DataLayer client={client} />);
    await waitFor(() => expect(api.to(SET_PATH)).toHaveLength(2));
    await waitFor(() => expect(client.getQueryData<WorkoutDetailAnswer>(forumKeys.workout(7))?.workout.title).toBe('Bo’s swim'));
    second.unmount();

    // Ada again: her copy comes back from the device, kept a moment ago, so nothing is read.
    storeSession(ada, 'ada-token');
    const adaAgain = createQueryClient();
    render(<DataLayer client={adaAgain} />);
    await waitFor(() => expect(adaAgain.getQueryData<WorkoutDetailAnswer>(forumKeys.workout(7))?.workout.title).toBe('Ada’s swim'));
    await new Promise((r) => setTimeout(r, 30));
    expect(api.to(SET_PATH)).toHaveLength(2);
  });

  it('goes at logout with the rest of the account’s copy', async () => {
    const user = member();
    storeSession(user);
    answerRoutes({ [SET_PATH]: aSet() }, { user });
    const client = createQueryClient();
    render(
      <DataLayer client={client}>
        <LogoutButton />
      </DataLayer>,
    );
    await waitFor(async () => expect(await keptKeys(user.id)).toContain(JSON.stringify(offlineSetKey)));
    await userEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(client.getQueryData(offlineSetKey)).toBeUndefined());
    await waitFor(async () => expect(await keptKeys(user.id)).toEqual([]));
  });

  it('is not read for a pending account, with the browser saving data, or offline', async () => {
    const api = answerRoutes({ [SET_PATH]: aSet() });
    storeSession(testUser('pending', { id: 30 }));
    render(<DataLayer client={createQueryClient()} />);
    await new Promise((r) => setTimeout(r, 50));
    cleanup();

    storeSession(member());
    Object.defineProperty(navigator, 'connection', { value: { saveData: true }, configurable: true });
    expect(await keepOfflineSet(createQueryClient())).toBe('save-data');
    delete (navigator as { connection?: unknown }).connection;

    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await keepOfflineSet(createQueryClient())).toBe('offline');
    expect(api.to(SET_PATH)).toHaveLength(0);
  });

  it('drops a set that was on its way while a write of the member reached the club, and reads again next time', async () => {
    storeSession(exec());
    let answer: (() => void) | null = null;
    const api = answerRoutes({
      [SET_PATH]: () =>
        new Promise<OfflineSetAnswer>((resolve) => {
          answer = () => resolve(aSet());
        }),
    });
    const client = createQueryClient();
    const submitted: AttendanceRecord = { attendance: { '11': true, '12': false }, submitted: true, submitted_by: 'Erin Exec', submitted_at: 5 };
    client.setQueryData(forumKeys.attendance(7), submitted, { updatedAt: 1 });
    const keeping = keepOfflineSet(client);
    await waitFor(() => expect(answer).not.toBeNull());
    // The replayed attendance is answered while the set is on its way; the set was built before it.
    notifyWritten({ kind: 'attendance', workoutId: 7, attendanceData: { '11': true, '12': false } }, { message: 'Attendance submitted', ...submitted }, true);
    answer!();
    expect(await keeping).toBe('superseded');
    expect(client.getQueryData(forumKeys.attendance(7))).toBe(submitted);
    expect(client.getQueryData(offlineSetKey)).toBeUndefined();

    answer = null;
    const again = keepOfflineSet(client);
    await waitFor(() => expect(answer).not.toBeNull());
    answer!();
    expect(await again).toBe('kept');
    expect(api.to(SET_PATH)).toHaveLength(2);
  });

  it('leaves a copy read after the set was asked for as it is', () => {
    const client = createQueryClient();
    const askedAt = 1_000;
    const newer = { posts: [workout({ id: 7, title: 'Renamed since' })] };
    client.setQueryData(forumKeys.workouts(), newer, { updatedAt: askedAt + 1 });
    client.setQueryData(forumKeys.events(), { posts: [] }, { updatedAt: askedAt - 1 });
    seedOfflineSet(client, aSet(), askedAt, 2_000);
    expect(client.getQueryData(forumKeys.workouts())).toBe(newer);
    expect(client.getQueryData(forumKeys.events())).toEqual(aSet().events);
    expect(client.getQueryState(forumKeys.events())?.dataUpdatedAt).toBe(2_000);
  });
});
