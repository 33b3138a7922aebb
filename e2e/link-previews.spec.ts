import { expect, test, type Page } from '@playwright/test';
import { PUBLIC_PAGES } from '../domain/contract/club/public-pages';
import { apiToken, DEMO, inDays } from './support';

// What a shared link shows and what a visitor on a slow phone sees before the script arrives: every
// public page comes as HTML with its content and its own head (fetched as a chat app fetches a link:
// plain HTTP, no script), hydrates without a mismatch, and a members-only link says nothing of its item.

const PAGES = [
  ...PUBLIC_PAGES.map((p) => ({
    path: p.path,
    heading: p.heading,
    title: `${p.title} · University Triathlon Club`,
    image: p.image,
  })),
  // A team member's page, drawn from the database (the demo club's swim coach).
  {
    path: '/profile/swim-coach/maya-chen',
    heading: 'Maya Chen',
    title: 'Maya Chen · Swim Coach · University Triathlon Club',
    image: 'coaches-exec',
  },
];

const attr = (html: string, pattern: RegExp) => pattern.exec(html)?.[1] ?? null;
const meta = (html: string, key: string) =>
  attr(html, new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`));

test('every public page answers plain HTTP with its h1, title, description and preview tags, and its image is a 1200x630 PNG', async ({
  request,
  baseURL,
}) => {
  for (const page of PAGES) {
    const res = await request.get(page.path);
    expect(res.status(), page.path).toBe(200);
    const html = await res.text();
    const h1 = attr(html, /<main[^>]*>[\s\S]*?<h1[^>]*>([\s\S]*?)<\/h1>/);
    expect(h1?.replace(/<[^>]+>/g, '').trim(), page.path).toBe(page.heading);
    expect(attr(html, /<title>([^<]*)<\/title>/), page.path).toBe(page.title);
    // The only scripts are the built files and data blocks: the CSP refuses inline script.
    const inline = [...html.matchAll(/<script\b([^>]*)>/g)]
      .map((m) => m[1]!)
      .filter((a) => !/\bsrc=|type="application\/(?:json|ld\+json)"/.test(a));
    expect(inline, page.path).toEqual([]);
    expect((meta(html, 'description') ?? '').length, page.path).toBeGreaterThan(40);
    expect(meta(html, 'og:title'), page.path).toBe(page.title);
    expect(meta(html, 'og:description'), page.path).toBe(meta(html, 'description'));
    expect(meta(html, 'og:url'), page.path).toBe(`${baseURL}${page.path}`);
    expect(attr(html, /<link rel="canonical" href="([^"]+)">/), page.path).toBe(`${baseURL}${page.path}`);
    expect(meta(html, 'og:type'), page.path).toBe('website');
    expect(meta(html, 'twitter:card'), page.path).toBe('summary_large_image');
    const image = meta(html, 'og:image');
    expect(image, page.path).toBe(`${baseURL}/og/${page.image}.png`);
    const png = await request.get(image!);
    expect(png.status(), image!).toBe(200);
    expect(png.headers()['content-type'], image!).toBe('image/png');
    const body = await png.body();
    expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`, image!).toBe('1200x630');
  }
});

test('the sitemap lists the public pages at the public address, and robots.txt names it', async ({
  request,
  baseURL,
}) => {
  const xml = await (await request.get('/sitemap.xml')).text();
  for (const page of PUBLIC_PAGES) expect(xml).toContain(`<loc>${baseURL}${page.path}</loc>`);
  expect(await (await request.get('/robots.txt')).text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('each public page shows its content', async ({ page }) => {
    for (const p of PAGES) {
      await page.goto(p.path);
      await expect(page.locator('main h1').first(), p.path).toHaveText(p.heading);
      await expect(page.locator('header nav').first(), p.path).toBeVisible();
    }
    // The pages' own content, not only their titles: the schedule's sessions, the races, the team.
    await page.goto('/schedule');
    await expect(page.getByText('Aquatic Centre').first()).toBeVisible();
    await page.goto('/coaches-exec');
    await expect(page.getByRole('link', { name: 'Maya Chen' })).toBeVisible();
    await page.goto('/faq');
    await expect(page.locator('main')).toContainText('?');
  });
});

/** Errors React reports when the HTML and the first render in the browser differ (or a CSP refusal). */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (err) => problems.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  return problems;
}

test('with JavaScript each public page hydrates with no mismatch and no console error', async ({ page }) => {
  const problems = watchConsole(page);
  // The server's heading element, taken as soon as the HTML is parsed (before any script runs): a
  // hydrated page keeps it; a page drawn afresh would have replaced it.
  await page.addInitScript(() => {
    document.addEventListener('readystatechange', () => {
      if (document.readyState === 'interactive')
        (window as { serverH1?: Element | null }).serverH1 = document.querySelector('main h1');
    });
  });
  for (const p of PAGES) {
    await page.goto(p.path, { waitUntil: 'networkidle' });
    await expect(page.locator('main h1').first(), p.path).toHaveText(p.heading);
    await page.waitForTimeout(300);
    const kept = await page.evaluate(() => {
      const h1 = (window as { serverH1?: Element | null }).serverH1;
      return !!h1 && h1 === document.querySelector('main h1');
    });
    expect(kept, `${p.path}: the server's HTML is hydrated, not redrawn`).toBe(true);
    expect(problems, p.path).toEqual([]);
  }
  await page.goto('/schedule');
  await page.getByRole('tab', { name: /summer/i }).click();
  await expect(page.getByRole('tab', { name: /summer/i })).toHaveAttribute('aria-selected', 'true');
  expect(problems).toEqual([]);
});

test('a page whose HTML differs from what the browser draws is reported (the check above can fail)', async ({
  page,
}) => {
  await page.goto('/join-us', { waitUntil: 'networkidle' });
  const problems = watchConsole(page);
  await page.route('**/join-us', async (route) => {
    const res = await route.fetch();
    await route.fulfill({
      response: res,
      body: (await res.text()).replace('<h1>Join Us</h1>', '<h1>Join Us today</h1>'),
    });
  });
  // With the page's scripts at hand (as on a return visit), hydration meets the changed heading.
  await page.reload({ waitUntil: 'networkidle' });
  await expect(page.locator('main h1')).toHaveText('Join Us');
  await expect.poll(() => problems.join('\n')).toMatch(/418|hydrat/i);
});

test("a members-only link previews as Members only and its HTML holds none of the item's text", async ({
  request,
  baseURL,
}) => {
  const token = await apiToken(request, DEMO.exec);
  const secret = { title: 'Sunrise lake crossing', content: 'Meet at the north dock, wetsuit on.' };
  const res = await request.post('/api/forum/posts', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      type: 'workout',
      workoutType: 'swim',
      workoutDate: inDays(5),
      workoutTime: '06:00',
      capacity: 8,
      ...secret,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).post.id as number;
  for (const path of [`/workout/${id}`, '/forum', '/profile', `/event/${id}`]) {
    const html = await (await request.get(path)).text();
    expect(attr(html, /<title>([^<]*)<\/title>/), path).toBe('Members only · University Triathlon Club');
    expect(meta(html, 'og:title'), path).toBe('Members only · University Triathlon Club');
    expect(meta(html, 'og:image'), path).toBe(`${baseURL}/og/club.png`);
    expect(html, path).not.toContain(secret.title);
    expect(html, path).not.toContain('north dock');
    expect(html, path).toContain('<div id="root"></div>');
  }
});
