import { expect, test, type Page } from '@playwright/test';
import { DEMO, acceptCharterInDb, apiToken, openTestDb, signIn, screenshots } from './support';


/** Full-page screenshots at both sizes, kept in test-results/screens/ for review. */
function screens(page: Page, name: string): Promise<void> {
  return screenshots(page, `public-${name}`);
}

test.describe('public pages', () => {
  test('home: hero, slideshow controls and the about section', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/Home/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Swim. Bike. Run. Together.');
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await expect(carousel).toHaveAttribute('aria-label', 'Club training photos');
    await expect(carousel.locator('[aria-roledescription="slide"]')).toHaveCount(3);
    const first = carousel.getByRole('group', { name: 'Slide 1 of 3' });
    await expect(first.getByRole('img')).toHaveJSProperty('complete', true);
    expect(
      await first.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);

    // The controls work once the app has taken over the server's page (a tap before that is lost).
    await expect(page.locator('html[data-app="started"]')).toHaveCount(1);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    await expect(carousel.getByRole('group', { name: 'Slide 2 of 3' })).toBeVisible();
    await expect(carousel.getByRole('button', { name: 'Go to slide 2' })).toHaveAttribute(
      'aria-current',
      'true',
    );
    await carousel.getByRole('button', { name: 'Go to slide 1' }).click();
    await expect(first).toBeVisible();
    await expect(carousel.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();

    await expect(page.getByRole('heading', { name: 'About the club' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Join Us' }).first()).toHaveAttribute('href', '/join-us');
    await screens(page, 'home');
    await page.getByRole('main').getByRole('link', { name: 'Meet the Team' }).click();
    await expect(page).toHaveURL(/\/coaches-exec$/);
  });

  test('home: images are small, local WebP files', async ({ request }) => {
    for (const name of ['swim', 'bike', 'run']) {
      for (const width of [800, 1600]) {
        const res = await request.get(`/images/${name}-${width}.webp`);
        expect(res.status()).toBe(200);
        expect(res.headers()['content-type']).toContain('image/webp');
        expect((await res.body()).length).toBeLessThan(60 * 1024);
      }
    }
  });

  test('join us: sections, five steps, fees, sessions, charter and anchors', async ({ page }) => {
    await page.goto('/join-us');
    await expect(page).toHaveTitle(/Join Us/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join Us');
    const toc = page.getByRole('navigation', { name: 'On this page' });
    await expect(toc.getByRole('link')).toHaveCount(7);
    await expect(page.locator('#how-to-join ol > li')).toHaveCount(5);
    const fees = page.getByRole('table');
    for (const [name, fee] of [
      ['Full Tri', 256],
      ['Half Tri', 136],
      ['Full Du', 213],
      ['Half Du', 122],
      ['Full Run', 182],
      ['Half Run', 101],
    ] as const) {
      await expect(fees.getByRole('row', { name: new RegExp(name) })).toContainText(`${fee} + HST`);
    }
    await expect(page.locator('#sessions')).toContainText('September to December');
    await expect(page.locator('#charter').getByRole('heading', { name: 'Agreement' })).toBeVisible();
    await screens(page, 'join-us');
    await toc.getByRole('link', { name: 'Package fees' }).click();
    await expect(page).toHaveURL(/#fees$/);
    await expect(page.getByRole('heading', { name: 'Package fees' })).toBeInViewport();
  });

  test('schedule: season tabs with the keyboard, weekly grid and where to go', async ({ page }) => {
    await page.goto('/schedule');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Schedule');
    const spring = page.getByRole('tab', { name: 'Spring' });
    await expect(spring).toHaveAttribute('aria-selected', 'true');
    const panel = page.getByRole('tabpanel');
    await expect(panel).toContainText('April 29 to June 25');
    await expect(panel).toContainText('Group tempo run');
    await expect(panel).toContainText('6:15 PM');
    await expect(panel.getByRole('term')).toHaveText(['Swims', 'Spins', 'Bricks', 'Track', 'Tempo runs']);
    await screens(page, 'schedule');

    await spring.focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Summer' })).toBeFocused();
    await expect(page.getByRole('tabpanel')).toContainText('June 25 to August 20');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Fall/Winter' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText('September 1 to April 29');
    await expect(page.getByRole('tabpanel')).toContainText('Spin class');
  });

  test('FAQ: the thirteen topics open and close', async ({ page }) => {
    await page.goto('/faq');
    await expect(page).toHaveTitle(/FAQ/);
    const items = page.locator('details');
    await expect(items).toHaveCount(13);
    const swim = page.getByText('How long are swim practices?');
    await swim.click();
    await expect(page.getByText('Swim practices last 2 hours.')).toBeVisible();
    await screens(page, 'faq');
  });

  test('resources and team gear placeholders', async ({ page }) => {
    await page.goto('/resources');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Resources');
    await expect(
      page.getByText('Training plans, guides, and helpful links will appear here.', { exact: true }),
    ).toBeVisible();
    await screens(page, 'resources');
    await page.goto('/team-gear');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Team Gear');
    await expect(
      page.getByText('Club-branded kits and merchandise. Coming soon!', { exact: true }),
    ).toBeVisible();
    await screens(page, 'team-gear');
  });
});

test.describe("a visitor's first download", () => {
  // The first-download budget (<= 90 KB on the wire per public page: the build holds it, scripts/budgets.ts,
  // and `npm run bench` measures it) holds because a visitor's pages that read the API run without the
  // query library, the signed-in part of the app (the data layer, the members' frame) and the forms
  // library (docs/decisions/0062, 0138), and the passkey ceremony loads only when a passkey is used
  // (0066). A page that pulls one of them back in fails here too, as a browser sees it.
  const HEAVY = /\/assets\/(query|signed-in|forms|passkey-ceremony)-[\w-]+\.js$/;

  test('the public pages that read the API load neither TanStack Query nor react-hook-form', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (req) => {
      if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
    });
    const pages: [string, RegExp][] = [
      ['/coaches-exec', /Coaches and Executive Team/],
      ['/profile/swim-coach/maya-chen', /Maya Chen/],
      ['/races', /^Races$/],
      ['/login', /^Sign In$/],
      ['/reset-password?token=not-a-token', /Reset/],
    ];
    for (const [path, heading] of pages) {
      scripts.length = 0;
      await page.goto(path, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      expect(scripts.length, path).toBeGreaterThan(0);
      expect(scripts.filter((s) => HEAVY.test(s)), path).toEqual([]);
    }
    // The data is there: the team's cards and the race list.
    await page.goto('/coaches-exec');
    await expect(page.getByTestId('team-card')).toHaveCount(10);
  });
});

test.describe('coaches, exec and team profiles', () => {
  test('visitors see ten cards, coach emails, bio previews and no edit pencils', async ({ page }) => {
    // The demo bios all fit the card whole: give one a long bio and another none, as an exec might.
    const db = openTestDb();
    const bios = db.prepare("select id, bio from team_profiles where id in ('swim-coach', 'co-president-2')").all() as { id: string; bio: string }[];
    db.prepare("update team_profiles set bio = ? where id = 'swim-coach'").run(`${'Former varsity swimmer and Level 2 coach. '.repeat(4)}`);
    db.prepare("update team_profiles set bio = '' where id = 'co-president-2'").run();
    await page.goto('/coaches-exec');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Coaches and Executive Team');
    const cards = page.getByTestId('team-card');
    await expect(cards).toHaveCount(10);
    await expect(page.getByRole('link', { name: 'triathlon.club@university.test' }).first()).toBeVisible();
    const swim = cards.filter({ hasText: 'Swim Coach' });
    await expect(swim.getByRole('link', { name: 'swim.coach@club.test' })).toBeVisible();
    // A bio longer than 120 characters is cut; an empty one says so.
    await expect(swim).toContainText('…');
    await expect(cards.filter({ hasText: 'Lucas Martin' })).toContainText('Bio coming soon...');
    for (const { id, bio } of bios) db.prepare('update team_profiles set bio = ? where id = ?').run(bio, id);
    db.close();
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0);
    await screens(page, 'coaches-exec');

    await swim.getByRole('link', { name: 'Maya Chen' }).click();
    await expect(page).toHaveURL(/\/profile\/swim-coach\/maya-chen$/);
  });

  test('a team profile shows the details and links back', async ({ page }) => {
    await page.goto('/profile/swim-coach/maya-chen');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Maya Chen');
    await expect(page.getByRole('article')).toContainText('Swim Coach');
    await expect(page.getByRole('link', { name: 'swim.coach@club.test' })).toHaveAttribute(
      'href',
      'mailto:swim.coach@club.test',
    );
    await expect(page.getByText(/Level 2 coach/)).toBeVisible();
    await screens(page, 'team-profile');
    await page.getByRole('link', { name: 'Back to Coaches and Exec' }).click();
    await expect(page).toHaveURL(/\/coaches-exec$/);
  });

  test('an unknown team profile says so', async ({ page }) => {
    await page.goto('/profile/head-chef/somebody');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Profile Not Found');
    await expect(page.getByRole('link', { name: 'Back to Coaches and Exec' })).toHaveAttribute(
      'href',
      '/coaches-exec',
    );
    await screens(page, 'team-profile-unknown');
  });

  test('an exec edits a profile through the pencil; a bad image is refused without losing input', async ({
    page,
    request,
  }) => {
    acceptCharterInDb(DEMO.exec.email);
    await signIn(page, DEMO.exec);
    await page.goto('/coaches-exec');
    await page.getByRole('button', { name: 'Edit Secretary' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Profile' });
    await expect(dialog.getByLabel('Name')).toHaveValue('Sam Rivera');
    await dialog.getByLabel('Bio').fill('Keeps the minutes and the club calendar.');
    await dialog.getByLabel('Image URL').fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    // The message sits on the Image URL field, which gets the focus.
    await expect(dialog.getByLabel('Image URL')).toHaveAccessibleDescription(/^The image must be a link starting with https:\/\//);
    await expect(dialog.getByLabel('Image URL')).toBeFocused();
    await expect(dialog.getByLabel('Bio')).toHaveValue('Keeps the minutes and the club calendar.');
    await screens(page, 'edit-profile');

    await dialog.getByLabel('Image URL').fill('');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await expect(dialog).toBeHidden();
    const card = page.getByTestId('team-card').filter({ hasText: 'Secretary' });
    await expect(card).toContainText('Keeps the minutes and the club calendar.');
    await expect(page.getByRole('status').filter({ hasText: 'Secretary profile saved.' })).toBeVisible();

    // Put the seed back for whoever runs next.
    const token = await apiToken(request, DEMO.exec);
    const res = await request.put('/api/profiles/secretary', {
      data: { bio: '' },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status()).toBe(200);
  });
});
