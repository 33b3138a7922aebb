import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { openTestDb, signIn, uniqueEmail, screenshots } from './support';


function shoot(page: Page, name: string): Promise<void> {
  return screenshots(page, `profile-${name}`);
}

test('a member edits the profile with a new picture', async ({ page, request }) => {
  // A fresh member, so the demo accounts stay as other tests expect them.
  const email = uniqueEmail('profile');
  const password = 'swim-bike-run';
  const res = await request.post('/api/auth/register', {
    data: { email, password, name: 'Robin Runner', phoneNumber: '4165550111' },
  });
  expect(res.status()).toBe(201);
  const db = openTestDb();
  db.prepare(
    "update users set role = 'member', expiry_date = '2099-12-31', charter_accepted_at = ? where email = ?",
  ).run(Date.now(), email);
  db.close();

  const dir = mkdtempSync(join(tmpdir(), 'profile-e2e-'));
  const picture = join(dir, 'me.png');
  await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 194, g: 65, b: 12 } } })
    .png()
    .toFile(picture);

  await signIn(page, { email, password });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Robin Runner' })).toBeVisible();
  await expect(page.getByText('(416) 555-0111')).toBeVisible();
  await shoot(page, 'view-empty');

  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Profile' })).toBeVisible();
  // Clicking the picture opens the file chooser.
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /Change profile picture/ }).click();
  await (await chooser).setFiles(picture);
  await expect(page.getByText('New picture: me.png')).toBeVisible();
  await page.getByLabel('Name', { exact: true }).fill('Robin R. Runner');
  await page.getByLabel('Phone', { exact: true }).fill('416555');
  await page.getByLabel('Name', { exact: true }).focus();
  await expect(page.getByText(/^Please enter a valid phone number \(e\.g\., \(\d{3}\) \d{3}-\d{4};/)).toBeVisible();
  // Kept exactly as typed; shown the club's way once saved.
  await page.getByLabel('Phone', { exact: true }).fill('6475550123');
  await expect(page.getByLabel('Phone', { exact: true })).toHaveValue('6475550123');
  await page.getByLabel('Bio').fill('Distance runner.\n\nTrying my first triathlon this summer.');
  await shoot(page, 'edit');
  await page.getByRole('button', { name: 'Save Profile' }).click();

  await expect(page.getByText('Your profile was updated.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Robin R. Runner' })).toBeVisible();
  await expect(page.getByText('(647) 555-0123')).toBeVisible();
  const bio = page.getByRole('region', { name: 'About me' });
  await expect(bio.locator('p')).toHaveText(['Distance runner.', 'Trying my first triathlon this summer.']);
  const img = page.getByRole('img', { name: 'Profile picture of Robin R. Runner' });
  await expect(img).toHaveAttribute('src', /^\/uploads\/[a-f0-9]{32}\.webp$/);
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBe(512);
  await shoot(page, 'view');

  // It is stored on the server, not only on this page.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Robin R. Runner' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Profile picture of Robin R. Runner' })).toHaveAttribute(
    'src',
    /^\/uploads\//,
  );
  const served = await request.get((await img.getAttribute('src'))!);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
});

test('a signed-out visitor opening /profile goes to /login', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/login/);
});
