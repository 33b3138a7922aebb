import { expect, test, type Page } from '@playwright/test';
import { DEFAULT_SAFETY, wordingMark } from '../domain/people/safety';
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

/**
 * Someone on the first workout's roster with a card to open, so an exec's and an administrator's
 * Safety list and a card are there to check: the administrator, signed up, with a card shared.
 */
function arrangeRoster(workout: number): void {
  const db = openTestDb();
  const admin = (db.prepare('select id from users where email = ?').get(DEMO.admin.email) as { id: number }).id;
  db.prepare('insert or ignore into workout_signups (post_id, user_id, signup_time) values (?, ?, ?)').run(workout, admin, Date.now());
  db.prepare('insert or ignore into safety_cards (user_id, contacts, flags, notes, consent_mark, confirmed_term) values (?, ?, ?, ?, ?, ?)').run(
    admin,
    JSON.stringify([{ name: 'Sam Parent', relation: 'Parent', phone: '+14165550177' }]),
    JSON.stringify(['Asthma']),
    'Inhaler in the blue bag',
    wordingMark(DEFAULT_SAFETY.consentText),
    'checked-by-axe',
  );
  db.close();
}

/** The safety parts of a page, which load after its heading: the profile's card, a roster's Safety list and one card opened. */
async function checkSafety(page: Page, role: Role, route: string, label: string): Promise<string[]> {
  const found: string[] = [];
  if (route === '/profile') {
    await expect(page.getByRole('region', { name: 'Safety card' })).toBeVisible();
    await settle(page);
    found.push(...(await axeViolations(page, `${label} (safety card)`)));
  }
  if (route.startsWith('/workout/') && (role === 'exec' || role === 'admin')) {
    const list = page.getByRole('region', { name: 'Safety', exact: true });
    await expect(list).toBeVisible();
    found.push(...(await axeViolations(page, `${label} (Safety list)`)));
    await list.getByRole('button', { name: /Safety card of / }).first().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    found.push(...(await axeViolations(page, `${label} (a safety card)`)));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    // The card's history entry is taken back off (Back would close it): wait for that step before the
    // next page, which it would otherwise cancel.
    await page.waitForFunction(() => !(history.state as { sheet?: string } | null)?.sheet);
  }
  return found;
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

// One test per role and screen size, so each has its own time limit: a slow shared machine stretches
// one size's pages, not the whole role's.
for (const role of ['visitor', 'pending', 'member', 'exec', 'admin'] as const) {
  for (const size of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    test(`axe finds nothing on any screen for a ${role} at ${size.width}px`, async ({ page }) => {
      test.setTimeout(180_000);
      if (role !== 'visitor') {
        acceptCharterInDb(DEMO[role].email);
        arrangeRoster(firstIds().workout);
        await signIn(page, DEMO[role]);
      }
      const found: string[] = [];
      await page.setViewportSize(size);
      for (const route of routesFor(role)) {
        await page.goto(route);
        await settle(page);
        found.push(...(await axeViolations(page, `${role} ${size.width}px ${route}`)));
        found.push(...(await checkSafety(page, role, route, `${role} ${size.width}px ${route}`)));
        // A pending member's forum is the membership notice: no tabs.
        if (route === '/forum' && role !== 'pending') {
          await page.getByRole('tab', { name: 'Events' }).click();
          await settle(page);
          found.push(...(await axeViolations(page, `${role} ${size.width}px /forum (Events)`)));
        }
        if (route === '/admin') {
          for (const tab of [/Pending Approval/, /Emails|Messages/, /Renewals/, /Import/, /^Rules$/]) {
            await page.getByRole('tab', { name: tab }).click();
            await settle(page);
            found.push(...(await axeViolations(page, `${role} ${size.width}px /admin (${tab.source})`)));
          }
        }
      }
      expect(found).toEqual([]);
    });
  }
}
