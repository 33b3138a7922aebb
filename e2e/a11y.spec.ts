import { expect, test, type Page } from '@playwright/test';
import { DEMO, acceptCharterInDb, axeViolations, openTestDb, signIn } from './support';

// axe on every screen for every role: no violation of any impact. Each screen is checked
// once it has settled (its heading shown, no loading state), at a phone's size and a laptop's.

type Role = 'visitor' | keyof typeof DEMO;

const PUBLIC = [
  '/',
  '/join-us',
  '/schedule',
  '/coaches-exec',
  '/faq',
  '/privacy',
  '/resources',
  '/team-gear',
  '/races',
];
const SIGNED_OUT_ONLY = ['/login', '/reset-password?token=no-such-token', '/profile/coach/Maya%20Chen'];

function firstIds(): { workout: number; event: number; race: number } {
  const db = openTestDb();
  const one = (sql: string) => (db.prepare(sql).get() as { id: number }).id;
  const ids = {
    workout: one("select id from posts where type = 'workout' order by id limit 1"),
    event: one("select id from posts where type = 'event' order by id limit 1"),
    race: one('select id from races order by id limit 1'),
  };
  db.close();
  return ids;
}

function routesFor(role: Role): string[] {
  const { workout, event, race } = firstIds();
  const detail = [`/workout/${workout}`, `/event/${event}`, `/race/${race}`];
  if (role === 'visitor') return [...PUBLIC, ...SIGNED_OUT_ONLY];
  const signedIn = [...PUBLIC, '/forum', '/profile', '/sync', ...detail];
  if (role === 'admin') return [...signedIn, '/attendance', '/admin'];
  if (role === 'exec') return [...signedIn, '/attendance', '/rota'];
  return role === 'member' ? [...signedIn, '/rota'] : signedIn;
}

async function settle(page: Page): Promise<void> {
  // A rendered public page is taken over by the app after its first paint: check the app's page.
  await expect(page.locator('html[data-app="started"]')).toHaveCount(1);
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.status--loading')).toHaveCount(0);
}

for (const role of ['visitor', 'pending', 'member', 'exec', 'admin'] as const) {
  test(`axe finds nothing on any screen for a ${role}`, async ({ page }) => {
    test.setTimeout(180_000);
    if (role !== 'visitor') {
      acceptCharterInDb(DEMO[role].email);
      await signIn(page, DEMO[role]);
    }
    const found: string[] = [];
    for (const size of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(size);
      for (const route of routesFor(role)) {
        await page.goto(route);
        await settle(page);
        found.push(...(await axeViolations(page, `${role} ${size.width}px ${route}`)));
        // A pending member's forum is the membership notice: no tabs.
        if (route === '/forum' && role !== 'pending') {
          await page.getByRole('tab', { name: 'Events' }).click();
          await settle(page);
          found.push(...(await axeViolations(page, `${role} ${size.width}px /forum (Events)`)));
        }
        if (route === '/admin') {
          for (const tab of [/Pending Approval/, /Emails|Messages/, /Renewals/, /Import/]) {
            await page.getByRole('tab', { name: tab }).click();
            await settle(page);
            found.push(...(await axeViolations(page, `${role} ${size.width}px /admin (${tab.source})`)));
          }
        }
      }
    }
    expect(found).toEqual([]);
  });
}
