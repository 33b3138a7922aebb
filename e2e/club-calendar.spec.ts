import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, acceptCharterInDb, apiToken, expectNoAxeViolations, screenshots, signIn } from './support';

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
  await restoreDefault(request, 'seasons');
  await restoreDefault(request, 'team-positions');
});

test("an administrator adds next year's terms and finds them in the attendance report's picker", async ({ page }) => {
  acceptCharterInDb(DEMO.admin.email);
  await signIn(page, DEMO.admin);
  await page.goto('/admin?tab=terms');
  await expect(page.getByRole('tab', { name: 'Terms', selected: true })).toBeVisible();
  await expect(page.locator('.calendar-admin__year > legend').first()).toBeVisible();
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
  await expectNoAxeViolations(page, 'Admin → Terms');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await page.goto('/attendance');
  const picker = page.getByLabel('Term');
  await expect(picker.locator('option', { hasText: `Fall ${next}` })).toHaveCount(1);
  await picker.selectOption({ label: `Fall ${next}` });
  await expect(page).toHaveURL(new RegExp(`term=${next}-fall`));
});

test("an administrator edits a season's session and finds it on /schedule", async ({ page, request }) => {
  acceptCharterInDb(DEMO.admin.email);
  await signIn(page, DEMO.admin);
  await page.goto('/admin?tab=schedule');
  await page.getByLabel('Season', { exact: true }).selectOption({ label: 'Summer' });
  // The row's name follows its fields, so it is held by its place once found.
  const rows = page.locator('.calendar-admin__session');
  await expect(page.getByRole('group', { name: 'Tuesday 18:00 Track intervals' })).toBeVisible();
  const labels = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label')));
  const session = rows.nth(labels.indexOf('Tuesday 18:00 Track intervals'));
  await session.getByLabel('What').fill('Hill repeats');
  await session.getByLabel('Where').fill('Riverdale hill');
  await session.getByLabel('End time').fill('17:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(session.getByRole('alert')).toHaveText('The end time must be after the time');
  await session.getByLabel('End time').fill('19:45');
  await page.getByLabel('Show this season’s tab first').check();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Schedule saved.')).toBeVisible();
  await screenshots(page, 'club-calendar-schedule');
  await expectNoAxeViolations(page, 'Admin → Schedule');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The server's HTML has the edit at once (no stale kept page), and Summer's tab opens first.
  const html = await (await request.get('/schedule')).text();
  expect(html).toContain('Hill repeats');
  expect(html).toContain('Riverdale hill');
  await page.goto('/schedule');
  await expect(page.getByRole('tab', { name: 'Summer', selected: true })).toBeVisible();
  const tuesday = page.getByRole('tabpanel').getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Tuesday' }) });
  await expect(tuesday).toContainText('Hill repeats');
  await expect(tuesday).toContainText('Riverdale hill');
  await expect(tuesday).toContainText('7:45 PM');
});

test('an administrator renames, adds and removes team positions, asked first about a held one', async ({ page, request }) => {
  acceptCharterInDb(DEMO.admin.email);
  await signIn(page, DEMO.admin);
  await page.goto('/admin?tab=team');
  await page.getByLabel('Title of Treasurer').fill('Finance Lead');
  await page.getByLabel('New position').fill('Bike Coach');
  await page.getByRole('button', { name: 'Add position' }).click();
  await page.getByRole('button', { name: 'Move Bike Coach up' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Positions saved.')).toBeVisible();
  await screenshots(page, 'club-calendar-team');
  await expectNoAxeViolations(page, 'Admin → Team');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  const team = async () => (await (await request.get('/api/profiles')).json()).teamMembers as { id: string; role: string; name: string }[];
  const members = await team();
  const treasurer = members.find((m) => m.id === 'treasurer')!;
  expect(treasurer.role).toBe('Finance Lead');
  expect(members.map((m) => m.id).slice(-2)).toEqual(['bike-coach', 'workout-coordinator']);
  const html = await (await request.get('/coaches-exec')).text();
  expect(html).toContain('Finance Lead');
  expect(html).toContain('Bike Coach');

  // Someone takes the new position; removing it then asks first.
  const token = await apiToken(request, DEMO.admin);
  const filled = await request.put('/api/profiles/bike-coach', { headers: { authorization: `Bearer ${token}` }, data: { name: 'Ben Spokes' } });
  expect(filled.status()).toBe(200);
  await page.reload();
  await page.getByRole('button', { name: 'Remove Bike Coach' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove Bike Coach?' });
  await expect(dialog).toContainText('Ben Spokes holds Bike Coach');
  await dialog.getByRole('button', { name: 'Remove anyway' }).click();
  await expect(page.getByText('Positions saved.')).toBeVisible();
  expect((await team()).map((m) => m.id)).not.toContain('bike-coach');
});
