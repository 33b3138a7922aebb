import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, acceptCharterInDb, apiToken, screenshots, signIn } from './support';

// An administrator sets out the club's calendar in the app: next year's terms in a few taps (found
// in the attendance report's picker), and a season's session edited (found on /schedule).
test.use({ viewport: { width: 390, height: 844 } });

/** Puts a document back to its default, so the other specs see the demo club as it was. */
async function restoreDefault(request: APIRequestContext, key: string): Promise<void> {
  const token = await apiToken(request, DEMO.admin);
  const headers = { authorization: `Bearer ${token}` };
  const current = await (await request.get(`/api/club/documents/${key}`, { headers })).json();
  if (current.version === 0) return;
  const res = await request.post(`/api/club/documents/${key}/versions/0/restore`, { headers, data: { version: current.version } });
  expect(res.status(), await res.text()).toBe(200);
}

test.afterAll(async ({ request }) => {
  await restoreDefault(request, 'terms');
});

test("an administrator adds next year's terms and finds them in the attendance report's picker", async ({ page }) => {
  acceptCharterInDb(DEMO.admin.email);
  await signIn(page, DEMO.admin);
  await page.goto('/admin?tab=terms');
  await expect(page.getByRole('tab', { name: 'Terms', selected: true })).toBeVisible();
  const latest = Math.max(...(await page.locator('.calendar-admin__year > legend').allTextContents()).map(Number));
  const next = latest + 1;

  await page.getByRole('button', { name: 'Add next year' }).click();
  const year = page.getByRole('group', { name: String(next) });
  await expect(year.getByRole('group', { name: `Fall ${next}` }).getByLabel('First day')).toHaveValue(`${next}-09-01`);
  await expect(year.getByRole('group', { name: `Winter ${next}` }).getByLabel('Last day')).toHaveValue(`${next}-04-30`);

  // An overlap is refused beside the field, in words.
  await year.getByRole('group', { name: `Spring ${next}` }).getByLabel('First day').fill(`${next}-04-15`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(year.getByRole('group', { name: `Spring ${next}` }).getByRole('alert')).toHaveText(
    `Spring ${next} starts on ${next}-04-15, before Winter ${next} ends (${next}-04-30)`,
  );
  await year.getByRole('group', { name: `Spring ${next}` }).getByLabel('First day').fill(`${next}-05-01`);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Terms saved.')).toBeVisible();
  await screenshots(page, 'club-calendar-terms');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto('/attendance');
  const picker = page.getByLabel('Term');
  await expect(picker.locator('option', { hasText: `Fall ${next}` })).toHaveCount(1);
  await picker.selectOption({ label: `Fall ${next}` });
  await expect(page).toHaveURL(new RegExp(`term=${next}-fall`));
});
