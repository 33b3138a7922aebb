import { expect, test } from '@playwright/test';
import { createMemberWithToken, acceptCharterInDb, apiToken, DEMO, inDays, screenshots, signIn  } from './support';

// "My week" on the home page: a member with a signup, a waitlist place, an RSVP and a race
// sees them in time order with their actions, at phone size.

test.use({ viewport: { width: 390, height: 844 } });

test('my week lists a signup, a waitlist place, an RSVP and a race, with their actions', async ({
  page,
  request,
}) => {
  test.slow();
  acceptCharterInDb(DEMO.exec.email);
  const execToken = await apiToken(request, DEMO.exec);
  // Mia's membership ends within the month: the expiry nudge shows.
  const mia = await createMemberWithToken(request, 'Mia Weekly', { expiryDate: inDays(20) });
  const olly = await createMemberWithToken(request, 'Olly Other', { expiryDate: inDays(20) });
  const tag = Date.now().toString(36);
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const post = async (data: Record<string, unknown>) => {
    const res = await request.post('/api/forum/posts', { headers: as(execToken), data });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()).post.id as number;
  };
  const ok = async (method: 'post' | 'delete', path: string, token: string, data?: unknown) => {
    const res = await request[method](path, { headers: as(token), data });
    expect(res.status(), `${path}: ${await res.text()}`).toBeLessThan(300);
  };
  const swim = await post({
    type: 'workout',
    title: `Swim ${tag}`,
    workoutType: 'swim',
    workoutDate: inDays(2),
    workoutTime: '07:00',
    content: 'Pool',
    capacity: 1,
  });
  const run = await post({
    type: 'workout',
    title: `Tempo ${tag}`,
    workoutType: 'run',
    workoutDate: inDays(3),
    workoutTime: '18:15',
    content: 'Track',
  });
  const social = await post({
    type: 'event',
    title: `Social ${tag}`,
    eventDate: inDays(4),
    eventTime: '19:30',
    eventLocation: 'The Crown',
    content: 'Quiz',
  });
  const race = await request.post('/api/races', {
    headers: as(execToken),
    data: { name: `Sprint ${tag}`, date: inDays(40), location: 'Lakeside' },
  });
  const raceId = (await race.json()).race.id as number;
  await ok('post', `/api/forum/workouts/${swim}/signup`, olly.token);
  await ok('post', `/api/forum/workouts/${swim}/waitlist`, mia.token);
  await ok('post', `/api/forum/workouts/${run}/signup`, mia.token);
  await ok('post', `/api/forum/events/${social}/rsvp`, mia.token, { status: 'going' });
  await ok('post', `/api/races/${raceId}/signup`, mia.token);

  await signIn(page, mia);
  await page.goto('/');
  const week = page.getByRole('region', { name: 'My week' });
  await expect(week).toBeVisible();
  const mine = week.getByRole('listitem').filter({ hasText: tag });
  await expect(mine).toHaveCount(4);
  await expect(mine.nth(0)).toContainText(`Swim ${tag}`);
  await expect(mine.nth(0)).toContainText('Waitlist: 1st on the waitlist');
  await expect(mine.nth(1)).toContainText(`Tempo ${tag}`);
  await expect(mine.nth(1)).toContainText('Signed up');
  await expect(mine.nth(2)).toContainText(`Social ${tag}`);
  await expect(mine.nth(2)).toContainText('Your answer: Going');
  await expect(mine.nth(2)).toContainText('The Crown');
  await expect(mine.nth(3)).toContainText(`Sprint ${tag}`);
  await expect(week).toContainText(/Your membership ends in (19|20|21) days/);
  // Below it, what is next for the club; the visitor's page is a visitor's.
  await expect(page.getByRole('region', { name: 'Next at the club' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'About the club' })).toHaveCount(0);
  await screenshots(page, 'my-week');

  // Change the RSVP.
  await mine.nth(2).getByRole('button', { name: 'Maybe' }).click();
  await expect(mine.nth(2)).toContainText('Your answer: Maybe');
  // Cancel the signup, through the absence-rule warning.
  await mine
    .nth(1)
    .getByRole('button', { name: `Cancel signup for Tempo ${tag}` })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Signup?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel Signup' }).click();
  await expect(dialog).toBeHidden();
  // Leave the waitlist.
  await mine
    .nth(0)
    .getByRole('button', { name: `Leave waitlist for Swim ${tag}` })
    .click();
  await expect(week.getByRole('listitem').filter({ hasText: tag })).toHaveCount(2);
  await expect(week).not.toContainText(`Tempo ${tag}`);

  // The server agrees.
  const res = await request.get('/api/me/week', { headers: as(mia.token) });
  const items = ((await res.json()).items as { title: string; rsvp?: string }[]).filter((i) =>
    i.title.endsWith(tag),
  );
  expect(items.map((i) => i.title)).toEqual([`Social ${tag}`, `Sprint ${tag}`]);
  expect(items[0]!.rsvp).toBe('maybe');

  // The event page shows the time and place, and downloads the event as an .ics file.
  await page.goto(`/event/${social}`);
  await expect(page.getByText('The Crown')).toBeVisible();
  // No end time given: an event's usual two hours.
  await expect(page.getByText(/· 7:30 – 9:30 PM/)).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Add to calendar Social ${tag}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`Social-${tag}.ics`);
  await screenshots(page, 'event-time-place');

  // The profile shows the private calendar link; the feed at that link is this member's.
  await page.goto('/profile');
  const link = page.getByLabel('Your calendar link');
  await expect(link).toHaveValue(/\/api\/calendar\/c\d+-[\w-]{43}\.ics$/);
  const feed = await request.get(new URL(await link.inputValue()).pathname);
  expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
  expect(await feed.text()).toContain(`SUMMARY:Sprint ${tag}`);
  await screenshots(page, 'profile-calendar');
});

test('a visitor sees the normal home page without my week', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Swim\. Bike\. Run\./ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'My week' })).toHaveCount(0);
});
