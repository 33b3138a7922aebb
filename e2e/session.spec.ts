import { expect, test, type Page } from '@playwright/test';
import { DEMO, acceptCharterInDb, apiToken, openTestDb, screenshots, signIn } from './support';

// A shared phone: logging out by a full page load of /logout leaves nothing of the
// previous user on the device, even with a profile refresh still on its way; the next person who
// signs in on the same browser context sees nothing of them.

interface DeviceState {
  localStorage: Record<string, string>;
  sessionStorage: Record<string, string>;
  databases: { name: string; stores: Record<string, unknown[]> }[];
  caches: { name: string; urls: string[] }[];
}

/** Everything this origin keeps in the browser: web storage, every IndexedDB database and Cache Storage. */
function deviceState(page: Page): Promise<DeviceState> {
  return page.evaluate(async () => {
    const dump = (s: Storage) => Object.fromEntries(Object.keys(s).map((k) => [k, s.getItem(k) ?? '']));
    const databases = [];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const stores: Record<string, unknown[]> = {};
      for (const name of [...db.objectStoreNames]) {
        stores[name] = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(name).objectStore(name).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
      }
      db.close();
      databases.push({ name: info.name!, stores });
    }
    const cacheList = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      cacheList.push({ name, urls: (await cache.keys()).map((r) => new URL(r.url).pathname) });
    }
    return { localStorage: dump(localStorage), sessionStorage: dump(sessionStorage), databases, caches: cacheList };
  });
}

test('logout by a full page load leaves nothing of the user; the next one sees nothing of them', async ({ page, request }) => {
  test.slow();
  acceptCharterInDb(DEMO.member.email);
  acceptCharterInDb(DEMO.exec.email);
  const memberName = (openTestDb().prepare('select name from users where email = ?').get(DEMO.member.email) as { name: string }).name;

  // The member reads the forum and a workout (kept on the device for offline reading) and leaves a
  // comment that lives only on this device.
  await signIn(page, DEMO.member);
  await page.goto('/forum');
  const firstWorkout = page.locator('a[href^="/workout/"]').first();
  await expect(firstWorkout).toBeVisible();
  const workoutPath = (await firstWorkout.getAttribute('href'))!;
  await page.goto(workoutPath);
  await page.getByLabel('Add a comment').fill('Secret lane plan for Tuesday');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('Secret lane plan for Tuesday')).toBeVisible();
  // A picture the service worker would have kept (Cache Storage), put there by hand: the browser
  // tests run with the service worker blocked.
  await page.evaluate(async () => {
    const cache = await caches.open('uploads');
    await cache.put('/uploads/member-picture.webp', new Response('picture bytes', { headers: { 'content-type': 'image/webp' } }));
  });
  const before = await deviceState(page);
  expect(before.localStorage.user).toContain(DEMO.member.email);
  expect(JSON.stringify(before.databases)).toContain('Secret lane plan for Tuesday');
  const memberToken = before.localStorage.token!;

  // The profile refresh of the /logout page load is held back until after the logout finished.
  let releaseProfile: () => void = () => {};
  const profileHeld = new Promise<void>((resolve) => (releaseProfile = resolve));
  await page.route('**/api/auth/profile', async (route) => {
    await profileHeld;
    await route.continue().catch(() => {});
  });
  await page.goto('/logout');
  // Local comments are deleted with everything else: it asks first.
  await expect(page.getByRole('alert')).toContainText('one comment kept only on this device');
  await screenshots(page, 'session-logout-warning');
  await page.getByRole('button', { name: 'Log out anyway' }).click();
  await expect(page).toHaveURL(/\/login$/);
  releaseProfile();
  await page.waitForResponse('**/api/auth/profile').catch(() => {});
  await page.waitForTimeout(500);
  await page.unroute('**/api/auth/profile');

  const after = await deviceState(page);
  expect(after.localStorage).toEqual({});
  expect(after.sessionStorage).toEqual({});
  const leftovers = JSON.stringify(after.databases);
  expect(leftovers).not.toContain(DEMO.member.email);
  expect(leftovers).not.toContain('Secret lane plan');
  for (const db of after.databases) for (const rows of Object.values(db.stores)) expect(rows, db.name).toEqual([]);
  expect(after.caches.flatMap((c) => c.urls)).not.toContain('/uploads/member-picture.webp');
  // The server ended the session too: the old token is refused.
  const old = await request.get('/api/auth/profile', { headers: { authorization: `Bearer ${memberToken}` } });
  expect(old.status()).toBe(401);

  // The next person signs in on the same browser.
  await signIn(page, DEMO.exec);
  await page.goto(workoutPath);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('No comments yet.')).toBeVisible();
  await expect(page.getByText('Secret lane plan for Tuesday')).toHaveCount(0);
  const next = await deviceState(page);
  expect(JSON.stringify(next)).not.toContain(DEMO.member.email);
  expect(JSON.stringify(next)).not.toContain('Secret lane plan');
  expect(next.localStorage.user).toContain(DEMO.exec.email);
  await page.goto('/profile');
  await expect(page.getByRole('heading', { level: 1, name: memberName })).toHaveCount(0);
  // The demo member can sign in again afterwards (for the other tests).
  expect(await apiToken(request, DEMO.member)).toEqual(expect.any(String));
});

test('the profile shows membership, absences and suspension; Sign Up says why it is disabled', async ({ page, request }) => {
  acceptCharterInDb(DEMO.member.email);
  const until = Date.now() + 3 * 86_400_000;
  const db = openTestDb();
  db.prepare('update users set absences = 3, suspended_until = ? where email = ?').run(until, DEMO.member.email);
  db.close();
  try {
    await signIn(page, DEMO.member);
    await page.goto('/profile');
    const membership = page.getByRole('region', { name: 'Membership' });
    await expect(membership).toContainText('Membership expires');
    await expect(membership).toContainText(/Workout sign-ups are suspended until/);
    await expect(page.getByRole('link', { name: 'Sign out everywhere' })).toBeVisible();
    await screenshots(page, 'session-profile-membership');
    await page.goto('/forum');
    const suspended = page.getByText(/^Sign-ups are suspended until .+: three absences/).first();
    await expect(suspended).toBeVisible();
    await screenshots(page, 'session-forum-suspended');
    expect(await apiToken(request, DEMO.member)).toEqual(expect.any(String));
  } finally {
    const undo = openTestDb();
    undo.prepare('update users set absences = 0, suspended_until = null where email = ?').run(DEMO.member.email);
    undo.close();
  }
});
