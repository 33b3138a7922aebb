import { expect, test, type Browser, type Page } from '@playwright/test';
import { createMember, acceptCharterInDb, apiToken, confirmAttendance, DEMO, inDays, openTestDb, screenshots, signIn, startWorkoutInDb } from './support';

// The forum: an exec posts a workout, members fill it, a third waits and is promoted when a
// place opens, the exec takes attendance; a member RSVPs to an event.

/** Full-page screenshots at phone and desktop sizes, checking that the phone view never scrolls sideways. */
function screens(page: Page, name: string): Promise<void> {
  return screenshots(page, `forum-${name}`);
}

/** A browser tab of its own for one user, signed in through the login screen. */
async function signedInPage(browser: Browser, account: { email: string; password: string }): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, account);
  return page;
}

test('workout: post, fill, waitlist, cancel with promotion, attendance', async ({
  browser,
  page,
  request,
}) => {
  // Four users sign in and take turns: generous when the machine is busy.
  test.slow();
  acceptCharterInDb(DEMO.exec.email);
  const [ana, ben, cleo] = await Promise.all([
    createMember(request, 'Ana Aquatic'),
    createMember(request, 'Ben Biker'),
    createMember(request, 'Cleo Cruiser'),
  ]);
  const title = `Open-water swim ${Date.now().toString(36)}`;

  // The exec posts a workout with two places through the New Workout modal.
  await signIn(page, DEMO.exec);
  await page.goto('/forum');
  await expect(page.getByRole('tab', { name: 'Workouts' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('button', { name: /New Workout/ }).click();
  const modal = page.getByRole('dialog', { name: 'New Workout' });
  await modal.getByRole('button', { name: 'Post Workout' }).click();
  // One message per problem: 'Required' next to each empty field, no summary above the button.
  await expect(modal.getByText('Required')).toHaveCount(4);
  await expect(modal.getByRole('alert')).toHaveCount(0);
  await modal.getByLabel('Title').fill(title);
  await modal.getByLabel('Workout type').selectOption('swim');
  await modal.getByLabel('Capacity').fill('2');
  await modal.getByLabel('Date').fill(inDays(-1));
  await modal.getByLabel('Time', { exact: true }).fill('07:00');
  await modal.getByLabel('Description').fill('1.5 km loop at the lake. Wetsuits recommended.');
  await expect(modal.getByText('46/500')).toBeVisible();
  await modal.getByRole('button', { name: 'Post Workout' }).click();
  // The message sits on the date field, which gets the focus.
  await expect(modal.getByLabel('Date')).toHaveAccessibleDescription('Please select a future date for your workout.');
  await expect(modal.getByLabel('Date')).toBeFocused();
  await modal.getByLabel('Date').fill(inDays(4));
  await modal.getByRole('button', { name: 'Post Workout' }).click();
  await expect(modal).toBeHidden();
  const execCard = page.getByRole('article', { name: title });
  await expect(execCard.locator('.forum-card__state')).toHaveText('0 of 2');

  // Two members fill it.
  const anaPage = await signedInPage(browser, ana);
  await anaPage.goto('/forum');
  const anaCard = anaPage.getByRole('article', { name: title });
  await anaCard.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(anaCard.getByText('Signed Up', { exact: true })).toBeVisible();
  await expect(anaCard.locator('.forum-card__state')).toHaveText('1 of 2');

  const benPage = await signedInPage(browser, ben);
  await benPage.goto('/forum');
  const benCard = benPage.getByRole('article', { name: title });
  await benCard.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(benCard.locator('.forum-card__state')).toHaveText('2 of 2');

  // The third finds it full and joins the waitlist.
  const cleoPage = await signedInPage(browser, cleo);
  await cleoPage.goto('/forum');
  const cleoCard = cleoPage.getByRole('article', { name: title });
  await expect(cleoCard.getByRole('button', { name: 'Full' })).toBeDisabled();
  await cleoCard.getByRole('button', { name: 'Join Waitlist' }).click();
  await expect(cleoCard.locator('.forum-card__state')).toHaveText('2 of 2 · you are 1st on the waitlist');
  await expect(cleoCard.getByRole('button', { name: 'Leave Waitlist' })).toBeVisible();

  // Ana cancels through the warning; Cleo is promoted at once.
  await anaPage.reload();
  await anaCard.getByRole('button', { name: 'Cancel', exact: true }).click();
  const warning = anaPage.getByRole('dialog', { name: 'Cancel Signup?' });
  await expect(warning).toContainText('counts as an absence');
  await expect(warning).toContainText('Three absences suspend your workout sign-ups for one week.');
  await warning.getByRole('button', { name: 'Cancel Signup' }).click();
  await expect(warning).toBeHidden();
  await expect(anaCard.getByRole('button', { name: 'Full' })).toBeDisabled();
  await expect(anaCard.locator('.forum-card__state')).toHaveText('2 of 2');

  await cleoPage.reload();
  await expect(
    cleoPage.getByText(`Good news! A spot opened up: you are now signed up for ${title}.`),
  ).toBeVisible();
  await expect(cleoCard.getByText('Signed Up', { exact: true })).toBeVisible();
  await screens(cleoPage, 'list');
  await cleoPage.getByRole('button', { name: 'Dismiss' }).click();
  await expect(cleoPage.getByText(/Good news!/)).toBeHidden();

  // The promotion email is in the outbox.
  const adminToken = await apiToken(request, DEMO.admin);
  await expect
    .poll(async () => {
      const res = await request.get('/api/admin/outbox', {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const { emails } = (await res.json()) as { emails: { to: string; subject: string }[] };
      return emails.filter((m) => m.to === cleo.email).map((m) => m.subject);
    })
    .toContain(`You're in: ${title}`);

  // The exec takes attendance on the detail page; after submitting it is locked.
  await page.reload();
  await execCard.getByRole('link', { name: title, exact: true }).click();
  await expect(page).toHaveURL(/\/workout\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('heading', { name: "Who's Coming (2/2)" })).toBeVisible();
  // Before the start there is nothing to tick: the page says when attendance opens.
  await expect(page.getByText(/^Attendance opens at \d{1,2}:\d{2} [AP]M on .+, when the workout starts\.$/)).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit Attendance' })).toHaveCount(0);
  await screens(page, 'attendance-opens');
  startWorkoutInDb(Number(/\/workout\/(\d+)$/.exec(page.url())![1]));
  await page.reload();
  await page.getByRole('checkbox', { name: /Present.*Ben Biker/ }).check();
  await page.getByRole('button', { name: 'Submit Attendance' }).click();
  // It asks first, naming who will be counted absent.
  await expect(page.getByRole('dialog', { name: 'Submit attendance?' })).toContainText('Cleo Cruiser');
  await expect(page.getByRole('dialog', { name: 'Submit attendance?' })).not.toContainText('Ben Biker');
  await screens(page, 'attendance-confirm');
  await confirmAttendance(page);
  await expect(page.getByText('Attendance Submitted - Cannot be Modified')).toBeVisible();
  // Locked: each person reads Present or Absent in words, with nothing left to tick.
  const row = (name: string) => page.getByRole('listitem').filter({ has: page.getByRole('link', { name }) });
  await expect(row('Ben Biker')).toContainText('Present');
  await expect(row('Cleo Cruiser')).toContainText('Absent');
  await expect(page.getByRole('checkbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Submit Attendance' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByText('Attendance Submitted - Cannot be Modified')).toBeVisible();
  await page.getByLabel('Add a comment').fill('Great swim, everyone!');
  await page.getByRole('button', { name: 'Post Comment' }).click();
  await expect(page.getByText('Great swim, everyone!')).toBeVisible();
  await screens(page, 'workout-detail');

  // Back on the list, Cleo sees herself on the roster of the detail page.
  await cleoPage.goto(page.url().replace(/^https?:\/\/[^/]+/, ''));
  await expect(cleoPage.getByRole('listitem').filter({ hasText: 'Cleo Cruiser (you)' })).toBeVisible();
  await cleoPage.getByRole('link', { name: /Back to Forum/ }).click();
  await expect(cleoPage).toHaveURL(/\/forum$/);

  for (const p of [anaPage, benPage, cleoPage]) await p.context().close();
});

test('event: a member RSVPs Going, then changes to Maybe', async ({ page, request }) => {
  const member = await createMember(request, 'Eve Eventful');
  await signIn(page, member);
  await page.goto('/forum?tab=events');
  await expect(page.getByRole('tab', { name: 'Events' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('article', { name: 'Season kick-off social' });
  const going = card.getByRole('button', { name: 'Going', exact: true });
  const maybe = card.getByRole('button', { name: 'Maybe', exact: true });
  await going.click();
  await expect(going).toHaveAttribute('aria-pressed', 'true');
  await maybe.click();
  await expect(maybe).toHaveAttribute('aria-pressed', 'true');
  await expect(going).toHaveAttribute('aria-pressed', 'false');
  await screens(page, 'events');

  await card.getByRole('link', { name: 'Season kick-off social', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Season kick-off social' })).toBeVisible();
  await expect(page.getByRole('region', { name: /^Maybe \(\d+\)$/ })).toContainText('Eve Eventful (you)');
  await expect(page.getByRole('region', { name: /^Going/ })).not.toContainText('Eve Eventful');
  await expect(page.getByRole('button', { name: 'Maybe', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await screens(page, 'event-detail');
  await page.getByRole('link', { name: /Back to Events/ }).click();
  await expect(page).toHaveURL(/\/forum\?tab=events$/);

  // The RSVP is stored on the server.
  const db = openTestDb();
  const row = db
    .prepare('select r.status from event_rsvps r join users u on u.id = r.user_id where u.email = ?')
    .get(member.email) as { status: string } | undefined;
  db.close();
  expect(row?.status).toBe('maybe');
});

test('a moved workout’s badge reads to a screen reader as a sentence, not word by word in capitals', async ({ page, request }) => {
  acceptCharterInDb(DEMO.exec.email);
  const token = await apiToken(request, DEMO.exec);
  const body = { type: 'workout', title: `Moved swim ${Date.now().toString(36)}`, workoutType: 'swim', workoutDate: inDays(5), workoutTime: '07:00', content: 'Laps.', capacity: 8 };
  const created = await request.post('/api/forum/posts', { headers: { authorization: `Bearer ${token}` }, data: body });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { post: { id: number } }).post;
  const { type: _type, ...edit } = body;
  const moved = await request.put(`/api/forum/posts/${id}`, { headers: { authorization: `Bearer ${token}` }, data: { ...edit, workoutTime: '08:00' } });
  expect(moved.status(), await moved.text()).toBe(200);

  await signIn(page, DEMO.exec);
  await page.goto(`/workout/${id}`);
  const sentence = page.locator('.moved-mark .visually-hidden');
  await expect(sentence).toHaveText(/^: its date, time or place changed on /);
  // A badge capitalises each word; what a screen reader reads here must stay a normal sentence.
  await expect(sentence).toHaveCSS('text-transform', 'none');
  await expect(page.locator('.moved-mark')).toHaveText(/^Moved: its date/);
});
