// Passkeys in Chromium, with a virtual authenticator of the DevTools protocol's WebAuthn domain (a
// platform authenticator that verifies the user: Face ID or a fingerprint, as a phone would).
//
// Browsers refuse an IP address as the relying party, and the run's shared server is reached at
// 127.0.0.1: this spec starts a server of its own (the same build), reached at http://localhost
// with APP_URL to match, on a fresh database with the demo accounts.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { acceptCharter, DEMO, startOwnServer } from './support';

// E2E_PORT is the shared server, E2E_PORT + 1 its push service stub and E2E_PORT + 3 the screens' server.
const PORT = Number(process.env.E2E_PORT ?? 4317) + 2;
const ORIGIN = `http://localhost:${PORT}`;
let server: Awaited<ReturnType<typeof startOwnServer>>;

test.beforeAll(async () => {
  server = await startOwnServer('passkeys', PORT, { APP_URL: ORIGIN });
});

test.afterAll(async () => {
  await server.stop();
});

/** A platform authenticator that holds discoverable credentials and verifies its user. */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  };
}

test('the server says at start that passkeys are on, for localhost', () => {
  expect(server.output()).toContain(`Passkeys are on for localhost (origin ${ORIGIN})`);
});

test('add a passkey from the profile, sign out, sign in with it, remove it', async ({ context, page }) => {
  const authenticator = await virtualAuthenticator(context, page);
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });

  // Signed in with the password, as today.
  await page.goto(`${ORIGIN}/login`);
  await page.getByLabel('Email').fill(DEMO.member.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.member.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await acceptCharter(page);

  // The profile: a name from the device, then the browser's passkey prompt (answered by the authenticator).
  await page.goto(`${ORIGIN}/profile`);
  const section = page.getByRole('region', { name: 'Passkeys' });
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();
  await expect(section.getByLabel('Name of the new passkey')).toHaveValue('Linux computer');
  await section.getByLabel('Name of the new passkey').fill('Pool bag laptop');
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  await expect(section.getByText('Passkey “Pool bag laptop” added. Next time, sign in with it.')).toBeVisible();
  await expect(section.getByRole('listitem')).toHaveCount(1);
  await expect(section.getByRole('listitem')).toContainText(/Pool bag laptop · Added .* · Never used/);
  expect(await authenticator.credentials()).toHaveLength(1);

  // Sign out: the session ends, the passkey stays on the device and with the club.
  await page.goto(`${ORIGIN}/logout`);
  await expect(page).toHaveURL(`${ORIGIN}/login`);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

  // The sign-in page downloads no passkey code until it is needed; the button then signs in.
  scripts.length = 0;
  await page.reload({ waitUntil: 'networkidle' });
  expect(scripts.filter((s) => /passkey-ceremony/.test(s))).toEqual([]);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'username webauthn');
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null')?.email)).toBe(DEMO.member.email);
  await expect(page.getByRole('dialog', { name: 'Club Charter' })).toHaveCount(0);

  // Back on the profile: it has been used; remove it.
  await page.goto(`${ORIGIN}/profile`);
  await expect(section.getByRole('listitem')).toContainText(/Pool bag laptop · Added .* · Last used /);
  await section.getByRole('button', { name: 'Remove Pool bag laptop' }).click();
  await page.getByRole('dialog', { name: 'Remove Pool bag laptop?' }).getByRole('button', { name: 'Remove' }).click();
  await expect(section.getByText('You have no passkeys yet.')).toBeVisible();

  // The device still holds it, but the club no longer takes it.
  await page.goto(`${ORIGIN}/logout`);
  await expect(page).toHaveURL(`${ORIGIN}/login`);
  await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
  await expect(page.getByRole('alert')).toContainText('That passkey could not sign you in');
  await expect(page).toHaveURL(`${ORIGIN}/login`);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('the email field offers passkeys in its autofill: the ceremony loads on its focus', async ({ context, page }) => {
  await virtualAuthenticator(context, page);
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  await page.goto(`${ORIGIN}/login`, { waitUntil: 'networkidle' });
  expect(scripts.filter((s) => /passkey-ceremony/.test(s))).toEqual([]);
  const conditional = await page.evaluate(() => PublicKeyCredential.isConditionalMediationAvailable?.() ?? false);
  const asked = page.waitForRequest((req) => req.url().endsWith('/api/auth/passkey/options'), { timeout: conditional ? 10_000 : 2_000 }).catch(() => null);
  await page.getByLabel('Email').click();
  const request = await asked;
  // Where the browser can offer passkeys in autofill, a challenge is fetched for it; elsewhere nothing.
  expect(request !== null).toBe(conditional);
  expect(scripts.some((s) => /passkey-ceremony/.test(s))).toBe(conditional);
  // Typing a password still signs in.
  await page.getByLabel('Email').fill(DEMO.pending.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.pending.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
});

test('on a server reached by IP address, the sign-in page says passkeys are off and the password works', async ({ page }) => {
  // The run's shared server: APP_URL http://127.0.0.1:<port>.
  await page.goto('/login');
  await expect(page.getByText('Passkeys are turned off on this server. Sign in with your email and password.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with a passkey' })).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
  await page.getByLabel('Email').fill(DEMO.exec.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.exec.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
});
