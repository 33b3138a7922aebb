import { expect, test, type APIRequestContext } from '@playwright/test';
import { DEMO, acceptCharterInDb, apiToken, createMemberWithToken, expectNoAxeViolations, inDays, openTestDb, screenshots, signIn } from './support';

// An administrator sets the late-cancel window to 12 hours in Admin → Rules; a member cancelling a
// sign-up is then warned in the club's new words, and the charter says the same.
test.use({ viewport: { width: 390, height: 844 } });

async function restoreDefaultRules(request: APIRequestContext): Promise<void> {
  const headers = { authorization: `Bearer ${await apiToken(request, DEMO.admin)}` };
  const current = await (await request.get('/api/club/documents/rules', { headers })).json();
  if (current.version === 0) return;
  const res = await request.post('/api/club/documents/rules/versions/0/restore', { headers, data: { version: current.version } });
  expect(res.status(), await res.text()).toBe(200);
}

test.afterAll(async ({ request }) => restoreDefaultRules(request));

test('an administrator sets a 12-hour late-cancel window and members are warned in those words', async ({ page, browser, request }) => {
  acceptCharterInDb(DEMO.admin.email);
  acceptCharterInDb(DEMO.exec.email);
  const execToken = await apiToken(request, DEMO.exec);
  const tag = Date.now().toString(36);
  const created = await request.post('/api/forum/posts', {
    headers: { authorization: `Bearer ${execToken}` },
    data: { type: 'workout', title: `Rules swim ${tag}`, workoutType: 'swim', workoutDate: inDays(2), workoutTime: '07:00', content: 'Pool', capacity: 8 },
  });
  expect(created.status(), await created.text()).toBe(201);
  const workoutId = (await created.json()).post.id as number;
  const mia = await createMemberWithToken(request, 'Mia Rules');
  const signup = await request.post(`/api/forum/workouts/${workoutId}/signup`, { headers: { authorization: `Bearer ${mia.token}` }, data: { signedUp: true } });
  expect(signup.status()).toBe(200);

  await signIn(page, DEMO.admin);
  await page.goto('/admin?tab=rules');
  await expect(page.getByRole('tab', { name: 'Rules', selected: true })).toBeVisible();
  const window = page.getByLabel('Late-cancel window (hours)');
  await expect(window).toHaveValue('24');
  await expect(page.getByLabel('Absences before a suspension')).toHaveValue('3');
  await expect(page.getByLabel('Suspension length (days)')).toHaveValue('7');

  // Out of bounds: told beside the field, nothing sent.
  await window.fill('0');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Late-cancel window (hours) must be a whole number from 1 to 168')).toBeVisible();
  await window.fill('12');
  await expect(page.locator('.rules-admin__preview')).toContainText('Cancelling less than 12 hours before a workout counts as an absence.');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Rules saved: they apply from now on.')).toBeVisible();
  await expect(page.locator('.rules-admin__changes li').first()).toContainText('Late-cancel window (hours): 24 → 12');
  await screenshots(page, 'club-rules');
  await expectNoAxeViolations(page, 'Admin → Rules');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The member's device learns the numbers with the club's settings and warns in them.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const member = await context.newPage();
  await signIn(member, mia);
  await member.goto(`/workout/${workoutId}`);
  await member.getByRole('button', { name: 'Cancel', exact: true }).first().click();
  const warning = member.getByRole('dialog', { name: 'Cancel Signup?' });
  await expect(warning).toContainText('Cancelling less than 12 hours before the workout counts as an absence.');
  await expect(warning).not.toContainText('24 hours');
  await warning.getByRole('button', { name: 'Keep Booking' }).click();

  // The server's own page of the FAQ says it too.
  const faq = await (await request.get('/faq')).text();
  expect(faq).toContain('less than 12 hours');

  // Two more of Mia's workouts, moved to start 13 and 11 hours from now on the club's clock (the form
  // takes only future days). Cancelling the first is free at 12 hours; the second counts an absence.
  const zone = (await (await request.get('/api/config')).json()).clubTimeZone as string;
  const clubSlot = (hoursAhead: number) => {
    const parts = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(new Date(Date.now() + hoursAhead * 3_600_000))
      .reduce<Record<string, string>>((all, p) => ({ ...all, [p.type]: p.value }), {});
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  };
  const absences = () => {
    const db = openTestDb();
    const row = db.prepare('select absences from users where email = ?').get(mia.email) as { absences: number };
    db.close();
    return row.absences;
  };
  const before = absences();
  for (const [hoursAhead, counts] of [
    [13, false],
    [11, true],
  ] as const) {
    const title = `Rules run ${hoursAhead}h ${tag}`;
    const res = await request.post('/api/forum/posts', {
      headers: { authorization: `Bearer ${execToken}` },
      data: { type: 'workout', title, workoutType: 'run', workoutDate: inDays(2), workoutTime: '07:00', content: 'Track', capacity: 8 },
    });
    const id = (await res.json()).post.id as number;
    const slot = clubSlot(hoursAhead);
    const db = openTestDb();
    db.prepare('update posts set workout_date = ?, workout_time = ? where id = ?').run(slot.date, slot.time, id);
    db.close();
    await request.post(`/api/forum/workouts/${id}/signup`, { headers: { authorization: `Bearer ${mia.token}` }, data: { signedUp: true } });
    await member.goto(`/workout/${id}`);
    await member.getByRole('button', { name: 'Cancel', exact: true }).first().click();
    const dialog = member.getByRole('dialog', { name: 'Cancel Signup?' });
    if (counts) await expect(dialog).toContainText('This workout starts in less than 12 hours: cancelling now counts as an absence.');
    else await expect(dialog).toContainText('Cancelling less than 12 hours before the workout counts as an absence.');
    await dialog.getByRole('button', { name: 'Cancel Signup' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(member.getByRole('button', { name: /^Sign Up/ }).first()).toBeVisible();
    expect(absences(), `${hoursAhead} hours before`).toBe(before + (counts ? 1 : 0));
  }
  await context.close();
});
