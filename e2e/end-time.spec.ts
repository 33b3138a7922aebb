import { expect, test } from '@playwright/test';
import { acceptCharterInDb, DEMO, inDays, signIn } from './support';

// An exec posts a workout with an end time on a phone: the card shows the range; the edit form
// refuses a move into the past next to the date, before anything is sent.
test('a workout with an end time, and an edit that would move it into the past', async ({ page }) => {
  acceptCharterInDb(DEMO.exec.email);
  await page.setViewportSize({ width: 390, height: 844 });
  const title = `Masters swim ${Date.now().toString(36)}`;
  await signIn(page, DEMO.exec);
  await page.goto('/forum');
  await page.getByRole('button', { name: /New Workout/ }).click();
  const modal = page.getByRole('dialog', { name: 'New Workout' });
  await modal.getByLabel('Title').fill(title);
  await modal.getByLabel('Workout type').selectOption('swim');
  await modal.getByLabel('Date').fill(inDays(5));
  await modal.getByLabel('Time', { exact: true }).fill('18:00');
  const end = modal.getByLabel('End time (optional)');
  await expect(end).toHaveAccessibleDescription('Leave empty for the usual 1 hour (Swim).');
  await end.fill('17:00');
  await modal.getByLabel('Description').fill('Main set 10 × 200 m.');
  await modal.getByRole('button', { name: 'Post Workout' }).click();
  await expect(end).toHaveAccessibleDescription(/The end time must be after the start time/);
  await page.screenshot({ path: 'test-results/screens/end-time-form-390.png' });
  await end.fill('19:30');
  await modal.getByRole('button', { name: 'Post Workout' }).click();
  await expect(modal).toBeHidden();

  const card = page.getByRole('article', { name: new RegExp(title) });
  await expect(card.getByText('6:00 – 7:30 PM')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  await card.getByRole('button', { name: /^Edit/ }).click();
  const sheet = page.getByRole('dialog', { name: 'Edit Workout' });
  await expect(sheet.getByLabel('End time (optional)')).toHaveValue('19:30');
  await sheet.getByLabel('Date').fill(inDays(-3));
  await sheet.getByRole('button', { name: 'Save changes' }).click();
  await expect(sheet.getByLabel('Date')).toHaveAccessibleDescription(/which has already passed\. Choose a later date or time\./);
  await page.screenshot({ path: 'test-results/screens/end-time-past-move-390.png' });
});
