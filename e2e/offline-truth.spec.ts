import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { createMember, apiToken, DEMO, inDays, openTestDb, signIn, withServiceWorker } from './support';

// Offline truth, in Chromium with the service worker: one member's last choice wins across tabs, "Try
// again" after a refusal can succeed, and the sync page tells the truth when signed out.
test.use({ serviceWorkers: 'allow' });
test.slow();

const UNSYNCED = 'Saved on this device — not yet synced';

async function post(request: APIRequestContext, token: string, path: string, data?: unknown, method = 'post') {
  const res = await request.fetch(`/api${path}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

function one(sql: string, ...args: unknown[]): unknown {
  const db = openTestDb();
  const row = db.prepare(sql).get(...args) as Record<string, unknown> | undefined;
  db.close();
  return row ? Object.values(row)[0] : undefined;
}

async function signedInPage(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

test('two tabs of one member: a lost answer in the first, a direct choice in the second; the second wins', async ({
  browser,
  request,
}) => {
  const member = await createMember(request, 'Tess Tabs');
  const exec = await apiToken(request, DEMO.exec);
  const { post: event } = await post(request, exec, '/forum/posts', {
    type: 'event',
    title: `Two tabs social ${Date.now().toString(36)}`,
    eventDate: inDays(5),
    content: 'Snacks.',
  });
  const first = await signedInPage(browser, member);
  await first.goto(`/event/${event.id}`);
  await withServiceWorker(first);
  const second = await first.context().newPage();
  await second.goto(`/event/${event.id}`);
  await expect(second.getByRole('button', { name: 'Maybe', exact: true })).toBeVisible();

  // The first tab's Going reaches the server, but its answer is lost on the way back. Its retry (sent
  // at once) is held until the second tab has chosen, so the retry is still on its way when Maybe is
  // chosen, however fast the machine.
  let dropped = 0;
  let releaseRetries!: () => void;
  const retriesHeld = new Promise<void>((resolve) => (releaseRetries = resolve));
  await first.route(`**/api/forum/events/${event.id}/rsvp`, async (route) => {
    if (dropped > 0) {
      await retriesHeld;
      return route.continue();
    }
    dropped += 1;
    await route.fetch();
    await route.abort('connectionreset');
  });
  await first.getByRole('button', { name: 'Going', exact: true }).click();
  await expect(first.getByText(UNSYNCED).first()).toBeVisible();
  expect(one('select status from event_rsvps where post_id = ? and user_id = ?', event.id, member.id)).toBe('going');

  // The second tab chooses Maybe; the first tab's retry must not overwrite it.
  await second.getByRole('button', { name: 'Maybe', exact: true }).click();
  releaseRetries();
  await expect(second.locator('a.sync-indicator')).toHaveText('All synced', { timeout: 20_000 });
  await expect(first.locator('a.sync-indicator')).toHaveText('All synced', { timeout: 20_000 });
  await first.waitForTimeout(2500); // past the first tab's backoff: any stale retry would have landed
  expect(one('select status from event_rsvps where post_id = ? and user_id = ?', event.id, member.id)).toBe('maybe');
  await expect(second.getByRole('button', { name: 'Maybe', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await first.context().close();
});

function setSuspendedUntil(userId: number, until: number | null): void {
  const db = openTestDb();
  db.prepare('update users set suspended_until = ? where id = ?').run(until, userId);
  db.close();
}

test('“Try again” after a refusal sends a fresh key and signs up once the suspension is over', async ({ browser, request }) => {
  const member = await createMember(request, 'Rita Retry');
  const exec = await apiToken(request, DEMO.exec);
  const { post: workout } = await post(request, exec, '/forum/posts', {
    type: 'workout',
    title: `One lane ${Date.now().toString(36)}`,
    workoutType: 'swim',
    workoutDate: inDays(3),
    workoutTime: '07:00',
    content: 'One lane.',
    capacity: 1,
  });
  const page = await signedInPage(browser, member);
  await page.goto(`/workout/${workout.id}`);
  await withServiceWorker(page);
  // The workout is on screen (and kept on the device) before the network goes.
  await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
  await page.waitForTimeout(1500);
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText(UNSYNCED).first()).toBeVisible();

  // Meanwhile the member's sign-ups are suspended (a full workout no longer refuses: the sign-up waits in line).
  setSuspendedUntil(member.id, Date.now() + 24 * 3_600_000);
  await page.context().setOffline(false);
  await expect(page.locator('a.sync-indicator')).toHaveText('1 needs attention', { timeout: 20_000 });

  // The suspension is lifted.
  setSuspendedUntil(member.id, null);
  await page.goto('/sync');
  await expect(page.getByText(/suspended/i).first()).toBeVisible();
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.locator('a.sync-indicator')).toHaveText('All synced', { timeout: 20_000 });
  expect(one('select count(*) from workout_signups where post_id = ? and user_id = ?', workout.id, member.id)).toBe(1);
  expect(one('select count(*) from idempotency_keys where user_id = ?', member.id)).toBe(2);
  await page.context().close();
});

test('signed out with a change waiting: /login and /sync say so, never that it was sent; signing in sends it', async ({
  browser,
  request,
}) => {
  const member = await createMember(request, 'Sina Signedout');
  const exec = await apiToken(request, DEMO.exec);
  const { post: workout } = await post(request, exec, '/forum/posts', {
    type: 'workout',
    title: `Expired swim ${Date.now().toString(36)}`,
    workoutType: 'swim',
    workoutDate: inDays(3),
    workoutTime: '07:00',
    content: 'Lanes.',
    capacity: 5,
  });
  const page = await signedInPage(browser, member);
  await page.goto(`/workout/${workout.id}`);
  await withServiceWorker(page);
  // The workout is on screen (and kept on the device) before the network goes.
  await expect(page.getByRole('button', { name: 'Sign Up', exact: true })).toBeVisible();
  await page.waitForTimeout(1500);
  await page.context().setOffline(true);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(page.getByText(UNSYNCED).first()).toBeVisible();

  // The session ends while offline (the server no longer accepts the token).
  await page.evaluate(() => localStorage.setItem('token', 'no-longer-valid'));
  // The app is opened again once the network is back: left open, the page would meet the refused token
  // on its own when it reconnects (a refetch), and the reopened app would start signed out already.
  await page.goto('about:blank');
  await page.context().setOffline(false);
  await page.goto('/forum');
  await expect(page).toHaveURL(/\/login\?reason=session-expired/);
  const waiting = `One change saved on this device waits for ${member.name}’s account and has not reached the club yet. Sign in as ${member.name} to send it.`;
  await expect(page.getByText(waiting)).toBeVisible();

  await page.goto('/sync');
  await expect(page.getByText(waiting)).toBeVisible();
  await expect(page.getByText(/has reached the club|0 waiting/)).toHaveCount(0);
  expect(one('select count(*) from workout_signups where post_id = ? and user_id = ?', workout.id, member.id)).toBe(0);

  await signIn(page, member);
  await expect(page.locator('a.sync-indicator')).toHaveText('All synced', { timeout: 20_000 });
  expect(one('select count(*) from workout_signups where post_id = ? and user_id = ?', workout.id, member.id)).toBe(1);
  await page.context().close();
});
