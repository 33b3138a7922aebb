import { readFileSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { expect, test, type Locator } from '@playwright/test';
import { DEMO, apiToken, createMember, createMemberWithToken, inDays, openTestDb, screenshots, signIn } from './support';

// A member on a phone downloads everything the club keeps about them, then deletes the account.
test.use({ viewport: { width: 390, height: 844 } });

async function expectTappable(target: Locator): Promise<void> {
  const box = (await target.boundingBox())!;
  expect(box.height, 'tap target height').toBeGreaterThanOrEqual(44);
  expect(box.width, 'tap target width').toBeGreaterThanOrEqual(44);
}

test('a member downloads their data and deletes the account from a phone', async ({ page, request, browser }) => {
  const dana = await createMember(request, 'Dana Departing');
  const wes = await createMemberWithToken(request, 'Wes Waiting');
  const danaToken = await apiToken(request, dana);
  const execToken = await apiToken(request, DEMO.exec);
  // A full workout to come: Dana holds its one place, Wes waits for it.
  const created = await request.post('/api/forum/posts', {
    headers: { authorization: `Bearer ${execToken}` },
    data: { type: 'workout', title: 'Last-place swim', workoutType: 'swim', workoutDate: inDays(5), workoutTime: '07:00', capacity: 1, content: 'Laps.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workoutId = (await created.json()).post.id as number;
  const signup = await request.post(`/api/forum/workouts/${workoutId}/signup`, {
    headers: { authorization: `Bearer ${danaToken}` },
    data: { signedUp: true },
  });
  expect(signup.status(), await signup.text()).toBe(200);
  const wait = await request.post(`/api/forum/workouts/${workoutId}/waitlist`, { headers: { authorization: `Bearer ${wes.token}` } });
  expect(wait.status(), await wait.text()).toBe(200);

  // Dana is also signed in on a laptop, which keeps a copy of the forum for offline reading.
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const laptopPage = await laptop.newPage();
  await signIn(laptopPage, dana);
  await laptopPage.goto('/forum');
  await expect(laptopPage.getByRole('heading', { level: 1 })).toBeVisible();

  await signIn(page, dana);
  await page.goto('/profile');
  const privacy = page.getByRole('region', { name: 'Privacy' });
  await privacy.scrollIntoViewIfNeeded();
  const downloadButton = privacy.getByRole('button', { name: 'Download my data' });
  const deleteButton = privacy.getByRole('button', { name: 'Delete my account…' });
  await expectTappable(downloadButton);
  await expectTappable(deleteButton);
  await screenshots(page, 'my-data-profile');

  // Download: one ZIP with the JSON, holding Dana's own data.
  const downloading = page.waitForEvent('download');
  await downloadButton.click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
  const data = JSON.parse(strFromU8(files['my-data.json']!));
  expect(data.users).toMatchObject({ name: 'Dana Departing', email: dana.email });
  expect(data.workout_signups).toEqual([expect.objectContaining({ workout_id: workoutId, title: 'Last-place swim' })]);
  expect(JSON.stringify(data)).not.toContain(wes.email);

  // Delete: the password is asked; a wrong one keeps everything.
  await deleteButton.click();
  const dialog = page.getByRole('dialog', { name: 'Delete my account' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/Even if you signed in with a passkey/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Delete my account' });
  await expectTappable(confirm);
  await dialog.getByLabel('Your password').fill('not-my-password');
  await confirm.click();
  await expect(dialog.getByText('That password is not right. Your account was not deleted.')).toBeVisible();
  await screenshots(page, 'my-data-delete-dialog');

  await dialog.getByLabel('Your password').fill(dana.password);
  await confirm.click();
  await expect(page).toHaveURL(/\/privacy\?deleted=1$/);
  await expect(page.getByText(/Your account was deleted and you are signed out everywhere/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await screenshots(page, 'my-data-deleted');

  // This device forgot the account: no session, no offline copies.
  expect(await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('user')])).toEqual([null, null]);
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
  expect(databases.filter((name) => name === 'club-offline' || name === 'club-queries')).toEqual([]);

  // The laptop finds out on its next request, and forgets the account too.
  await laptopPage.goto('/forum');
  await expect(laptopPage).toHaveURL(/\/privacy\?deleted=1$/);
  await expect(laptopPage.getByText(/Your account was deleted/)).toBeVisible();
  await expect.poll(() => laptopPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await expect
    .poll(async () => (await laptopPage.evaluate(async () => (await indexedDB.databases()).map((d) => d.name))).filter((n) => n === 'club-offline' || n === 'club-queries'))
    .toEqual([]);
  await laptop.close();

  // The server: the account is gone, Wes has the place, the old token opens nothing.
  const db = openTestDb();
  expect(db.prepare('select count(*) as n from users where email = ?').get(dana.email)).toEqual({ n: 0 });
  expect(db.prepare('select user_id from workout_signups where post_id = ?').all(workoutId)).toEqual([{ user_id: wes.id }]);
  db.close();
  expect((await request.get('/api/auth/profile', { headers: { authorization: `Bearer ${danaToken}` } })).status()).toBe(401);
  expect((await request.post('/api/auth/login', { data: { email: dana.email, password: dana.password } })).status()).toBe(401);
});

test('the privacy page is public and linked from the footer and the sign-up form', async ({ page }) => {
  await page.goto('/login?mode=signup');
  await page.getByRole('form').or(page.locator('form')).getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'How long it is kept' })).toContainText('keeps the newest 7 copies');
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Who sees it' })).toBeVisible();
  await screenshots(page, 'privacy');
});
