// An exec at the pool with no signal: a fresh install that opened Home online once has the safety
// cards of the coming week's sessions in its own store. Offline, the exec opens a workout's roster
// and a swimmer's card (with the health flag); back online, the club records that opening exactly
// once. Signing out leaves no card in IndexedDB or the Cache Storage. At a phone's size, on a club
// server of this spec's own.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, expectNoAxeViolations, inDays, startOwnServer } from './support';

// E2E_PORT + 1 to + 6 are the other specs' stubs and servers; this spec's club is at + 7.
const PORT = Number(process.env.E2E_PORT ?? 4317) + 7;
const ORIGIN = `http://127.0.0.1:${PORT}`;
const PHONE_DIGITS = '5550199';
let server: Awaited<ReturnType<typeof startOwnServer>>;

test.beforeAll(async () => {
  server = await startOwnServer('safety', PORT, { APP_URL: ORIGIN });
});

test.afterAll(async () => {
  await server?.stop();
});

test.use({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
test.setTimeout(180_000);

async function token(request: APIRequestContext, account: { email: string; password: string }): Promise<string> {
  const res = await request.post(`${ORIGIN}/api/auth/login`, { data: account });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).token;
}

async function send(request: APIRequestContext, auth: string, method: 'POST' | 'PUT', path: string, data?: unknown) {
  const res = await request.fetch(`${ORIGIN}/api${path}`, { method, data, headers: { authorization: `Bearer ${auth}` } });
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  return res.json();
}

/** The rows of the device's safety store for this account (0 when the database or table is not there). */
function keptCards(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase | null>((resolve) => {
      const open = indexedDB.open('club-offline');
      open.onupgradeneeded = () => open.transaction?.abort();
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => resolve(null);
    });
    if (!db) return 0;
    try {
      if (!db.objectStoreNames.contains('safetyCards')) return 0;
      return await new Promise<number>((resolve) => {
        const req = db.transaction('safetyCards').objectStore('safetyCards').count();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => resolve(0);
      });
    } finally {
      db.close();
    }
  });
}

/** Everything this origin keeps in IndexedDB and the Cache Storage, as text: searched for a card's phone. */
function everythingKept(page: Page): Promise<string> {
  return page.evaluate(async () => {
    const parts: string[] = [];
    for (const info of (await indexedDB.databases?.()) ?? []) {
      if (!info.name) continue;
      const db = await new Promise<IDBDatabase | null>((resolve) => {
        const open = indexedDB.open(info.name!);
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => resolve(null);
      });
      if (!db) continue;
      for (const store of Array.from(db.objectStoreNames)) {
        const rows = await new Promise<unknown[]>((resolve) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => resolve([]);
        });
        parts.push(`${info.name}/${store}: ${JSON.stringify(rows)}`);
      }
      db.close();
    }
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const res = await cache.match(request);
        const type = res?.headers.get('content-type') ?? '';
        if (res && !/image|font|wasm/.test(type)) parts.push(`${name} ${request.url}: ${await res.text()}`);
      }
    }
    return parts.join('\n');
  });
}

test('an exec opens a swimmer’s safety card at the pool with no signal; the club records it once; signing out leaves no card', async ({ browser, request }) => {
  // The swimmer's card, a swim in two days with the swimmer on it, and the exec's charter read.
  const member = await token(request, DEMO.member);
  await send(request, member, 'PUT', '/safety/me', {
    contacts: [{ name: 'Sam Parent', relation: 'Parent', phone: `(416) 555-0199` }],
    flags: ['Asthma'],
    notes: 'Inhaler in the blue bag',
    consent: true,
  });
  const exec = await token(request, DEMO.exec);
  await send(request, exec, 'POST', '/users/accept-charter');
  const title = `Dawn swim ${Date.now().toString(36)}`;
  const { post: workout } = await send(request, exec, 'POST', '/forum/posts', {
    type: 'workout',
    title,
    workoutType: 'swim',
    workoutDate: inDays(2),
    workoutTime: '07:00',
    content: 'Lanes by pace.',
    capacity: 10,
  });
  await send(request, member, 'POST', `/forum/workouts/${workout.id}/signup`, { signedUp: true });
  const openings = async () => (await (await request.get(`${ORIGIN}/api/safety/me`, { headers: { authorization: `Bearer ${member}` } })).json()).openings as { how: string }[];

  // A fresh install: signed in through the form, Home opened online once.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${ORIGIN}/login`);
  await page.getByLabel('Email').fill(DEMO.exec.email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO.exec.password);
  await page.locator('form').getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(`${ORIGIN}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await expect.poll(() => keptCards(page), { timeout: 30_000 }).toBeGreaterThan(0);

  // At the pool: no signal. The roster and the card come from the phone.
  await context.setOffline(true);
  await page.goto(`${ORIGIN}/workout/${workout.id}`);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const safety = page.getByRole('region', { name: 'Safety' });
  const person = safety.getByRole('button', { name: /Safety card of Morgan Member: Contact on file · health flag/ });
  await expect(person).toBeVisible();
  await person.click();
  const dialog = page.getByRole('dialog', { name: 'Safety card of Morgan Member' });
  await expect(dialog).toContainText('Asthma');
  await expect(dialog).toContainText('Inhaler in the blue bag');
  await expect(dialog).toContainText('No signal');
  await expectNoAxeViolations(page, 'a safety card opened offline');
  expect(await openings()).toEqual([]);
  await dialog.getByRole('button', { name: /close/i }).click();

  // Back online: the opening reaches the club once, however the outbox retries.
  await context.setOffline(false);
  await expect.poll(async () => (await openings()).length, { timeout: 30_000 }).toBe(1);
  expect(await openings()).toEqual([expect.objectContaining({ how: 'offline', opened_by: 'Erin Exec' })]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await page.waitForTimeout(2000);
  expect(await openings()).toHaveLength(1);

  // Signing out: no card is left on the device, in IndexedDB or in the Cache Storage.
  expect(await everythingKept(page)).toContain(PHONE_DIGITS);
  await page.goto(`${ORIGIN}/logout`);
  await expect(page).toHaveURL(/\/login/);
  expect(await keptCards(page)).toBe(0);
  expect(await everythingKept(page)).not.toContain(PHONE_DIGITS);
  expect(await everythingKept(page)).not.toContain('Inhaler in the blue bag');
  await context.close();
});
