// A new member pays the membership online: on their profile, "Pay online" takes them to Checkout (a
// stand-in for Stripe on 127.0.0.1, which the real `stripe` package on the server talks to), they pay
// and come back to the club, which says it is paid; Stripe's signed webhook arrives as well, and the
// payment is counted once. The administrator sees how they paid on the pending list and approves them
// in one tap. At a phone's size.
import { expect, test, type Browser } from '@playwright/test';
import { startStripeStandIn, type StripeStandIn } from '../api/testing/stripe-service';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { clubToday } from '../domain/clock';
import { WARMED_MARK } from '../domain/contract/page-timeline';
import { acceptCharter, expectNoAxeViolations, startOwnServer } from './support';

// E2E_PORT + 1 to + 5 are the other specs' stubs and servers; this spec's club is at + 6.
const PORT = Number(process.env.E2E_PORT ?? 4317) + 6;
const ORIGIN = `http://127.0.0.1:${PORT}`;
// This club's database, which a test reads and moves a workout in as the club-day tests do.
const DATABASE_PATH = join(mkdtempSync(join(tmpdir(), 'club-e2e-payments-')), 'club.db');
let stand: StripeStandIn;
let server: Awaited<ReturnType<typeof startOwnServer>>;

test.beforeAll(async () => {
  stand = await startStripeStandIn();
  stand.deliverTo(`${ORIGIN}/api/payments/stripe/webhook`);
  server = await startOwnServer('payments', PORT, { APP_URL: ORIGIN, DATABASE_PATH, ...stand.env });
});

test.afterAll(async () => {
  await server?.stop();
  await stand?.close();
});

test.use({ viewport: { width: 390, height: 844 } });
test.setTimeout(120_000);

async function signIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  return page;
}

test('a pending member pays online and the administrator approves in one tap', async ({ browser, request }) => {
  const member = { name: 'Paige Payer', email: `paige.${Date.now().toString(36)}@club.test`, password: 'tri-club-pass' };
  const registered = await request.post(`${ORIGIN}/api/auth/register`, { data: { ...member, phoneNumber: '4165550142' } });
  expect(registered.status(), await registered.text()).toBe(201);

  const page = await signIn(browser, member.email, member.password);
  await acceptCharter(page);
  // Through the menu, as a member does (a profile opened from outside is kept as the page to return to).
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
  const fees = page.getByRole('region', { name: 'Fees and payments' });
  await fees.getByRole('radio', { name: /^Half Run: \$114\.13/ }).check();
  await fees.getByRole('button', { name: 'Pay online' }).click();

  // Stripe's page (the stand-in's): the amount is the server's own price with HST.
  await expect(page).toHaveURL(new RegExp(`^${stand.url}/checkout/`));
  await page.getByRole('button', { name: 'Pay 114.13 CAD' }).click();

  await expect(page).toHaveURL(new RegExp(`^${ORIGIN}/payments/return\\?session_id=`));
  await expect(page.getByText('Thank you: $114.13 for Half Run is paid.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'the return from Checkout');
  await page.getByRole('link', { name: 'Back to your profile' }).click();
  await expect(page.getByRole('region', { name: 'Fees and payments' })).toContainText('Your membership is paid');

  const admin = await signIn(browser, 'admin@club.test', 'admin-demo');
  await acceptCharter(admin);
  await admin.goto(`${ORIGIN}/admin?tab=pending`);
  const card = admin.getByRole('listitem').filter({ hasText: member.email });
  await expect(card).toContainText(/Paid \$114\.13 \(incl\. \$13\.13 HST\) online/);
  await card.getByRole('button', { name: `Approve ${member.name}, paid` }).click();
  await expect(admin.getByText(`${member.name} was approved.`)).toBeVisible();

  // The treasurer's ledger shows it, with its tax, and may refund it.
  await admin.goto(`${ORIGIN}/admin/payments`);
  const row = admin.getByRole('row').filter({ hasText: member.name });
  await expect(row).toContainText('incl. $13.13 HST');
  await expect(row.getByRole('button', { name: `Refund ${member.name}, Half Run` })).toBeVisible();
  await expectNoAxeViolations(admin, 'Admin → Payments');

  // Paid once: one payment, one receipt, however the news came (the return and the webhook).
  const token = (await (await request.post(`${ORIGIN}/api/auth/login`, { data: { email: 'admin@club.test', password: 'admin-demo' } })).json()).token;
  const ledger = await (await request.get(`${ORIGIN}/api/payments`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(ledger.payments.filter((p: { memberName: string }) => p.memberName === member.name)).toMatchObject([{ status: 'paid', amountCents: 11413 }]);
  const outbox = await (await request.get(`${ORIGIN}/api/admin/outbox`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(JSON.stringify(outbox).match(/Your [^"]* receipt: Half Run/g)).toHaveLength(1);
});

test('an exec holding the payments permission records cash poolside with no signal, counted once when the signal is back', async ({ browser, request }) => {
  const login = async (email: string, password: string) =>
    ({ authorization: `Bearer ${(await (await request.post(`${ORIGIN}/api/auth/login`, { data: { email, password } })).json()).token}` });
  const admin = await login('admin@club.test', 'admin-demo');
  // The treasurer's card (Admin → Team) names the exec, who so handles the club's money.
  expect((await request.put(`${ORIGIN}/api/profiles/treasurer`, { headers: admin, data: { email: 'exec@club.test' } })).status()).toBe(200);
  const exec = await login('exec@club.test', 'exec-demo');
  // Posted for tomorrow (a new workout is for tomorrow or later), then moved to today, started at
  // midnight on the club's clock, with Morgan signed up: today's rosters are among those an exec
  // carries offline, whatever the hour the test runs at.
  const workoutDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(new Date(Date.now() + 86_400_000));
  const posted = await request.post(`${ORIGIN}/api/forum/posts`, {
    headers: exec,
    data: { type: 'workout', title: 'Poolside swim', workoutType: 'swim', workoutDate, workoutTime: '18:00', content: 'Bring cash for the term' },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const workoutId = (await posted.json()).post.id as number;
  const db = new Database(DATABASE_PATH);
  try {
    const morganId = (db.prepare("select id from users where email = 'member@club.test'").get() as { id: number }).id;
    db.prepare('insert into workout_signups (post_id, user_id, signup_time) values (?, ?, ?)').run(workoutId, morganId, Date.now());
    db.prepare("update posts set workout_date = ?, workout_time = '00:00' where id = ?").run(clubToday(Date.now(), 'America/Toronto'), workoutId);
  } finally {
    db.close();
  }
  // Signed up while a member; the membership has ended since, so the term is owed.
  const { members } = await (await request.get(`${ORIGIN}/api/admin/members`, { headers: admin })).json();
  const morgan = members.find((m: { email: string }) => m.email === 'member@club.test');
  const lapsed = await request.put(`${ORIGIN}/api/admin/members/${morgan.id}/update`, {
    headers: admin,
    data: { name: morgan.name, email: morgan.email, role: 'member', expiryDate: '2020-01-01', phoneNumber: morgan.phoneNumber ?? null },
  });
  expect(lapsed.status(), await lapsed.text()).toBe(200);

  const page = await signIn(browser, 'exec@club.test', 'exec-demo');
  await acceptCharter(page);
  await page.goto(`${ORIGIN}/workout/${workoutId}`);
  const owing = page.getByRole('region', { name: 'Owing for the term' });
  await expect(owing).toContainText('Morgan Member: owes');
  // The page has been open a moment: its idle warm-up has fetched the outbox's files, so a change made
  // with no signal can be kept (there is no service worker here to hold them).
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, WARMED_MARK, { timeout: 30_000 });
  // And every section of the page has its code (each loads on its own once the page shows).
  await page.waitForLoadState('networkidle');

  await page.context().setOffline(true);
  await owing.getByRole('button', { name: 'Record cash for Morgan Member' }).click({ timeout: 15_000 });
  const form = page.getByRole('dialog', { name: 'Record a payment' });
  await form.getByLabel(/Receipt/).fill('0042');
  await form.getByRole('button', { name: 'Record payment' }).click();
  await expect(page.getByText('Saved on this device — not yet synced.', { exact: false })).toBeVisible();
  await expect(owing).toContainText('Morgan Member: paid (not yet synced)');

  await page.context().setOffline(false);
  await expect
    .poll(async () => {
      const ledger = await (await request.get(`${ORIGIN}/api/payments`, { headers: admin })).json();
      return ledger.payments.filter((p: { userId: number }) => p.userId === morgan.id).length;
    }, { timeout: 30_000 })
    .toBe(1);
  await page.waitForTimeout(2000);
  const ledger = await (await request.get(`${ORIGIN}/api/payments`, { headers: admin })).json();
  expect(ledger.payments.filter((p: { userId: number }) => p.userId === morgan.id)).toMatchObject([{ method: 'cash', receipt: '0042', status: 'paid' }]);
});
