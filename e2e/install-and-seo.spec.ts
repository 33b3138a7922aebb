import { expect, test } from '@playwright/test';

// What crawlers and the install dialog read: robots.txt, a description per page, the
// manifest's identity, colour and screenshots.

test('robots.txt is a real file, and a missing file is a 404, not the app', async ({ request }) => {
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toMatch(/^User-agent: \*/m);
  const missing = await request.get('/ads.xml');
  expect(missing.status()).toBe(404);
  expect(await missing.text()).not.toContain('id="root"');
});

test('every public page has its own meta description', async ({ page }) => {
  const seen = new Map<string, string>();
  for (const path of ['/', '/join-us', '/schedule', '/coaches-exec', '/faq', '/privacy', '/races', '/login']) {
    await page.goto(path);
    await expect(page.locator('main h1').first()).toBeVisible();
    const description = (await page.locator('meta[name="description"]').getAttribute('content')) ?? '';
    expect(description.length, path).toBeGreaterThan(50);
    seen.set(path, description);
  }
  expect(new Set(seen.values()).size).toBe(seen.size);
});

test("the manifest has an id, the header's colour and narrow and wide screenshots", async ({ page, request }) => {
  const manifest = await (await request.get('/manifest.webmanifest')).json();
  expect(manifest.id).toBe('/');
  await page.goto('/');
  const header = await page.locator('.site-header').evaluate((el) => getComputedStyle(el).backgroundColor);
  const hex = manifest.theme_color as string;
  const rgb = `rgb(${parseInt(hex.slice(1, 3), 16)}, ${parseInt(hex.slice(3, 5), 16)}, ${parseInt(hex.slice(5, 7), 16)})`;
  expect(header).toBe(rgb);
  expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(hex);
  const factors = new Set<string>();
  for (const shot of manifest.screenshots as { src: string; sizes: string; form_factor: string }[]) {
    const res = await request.get(shot.src);
    expect(res.status(), shot.src).toBe(200);
    const png = await res.body();
    // PNG header: width and height as big-endian integers at bytes 16 and 20.
    expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, shot.src).toBe(shot.sizes);
    factors.add(shot.form_factor);
  }
  expect([...factors].sort()).toEqual(['narrow', 'wide']);
});
