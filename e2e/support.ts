import { join } from 'node:path';
import Database from 'better-sqlite3';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@club.test', password: 'admin-demo' },
  exec: { email: 'exec@club.test', password: 'exec-demo' },
  member: { email: 'member@club.test', password: 'member-demo' },
  pending: { email: 'pending@club.test', password: 'pending-demo' },
} as const;

/** The e2e server's database, for arranging what the UI cannot (or checking what it stored). */
export function openTestDb(): Database.Database {
  const db = new Database(join(process.env.E2E_DATA_DIR!, 'club.db'));
  db.pragma('busy_timeout = 5000');
  return db;
}

let counter = 0;
/** An email no other test uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@club.test`;
}

/** Signs in through the API and returns the token (for arranging data quickly). */
export async function apiToken(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const res = await request.post('/api/auth/login', { data: account });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token;
}

/** Marks the charter accepted in the database, so a test about something else is not stopped by it. */
export function acceptCharterInDb(email: string): void {
  const db = openTestDb();
  db.prepare('update users set charter_accepted_at = ? where email = ?').run(Date.now(), email);
  db.close();
}

/** Signs in through the login screen. */
export async function signIn(page: Page, account: { email: string; password: string }): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Reads the charter to the end and agrees. */
export async function acceptCharter(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Club Charter' });
  await expect(dialog).toBeVisible();
  await dialog.getByTestId('charter-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await dialog.getByRole('button', { name: 'I Agree' }).click();
  await expect(dialog).toBeHidden();
}
