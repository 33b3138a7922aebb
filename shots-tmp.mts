import { chromium, type Page } from 'playwright-core';
const base = 'http://127.0.0.1:4425';
const out = '/tmp/voice/shots';
import { mkdirSync } from 'node:fs';
import Database from 'better-sqlite3';
mkdirSync(out, { recursive: true });
const db = new Database('/tmp/voice/data/club.db');
db.prepare('update users set charter_accepted_at = ?').run(Date.now());
const wid = (db.prepare("select id from posts where type='workout' order by workout_date, workout_time limit 1").get() as { id: number }).id;
const eid = (db.prepare("select id from posts where type='event' order by event_date limit 1").get() as { id: number }).id;
db.close();
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
async function session(email: string, password: string, width: number, height: number) {
  const ctx = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  await page.goto(base + '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/$/);
  return page;
}
const shot = async (page: Page, name: string, full = true) => {
  await page.waitForTimeout(600);
  await page.screenshot({ path: `${out}/${name}.png`, fullPage: full });
};
for (const [w, h] of [[390, 844], [1280, 800]] as const) {
  const m = await session('member@club.test', 'member-demo', w, h);
  await m.goto(base + '/forum');
  await m.getByRole('button', { name: 'Sign Up', exact: true }).first().click().catch(() => {});
  await shot(m, `member-forum-${w}`);
  await m.goto(base + '/');
  await shot(m, `member-home-${w}`);
  await m.goto(base + `/workout/${wid}`);
  await shot(m, `member-workout-${w}`);
  await m.goto(base + `/event/${eid}`);
  const going = m.getByRole('button', { name: 'Going', exact: true });
  if ((await going.getAttribute('aria-pressed')) !== 'true') await going.click();
  await shot(m, `member-event-${w}`);
  await m.goto(base + '/coaches-exec');
  await shot(m, `coaches-${w}`);
  await m.goto(base + '/races');
  await shot(m, `member-races-${w}`);
  await m.context().close();

  const e = await session('exec@club.test', 'exec-demo', w, h);
  await e.goto(base + '/forum');
  await e.getByRole('button', { name: /New Workout/ }).click();
  await e.getByRole('dialog', { name: 'New Workout' }).getByRole('button', { name: 'Post Workout' }).click();
  await shot(e, `exec-new-workout-required-${w}`, false);
  await e.getByRole('button', { name: 'Cancel' }).click();
  await e.goto(base + `/workout/${wid}`);
  await e.getByRole('button', { name: 'Edit', exact: true }).click();
  await shot(e, `exec-edit-workout-${w}`, false);
  const place = e.getByLabel('Place (optional)');
  await place.fill('Aquatic Centre, lanes 1 to 4');
  await e.getByRole('button', { name: 'Save Changes' }).click();
  await e.getByRole('status').filter({ hasText: /Changes saved/ }).waitFor();
  await shot(e, `exec-workout-saved-${w}`);
  await e.context().close();
}
await browser.close();
