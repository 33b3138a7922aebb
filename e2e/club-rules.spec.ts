import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, acceptCharterInDb, apiToken, createMemberWithToken, expectNoAxeViolations, inDays, screenshots, signIn } from './support';

// An administrator sets the late-cancel window to 12 hours in Admin → Rules; a member cancelling a
// sign-up is then warned in the club's new words, and the charter says the same.
test.use({ viewport: { width: 390, height: 844 } });

async function restoreDefaultRules(request: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const current = await (await request.get('/api/club/documents/rules', { headers })).json();
  if (current.version === 0) return;
  const res = await request.post('/api/club/documents/rules/versions/0/restore', { headers, data: { version: current.version } });
  expect(res.status(), await res.text()).toBe(200);
}

test.afterAll(async ({ request }) => restoreDefaultRules(request));

test('an administrator sets a 12-hour late-cancel window and members are warned in those words', async ({ page, browser, request }) => {
  acceptCharterInDb(DEMO.admin.email);
  acceptCharterInDb(DEMO.exec.email);
  const execToken = await apiToken(request, DEMO.exec);
  const tag = Date.now().toString(36);
  const created = await request.post('/api/forum/posts', {
    headers: { authorization: `Bearer ${execToken}` },
    data: { type: 'workout', title: `Rules swim ${tag}`, workoutType: 'swim', workoutDate: inDays(2), workoutTime: '07:00', content: 'Pool', capacity: 8 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workoutId = (await created.json()).post.id as number;
  const mia = await createMemberWithToken(request, 'Mia Rules');
  const signup = await request.post(`/api/forum/workouts/${workoutId}/signup`, { headers: { authorization: `Bearer ${mia.token}` }, data: { signedUp: true } });
  expect(signup.status()).toBe(200);

  await signIn(page, DEMO.admin);
  await page.goto('/admin?tab=rules');
  await expect(page.getByRole('tab', { name: 'Rules', selected: true })).toBeVisible();
  const window = page.getByLabel('Late-cancel window (hours)');
  await expect(window).toHaveValue('24');
  await expect(page.getByLabel('Absences before a suspension')).toHaveValue('3');
  await expect(page.getByLabel('Suspension length (days)')).toHaveValue('7');

  // Out of bounds: told beside the field, nothing sent.
  await window.fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Late-cancel window (hours) must be a whole number from 1 to 168')).toBeVisible();
  await window.fill('12');
  await expect(page.locator('.rules-admin__preview')).toContainText('Cancelling less than 12 hours before a workout counts as an absence.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Rules saved: they apply from now on.')).toBeVisible();
  await expect(page.locator('.rules-admin__changes li').first()).toContainText('Late-cancel window (hours): 24 → 12');
  await screenshots(page, 'club-rules');
  await expectNoAxeViolations(page, 'Admin → Rules');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The member's device learns the numbers with the club's settings and warns in them.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const member = await context.newPage();
  await signIn(member, mia);
  await member.goto(`/workout/${workoutId}`);
  await member.getByRole('button', { name: 'Cancel', exact: true }).first().click();
  const warning = member.getByRole('dialog', { name: 'Cancel Signup?' });
  await expect(warning).toContainText('Cancelling less than 12 hours before the workout counts as an absence.');
  await expect(warning).not.toContainText('24 hours');
  await warning.getByRole('button', { name: 'Keep Booking' }).click();

  // The server's own page of the FAQ says it too.
  const faq = await (await request.get('/faq')).text();
  expect(faq).toContain('less than 12 hours');
  await context.close();
});
