import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, acceptCharterInDb, apiToken, expectNoAxeViolations, inDays, screenshots, signIn, withServiceWorker } from './support';

// An administrator adds the workout type "Erg" in Admin → Sports with a "Row" filter; the New
// Workout form then offers it, its workout carries its badge, and the forum's new filter shows it.
test.use({ viewport: { width: 390, height: 844 } });

const created: number[] = [];

async function restoreDefaultSports(request: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  // A type with workouts cannot be removed: the test's workouts go first.
  for (const id of created) await request.delete(`/api/forum/posts/${id}`, { headers });
  const current = await (await request.get('/api/club/documents/sports', { headers })).json();
  if (current.version === 0) return;
  const res = await request.post('/api/club/documents/sports/versions/0/restore', { headers, data: { version: current.version } });
  expect(res.status(), await res.text()).toBe(200);
}

test.afterAll(async ({ request }) => restoreDefaultSports(request));

test('an administrator adds "Erg": the New Workout form offers it and a forum filter shows its workouts', async ({ page }) => {
  acceptCharterInDb(DEMO.admin.email);
  await signIn(page, DEMO.admin);
  await page.goto('/admin?tab=sports');
  await expect(page.getByRole('tab', { name: 'Sports', selected: true })).toBeVisible();
  const form = page.getByRole('form', { name: 'Sports and workout types' });
  await expect(form.getByRole('button', { name: 'Retire Spin' })).toBeVisible();

  await form.getByRole('button', { name: 'Add a workout type' }).click();
  const names = form.getByLabel('Name', { exact: true });
  // Saved without a name: told beside the field, nothing sent.
  await form.getByRole('button', { name: 'Save sports' }).click();
  await expect(form.getByText('Give the workout type a name')).toBeVisible();
  await names.last().fill('Erg');
  const erg = form.locator('.sports-admin__type').last();
  await erg.getByLabel('Badge colour').selectOption('teal');
  await erg.getByLabel('Usual length (minutes)').fill('45');
  await form.getByRole('button', { name: 'Add a filter' }).click();
  const row = form.locator('.sports-admin__filter').last();
  await row.getByLabel('Filter name').fill('Row');
  await row.getByRole('checkbox', { name: 'Erg' }).check();
  await form.getByRole('button', { name: 'Save sports' }).click();
  await expect(page.getByText('Sports saved: the New Workout form, the badges and the filters use them now.')).toBeVisible();
  await screenshots(page, 'club-sports');
  await expectNoAxeViolations(page, 'Admin → Sports');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The New Workout form offers Erg, with its usual length.
  await page.goto('/forum');
  await page.getByRole('button', { name: '+ New Workout' }).click();
  const dialog = page.getByRole('dialog');
  const type = dialog.getByLabel('Workout type');
  await expect(type.locator('option', { hasText: 'Erg' })).toHaveCount(1);
  await type.selectOption({ label: 'Erg' });
  await expect(dialog.getByText('Leave empty for the usual 45 min (Erg).')).toBeVisible();
  const title = `Erg pieces ${Date.now().toString(36)}`;
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByLabel('Date').fill(inDays(3));
  await dialog.getByLabel('Time', { exact: true }).fill('06:30');
  await dialog.getByLabel('Description').fill('4 × 2 km at race pace');
  const posted = page.waitForResponse((r) => r.url().endsWith('/api/forum/posts') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: /Post Workout/ }).click();
  const answer = await posted;
  expect(answer.status()).toBe(201);
  created.push((await answer.json()).post.id);

  // The forum's new filter shows it, with its badge; Bike does not.
  await page.getByRole('group', { name: 'Filter workouts by sport' }).getByRole('button', { name: 'Row' }).click();
  await expect(page).toHaveURL(/sport=row/);
  const card = page.locator('article', { hasText: title });
  await expect(card).toBeVisible();
  await expect(card.locator('.post-type--teal')).toHaveText('Erg');
  await page.getByRole('group', { name: 'Filter workouts by sport' }).getByRole('button', { name: 'Bike' }).click();
  await expect(page.locator('article', { hasText: title })).toHaveCount(0);
});

test('an installed app shows a new filter on the next visit after the change, not the one after', async ({ browser, request }) => {
  // The worker answers /api/config from its copy at once and fetches the new one behind it; the
  // copies differ, so the app is told and reads the club's settings again.
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  acceptCharterInDb(DEMO.member.email);
  await signIn(page, DEMO.member);
  await withServiceWorker(page);
  await page.goto('/forum');
  const filters = page.getByRole('group', { name: 'Filter workouts by sport' });
  await expect(filters.getByRole('button', { name: 'Bike' })).toBeVisible();
  await expect(filters.getByRole('button', { name: 'Track' })).toHaveCount(0);

  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const current = await (await request.get('/api/club/documents/sports', { headers })).json();
  const body = { ...current.body, filters: [...current.body.filters, { id: 'track', name: 'Track', types: ['run'] }] };
  const published = await request.put('/api/club/documents/sports', { headers, data: { body, version: current.version } });
  expect(published.status(), await published.text()).toBe(200);

  await page.reload();
  await expect(filters.getByRole('button', { name: 'Track' })).toBeVisible();
  await context.close();
});
