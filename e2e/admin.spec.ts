import { expect, test, type Page } from '@playwright/test';
import { DEMO, acceptCharter, acceptCharterInDb, signIn, uniqueEmail, screenshots } from './support';


/** The same screen at a phone and a laptop size. */
function shoot(page: Page, name: string): Promise<void> {
  return screenshots(page, `admin-${name}`);
}

test('a new account is approved on the Pending tab, gets its email and then sees the forum', async ({
  browser,
}) => {
  const email = uniqueEmail('approve');
  const password = 'swim-bike-run';
  const name = 'Quinn Approve';

  // Someone creates an account through the login screen.
  const newcomerContext = await browser.newContext();
  const newcomer = await newcomerContext.newPage();
  await newcomer.goto('/login');
  await newcomer.getByRole('button', { name: 'Create Account' }).first().click();
  await newcomer.getByLabel('Full name').fill(name);
  await newcomer.getByLabel('Email').fill(email);
  await newcomer.getByLabel('Phone').fill('4165550123');
  await newcomer.getByLabel('Password', { exact: true }).fill(password);
  await newcomer.getByLabel('Confirm password').fill(password);
  await newcomer.locator('form').getByRole('button', { name: 'Create Account' }).click();
  await expect(newcomer).toHaveURL(/\/$/);
  await acceptCharter(newcomer);
  await newcomerContext.close();

  // An administrator approves it.
  acceptCharterInDb(DEMO.admin.email);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signIn(admin, DEMO.admin);
  await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin' }).click();
  await expect(admin.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  // The administrator's menu is the longest: at 1280 px the header stays one line, the name unbroken.
  const header = (await admin.locator('.site-header').boundingBox())!;
  const brand = (await admin.locator('.brand').boundingBox())!;
  expect(header.height).toBeLessThanOrEqual(60);
  expect(brand.height).toBeLessThanOrEqual(40);
  const row = admin.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText(email);
  await expect(row).toContainText('Pending');
  await shoot(admin, 'members');

  await admin.getByRole('tab', { name: /Pending Approval/ }).click();
  const card = admin.getByRole('listitem').filter({ has: admin.getByRole('heading', { name }) });
  await expect(card).toContainText('(416) 555-0123');
  // A long address wraps before its @, not in the middle of a word.
  await expect(card.locator('dd wbr')).toHaveCount(1);
  await shoot(admin, 'pending');
  await card.getByRole('button', { name: `Approve ${name}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Approve Member' });
  await expect(dialog.getByLabel('Role')).toHaveValue('member');
  // The sessions' end dates come first, the current one chosen; another date opens an empty field.
  await dialog.getByLabel('Membership until').selectOption({ label: 'Another date…' });
  await dialog.getByRole('button', { name: 'Approve Member' }).click();
  // The message sits on the expiry field, which gets the focus.
  await expect(dialog.getByLabel('Expiry date')).toHaveAccessibleDescription(
    /^Please set an expiry date before approving the member\./,
  );
  await expect(dialog.getByLabel('Expiry date')).toBeFocused();
  await dialog.getByLabel('Expiry date').fill('2099-08-31');
  await shoot(admin, 'approve-modal');
  await dialog.getByRole('button', { name: 'Approve Member' }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(`${name} is now active as Member`)).toBeVisible();
  await expect(admin.getByRole('heading', { name })).toHaveCount(0);

  // The activation email sits in the local mailbox.
  await admin.getByRole('tab', { name: 'Messages' }).click();
  const mail = admin.getByRole('listitem').filter({ hasText: email });
  await expect(mail).toContainText('account is active');
  await mail.getByText('Show message').click();
  await expect(mail.getByText(/Sign in: http/)).toBeVisible();
  await shoot(admin, 'emails');
  await adminContext.close();

  // The new member signs in and gets the forum, not the pending notice.
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  await signIn(member, { email, password });
  await member.goto('/forum');
  await expect(member.getByRole('heading', { level: 1 })).toContainText('Forum');
  await expect(member.getByRole('heading', { name: 'Your membership is pending' })).toHaveCount(0);
  await memberContext.close();
});

test('the Edit Member modal updates a member', async ({ page }) => {
  acceptCharterInDb(DEMO.admin.email);
  await signIn(page, DEMO.admin);
  await page.goto('/admin');
  await page.getByRole('button', { name: 'Edit Pat Pending' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Member' });
  await dialog.getByLabel('Phone').fill('41655');
  await expect(dialog.getByText(/^Please enter a valid phone number \(e\.g\., /)).toBeVisible();
  await dialog.getByLabel('Phone').fill('4165550777');
  await expect(dialog.getByLabel('Phone')).toHaveValue('4165550777');
  await shoot(page, 'edit-modal');
  await dialog.getByRole('button', { name: 'Save changes' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('row', { name: /Pat Pending/ })).toContainText('(416) 555-0777');
});

test('a member opening /admin sees Access Denied with their email and role', async ({ page }) => {
  acceptCharterInDb(DEMO.member.email);
  await signIn(page, DEMO.member);
  const adminCalls: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/admin/')) adminCalls.push(r.url());
  });
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expect(page.getByText(DEMO.member.email)).toBeVisible();
  await expect(page.locator('main').getByText('Member', { exact: true })).toBeVisible();
  expect(adminCalls).toEqual([]);
  await shoot(page, 'access-denied');
});
