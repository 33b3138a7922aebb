import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { expect, test } from '@playwright/test';
import { defaultTerms, termOfDate } from '../domain/calendar';
import {
  acceptCharterInDb,
  DEMO,
  inDays,
  openTestDb,
  screenshots,
  signIn,
  expectNoAxeViolations,
} from './support';

// An exec posts a weekly series from New Workout, and downloads the term's attendance report.
test.use({ viewport: { width: 390, height: 844 } });

const WEEKDAY_SHORT = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

test('a weekly series shows as separate dated workouts; the attendance report downloads as CSV', async ({
  page,
}) => {
  test.slow();
  acceptCharterInDb(DEMO.exec.email);
  const title = `Tempo run ${Date.now().toString(36)}`;
  const first = inDays(1);
  const term = termOfDate(defaultTerms().terms, first);
  // Two weekdays, two weeks: four workouts (fewer only when the term ends sooner).
  const until = inDays(14) < term.end ? inDays(14) : term.end;
  const days = [weekdayOf(inDays(1)), weekdayOf(inDays(3))];
  const expected: string[] = [];
  for (let d = 1; inDays(d) <= until; d++) if (days.includes(weekdayOf(inDays(d)))) expected.push(inDays(d));

  await signIn(page, DEMO.exec);
  await page.goto('/forum');
  await page.getByRole('button', { name: /New Workout/ }).click();
  const modal = page.getByRole('dialog', { name: 'New Workout' });
  await modal.getByLabel('Title').fill(title);
  await modal.getByLabel('Workout type').selectOption('run');
  await modal.getByLabel('Capacity').fill('12');
  await modal.getByLabel('Date').fill(first);
  await modal.getByLabel('Time', { exact: true }).fill('18:15');
  await modal.getByLabel('Description').fill('Six by one kilometre at threshold.');
  await modal.getByLabel('Repeat weekly').check();
  // The first date's weekday comes ticked.
  const firstDay = modal.getByLabel(WEEKDAY_SHORT[weekdayOf(first)]!, { exact: true });
  await expect(firstDay).toBeChecked();
  // No weekday: the message sits with the weekdays, nothing is posted.
  await firstDay.uncheck();
  await modal.getByLabel('Until').fill(until);
  await modal.getByRole('button', { name: 'Post Workouts' }).click();
  await expect(modal.getByText('Choose at least one weekday')).toBeVisible();
  for (const d of days) await modal.getByLabel(WEEKDAY_SHORT[d]!, { exact: true }).check();
  await screenshots(page, 'series-new-workout');
  await expectNoAxeViolations(page);
  await modal.getByRole('button', { name: 'Post Workouts' }).click();
  await expect(modal).toBeHidden();

  // One card per date in the forum, each its own workout.
  const cards = page.getByRole('article', { name: title });
  await expect(cards).toHaveCount(expected.length);
  const db = openTestDb();
  const rows = db
    .prepare('select id, workout_date, series_id from posts where title = ? order by workout_date')
    .all(title) as {
    id: number;
    workout_date: string;
    series_id: string;
  }[];
  db.close();
  expect(rows.map((r) => r.workout_date)).toEqual(expected);
  expect(new Set(rows.map((r) => r.series_id)).size).toBe(1);
  expect(new Set(rows.map((r) => r.id)).size).toBe(expected.length);

  // The term report lists them and downloads as a CSV that parses back.
  await page.getByRole('link', { name: 'Attendance report' }).click();
  await expect(page.getByRole('heading', { name: 'Attendance report' })).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toHaveCount(expected.length);
  await screenshots(page, 'attendance-report');
  await expectNoAxeViolations(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`attendance-report-${term.key}.csv`);
  const bytes = readFileSync((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = parse(bytes, { bom: true, columns: true }) as Record<string, string>[];
  const mine = csv.filter((r) => r.Workout === title);
  expect(mine.map((r) => r.Date)).toEqual(expected);
  expect(mine.every((r) => r['Signed up'] === '0' && r['Attendance taken'] === 'no')).toBe(true);
});

test("a member's attendance page, reached from the admin members table", async ({ page }) => {
  acceptCharterInDb(DEMO.admin.email);
  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  const db = openTestDb();
  const member = db.prepare('select name from users where email = ?').get(DEMO.member.email) as {
    name: string;
  };
  db.close();
  await page.getByRole('link', { name: member.name, exact: true }).click();
  await expect(page.getByRole('heading', { name: member.name })).toBeVisible();
  await expect(page.getByText('Late cancels')).toBeVisible();
  await screenshots(page, 'member-attendance');
  await expectNoAxeViolations(page);
});
