import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { clubToday } from '../domain/clock';
import { apiToken, confirmAttendance, createMember, createMemberWithToken, DEMO, expectNoAxeViolations, inDays, openTestDb, screenshots, signIn, type TestMember } from './support';

// Poolside on first use: a fresh install (new browser context, service worker allowed) that was
// online once has what its person will open next, the offline set, and every screen's code. Nothing
// here opens the workout page online first, and nothing reloads the page for the service worker.
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
test.slow();

const CLUB_ZONE = 'America/Toronto';
const UNSYNCED = 'Saved on this device — not yet synced';

async function post(request: APIRequestContext, token: string, path: string, data?: unknown) {
  const res = await request.post(`/api${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

function count(sql: string, ...args: unknown[]): number {
  const db = openTestDb();
  const row = db.prepare(sql).get(...args) as { n: number };
  db.close();
  return row.n;
}

/** The club's wall-clock time half an hour ago ('HH:MM'), or midnight early in the club's day. */
function startedTime(now = Date.now()): string {
  const earlier = now - 30 * 60_000;
  if (clubToday(earlier, CLUB_ZONE) !== clubToday(now, CLUB_ZONE)) return '00:00';
  return new Intl.DateTimeFormat('en-GB', { timeZone: CLUB_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(earlier);
}

/** A workout posted by the demo exec, `days` ahead, with these members signed up. */
async function workoutWith(request: APIRequestContext, title: string, days: number, swimmers: TestMember[]) {
  const exec = await apiToken(request, DEMO.exec);
  const { post: workout } = await post(request, exec, '/forum/posts', {
    type: 'workout',
    title,
    workoutType: 'swim',
    workoutDate: inDays(days),
    workoutTime: '07:00',
    content: 'Lanes by pace.',
    capacity: 5,
  });
  for (const s of swimmers) await post(request, await apiToken(request, s), `/forum/workouts/${workout.id}/signup`, { signedUp: true });
  return workout as { id: number; title: string };
}

/** Today's session at the pool, started half an hour ago, with two swimmers signed up. */
async function startedToday(request: APIRequestContext, title: string) {
  const swimmers = [await createMember(request, 'Ava Present'), await createMember(request, 'Bo Absent')];
  const workout = await workoutWith(request, title, 3, swimmers);
  const db = openTestDb();
  db.prepare('update posts set workout_date = ?, workout_time = ? where id = ?').run(clubToday(Date.now(), CLUB_ZONE), startedTime(), workout.id);
  db.close();
  return workout;
}

/** A fresh install: a new context, signed in through the form (it lands on Home). */
async function freshInstall(browser: Browser, account: TestMember): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, account);
  return { context, page };
}

/** The service worker has precached the app and controls this very page (no reload). */
async function serviceWorkerInCharge(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The offline set is in the user's copy on the device (club-queries), as the persister wrote it. */
async function offlineSetKept(page: Page, userId: number): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(async (id) => {
          // Never creates the database: an empty one would stand in the app's way.
          const db = await new Promise<IDBDatabase | null>((resolve) => {
            const open = indexedDB.open('club-queries');
            open.onupgradeneeded = () => open.transaction?.abort();
            open.onsuccess = () => resolve(open.result);
            open.onerror = () => resolve(null);
          });
          if (!db) return false;
          try {
            if (!db.objectStoreNames.contains('clients')) return false;
            const row = await new Promise<{ client?: { clientState?: { queries?: { queryKey: unknown }[] } } } | undefined>((resolve) => {
              const get = db.transaction('clients').objectStore('clients').get(id);
              get.onsuccess = () => resolve(get.result);
              get.onerror = () => resolve(undefined);
            });
            return (row?.client?.clientState?.queries ?? []).some((q) => JSON.stringify(q.queryKey) === '["offline-set"]');
          } finally {
            db.close();
          }
        }, userId),
      { timeout: 20_000 },
    )
    .toBe(true);
}

/** Ticks Ava present, submits offline, and checks it waits on the device. */
async function takeAttendanceOffline(page: Page, workoutId: number): Promise<void> {
  await expect(page.getByRole('heading', { name: "Who's Coming (2/5)" })).toBeVisible();
  await page.getByRole('checkbox', { name: /Present.*Ava Present/ }).check();
  await page.getByRole('button', { name: 'Submit Attendance' }).click();
  await expect(page.getByRole('dialog', { name: 'Submit attendance?' })).toContainText('Bo Absent');
  await confirmAttendance(page);
  await expect(page.getByText(UNSYNCED)).toBeVisible();
  expect(count('select count(*) n from attendance_submissions where post_id = ?', workoutId)).toBe(0);
}

/** Back online: the attendance reaches the club exactly once (one submission, one key, two marks). */
async function syncedOnce(page: Page, context: BrowserContext, workoutId: number, execId: number): Promise<void> {
  await context.setOffline(false);
  await expect(page.getByText('Attendance Submitted - Cannot be Modified')).toBeVisible();
  await expect(page.getByRole('link', { name: 'All synced' })).toBeVisible();
  expect(count('select count(*) n from attendance_submissions where post_id = ?', workoutId)).toBe(1);
  expect(count('select count(*) n from attendance_records where post_id = ? and present = 1', workoutId)).toBe(1);
  expect(count('select count(*) n from attendance_records where post_id = ? and present = 0', workoutId)).toBe(1);
  expect(count('select count(*) n from idempotency_keys where user_id = ?', execId)).toBe(1);
}

test('an exec signs in, glances at the forum, and takes attendance from the card with no signal; it reaches the club once', async ({
  browser,
  request,
}) => {
  const exec = await createMember(request, 'Pia Poolside', { role: 'exec' });
  const workout = await startedToday(request, `Dawn swim ${Date.now().toString(36)}`);
  const { context, page } = await freshInstall(browser, exec);
  await serviceWorkerInCharge(page);
  await offlineSetKept(page, exec.id);

  await page.getByRole('navigation').getByRole('link', { name: 'Forum' }).first().click();
  const card = page.getByRole('article', { name: workout.title });
  await expect(card.getByRole('link', { name: /Take attendance/ })).toBeVisible();

  await context.setOffline(true);
  await card.getByRole('link', { name: /Take attendance/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: workout.title })).toBeVisible();
  await expect(page.getByText(/Offline — showing what was saved on this device/)).toBeVisible();
  await expect(page.locator('#attendance').getByText(/^Saved (just now|\d+ min ago)$/)).toBeVisible();
  await screenshots(page, 'poolside-roster-offline');
  await expectNoAxeViolations(page);
  await takeAttendanceOffline(page, workout.id);

  await syncedOnce(page, context, workout.id, exec.id);
  await context.close();
});

test('an exec signs in and stays on Home; the app reopened with no signal opens the forum and takes attendance', async ({
  browser,
  request,
}) => {
  const exec = await createMember(request, 'Hal Home', { role: 'exec' });
  const workout = await startedToday(request, `Noon swim ${Date.now().toString(36)}`);
  const { context, page } = await freshInstall(browser, exec);
  await expect(page.getByRole('region', { name: 'My week' })).toBeVisible();
  await serviceWorkerInCharge(page);
  await offlineSetKept(page, exec.id);

  // Closed and opened again at the pool: no network, a screen whose code this install never loaded.
  await context.setOffline(true);
  await page.close();
  const reopened = await context.newPage();
  await reopened.goto('/');
  await expect(reopened.getByRole('region', { name: 'My week' })).toBeVisible();
  await reopened.getByRole('navigation').getByRole('link', { name: 'Forum' }).first().click();
  await expect(reopened.getByText(/Offline — showing what was saved on this device/)).toBeVisible();
  const card = reopened.getByRole('article', { name: workout.title });
  await card.getByRole('link', { name: /Take attendance/ }).click();
  await expect(reopened.getByRole('heading', { level: 1, name: workout.title })).toBeVisible();
  await takeAttendanceOffline(reopened, workout.id);

  await syncedOnce(reopened, context, workout.id, exec.id);
  await context.close();
});

test('a member opens offline a workout page never opened before; one further ahead says so and offers the forum', async ({
  browser,
  request,
}) => {
  const member = await createMember(request, 'Mo Member');
  const swimmer = await createMemberWithToken(request, 'Sia Swimmer');
  const soon = await workoutWith(request, `Thursday swim ${Date.now().toString(36)}`, 2, [swimmer]);
  const later = await workoutWith(request, `Next month swim ${Date.now().toString(36)}`, 20, []);
  const { context, page } = await freshInstall(browser, member);
  await serviceWorkerInCharge(page);
  await offlineSetKept(page, member.id);

  await context.setOffline(true);
  await page.goto(`/workout/${soon.id}`);
  await expect(page.getByRole('heading', { level: 1, name: soon.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Who's Coming (1/5)" })).toBeVisible();
  await expect(page.getByText('Sia Swimmer')).toBeVisible();
  await expect(page.getByText(/Offline — showing what was saved on this device/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeEnabled();

  await page.goto(`/workout/${later.id}`);
  await expect(page.getByText('This workout was not saved on this device.')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await screenshots(page, 'poolside-not-saved');
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Open the forum' }).click();
  await expect(page.getByRole('article', { name: soon.title })).toBeVisible();
  await context.close();
});

test('with no service worker, a part of the workout page whose code never arrives says so in its place; the roster still takes attendance, and the part shows once it can load', async ({
  browser,
  request,
}) => {
  const exec = await createMember(request, 'Nia Nocache', { role: 'exec' });
  const workout = await startedToday(request, `Lunch swim ${Date.now().toString(36)}`);
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The safety list's code is lost on the way, as when the signal drops while the page loads.
  const safetyCode = /\/assets\/roster-safety-[^/]*\.js$/;
  await context.route(safetyCode, (route) => route.abort('internetdisconnected'));
  await signIn(page, exec);
  await page.goto(`/workout/${workout.id}`);

  await expect(page.getByRole('heading', { level: 1, name: workout.title })).toBeVisible();
  const missing = page.getByRole('region', { name: 'The safety list' });
  await expect(missing.getByRole('alert')).toHaveText('The safety list could not be shown. Try again');
  await screenshots(page, 'section-not-loaded');
  await expectNoAxeViolations(page);
  await page.getByRole('checkbox', { name: /Present.*Ava Present/ }).check();
  await page.getByRole('button', { name: 'Submit Attendance' }).click();
  await confirmAttendance(page);
  await expect(page.getByText('Attendance Submitted - Cannot be Modified')).toBeVisible();

  await context.unroute(safetyCode);
  await missing.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('region', { name: 'Safety', exact: true })).toBeVisible();
  await expect(missing).toHaveCount(0);
  await context.close();
});
