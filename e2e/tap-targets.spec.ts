import { expect, test, type Page } from '@playwright/test';
import { DEMO, acceptCharterInDb, axeViolations, openTestDb, signIn } from './support';

// On a phone (390 x 844) every tap target of the main member and exec screens is at least 44 x 44 px:
// buttons, chips, icon buttons, form controls, tabs and links, the footer's included. The one
// exception is a link inside a sentence (WCAG 2.5.8's inline exception). A checkbox or radio is
// measured by its label, which takes the tap. Offenders are listed by screen and name.

const PHONE = { width: 390, height: 844 };
const MIN = 44;

function ids(): { workout: number; event: number; race: number } {
  const db = openTestDb();
  const one = (sql: string) => (db.prepare(sql).get() as { id: number }).id;
  const found = {
    workout: one("select id from posts where type = 'workout' order by workout_date desc, id limit 1"),
    event: one("select id from posts where type = 'event' order by event_date desc, id limit 1"),
    race: one('select id from races order by date desc, id limit 1'),
  };
  db.close();
  return found;
}

/**
 * Runs `during` with the exec holding the treasurer's card (so Admin → Payments is theirs), and gives
 * the card its address back after, for the other specs that share the database.
 */
async function asTreasurer(email: string, during: () => Promise<void>): Promise<void> {
  const db = openTestDb();
  const before = db.prepare("select email from team_profiles where id = 'treasurer'").get() as { email: string } | undefined;
  db.prepare("update team_profiles set email = ? where id = 'treasurer'").run(email);
  try {
    await during();
  } finally {
    db.prepare("update team_profiles set email = ? where id = 'treasurer'").run(before?.email ?? '');
    db.close();
  }
}

/** Every visible tap target under 44 x 44 px on the page now, as 'name (w x h)'. */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="tab"]',
      '[role="link"]',
      '[tabindex]:not([tabindex="-1"])',
    ].join(',');
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') return false;
      if (el.closest('[aria-hidden="true"], [inert]')) return false;
      const box = el.getBoundingClientRect();
      // Visually hidden (screen-reader only) controls have a 1 px box and are not tapped.
      return box.width > 2 && box.height > 2;
    };
    /** A link inside a sentence: inline, with text of its block around it. */
    const inSentence = (el: Element) => {
      if (el.tagName !== 'A' || getComputedStyle(el).display !== 'inline') return false;
      let block = el.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      if (
        !block ||
        !['P', 'LI', 'TD', 'DD', 'SPAN', 'DIV', 'LABEL', 'SMALL', 'FIGCAPTION'].includes(block.tagName)
      )
        return false;
      const own = (el.textContent ?? '').trim();
      const all = (block.textContent ?? '').replace(/\s+/g, ' ').trim();
      return all.length > own.length + 3;
    };
    const nameOf = (el: Element) => {
      const label =
        el.getAttribute('aria-label') ||
        (el.id && document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent) ||
        el.textContent ||
        el.getAttribute('title') ||
        el.getAttribute('name') ||
        el.getAttribute('type') ||
        '';
      const kind = el.tagName.toLowerCase() + (el.classList[0] ? `.${el.classList[0]}` : '');
      return `${kind} "${label.replace(/\s+/g, ' ').trim().slice(0, 60)}"`;
    };
    const seen = new Set<Element>();
    const small: string[] = [];
    // Under an open dialog the page cannot be tapped: only the dialog's targets count.
    const scope = document.querySelector('[aria-modal="true"]') ?? document;
    for (const el of scope.querySelectorAll(selector)) {
      let target: Element = el;
      // A link stretched over its card (an absolute ::after filling the card) is tapped anywhere on the card.
      const after = getComputedStyle(el, '::after');
      if (el.tagName === 'A' && after.content !== 'none' && after.position === 'absolute') {
        let card = el.parentElement;
        while (card && getComputedStyle(card).position === 'static') card = card.parentElement;
        if (card) target = card;
      }
      if (el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio')) {
        target =
          el.closest('label') ??
          (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null) ??
          el;
      }
      if (seen.has(target) || !shown(el) || !shown(target) || inSentence(target)) continue;
      seen.add(target);
      const box = target.getBoundingClientRect();
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        small.push(`${nameOf(el)} (${Math.round(box.width)} x ${Math.round(box.height)})`);
      }
    }
    return small;
  }, MIN);
}

async function settle(page: Page): Promise<void> {
  await expect(page.locator('h1').first()).toBeVisible();
  await expect(page.locator('.status--loading')).toHaveCount(0);
}

for (const role of ['visitor', 'member', 'exec'] as const) {
  test(`every tap target is at least 44 x 44 px on a phone for a ${role}`, async ({ page }) => {
    test.setTimeout(240_000);
    await page.setViewportSize(PHONE);
    const { workout, event, race } = ids();
    const routes =
      role === 'visitor'
        ? [
            '/',
            '/join-us',
            '/schedule',
            '/coaches-exec',
            '/faq',
            '/resources',
            '/team-gear',
            '/races',
            '/login',
          ]
        : [
            '/',
            '/forum',
            '/forum?tab=events',
            `/workout/${workout}`,
            `/event/${event}`,
            `/race/${race}`,
            '/races',
            '/profile',
            '/sync',
            '/coaches-exec',
            '/rota',
          ];
    if (role === 'exec') routes.push('/attendance');
    if (role !== 'visitor') {
      acceptCharterInDb(DEMO[role].email);
      await signIn(page, DEMO[role]);
    }
    if (role === 'member') {
      // Signed up for a workout, My week on the home page lists it with its Cancel.
      await page.goto('/forum');
      await settle(page);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).first().click();
      await expect(page.getByText('Signed Up', { exact: true }).first()).toBeVisible();
    }
    const offenders: string[] = [];
    const check = async (where: string) => {
      for (const small of await smallTargets(page)) offenders.push(`${role} ${where}: ${small}`);
    };
    for (const route of routes) {
      await page.goto(route);
      await settle(page);
      await check(route);
      if (route === '/' && role === 'member')
        await expect(page.getByRole('button', { name: /^Cancel signup for/ })).toBeVisible();
      if (route.startsWith('/event/') && role !== 'visitor') {
        // Answered, the event shows "Clear my answer" and the answer's own controls.
        const going = page.getByRole('button', { name: 'Going', exact: true });
        if ((await going.getAttribute('aria-pressed')) !== 'true') await going.click();
        await expect(page.getByRole('button', { name: /Clear my answer/ })).toBeVisible();
        await check(`${route} (answered)`);
      }
    }
    if (role === 'exec') {
      // Admin → Payments, for the exec who holds the treasurer's position.
      await asTreasurer(DEMO.exec.email, async () => {
        await page.goto('/admin/payments');
        await settle(page);
        await expect(page.getByLabel('Show')).toBeVisible();
        await check('/admin/payments');
      });
      // New Workout and Edit Workout: the same sheet.
      await page.goto('/forum');
      await settle(page);
      await page.getByRole('button', { name: /New Workout/ }).click();
      const sheet = page.getByRole('dialog', { name: 'New Workout' });
      await expect(sheet).toBeVisible();
      await sheet.getByLabel('Repeat weekly').check();
      await check('/forum (New Workout)');
      await sheet.getByRole('button', { name: 'Post Workout' }).click();
      await expect(sheet.getByText('Required').first()).toBeVisible();
      // One message per problem: no summary above the button, and axe finds nothing in the sheet.
      await expect(sheet.getByRole('alert')).toHaveCount(0);
      expect(await axeViolations(page, 'New Workout with its messages')).toEqual([]);
      await sheet.getByRole('button', { name: 'Cancel' }).click();

      await page.goto(`/workout/${workout}`);
      await settle(page);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Workout' });
      await expect(edit).toBeVisible();
      await check(`/workout/${workout} (Edit Workout)`);
      expect(await axeViolations(page, 'Edit Workout')).toEqual([]);
      await edit.getByRole('button', { name: 'Save changes' }).click();
      await expect(edit).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: /^Changes saved/ })).toBeVisible();
      expect(await axeViolations(page, 'Workout saved')).toEqual([]);
    }
    expect(offenders).toEqual([]);
  });
}
