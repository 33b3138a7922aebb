import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import Database from 'better-sqlite3';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO = {
  admin: { email: 'admin@club.test', password: 'admin-demo' },
  exec: { email: 'exec@club.test', password: 'exec-demo' },
  member: { email: 'member@club.test', password: 'member-demo' },
  pending: { email: 'pending@club.test', password: 'pending-demo' },
} as const;

/**
 * The database of the e2e server the running test talks to, for arranging what the UI cannot (or
 * checking what it stored): the screens' and the members' days' tests have servers of their own
 * (playwright.config.ts).
 */
export function openTestDb(): Database.Database {
  const project = test.info().project.name;
  const dir = project === 'screens' ? process.env.E2E_SCREENS_DATA_DIR : project === 'days' ? process.env.E2E_DAYS_DATA_DIR : process.env.E2E_DATA_DIR;
  const db = new Database(join(dir!, 'club.db'));
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
export async function apiToken(
  request: APIRequestContext,
  account: { email: string; password: string },
): Promise<string> {
  const res = await request.post('/api/auth/login', { data: account });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token;
}

export interface TestMember {
  id: number;
  email: string;
  password: string;
  name: string;
}

/**
 * A member made the way an admin would: registered through the API, then given a role and an expiry
 * date, charter read, straight in the database (default: member until 2099-12-31).
 */
export async function createMember(
  request: APIRequestContext,
  name: string,
  options: { role?: 'member' | 'exec'; expiryDate?: string } = {},
): Promise<TestMember> {
  const account = {
    email: uniqueEmail(name.toLowerCase().replace(/\W/g, '')),
    password: 'tri-club-pass',
    name,
  };
  const res = await request.post('/api/auth/register', {
    data: { email: account.email, password: account.password, name, phoneNumber: '4165550142' },
  });
  expect(res.status(), await res.text()).toBe(201);
  const db = openTestDb();
  db.prepare('update users set role = ?, expiry_date = ?, charter_accepted_at = ? where email = ?').run(
    options.role ?? 'member',
    options.expiryDate ?? '2099-12-31',
    Date.now(),
    account.email,
  );
  const { id } = db.prepare('select id from users where email = ?').get(account.email) as { id: number };
  db.close();
  return { ...account, id };
}

/** `createMember`, signed in through the API too: its token, for arranging data quickly. */
export async function createMemberWithToken(
  request: APIRequestContext,
  name: string,
  options: Parameters<typeof createMember>[2] = {},
): Promise<TestMember & { token: string }> {
  const member = await createMember(request, name, options);
  return { ...member, token: await apiToken(request, member) };
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
  const box = dialog.getByTestId('charter-scroll');
  const agree = dialog.getByRole('button', { name: 'I Agree' });
  // The text arrives after the dialog opens: read to its end once it is there, as a member does.
  await expect(box.locator('.charter-text')).toBeVisible();
  await expect(async () => {
    await box.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(agree).toBeEnabled({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await agree.click();
  await expect(dialog).toBeHidden();
}

const SHOTS_DIR = process.env.SHOTS_DIR ?? 'test-results/screens';
const SHOT_SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Full-page screenshots of the current screen at a phone and a laptop size, for people to look at
 * (SHOTS_DIR moves them out of test-results/). Fails if the phone view scrolls sideways.
 */
export async function screenshots(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const before = page.viewportSize();
  for (const size of SHOT_SIZES) {
    await page.setViewportSize(size);
    await page.waitForFunction(() => [...document.images].every((img) => img.complete));
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} scrolls sideways at ${size.width}px`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${size.width}.png`, fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/** Attendance opens at the start: moves a workout two days back, after its sign-ups. */
export function startWorkoutInDb(workoutId: number): void {
  const db = openTestDb();
  const past = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
  db.prepare("update posts set workout_date = ?, workout_time = '07:00' where id = ?").run(past, workoutId);
  db.close();
}

/** Submitting attendance asks first, naming who will be counted absent: answer yes. */
export async function confirmAttendance(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Submit attendance?' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Submit Attendance' }).click();
  await expect(dialog).toBeHidden();
}

/** A date `days` from now ('YYYY-MM-DD', UTC), for posts the tests create. */
export function inDays(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Waits until the service worker is installed and controls the page. */
export async function withServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * axe on the screen as it is: its violations, each with `where` it was seen. The page must really
 * have been checked (more than ten rules passed), not a blank screen that trivially passes.
 */
export async function axeViolations(page: Page, where: string): Promise<string[]> {
  // axe.run in the page itself (legacy mode): the app has no frames, let alone another origin's, and
  // the default (runPartial per frame, then finishRun in a new blank page) took twice as long. Every
  // node of a violation is kept; a passed rule keeps one node, which is all the check below reads.
  const result = await new AxeBuilder({ page })
    .setLegacyMode()
    .options({ resultTypes: ['violations'] })
    .analyze();
  expect(result.passes.length, where).toBeGreaterThan(10);
  return result.violations.map(
    (v) =>
      `${where}: [${v.impact}] ${v.id}: ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
}

/** axe at a phone's and a laptop's size: no violation of any impact; the phone's size after. */
export async function expectNoAxeViolations(page: Page, where = page.url()): Promise<void> {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    await page.setViewportSize(size);
    expect(await axeViolations(page, `${where} at ${size.width}px`)).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

/**
 * A server of a spec's own (the same build) on a fresh database in a folder named after `name`, on
 * loopback at `port`; `env` adds to or overrides its settings (APP_URL, SEED_DEMO…). Resolves once it
 * answers its health check, with what it has printed so far and a way to stop it.
 */
export async function startOwnServer(
  name: string,
  port: number,
  env: Record<string, string>,
): Promise<{ output: () => string; stop: () => Promise<void> }> {
  const server = spawn(process.execPath, ['dist-server/server.js'], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_PATH: join(mkdtempSync(join(tmpdir(), `club-e2e-${name}-`)), 'club.db'),
      SEED_DEMO: '1',
      PASSWORD_HASH_LOG_N: '12',
      BACKUP_EVERY: 'off',
      ...env,
    },
  });
  let output = '';
  server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || server.exitCode !== null) throw new Error(`The ${name} server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    output: () => output,
    stop: async () => {
      if (server.exitCode !== null) return;
      const exited = new Promise((r) => server.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    },
  };
}
