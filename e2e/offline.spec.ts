import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createMember, acceptCharterInDb, apiToken, confirmAttendance, DEMO, inDays, openTestDb, signIn, startWorkoutInDb, withServiceWorker } from './support';

// Offline first, in Chromium with the service worker on: public pages after one visit,
// and writes made offline that reach the server exactly once when the network returns.
test.use({ serviceWorkers: 'allow' });
test.slow();

async function post(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const res = await request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

async function newWorkout(request: APIRequestContext, title: string) {
  const token = await apiToken(request, DEMO.exec);
  const { post: workout } = await post(request, token, '/forum/posts', {
    type: 'workout',
    title,
    workoutType: 'swim',
    workoutDate: inDays(3),
    workoutTime: '07:00',
    content: 'Lanes by pace.',
    capacity: 5,
  });
  return workout as { id: number; title: string };
}

async function signedInPage(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

function count(sql: string, ...args: unknown[]): number {
  const db = openTestDb();
  const row = db.prepare(sql).get(...args) as { n: number };
  db.close();
  return row.n;
}

test('public pages render offline after one visit, reload included', async ({ page, context }) => {
  await page.goto('/');
  await withServiceWorker(page);
  await page.goto('/coaches-exec');
  await expect(page.getByText('Maya Chen')).toBeVisible();

  await context.setOffline(true);
  const pages: [string, RegExp][] = [
    ['/', /Swim\. Bike\. Run\./],
    ['/join-us', /Join Us/],
    ['/schedule', /Schedule/],
    ['/coaches-exec', /Coaches and Executive Team/],
    ['/faq', /Frequently Asked Questions/],
    ['/resources', /Resources/],
    ['/team-gear', /Team Gear/],
  ];
  for (const [path, heading] of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
  }
  await page.goto('/coaches-exec');
  await expect(page.getByText('Maya Chen')).toBeVisible();
  // The pages' own words, not only their headings: the charter on Join us and the timetable.
  await page.goto('/join-us');
  await expect(page.locator('#charter .charter-text')).toContainText('This charter sets out what members can expect');
  await page.goto('/schedule');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule');
  await expect(page.getByText('Swim practice').first()).toBeVisible();
  await context.setOffline(false);
});

test('a member RSVPs and signs up offline, reloads, and each reaches the server exactly once', async ({
  browser,
  request,
}) => {
  const member = await createMember(request, 'Olive Offline');
  const workout = await newWorkout(request, `Offline swim ${Date.now().toString(36)}`);
  const execToken = await apiToken(request, DEMO.exec);
  const { post: event } = await post(request, execToken, '/forum/posts', {
    type: 'event',
    title: `Offline social ${Date.now().toString(36)}`,
    eventDate: inDays(5),
    content: 'Snacks.',
  });

  const page = await signedInPage(browser, member);
  await page.goto('/forum?tab=events');
  await withServiceWorker(page);
  await expect(page.getByRole('heading', { name: event.title })).toBeVisible();
  await page.goto('/forum?tab=workouts');
  await expect(page.getByRole('heading', { name: workout.title })).toBeVisible();

  await page.context().setOffline(true);
  const indicator = page.locator('a.sync-indicator');
  await expect(indicator).toHaveText('Offline');

  const workoutCard = page.locator('article', { has: page.getByRole('heading', { name: workout.title }) });
  await workoutCard.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(workoutCard.getByText('Saved on this device — not yet synced')).toBeVisible();

  await page.getByRole('tab', { name: 'Events' }).click();
  const eventCard = page.locator('article', { has: page.getByRole('heading', { name: event.title }) });
  await eventCard.getByRole('button', { name: 'Going', exact: true }).click();
  await expect(eventCard.getByText('Saved on this device — not yet synced')).toBeVisible();
  await expect(indicator).toHaveText('Offline · 2 to sync');

  // The queued writes survive a reload with no network.
  await page.reload();
  await expect(page.getByText(/Offline — showing what was saved on this device/)).toBeVisible();
  await expect(eventCard.getByText('Saved on this device — not yet synced')).toBeVisible();
  await expect(indicator).toHaveText('Offline · 2 to sync');
  expect(count('select count(*) n from event_rsvps where post_id = ?', event.id)).toBe(0);

  await page.context().setOffline(false);
  await expect(indicator).toHaveText('All synced');
  await expect(eventCard.getByRole('button', { name: 'Going', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(eventCard.getByText('Saved on this device — not yet synced')).toHaveCount(0);

  const userId = count('select id n from users where email = ?', member.email);
  expect(
    count(
      "select count(*) n from event_rsvps where post_id = ? and user_id = ? and status = 'going'",
      event.id,
      userId,
    ),
  ).toBe(1);
  expect(
    count('select count(*) n from workout_signups where post_id = ? and user_id = ?', workout.id, userId),
  ).toBe(1);
  expect(count('select count(*) n from idempotency_keys where user_id = ?', userId)).toBe(2);
  await page.context().close();
});

test('an exec takes attendance poolside with no signal; it is stored and locked once back online', async ({
  browser,
  request,
}) => {
  acceptCharterInDb(DEMO.exec.email);
  const workout = await newWorkout(request, `Poolside ${Date.now().toString(36)}`);
  const swimmers = [await createMember(request, 'Ava Present'), await createMember(request, 'Bo Absent')];
  for (const s of swimmers)
    await post(request, await apiToken(request, s), `/forum/workouts/${workout.id}/signup`, {
      signedUp: true,
    });
  // The session has started: attendance is open.
  startWorkoutInDb(workout.id);

  const page = await signedInPage(browser, DEMO.exec);
  await page.goto(`/workout/${workout.id}`);
  await withServiceWorker(page);
  await expect(page.getByRole('heading', { name: "Who's Coming (2/5)" })).toBeVisible();

  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: workout.title })).toBeVisible();
  await page.getByRole('checkbox', { name: /Present.*Ava Present/ }).check();
  await page.getByRole('button', { name: 'Submit Attendance' }).click();
  await expect(page.getByRole('dialog', { name: 'Submit attendance?' })).toContainText('Bo Absent');
  await confirmAttendance(page);
  await expect(page.getByText('Saved on this device — not yet synced')).toBeVisible();
  expect(count('select count(*) n from attendance_submissions where post_id = ?', workout.id)).toBe(0);

  await page.context().setOffline(false);
  await expect(page.getByText('Attendance Submitted - Cannot be Modified')).toBeVisible();
  await expect(page.getByRole('link', { name: 'All synced' })).toBeVisible();
  expect(count('select count(*) n from attendance_submissions where post_id = ?', workout.id)).toBe(1);
  expect(
    count('select count(*) n from attendance_records where post_id = ? and present = 1', workout.id),
  ).toBe(1);
  expect(
    count('select count(*) n from attendance_records where post_id = ? and present = 0', workout.id),
  ).toBe(1);
  await page.context().close();
});

test('two execs submit attendance offline: the first to sync wins, the other sees the winner’s record', async ({
  browser,
  request,
}) => {
  acceptCharterInDb(DEMO.exec.email);
  const otherExec = await createMember(request, 'Rex Rival', { role: 'exec' });
  const workout = await newWorkout(request, `Contested ${Date.now().toString(36)}`);
  const swimmer = await createMember(request, 'Sia Swimmer');
  await post(request, await apiToken(request, swimmer), `/forum/workouts/${workout.id}/signup`, {
    signedUp: true,
  });
  startWorkoutInDb(workout.id);

  const first = await signedInPage(browser, DEMO.exec);
  const second = await signedInPage(browser, otherExec);
  for (const p of [first, second]) {
    await p.goto(`/workout/${workout.id}`);
    await withServiceWorker(p);
    await expect(p.getByRole('heading', { name: "Who's Coming (1/5)" })).toBeVisible();
    await p.context().setOffline(true);
  }
  await first.getByRole('checkbox', { name: /Present.*Sia Swimmer/ }).check();
  await first.getByRole('button', { name: 'Submit Attendance' }).click();
  await confirmAttendance(first);
  await second.getByRole('button', { name: 'Submit Attendance' }).click();
  await confirmAttendance(second);
  await expect(first.getByText('Saved on this device — not yet synced')).toBeVisible();
  await expect(second.getByText('Saved on this device — not yet synced')).toBeVisible();

  await first.context().setOffline(false);
  await expect(first.getByText('Attendance Submitted - Cannot be Modified')).toBeVisible();
  await second.context().setOffline(false);
  await expect(second.getByRole('link', { name: '1 needs attention' })).toBeVisible();
  await expect(second.getByText('Attendance Submitted - Cannot be Modified')).toBeVisible();
  await expect(second.getByRole('listitem').filter({ has: second.getByRole('link', { name: 'Sia Swimmer' }) })).toContainText('Present');
  await second.getByRole('link', { name: '1 needs attention' }).click();
  await expect(second.getByText(/The attendance on record was submitted by Erin Exec/)).toBeVisible();
  await second.getByRole('button', { name: 'Discard' }).click();
  await expect(second.getByRole('link', { name: 'All synced' })).toBeVisible();

  expect(count('select count(*) n from attendance_submissions where post_id = ?', workout.id)).toBe(1);
  expect(
    count(
      "select count(*) n from attendance_submissions s join users u on u.id = s.submitted_by where s.post_id = ? and u.email = 'exec@club.test'",
      workout.id,
    ),
  ).toBe(1);
  await first.context().close();
  await second.context().close();
});
