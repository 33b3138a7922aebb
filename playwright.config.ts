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

// The screens every role is checked on (axe, tap targets) run beside the rest, against a club of their
// own (a second server and database, seeded alike): the rest runs one test at a time because its tests
// change the club they share (its settings, the demo accounts' sessions and sign-ups).
const SCREENS = ['a11y.spec.ts', 'tap-targets.spec.ts'];
// E2E_PORT + 1 is the push service stub, + 2 the passkeys spec's own server (on localhost).
process.env.E2E_SCREENS_PORT ??= String(Number(process.env.E2E_PORT) + 3);
process.env.E2E_SCREENS_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'club-e2e-screens-'));
const screensURL = `http://127.0.0.1:${process.env.E2E_SCREENS_PORT}`;

// A member's days (the forum, offline, My week, races, attendance…) run against a third club of their
// own, beside the rest: none of them changes the club's settings, so they need not wait behind the
// specs that do. E2E_PORT + 4 is the second club's server (e2e/second-club.spec.ts).
const MEMBERS_DAYS = [
  'attendance.spec.ts',
  'club-day.spec.ts',
  'end-time.spec.ts',
  'forum.spec.ts',
  'lanes.spec.ts',
  'my-data.spec.ts',
  'my-week.spec.ts',
  'no-sideways.spec.ts',
  'offline.spec.ts',
  'offline-truth.spec.ts',
  'plans-change.spec.ts',
  'poolside.spec.ts',
  'profile.spec.ts',
  'race-weekend.spec.ts',
  'races.spec.ts',
  'session.spec.ts',
];
process.env.E2E_DAYS_PORT ??= String(Number(process.env.E2E_PORT) + 5);
process.env.E2E_DAYS_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'club-e2e-days-'));
const daysURL = `http://127.0.0.1:${process.env.E2E_DAYS_PORT}`;

/** The server of the browser tests: what `npm start` runs (it builds first when the build is stale). */
function server(url: string, port: string, dataDir: string) {
  return {
    command: 'node scripts/start.mjs',
    url: `${url}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
    env: {
      PORT: port,
      HOST: '127.0.0.1',
      DATABASE_PATH: join(dataDir, 'club.db'),
      APP_URL: url,
      SEED_DEMO: '1',
      PASSWORD_HASH_LOG_N: '12',
      PUSH_SERVICE_HOSTS: `127.0.0.1:${process.env.E2E_PUSH_PORT}`,
    },
  };
}

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 3,
  projects: [
    { name: 'club', testIgnore: [...SCREENS, ...MEMBERS_DAYS], workers: 1 },
    { name: 'days', testMatch: MEMBERS_DAYS, workers: 1, use: { baseURL: daysURL } },
    { name: 'screens', testMatch: SCREENS, workers: 1, use: { baseURL: screensURL } },
  ],
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
  // Started one after the other: the first builds when the build is stale, the second finds it built.
  webServer: [
    server(baseURL, String(port), process.env.E2E_DATA_DIR),
    server(daysURL, process.env.E2E_DAYS_PORT, process.env.E2E_DAYS_DATA_DIR),
    server(screensURL, process.env.E2E_SCREENS_PORT, process.env.E2E_SCREENS_DATA_DIR),
  ],
});
