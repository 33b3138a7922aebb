import { expect, test, type Locator, type Page } from '@playwright/test';
import {
  DEMO,
  acceptCharter,
  axeViolations,
  acceptCharterInDb,
  apiToken,
  createMember,
  createMemberWithToken,
  inDays,
  openTestDb,
  screenshots,
  signIn,
  uniqueEmail,
} from './support';

// The start of a membership session on a phone: a club's spreadsheet imported (preview, then for
// real), the invited member choosing a password; the members table's search, filters and bulk
// actions; renewals asked for from Home and approved in bulk. At 390x844, with axe on each new state.

test.use({ viewport: { width: 390, height: 844 } });

/** Every one of these is at least 44 px each way (a thumb's target). */
async function tapTargets(targets: Locator[]): Promise<void> {
  for (const target of targets) {
    const box = await target.boundingBox();
    expect(box, String(target)).not.toBeNull();
    expect(box!.width, `${target} width`).toBeGreaterThanOrEqual(44);
    expect(box!.height, `${target} height`).toBeGreaterThanOrEqual(44);
  }
}

async function openAdminTab(page: Page, tab: string | RegExp): Promise<void> {
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: tab }).click();
}

test('import preview → import → the invited member sets a password and signs in', async ({
  page,
  browser,
}) => {
  acceptCharterInDb(DEMO.admin.email);
  await signIn(page, DEMO.admin);
  await openAdminTab(page, 'Import');
  await expect(page.getByRole('heading', { name: 'Import members from a spreadsheet' })).toBeVisible();

  const invited = uniqueEmail('ivy');
  const csv =
    '\uFEFFName;Email;Phone;Role;Expiry\r\n' +
    `Ivy Invited;${invited};416 555 0199;member;\r\n` +
    `"Lee; Sam";${uniqueEmail('sam')};;exec;${inDays(120)}\r\n` +
    '\r\n' +
    `Bad Date;${uniqueEmail('bad')};;;2027-02-30\r\n` +
    `Again;${invited.toUpperCase()};;;\r\n` +
    `Existing;${DEMO.member.email};;;\r\n`;
  await page
    .getByLabel('CSV file')
    .setInputFiles({ name: 'club.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await page.getByRole('button', { name: 'Preview' }).click();
  await expect(page.getByRole('heading', { name: 'Preview (nothing saved yet)' })).toBeVisible();
  await expect(page.getByText('2 new, 0 updated, 1 skipped, 2 with errors.')).toBeVisible();
  await expect(page.getByRole('row', { name: /Bad Date/ })).toContainText('Impossible expiry date');
  await expect(page.getByRole('row', { name: /Again/ })).toContainText(
    'Duplicate: the same email is on line 2.',
  );
  await tapTargets([
    page.getByRole('button', { name: 'Preview' }),
    page.getByRole('button', { name: 'Import 2 members' }),
  ]);
  expect(await axeViolations(page, 'import preview')).toEqual([]);
  await screenshots(page, 'season-import-preview');
  // Nothing was written by the preview.
  const db = openTestDb();
  expect(db.prepare('select count(*) as n from users where email = ?').get(invited)).toEqual({ n: 0 });
  db.close();

  await page.getByRole('button', { name: 'Import 2 members' }).click();
  await expect(page.getByRole('heading', { name: 'Result' })).toBeVisible();
  await expect(page.getByText(/Imported: 2 new, 0 updated, 1 skipped, 2 with errors/)).toBeVisible();
  expect(await axeViolations(page, 'import result')).toEqual([]);

  // The invitation is in Messages; its link sets the first password.
  await page.getByRole('tab', { name: 'Messages' }).click();
  const mail = page.getByRole('listitem').filter({ hasText: invited });
  await expect(mail).toContainText('choose a password');
  await mail.getByText('Show message').click();
  const text = await mail.locator('.message-card__text').innerText();
  const link = /(http\S+reset-password\?token=\S+)/.exec(text)![1]!;

  const ivyContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const ivy = await ivyContext.newPage();
  await ivy.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(ivy.getByRole('heading', { level: 1, name: 'Welcome! Choose your password' })).toBeVisible();
  await ivy.getByLabel('New password', { exact: true }).fill('ivy-tri-pass');
  await ivy.getByLabel('Confirm new password').fill('ivy-tri-pass');
  await ivy.getByRole('button', { name: 'Set Password' }).click();
  await expect(ivy.getByRole('heading', { level: 1, name: 'Your password is set!' })).toBeVisible();
  // The link works once.
  await ivy.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(ivy.getByRole('heading', { level: 1, name: 'Invalid Reset Link' })).toBeVisible();

  await signIn(ivy, { email: invited, password: 'ivy-tri-pass' });
  await acceptCharter(ivy);
  await ivy.goto('/forum');
  await expect(ivy.getByRole('heading', { level: 1 })).toContainText('Forum');
  await expect(ivy.getByRole('heading', { name: 'Your membership is pending' })).toHaveCount(0);
  await ivyContext.close();
});

test('members table on a phone: search, filter, bulk expiry with a count, Delete behind the row menu', async ({
  page,
  request,
}) => {
  const tag = `Bulk${Date.now().toString(36)}`;
  const a = await createMember(request, `${tag} Alpha`, { expiryDate: inDays(10) });
  const b = await createMember(request, `${tag} Bravo`, { expiryDate: inDays(12) });
  await createMember(request, `${tag} Charlie`, { expiryDate: '2099-12-31' });
  acceptCharterInDb(DEMO.admin.email);
  await signIn(page, DEMO.admin);
  await openAdminTab(page, 'All Members');

  await page.getByLabel('Search by name or email').fill(tag);
  await expect(page.getByText('3 of')).toBeVisible();
  await page.getByLabel('Expires within 30 days or expired').check();
  await expect(page.getByRole('row', { name: new RegExp(`${tag} Charlie`) })).toHaveCount(0);
  await page.getByLabel('Select all 2 that match').check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await tapTargets([
    page.getByLabel('Search by name or email'),
    page.getByRole('button', { name: 'Set expiry' }),
    page.getByRole('button', { name: 'Set role' }),
    page.getByRole('button', { name: 'Export 2 as CSV' }),
    page.getByRole('button', { name: `More actions for ${tag} Alpha` }),
    page.locator('.members-table__check').first(),
  ]);
  expect(await axeViolations(page, 'members selected')).toEqual([]);
  await screenshots(page, 'season-members-selected');

  const until = page.getByLabel('Expiry', { exact: true });
  const lastSession = (await until.locator('option').allTextContents()).at(-1)!;
  await until.selectOption({ label: lastSession });
  await page.getByRole('button', { name: 'Set expiry' }).click();
  const ask = page.getByRole('dialog', { name: 'Set the expiry of 2 members?' });
  await expect(ask).toBeVisible();
  await ask.getByRole('button', { name: 'Set expiry for 2 members' }).click();
  await expect(page.getByText(/2 members updated/)).toBeVisible();
  const db = openTestDb();
  const expiries = [a.id, b.id].map(
    (id) =>
      (db.prepare('select expiry_date from users where id = ?').get(id) as { expiry_date: string })
        .expiry_date,
  );
  db.close();
  expect(new Set(expiries).size).toBe(1);
  expect(expiries[0]! > inDays(60)).toBe(true);

  // Delete sits behind the row's menu, and asks first.
  await page.getByLabel('Expires within 30 days or expired').uncheck();
  await page.getByRole('button', { name: `More actions for ${tag} Charlie` }).click();
  expect(await axeViolations(page, 'row menu open')).toEqual([]);
  await page.getByRole('button', { name: `Delete ${tag} Charlie` }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${tag} Charlie?` });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`${tag} Charlie was deleted.`)).toBeVisible();
});

test('a member asks to renew from Home; the admin approves renewals in bulk', async ({
  page,
  browser,
  request,
}) => {
  const sam = await createMemberWithToken(request, 'Sam Soon', { expiryDate: inDays(5) });
  const eve = await createMemberWithToken(request, 'Eve Ended', { expiryDate: inDays(-3) });
  // Eve asks through the API; Sam through Home.
  const sessions = (await (await request.get('/api/config')).json()).sessions as {
    id: string;
    name: string;
    ends: string;
  }[];
  const eveAsk = await request.post('/api/me/renewal', {
    data: { session: sessions.at(-1)!.id },
    headers: { authorization: `Bearer ${eve.token}` },
  });
  expect(eveAsk.status(), await eveAsk.text()).toBe(200);

  const samContext = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const home = await samContext.newPage();
  await signIn(home, sam);
  const card = home.getByRole('region', { name: 'Renew your membership' });
  await expect(card).toBeVisible();
  await card.getByRole('radio', { name: new RegExp(sessions.at(-1)!.name) }).check();
  await tapTargets([card.getByRole('button', { name: 'Ask to renew' })]);
  expect(await axeViolations(home, 'renewal card')).toEqual([]);
  await screenshots(home, 'season-renewal-home');
  await card.getByRole('button', { name: 'Ask to renew' }).click();
  await expect(home.getByRole('region', { name: 'Renewal requested' })).toContainText(sessions.at(-1)!.name);
  expect(await axeViolations(home, 'renewal requested')).toEqual([]);
  await samContext.close();

  acceptCharterInDb(DEMO.admin.email);
  await signIn(page, DEMO.admin);
  await openAdminTab(page, 'Renewals');
  await expect(page.getByRole('heading', { name: 'Sam Soon' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Eve Ended' })).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select Sam Soon' }).check();
  await page.getByRole('checkbox', { name: 'Select Eve Ended' }).check();
  expect(await axeViolations(page, 'renewals selected')).toEqual([]);
  await screenshots(page, 'season-renewals');
  await page.getByRole('button', { name: 'Approve 2 renewals' }).click();
  await page
    .getByRole('dialog', { name: 'Approve 2 renewals?' })
    .getByRole('button', { name: 'Approve 2 renewals' })
    .click();
  await expect(page.getByText('2 renewals approved.', { exact: false })).toBeVisible();
  const db = openTestDb();
  for (const m of [sam, eve]) {
    expect(
      (db.prepare('select expiry_date from users where id = ?').get(m.id) as { expiry_date: string })
        .expiry_date,
    ).toBe(sessions.at(-1)!.ends);
  }
  db.close();
  // Eve counts as a member again.
  const token = await apiToken(request, eve);
  const profile = await request.get('/api/auth/profile', { headers: { authorization: `Bearer ${token}` } });
  expect((await profile.json()).user.role).toBe('member');
});
