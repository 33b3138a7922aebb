// Screenshots of the running app for the install dialog (the manifest's `screenshots`): the home page
// at a phone's size (narrow) and a laptop's (wide). `npm run build && npx tsx scripts/make-screenshots.ts`.
// The PNGs are committed in pwa/public/screenshots/, so building needs neither this script nor a browser.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { freePort, startServer } from '../api/testing/child-server';
import { newJwtSecret } from '../api/testing/seeded-database';

const OUT = 'pwa/public/screenshots';
const SHOTS = [
  { name: 'home-narrow', path: '/', width: 390, height: 844 },
  { name: 'home-wide', path: '/', width: 1280, height: 800 },
] as const;

const dir = mkdtempSync(join(tmpdir(), 'club-shots-'));
const server = await startServer({ databasePath: join(dir, 'club.db'), port: await freePort(), jwtSecret: newJwtSecret() });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
try {
  mkdirSync(OUT, { recursive: true });
  for (const shot of SHOTS) {
    const context = await browser.newContext({ viewport: { width: shot.width, height: shot.height }, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${server.url}${shot.path}`, { waitUntil: 'networkidle' });
    // The slideshow's first picture, not a moment of a fade.
    await page.getByRole('button', { name: /pause/i }).first().click().catch(() => {});
    await page.waitForTimeout(800);
    const png = await page.screenshot({ type: 'png' });
    const file = join(OUT, `${shot.name}.png`);
    await sharp(png).png({ compressionLevel: 9, palette: true, quality: 90 }).toFile(file);
    console.log(`${file}: ${shot.width}x${shot.height}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
