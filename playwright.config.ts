import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// One server for the whole run, on loopback, with a fresh database seeded with the demo accounts.
// Workers inherit these variables, so tests can open the same database file.
process.env.E2E_PORT ??= '4317';
process.env.E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'club-e2e-'));
// The push service stub of e2e/push.spec.ts listens here; the server may send to it because
// PUSH_SERVICE_HOSTS names it, as an operator names a self-hosted push service.
process.env.E2E_PUSH_PORT ??= String(Number(process.env.E2E_PORT) + 1);
const port = Number(process.env.E2E_PORT);
export const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  outputDir: 'test-results',
  use: {
    baseURL,
    serviceWorkers: 'block',
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    // What `npm start` runs: builds when the build is missing or stale, then the compiled server.
    command: 'node scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_PATH: join(process.env.E2E_DATA_DIR, 'club.db'),
      APP_URL: baseURL,
      SEED_DEMO: '1',
      PASSWORD_HASH_LOG_N: '12',
      PUSH_SERVICE_HOSTS: `127.0.0.1:${process.env.E2E_PUSH_PORT}`,
    },
  },
});
