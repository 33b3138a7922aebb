import { expect, test } from '@playwright/test';
import { acceptCharterInDb, apiToken, createMember, createMemberWithToken, DEMO, expectNoAxeViolations, inDays, openTestDb, signIn, withServiceWorker } from './support';

// Polls and duties: a poll answered by three members, one of them offline, on a phone; a duty taken
// offline that lands once, then handed over by a swap another member takes, on a phone and a laptop.
test.use({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
test.slow();

const UNSYNCED = 'Saved on this device — not yet synced';

function count(sql: string, ...args: unknown[]): number {
  const db = openTestDb();
  const n = (db.prepare(sql).get(...args) as { n: number }).n;
  db.close();
  return n;
}

async function swimFor(request: Parameters<typeof apiToken>[0], exec: string, title: string): Promise<number> {
  const created = await request.post('/api/forum/posts', {
    headers: { authorization: `Bearer ${exec}` },
    data: { type: 'workout', title, workoutType: 'swim', workoutDate: inDays(5), workoutTime: '07:00', content: 'Lengths.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()).post as { id: number }).id;
}

test('a poll on a workout answered by three members, one offline', async ({ page, request, browser }) => {
  acceptCharterInDb(DEMO.exec.email);
  const exec = await apiToken(request, DEMO.exec);
  const workout = await swimFor(request, exec, `Poll swim ${Date.now().toString(36)}`);
  const posted = await request.post('/api/polls', {
    headers: { authorization: `Bearer ${exec}` },
    data: { question: 'Which Saturday for the brick?', kind: 'date', options: [`${inDays(6)}T08:00`, `${inDays(13)}T08:00`], resultsShown: 'live', closesDate: inDays(4), closesTime: '20:00', place: 'workout', placeId: workout },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const poll = ((await posted.json()).poll as { id: number }).id;

  const first = await createMemberWithToken(request, 'Pia Poll');
  const answered = await request.put(`/api/polls/${poll}/answer`, { headers: { authorization: `Bearer ${first.token}`, 'idempotency-key': `e2e-${poll}-first` }, data: { choices: [0] } });
  expect(answered.ok(), await answered.text()).toBe(true);

  const second = await createMember(request, 'Quin Poll');
  await signIn(page, second);
  await page.goto(`/workout/${workout}`);
  const card = page.getByRole('listitem', { name: 'Which Saturday for the brick?' });
  await card.getByRole('radio').nth(1).check();
  await card.getByRole('button', { name: /^Answer/ }).click();
  await expect(card.getByText(/: 1 vote/).first()).toBeVisible();
  await expectNoAxeViolations(page);

  const third = await createMember(request, 'Ravi Poll');
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
  const offline = await context.newPage();
  await signIn(offline, third);
  await withServiceWorker(offline);
  await offline.goto(`/workout/${workout}`);
  const hers = offline.getByRole('listitem', { name: 'Which Saturday for the brick?' });
  await expect(hers).toBeVisible();
  await context.setOffline(true);
  await hers.getByRole('radio').nth(1).check();
  await hers.getByRole('button', { name: /^Answer/ }).click();
  await expect(hers.getByText(UNSYNCED)).toBeVisible();
  expect(count('select answered_count n from polls where id = ?', poll)).toBe(2);
  await context.setOffline(false);
  await expect.poll(() => count('select answered_count n from polls where id = ?', poll), { timeout: 20_000 }).toBe(3);
  expect(count('select count(*) n from poll_choices where poll_id = ? and option = 1', poll)).toBe(2);
  await context.close();
});

// The duties' screens on a phone and on a laptop alike.
for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test.describe(`duties at ${viewport.width}x${viewport.height}`, () => {
    test.use({ viewport });

    test('a duty taken offline lands once; a swap is taken by another member and both are told once', async ({ page, request, browser }) => {
      acceptCharterInDb(DEMO.exec.email);
      const exec = await apiToken(request, DEMO.exec);
      const workout = await swimFor(request, exec, `Duty swim ${Date.now().toString(36)}`);
      for (const kind of ['Lifeguard', 'Coach on deck']) {
        const res = await request.post('/api/duties', { headers: { authorization: `Bearer ${exec}` }, data: { place: 'workout', placeId: workout, kind, places: 1 } });
        expect(res.status(), await res.text()).toBe(201);
      }
      const lifeguard = count("select id n from duties where place = 'workout' and place_id = ? and kind = 'Lifeguard'", workout);

      const holder = await createMemberWithToken(request, 'Hana Holder');
      const context = await browser.newContext({ serviceWorkers: 'allow', viewport });
      const phone = await context.newPage();
      await signIn(phone, holder);
      await withServiceWorker(phone);
      await phone.goto(`/workout/${workout}`);
      const duty = phone.getByRole('listitem', { name: 'Lifeguard' });
      await expect(duty.getByText('0 of 1 place taken')).toBeVisible();
      await context.setOffline(true);
      await duty.getByRole('button', { name: /^Take this duty/ }).click();
      await expect(duty.getByText(UNSYNCED)).toBeVisible();
      await context.setOffline(false);
      await expect.poll(() => count('select count(*) n from duty_holders where duty_id = ?', lifeguard), { timeout: 20_000 }).toBe(1);
      await phone.reload();
      await duty.getByRole('button', { name: /^Ask for a swap/ }).click();
      await expect(duty.getByText('(swap offered)')).toBeVisible();
      await context.close();

      const taker = await createMember(request, 'Tomas Taker');
      await signIn(page, taker);
      await page.goto(`/workout/${workout}`);
      const offered = page.getByRole('listitem', { name: 'Lifeguard' });
      await offered.getByRole('button', { name: /^Take the swap/ }).click();
      await expect(offered.getByText('Tomas Taker')).toBeVisible();
      expect(count('select count(*) n from duty_holders where duty_id = ?', lifeguard)).toBe(1);
      expect(count(`select count(*) n from message_queue where dedupe_key like 'duty-swap:${lifeguard}:%' and "to" = ?`, holder.email)).toBe(1);
      expect(count(`select count(*) n from message_queue where dedupe_key like 'duty-swap:${lifeguard}:%' and "to" = ?`, taker.email)).toBe(1);
    });
  });
}
