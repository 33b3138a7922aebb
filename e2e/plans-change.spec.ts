import { expect, test } from '@playwright/test';
import { acceptCharterInDb, apiToken, createMemberWithToken, DEMO, inDays, screenshots, signIn } from './support';

// When plans change: an exec cancels a workout from a phone, a member who signed up sees it on the
// card; a club announcement is pinned on a member's Home until dismissed.

test('an exec cancels a workout from a phone; the member who signed up sees it cancelled', async ({ browser, page, request }) => {
  test.slow();
  acceptCharterInDb(DEMO.exec.email);
  const execToken = await apiToken(request, DEMO.exec);
  const ana = await createMemberWithToken(request, 'Ana Aquatic');
  const title = `Pool swim ${Date.now().toString(36)}`;
  const created = await request.post('/api/forum/posts', {
    headers: { authorization: `Bearer ${execToken}` },
    data: { type: 'workout', title, workoutType: 'swim', workoutDate: inDays(3), workoutTime: '18:00', content: 'Threshold set.', capacity: 10 },
  });
  expect(created.status()).toBe(201);
  const workoutId = (await created.json()).post.id as number;
  const signup = await request.post(`/api/forum/workouts/${workoutId}/signup`, {
    headers: { authorization: `Bearer ${ana.token}` },
    data: { signedUp: true },
  });
  expect(signup.status()).toBe(200);

  // The exec, on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, DEMO.exec);
  await page.goto('/forum');
  const execCard = page.getByRole('article', { name: title });
  // Cancel sits behind the card's menu; a member signed up, so there is no Delete in it.
  await execCard.getByRole('button', { name: `More actions for ${title}` }).click();
  await expect(execCard.getByRole('button', { name: `Delete ${title}` })).toHaveCount(0);
  await screenshots(page, 'plans-card-menu');
  await execCard.getByRole('button', { name: `Cancel workout ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: `Cancel ${title}?` });
  await expect(dialog.getByLabel('Reason (one line)')).toBeFocused();
  await dialog.getByRole('button', { name: 'Cancel workout' }).click();
  await expect(dialog.getByLabel('Reason (one line)')).toHaveAccessibleDescription(/Say why it is cancelled/);
  await dialog.getByLabel('Reason (one line)').fill('Pool closed for a meet');
  const box = await dialog.getByRole('button', { name: 'Cancel workout' }).boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  await dialog.getByRole('button', { name: 'Cancel workout' }).click();
  await expect(dialog).toBeHidden();
  await expect(execCard.locator('.forum-cancelled')).toHaveText('Cancelled: Pool closed for a meet');
  await expect(execCard.getByRole('button', { name: `Reinstate ${title}` })).toBeVisible();

  // The member who signed up: the card says so, nothing to sign up for, the name can come off.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const member = await context.newPage();
  await signIn(member, ana);
  await member.goto('/forum');
  const card = member.getByRole('article', { name: title });
  await expect(card.locator('.forum-cancelled')).toHaveText('Cancelled: Pool closed for a meet');
  await expect(card.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Take my name off' })).toBeVisible();
  await screenshots(member, 'plans-cancelled-card');
  await member.goto(`/workout/${workoutId}`);
  await expect(member.locator('.forum-cancelled')).toHaveText('Cancelled: Pool closed for a meet');
  // And on Home, in my week.
  await member.goto('/');
  await expect(member.locator('.my-week__cancelled').filter({ hasText: 'Pool closed for a meet' })).toBeVisible();
  await context.close();
});

test('a club announcement is pinned on a member’s Home until dismissed, on every device', async ({ page, request, browser }) => {
  const execToken = await apiToken(request, DEMO.exec);
  const ben = await createMemberWithToken(request, 'Ben Biker');
  const title = `Kit order closes ${Date.now().toString(36)}`;
  const posted = await request.post('/api/announcements', {
    headers: { authorization: `Bearer ${execToken}` },
    data: { title, body: 'Order your club suit by Friday.\nSizes on the board.', until: inDays(5) },
  });
  expect(posted.status()).toBe(201);

  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, ben);
  const region = page.getByRole('region', { name: 'Club announcements' });
  await expect(region.getByRole('heading', { name: title })).toBeVisible();
  await screenshots(page, 'plans-announcement-home');
  const told = page.waitForResponse((r) => /\/api\/announcements\/\d+\/dismiss$/.test(r.url()) && r.ok());
  await region.getByRole('button', { name: `Dismiss “${title}”` }).click();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
  // The server has heard of it before the next device asks.
  await told;
  await page.reload();
  await expect(page.getByRole('heading', { name: 'My week' })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);

  // Ben's laptop, a device that never saw it dismissed: not there either.
  const laptop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const other = await laptop.newPage();
  const listed = other.waitForResponse((r) => new URL(r.url()).pathname === '/api/announcements' && r.ok());
  await signIn(other, ben);
  // The list arrived, saying it is dismissed: the heading is absent, not merely not loaded yet.
  const answer = (await (await listed).json()) as { announcements: { title: string; dismissed: boolean }[] };
  expect(answer.announcements.find((a) => a.title === title)?.dismissed).toBe(true);
  await expect(other.getByRole('heading', { name: 'My week' })).toBeVisible();
  await expect(other.getByRole('heading', { name: title })).toHaveCount(0);
  await laptop.close();
});
