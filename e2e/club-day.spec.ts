import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { clubToday } from '../domain/clock';
import {
  acceptCharter,
  acceptCharterInDb,
  apiToken,
  createMember,
  DEMO,
  inDays,
  openTestDb,
  screenshots,
  signIn,
  uniqueEmail,
  expectNoAxeViolations,
} from './support';

// The club's day on a phone: a shared link that lands after sign-in (and after approval), today's
// started workout on top of the forum with its attendance action, attendance in six taps, Back that
// closes a sheet and keeps a draft, and the forum's filter and place kept across a workout.
test.use({ viewport: { width: 390, height: 844 } });

const CLUB_ZONE = 'America/Toronto';

/** The element's box is at least 44 by 44 CSS pixels (a finger's tap target). */
async function expectTapTarget(target: Locator, minWidth = 44): Promise<void> {
  const box = await target.boundingBox();
  expect(box, 'the target is on screen').not.toBeNull();
  expect(box!.height).toBeGreaterThanOrEqual(44);
  expect(box!.width).toBeGreaterThanOrEqual(minWidth);
}

async function newWorkout(
  request: APIRequestContext,
  fields: { title: string; date?: string; time?: string; type?: string; capacity?: number | null },
) {
  const token = await apiToken(request, DEMO.exec);
  const res = await request.post('/api/forum/posts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      type: 'workout',
      title: fields.title,
      workoutType: fields.type ?? 'swim',
      workoutDate: fields.date ?? inDays(3),
      workoutTime: fields.time ?? '07:00',
      content: 'Lanes by pace.',
      capacity: fields.capacity ?? 12,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { post: { id: number; title: string } }).post;
}

/** Moves a workout to today on the club's calendar, started at midnight (the API only posts future dates). */
function startTodayInDb(workoutId: number): void {
  const db = openTestDb();
  db.prepare("update posts set workout_date = ?, workout_time = '00:00' where id = ?").run(
    clubToday(Date.now(), CLUB_ZONE),
    workoutId,
  );
  db.close();
}

test('a shared workout link lands after sign-in; nothing of it shows before, and other sites are refused', async ({
  page,
  request,
}) => {
  acceptCharterInDb(DEMO.member.email);
  const workout = await newWorkout(request, { title: `Secret set ${Date.now().toString(36)}` });

  await page.goto(`/workout/${workout.id}`);
  await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fworkout%2F${workout.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Members only: a club workout' })).toBeVisible();
  await expect(page.getByText(/Only club members can see it/)).toBeVisible();
  await expect(page.getByText(workout.title)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'How to join' })).toBeVisible();
  await screenshots(page, 'day-link-visitor');
  await expectNoAxeViolations(page);

  await page.getByLabel('Email').fill(DEMO.member.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.member.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/workout/${workout.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: workout.title })).toBeVisible();

  // A crafted link to another site signs in to Home, never elsewhere.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await page.goto('/login?next=%2F%2Fevil.example%2Fworkout%2F1');
  await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
  await page.getByLabel('Email').fill(DEMO.member.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.member.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('a member who has not read the charter yet arrives at the link right after agreeing to it', async ({
  page,
  request,
}) => {
  const workout = await newWorkout(request, { title: `Brick ${Date.now().toString(36)}` });
  const member = await createMember(request, 'Cara Charter');
  const db = openTestDb();
  db.prepare('update users set charter_accepted_at = null where id = ?').run(member.id);
  db.close();

  await page.goto(`/workout/${workout.id}`);
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password', { exact: true }).fill(member.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await acceptCharter(page);
  await expect(page).toHaveURL(new RegExp(`/workout/${workout.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: workout.title })).toBeVisible();
});

test('a newcomer from a shared link registers, reads where they stand on Home, and arrives at the link once approved', async ({
  page,
  request,
}) => {
  const workout = await newWorkout(request, { title: `First swim ${Date.now().toString(36)}` });
  const email = uniqueEmail('newcomer');

  await page.goto(`/workout/${workout.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Members only: a club workout' })).toBeVisible();
  await page.getByRole('button', { name: 'Create Account' }).first().click();
  await page.getByLabel('Full name').fill('Nora Newcomer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('4165550123');
  await page.getByLabel('Password', { exact: true }).fill('swim-bike-run');
  await page.getByLabel('Confirm password').fill('swim-bike-run');
  await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
  await acceptCharter(page);

  // Home says it waits for approval, what happens next and how to reach the club.
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  const waiting = page.getByRole('region', { name: 'Your account is waiting for approval' });
  await expect(waiting).toBeVisible();
  await expect(waiting).toContainText('What happens next');
  await expect(waiting).toContainText('the link you opened (a club workout) opens by itself');
  await expect(waiting.getByRole('link', { name: 'triathlon.club@university.test' }).first()).toHaveAttribute(
    'href',
    'mailto:triathlon.club@university.test',
  );
  await expect(page.getByText(/log out and log in again/i)).toHaveCount(0);
  await screenshots(page, 'day-newcomer-home');
  await expectNoAxeViolations(page);

  // An administrator approves the account; the next load of the app opens the link.
  const db = openTestDb();
  db.prepare("update users set role = 'member', expiry_date = '2099-12-31' where email = ?").run(email);
  db.close();
  await page.reload();
  await expect(page).toHaveURL(new RegExp(`/workout/${workout.id}$`));
  await expect(page.getByRole('heading', { level: 1, name: workout.title })).toBeVisible();
  // Once: Home is Home again, now a member's.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Hi, Nora' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'My week' })).toBeVisible();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test("today's started workout stays on top; an exec takes attendance for 12 in six taps", async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  acceptCharterInDb(DEMO.exec.email);
  acceptCharterInDb(DEMO.member.email);
  const stamp = Date.now().toString(36);
  const session = await newWorkout(request, { title: `Dawn swim ${stamp}`, capacity: 12 });
  await newWorkout(request, { title: `Tomorrow run ${stamp}`, date: inDays(1), type: 'run' });
  const people = [];
  for (let i = 0; i < 12; i++)
    people.push(await createMember(request, `Swimmer ${stamp} ${String.fromCharCode(65 + i)}`));
  const db = openTestDb();
  const signUp = db.prepare('insert into workout_signups (post_id, user_id, signup_time) values (?, ?, ?)');
  for (const p of people) signUp.run(session.id, p.id, Date.now());
  db.close();
  startTodayInDb(session.id);

  // A member sees it has started, under Today, above every day ahead.
  const memberContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, DEMO.member);
  await memberPage.goto('/forum');
  const firstDay = memberPage.locator('.forum-day').first();
  await expect(firstDay.getByRole('heading', { level: 2 })).toContainText('Today');
  const memberCard = memberPage.getByRole('article', { name: session.title });
  await expect(memberCard).toContainText('Started');
  await expect(memberCard.getByRole('link', { name: /Take attendance/ })).toHaveCount(0);
  await memberContext.close();

  await signIn(page, DEMO.exec);
  await page.goto('/forum');
  const today = page.locator('.forum-day').first();
  await expect(today.getByRole('heading', { level: 2 })).toContainText('Today');
  const card = today.getByRole('article', { name: session.title });
  await expect(card).toContainText('Started');
  const take = card.getByRole('link', { name: /Take attendance/ });
  await expect(take).toBeVisible();
  await expectTapTarget(take);
  await screenshots(page, 'day-forum-today-exec');
  await expectNoAxeViolations(page);

  // Six taps, counted: Take attendance, All present, two names, Submit, confirm.
  let taps = 0;
  const tap = async (target: Locator) => {
    taps += 1;
    await target.click();
  };
  await tap(take);
  await expect(page).toHaveURL(new RegExp(`/workout/${session.id}\\?take=attendance$`));
  const all = page.getByRole('button', { name: 'All present' });
  await expect(all).toBeEnabled();
  await expectTapTarget(all);
  await tap(all);
  const count = page.locator('.forum-take__count');
  await expect(count).toHaveText('12 of 12 present');
  const absentees = [people[2]!.name, people[7]!.name];
  for (const name of absentees) {
    const row = page.locator('label.forum-take__row', { hasText: name });
    await expectTapTarget(row, 200);
    // Its name on the attendance sheet (an exec's Safety list names them too).
    await tap(row.getByText(name, { exact: true }));
  }
  await expect(count).toHaveText('10 of 12 present');
  for (const name of absentees)
    await expect(page.getByRole('checkbox', { name: `Present: ${name}` })).not.toBeChecked();
  await screenshots(page, 'day-attendance-taking');
  await expectNoAxeViolations(page);
  await tap(page.getByRole('button', { name: 'Submit Attendance' }));
  const dialog = page.getByRole('dialog', { name: 'Submit attendance?' });
  await expect(dialog).toContainText('10 of 12 present.');
  for (const name of absentees) await expect(dialog.getByRole('list')).toContainText(name);
  await screenshots(page, 'day-attendance-confirm');
  await tap(dialog.getByRole('button', { name: 'Submit Attendance' }));
  await expect(page.getByText('Attendance Submitted - Cannot be Modified')).toBeVisible();
  expect(taps).toBe(6);

  const check = openTestDb();
  const present = (
    check
      .prepare('select count(*) n from attendance_records where post_id = ? and present = 1')
      .get(session.id) as { n: number }
  ).n;
  const marked = (
    check.prepare('select count(*) n from attendance_records where post_id = ?').get(session.id) as {
      n: number;
    }
  ).n;
  check.close();
  expect([present, marked]).toEqual([10, 12]);

  // Back on the forum, the card says what was recorded.
  await page.getByRole('link', { name: /Back to Forum/ }).click();
  await expect(page).toHaveURL(/\/forum/);
  await expect(page.getByRole('article', { name: session.title })).toContainText(
    'Attendance taken · 10 of 12',
  );
  await screenshots(page, 'day-forum-attendance-taken');
});

test('Back closes a sheet, and asks before a typed draft is thrown away', async ({ page }) => {
  acceptCharterInDb(DEMO.exec.email);
  await signIn(page, DEMO.exec);
  await page.goto('/forum');
  const open = page.getByRole('button', { name: /New Workout/ });
  const sheet = page.getByRole('dialog', { name: 'New Workout' });

  // Nothing typed: Back just closes it, and the forum stays.
  await open.click();
  await expect(sheet).toBeVisible();
  await page.goBack();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/forum/);
  await expect(page.getByRole('heading', { level: 1, name: 'Team Forum' })).toBeVisible();

  // Typed: Back asks; Back again (or Keep editing) keeps the draft.
  await open.click();
  await sheet.getByLabel('Title').fill('Hill repeats');
  await page.goBack();
  const question = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await screenshots(page, 'day-discard-question');
  await expectNoAxeViolations(page);
  await page.goBack();
  await expect(question).toBeHidden();
  await expect(sheet.getByLabel('Title')).toHaveValue('Hill repeats');
  await page.keyboard.press('Escape');
  await expect(question).toBeVisible();
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(sheet.getByLabel('Title')).toHaveValue('Hill repeats');

  // Discard closes it; the history holds no dead step (one Back leaves the forum).
  await sheet.getByRole('button', { name: 'Cancel' }).click();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(sheet).toBeHidden();
  await expect(page).toHaveURL(/\/forum/);
});

test('Back on the profile editor asks before a typed bio is thrown away, then closes the editor', async ({ page }) => {
  acceptCharterInDb(DEMO.member.email);
  await signIn(page, DEMO.member);
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByLabel('Bio').fill('Lane 3, mornings. Ask me about the lake swim.');
  await page.goBack();
  const question = page.getByRole('dialog', { name: 'Discard your changes?' });
  await expect(question).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  // Back again answers "keep editing", as in a sheet.
  await page.goBack();
  await expect(question).toBeHidden();
  await expect(page.getByLabel('Bio')).toHaveValue('Lane 3, mornings. Ask me about the lake swim.');
  await page.goBack();
  await question.getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile$/);
  // The history holds no dead step: one more Back leaves the profile.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/profile$/);
});

test("the forum's tab and filter live in the address: Back from a workout returns to the same list and place", async ({
  page,
  request,
}) => {
  acceptCharterInDb(DEMO.member.email);
  const stamp = Date.now().toString(36);
  // A list far taller than the workout page: leaving it, the browser clamps the scroll to the
  // shorter page, and that clamp must not be taken for the reader's place on the list.
  for (let d = 1; d <= 24; d++)
    await newWorkout(request, { title: `Swim ${stamp} day ${d}`, date: inDays(d + 1), type: 'swim' });
  await signIn(page, DEMO.member);
  await page.goto('/forum');
  await page
    .getByRole('group', { name: 'Filter workouts by sport' })
    .getByRole('button', { name: 'Swim' })
    .click();
  await expect(page).toHaveURL(/[?&]sport=swim/);
  const target = page.getByRole('article', { name: `Swim ${stamp} day 20` });
  await target.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  await page.waitForTimeout(600);
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(3000);
  await target.getByRole('link', { name: `Swim ${stamp} day 20` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `Swim ${stamp} day 20` })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/[?&]sport=swim/);
  await expect(
    page.getByRole('group', { name: 'Filter workouts by sport' }).getByRole('button', { name: 'Swim' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 40);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(before + 40);

  // "Back to Forum" on the workout does the same.
  await target.getByRole('link', { name: `Swim ${stamp} day 20` }).click();
  await page.getByRole('link', { name: /Back to Forum/ }).click();
  await expect(page).toHaveURL(/[?&]sport=swim/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 40);
});
