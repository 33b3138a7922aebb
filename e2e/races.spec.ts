import { expect, test, type Page } from '@playwright/test';
import { demoRaces } from '../db/demo-content';
import { DEMO, acceptCharterInDb, apiToken, openTestDb, signIn, screenshots } from './support';

// Races: a member adds a race, signs up, finds it in both views and on its detail page,
// then cancels; an exec edits and deletes; a visitor sees the races without member features.

function screens(page: Page, name: string): Promise<void> {
  return screenshots(page, `races-${name}`);
}

/** A date `days` from today in the club's time zone, as the API stores it. */
function clubDate(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Toronto',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// The demo races the server seeded today: in 30, 55 and 120 days, named for their part of the year.
const [SOON, NEXT, LATER] = demoRaces(clubDate(0)) as [
  ReturnType<typeof demoRaces>[number],
  ReturnType<typeof demoRaces>[number],
  ReturnType<typeof demoRaces>[number],
];

const monthOf = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );

test('a member adds a race, signs up, sees it in both views and on its page, then cancels', async ({
  page,
}) => {
  const name = `Harbour Sprint ${Date.now().toString(36)}`;
  const date = clubDate(20);
  acceptCharterInDb(DEMO.member.email);
  await signIn(page, DEMO.member);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Races' }).click();
  await expect(page).toHaveURL(/\/races$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Races' })).toBeVisible();
  await expect(page.getByRole('article', { name: SOON.name })).toContainText('30 days');

  // Add a race; the shared schema refuses it first without a name.
  await page.getByRole('button', { name: 'Add Race' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Race' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Location').fill('Harbour Front');
  await dialog.getByRole('button', { name: 'Add Race' }).click();
  // One message per problem: 'Required' next to each empty field, no summary above the button.
  await expect(dialog.getByText('Required')).toHaveCount(2);
  await expect(dialog.getByRole('alert')).toHaveCount(0);
  await screens(page, 'add-modal');
  await dialog.getByLabel('Race Name').fill(name);
  await dialog.getByLabel('Race Date').fill(date);
  await dialog.getByLabel('Description').fill('750 m swim in the harbour, 20 km bike, 5 km run.');
  await dialog.getByRole('button', { name: 'Add Race' }).click();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name });
  await expect(card).toContainText('20 days');
  await expect(card).toContainText('Harbour Front');
  await expect(card).toContainText('0 signed up');
  await expect(card).toContainText('Not signed up');

  // Sign up from the card.
  await card.getByRole('button', { name: 'Sign Up' }).click();
  await expect(card).toContainText("✓ You're going");
  await expect(card).toContainText('1 signed up');
  await expect(card.getByRole('button', { name: 'Cancel Signup' })).toBeVisible();

  // Only the races the member is going to.
  await page.getByRole('button', { name: "Races I'm Going To" }).click();
  await expect(page.getByRole('button', { name: "Races I'm Going To" })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(card).toBeVisible();
  await expect(page.getByRole('article', { name: SOON.name })).toHaveCount(0);
  await screens(page, 'list-going');

  // Calendar view: grouped by month, with the count and a Cancel button.
  await page.getByRole('button', { name: 'All Races' }).click();
  await page.getByRole('button', { name: 'Calendar view' }).click();
  const month = page.getByRole('region', { name: monthOf(date) });
  const entry = month.getByRole('article', { name });
  await expect(entry).toContainText('1 going');
  await expect(entry).toContainText('20 days');
  await expect(entry.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await expect(
    page.getByRole('article', { name: NEXT.name }).getByRole('button', { name: 'Going?' }),
  ).toBeVisible();
  await screens(page, 'calendar');

  // The detail page lists the member under Who's Going.
  await page.getByRole('button', { name: 'List view' }).click();
  await page.getByRole('article', { name }).getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/race\/\d+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const going = page.getByRole('region', { name: "Who's Going (1)" });
  await expect(going).toContainText('Morgan Member');
  await screens(page, 'detail');

  await page.getByRole('button', { name: 'Cancel Signup' }).click();
  await expect(page.getByRole('region', { name: "Who's Going (0)" })).toContainText(
    'No one has signed up yet. Be the first!',
  );
  await expect(page.getByRole('button', { name: 'Sign Up for Race' })).toBeVisible();

  const db = openTestDb();
  const rows = db
    .prepare('select count(*) as n from race_signups s join races r on r.id = s.race_id where r.name = ?')
    .get(name) as { n: number };
  db.close();
  expect(rows.n).toBe(0);

  // An unknown race says so, with a way back.
  await page.goto('/race/999999');
  await expect(page.getByRole('heading', { level: 1, name: 'Race not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to Races' }).click();
  await expect(page).toHaveURL(/\/races$/);
});

test('an exec edits a race in a modal and deletes it after confirming', async ({ page, request }) => {
  const token = await apiToken(request, DEMO.exec);
  const res = await request.post('/api/races', {
    headers: { authorization: `Bearer ${token}` },
    data: { name: 'Exec Test Race', date: clubDate(40), location: 'Somewhere' },
  });
  expect(res.status()).toBe(201);
  acceptCharterInDb(DEMO.exec.email);
  await signIn(page, DEMO.exec);
  await page.goto('/races');

  const card = page.getByRole('article', { name: 'Exec Test Race' });
  await card.getByRole('button', { name: 'Edit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Race' });
  await expect(dialog.getByLabel('Race Name')).toHaveValue('Exec Test Race');
  await dialog.getByLabel('Race Name').fill('Exec Test Race (renamed)');
  await dialog.getByLabel('Location').fill('Elsewhere');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  const renamed = page.getByRole('article', { name: 'Exec Test Race (renamed)' });
  await expect(renamed).toContainText('Elsewhere');

  await renamed.getByRole('button', { name: 'Delete' }).click();
  const ask = page.getByRole('dialog', { name: 'Delete race?' });
  await expect(ask).toContainText('Are you sure you want to delete the race "Exec Test Race (renamed)"?');
  await ask.getByRole('button', { name: 'Delete' }).click();
  await expect(renamed).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('article', { name: SOON.name })).toBeVisible();
  await expect(page.getByRole('article', { name: 'Exec Test Race (renamed)' })).toHaveCount(0);
});

test('a visitor sees the races without sign-up buttons or names', async ({ page }) => {
  await page.goto('/races');
  await expect(page.getByRole('heading', { level: 1, name: 'Races' })).toBeVisible();
  const sprint = page.getByRole('article', { name: SOON.name });
  await expect(sprint).toContainText('30 days');
  await expect(sprint).toContainText(SOON.location);
  await expect(page.getByRole('article', { name: LATER.name })).toContainText(LATER.description);
  await expect(page.getByRole('button', { name: 'Sign Up' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Add Race' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'All Races' })).toHaveCount(0);
  await expect(page.getByText(/signed up$/)).toHaveCount(0);
  await expect(sprint.getByRole('link')).toHaveCount(0);
  await screens(page, 'visitor-list');

  await page.getByRole('button', { name: 'Calendar view' }).click();
  await expect(page.getByRole('article', { name: NEXT.name })).toContainText('55 days');
  await expect(page.getByRole('button', { name: 'Going?' })).toHaveCount(0);
  await screens(page, 'visitor-calendar');

  // The detail page is for members: a visitor goes to sign in.
  await page.goto('/race/1');
  await expect(page).toHaveURL(/\/login/);
});
