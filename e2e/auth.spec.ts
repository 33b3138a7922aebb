import { expect, test } from '@playwright/test';
import { acceptCharter, openTestDb, uniqueEmail } from './support';

test('sign up, wait for approval, sign in, accept the charter, log out', async ({ page }) => {
  const email = uniqueEmail('newbie');
  const password = 'swim-bike-run';

  // Create an account.
  await page.goto('/login');
  await page.getByRole('button', { name: 'Create Account' }).first().click();
  await expect(
    page.getByText(/approved by an administrator once the club receives confirmation/),
  ).toBeVisible();
  await page.getByLabel('Full name').fill('Nina Newbie');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('4165550199');
  await expect(page.getByLabel('Phone')).toHaveValue('4165550199');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password').fill('swim-bike-ru');
  await expect(page.getByText('✗ Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm password').fill(password);
  await expect(page.getByText('✓ Passwords match')).toBeVisible();
  await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(/\/$/);

  // The charter comes first, and Agree stays disabled until the text is read to the end.
  const dialog = page.getByRole('dialog', { name: 'Club Charter' });
  await expect(dialog).toBeVisible();
  const agree = dialog.getByRole('button', { name: 'I Agree' });
  await expect(agree).toBeDisabled();
  await expect(dialog.getByText('Scroll to the bottom to enable')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  await acceptCharter(page);

  // Pending: the forum shows the membership-receipt notice.
  await page.goto('/forum');
  await expect(page.getByRole('heading', { name: 'Your membership is pending' })).toBeVisible();
  await expect(page.getByText(/everything opens the next time you open the app/)).toBeVisible();
  await expect(page.getByText(/log out and log in again/i)).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Races' })).toHaveCount(0);
  // The receipt goes to the club's address (CLUB_EMAIL): a mailto link in the notice and the footer.
  const notice = page.locator('.membership-notice');
  await expect(notice.getByRole('link', { name: 'triathlon.club@university.test' })).toHaveAttribute(
    'href',
    'mailto:triathlon.club@university.test',
  );
  await expect(page.getByRole('contentinfo').getByRole('link', { name: 'triathlon.club@university.test' })).toBeVisible();
  // Members-only pages are still pages for a pending user: a title and a heading.
  for (const path of ['/workout/1', '/event/1', '/race/1']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Members only' })).toBeVisible();
    await expect(page).toHaveTitle(/^Members only · /);
    await expect(page.getByRole('heading', { name: 'Your membership is pending' })).toBeVisible();
  }

  // An administrator approves the account (here straight in the database).
  const db = openTestDb();
  db.prepare("update users set role = 'member', expiry_date = '2099-12-31' where email = ?").run(email);
  db.close();

  // Log out, log back in: member links appear and the charter is not asked again.
  await page.getByRole('button', { name: 'Logout' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('dialog', { name: 'Club Charter' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Races' }),
  ).toBeVisible();
  await page.goto('/forum');
  await expect(page.getByRole('heading', { name: 'Your membership is pending' })).toHaveCount(0);
  const stored = await page.evaluate(() => Object.keys(localStorage).sort());
  expect(stored).toEqual(['token', 'user']);

  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
});

test('wrong password shows the spec message with a Sign Up link; a revoked session goes to login', async ({
  page,
  request,
}) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill('member@club.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Username or password are incorrect. Please try again.',
  );
  await page.getByRole('alert').getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create Account' })).toBeVisible();

  // Signing up with a taken email offers Sign In and Forgot Password.
  await page.getByLabel('Full name').fill('Someone');
  await page.getByLabel('Email').fill('member@club.test');
  await page.getByLabel('Phone').fill('4165550100');
  await page.getByLabel('Password', { exact: true }).fill('secret12');
  await page.getByLabel('Confirm password').fill('secret12');
  await page.locator('form').getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('alert')).toContainText('An account is already associated with this email.');
  await page.getByRole('alert').getByRole('button', { name: 'Forgot Password' }).click();
  const modal = page.getByRole('dialog', { name: 'Reset Password' });
  await modal.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(modal.getByText('Password reset email sent successfully!')).toBeVisible();
  await modal.getByRole('button', { name: 'Close' }).first().click();

  // A token that the server no longer accepts ends the session on the next call.
  const res = await request.post('/api/auth/register', {
    data: { name: 'Temp', email: 'temp.revoked@club.test', password: 'secret12', phoneNumber: '4165550111' },
  });
  const { token, user } = await res.json();
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    [token, JSON.stringify(user)] as const,
  );
  const db = openTestDb();
  // Revoked (as a password reset or "Sign out everywhere" does); a deleted account is e2e/my-data.spec.ts.
  db.prepare('update users set token_version = token_version + 1 where id = ?').run(user.id);
  db.close();
  await page.goto('/forum');
  await expect(page).toHaveURL(/\/login\?reason=session-expired/);
  await expect(page.getByText('Your session has ended. Please sign in again.')).toBeVisible();
});

test('reset password page: missing token, mismatch, success', async ({ page, request }) => {
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: 'Invalid Reset Link' })).toBeVisible();
  await page.getByRole('link', { name: 'Go to Login' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await request.post('/api/auth/forgot-password', { data: { email: 'pending@club.test' } });
  const db = openTestDb();
  const mail = db
    .prepare('select text from message_queue where "to" = \'pending@club.test\' order by id desc')
    .get() as { text: string };
  db.close();
  const link = new URL(/http\S+reset-password\S+/.exec(mail.text)![0]);
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New password', { exact: true }).fill('new-secret');
  await page.getByLabel('Confirm new password').fill('new-secre');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  // The message sits on the field it is about (and the first invalid field has the focus).
  await expect(page.getByLabel('Confirm new password')).toHaveAccessibleDescription(/Passwords do not match/);
  await expect(page.getByLabel('Confirm new password')).toBeFocused();
  await page.getByLabel('Confirm new password').fill('new-secret');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful!' })).toBeVisible();
  const login = await request.post('/api/auth/login', {
    data: { email: 'pending@club.test', password: 'new-secret' },
  });
  expect(login.status()).toBe(200);

  // The used link says so as soon as it is opened, before anything is typed.
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
});

test('the sign-in form gets react-hook-form on the first touch, on the same inputs, keeping what was typed', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scripts.push(new URL(req.url()).pathname);
  });
  // The module that brings react-hook-form is held back, as on a slow phone, until the test lets it go.
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(/\/assets\/form-control-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const formScripts = () => scripts.filter((s) => /\/assets\/(forms|form-control)-[\w-]+\.js$/.test(s));

  await page.goto('/login', { waitUntil: 'networkidle' });
  expect(formScripts()).toEqual([]);
  const email = page.getByLabel('Email');
  await email.evaluate((el) => ((window as unknown as { emailInput: Element }).emailInput = el));
  await email.click();
  await expect.poll(formScripts).not.toEqual([]);
  await page.keyboard.type('member@');
  const arrived = page.waitForResponse(/\/assets\/form-control-[\w-]+\.js$/);
  letGo();
  await arrived;
  // Typing goes on in the same, still focused field (a remount would drop a phone's keyboard).
  await page.keyboard.type('club.test');
  await expect(email).toBeFocused();
  await expect(email).toHaveValue('member@club.test');
  await page.getByLabel('Password', { exact: true }).fill('wrong-password');
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  // What was typed before the arrival is what was sent: the server knows the account, not the password.
  await expect(page.getByRole('alert')).toContainText('Username or password are incorrect. Please try again.');
  expect(await email.evaluate((el) => el === (window as unknown as { emailInput: Element }).emailInput)).toBe(true);
});
