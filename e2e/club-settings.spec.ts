import { expect, test } from '@playwright/test';
import { DEMO, acceptCharterInDb, apiToken, screenshots, signIn } from './support';

// An administrator renames the club and changes its colour in Admin → Club, on a phone: the server's
// HTML of a public page, the web app manifest and the page itself follow on the next request.

const NEW_NAME = 'Lakeside Rowing Club';
const NEW_COLOUR = '#14532d';
const NEW_ACCENT = '#6b21a8';

test.describe('club settings', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  // The club is the demo's again for the tests after this one, whatever happened here.
  test.afterEach(async ({ request }) => {
    const token = await apiToken(request, DEMO.admin);
    const headers = { authorization: `Bearer ${token}` };
    const current = await (await request.get('/api/club/documents/club', { headers })).json();
    if (current.version === 0) return;
    const restored = await request.post('/api/club/documents/club/versions/0/restore', { headers, data: { version: current.version } });
    expect(restored.status(), await restored.text()).toBe(200);
  });

  test('renames the club and changes its colour: the HTML, the manifest and the page follow', async ({ page, request }) => {
    acceptCharterInDb(DEMO.admin.email);
    await signIn(page, DEMO.admin);
    await page.goto('/admin?tab=club');
    const tab = page.getByRole('tab', { name: 'Club' });
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    // Nine tabs or five, the page itself never scrolls sideways on a phone.
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.inner);

    const colour = page.getByLabel('Main colour');
    await colour.fill('#ffcc00');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/White text on this colour is hard to read/)).toBeVisible();

    await page.getByLabel('Club name').fill(NEW_NAME);
    await colour.fill(NEW_COLOUR);
    await page.getByLabel('Accent colour').fill(NEW_ACCENT);
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText(/^Saved\./)).toBeVisible();
    // At a phone's and a laptop's width, with nothing scrolling sideways.
    await screenshots(page, 'admin-club');

    // The server's HTML of a public page, on the next request.
    const html = await (await request.get('/join-us')).text();
    expect(html).toContain(`<title>Join Us · ${NEW_NAME}</title>`);
    expect(html).toContain(`<meta property="og:site_name" content="${NEW_NAME}">`);
    expect(html).toContain(`<meta name="theme-color" content="${NEW_COLOUR}">`);
    expect(html).not.toContain('University Triathlon Club');
    expect(html).toContain(`<meta name="description" content="How to join the ${NEW_NAME}: membership, fees, what to bring and who to ask.">`);
    // Every description in the head names the club (the description the club has not reworded yet
    // still travels in the page's data, as the club's own setting).
    expect(html.slice(0, html.indexOf('</head>'))).not.toMatch(/university triathlon club/i);

    // The install dialog no longer shows the demo club's screenshots.
    const manifest = await (await request.get('/manifest.webmanifest')).json();
    expect(manifest).toMatchObject({ name: NEW_NAME, theme_color: NEW_COLOUR });
    expect(manifest).not.toHaveProperty('screenshots');

    // The page: a fresh load shows the new name in its title and footer, in the new colour.
    await page.goto('/join-us');
    await expect(page).toHaveTitle(`Join Us · ${NEW_NAME}`);
    await expect(page.locator('.site-footer__legal')).toContainText(NEW_NAME);
    const colours = await page.evaluate(() => {
      const root = getComputedStyle(document.documentElement);
      // A call-to-action button as the pages draw it (Join Us, Sign in).
      const button = document.createElement('a');
      button.className = 'button button--accent';
      document.body.append(button);
      const accentButton = getComputedStyle(button).backgroundColor;
      button.remove();
      return {
        main: root.getPropertyValue('--club-main').trim(),
        accent: root.getPropertyValue('--club-accent').trim(),
        header: getComputedStyle(document.querySelector('.site-header')!).backgroundColor,
        accentButton,
      };
    });
    expect(colours.main).toBe(NEW_COLOUR);
    expect(colours.accent).toBe(NEW_ACCENT);
    // The header takes the main colour and a call to action the accent: no demo blue or orange left.
    expect(colours.header).toBe('rgb(20, 83, 45)');
    expect(colours.accentButton).toBe('rgb(107, 33, 168)');
  });
});
