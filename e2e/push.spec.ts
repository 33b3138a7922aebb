import { expect, test } from '@playwright/test';
import { fakeDevice, startPushService, type PushServiceStub } from '../api/testing/push-service';
import { createMemberWithToken, acceptCharterInDb, apiToken, DEMO, inDays, openTestDb, screenshots, signIn, withServiceWorker  } from './support';

// Web Push end to end: a member turns notifications on from the profile (the test grants
// the permission), is promoted from a waitlist, the server encrypts a push for the device and sends it
// to a push service on 127.0.0.1 (named in the server's PUSH_SERVICE_HOSTS), and the app's service
// worker shows it as a notification.
//
// Chromium's own push service is on the internet, so the page's PushManager hands out a subscription
// whose endpoint is the local stub (with keys the test holds); the push the stub receives is decrypted
// with them and delivered to the service worker through the DevTools protocol, as the browser's push
// service would deliver it.

test.use({ viewport: { width: 390, height: 844 } });

let service: PushServiceStub;
test.beforeAll(async () => {
  // On the port the server's PUSH_SERVICE_HOSTS names (playwright.config.ts).
  service = await startPushService({ port: Number(process.env.E2E_PUSH_PORT) });
});
test.afterAll(() => service.close());

test('a member turns notifications on, is promoted from a waitlist, and the service worker shows the push', async ({
  browser,
  request,
  baseURL,
}) => {
  test.slow();
  acceptCharterInDb(DEMO.exec.email);
  const execToken = await apiToken(request, DEMO.exec);
  const [nia, omar] = [await createMemberWithToken(request, 'Nia Pushed'), await createMemberWithToken(request, 'Omar Holder')];
  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const tag = Date.now().toString(36);
  const created = await request.post('/api/forum/posts', {
    headers: as(execToken),
    data: { type: 'workout', title: `Swim ${tag}`, workoutType: 'swim', workoutDate: inDays(5), workoutTime: '07:00', content: 'Pool', capacity: 1 },
  });
  expect(created.status()).toBe(201);
  const workoutId = (await created.json()).post.id as number;
  expect((await request.post(`/api/forum/workouts/${workoutId}/signup`, { headers: as(omar.token) })).status()).toBe(200);
  expect((await request.post(`/api/forum/workouts/${workoutId}/waitlist`, { headers: as(nia.token) })).status()).toBe(200);

  const device = fakeDevice(`${service.url}/push/${tag}`);
  const context = await browser.newContext({ serviceWorkers: 'allow', viewport: { width: 390, height: 844 } });
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await context.addInitScript(({ endpoint, keys }) => {
    let current: PushSubscription | null = null;
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey as Uint8Array;
      current = {
        endpoint,
        expirationTime: null,
        options: { applicationServerKey: key.buffer.slice(key.byteOffset, key.byteOffset + key.byteLength), userVisibleOnly: true },
        toJSON: () => ({ endpoint, expirationTime: null, keys }),
        unsubscribe: async () => {
          current = null;
          return true;
        },
        getKey: () => null,
      } as unknown as PushSubscription;
      return current;
    };
    PushManager.prototype.getSubscription = async () => current;
  }, device);
  const page = await context.newPage();
  await signIn(page, nia);
  await withServiceWorker(page);

  await page.goto('/profile');
  const section = page.getByRole('region', { name: 'Notifications' });
  await expect(section.getByRole('checkbox', { name: /Remind me before workouts/ })).toBeChecked();
  await section.getByRole('button', { name: 'Turn on notifications on this device' }).click();
  await expect(section.getByText(/^On for Chrome on Linux/)).toBeVisible();
  await expect(section.getByRole('button', { name: 'Turn off on this device' })).toBeVisible();
  await screenshots(page, 'profile-notifications');

  // Omar cancels: Nia moves off the waitlist, and the server pushes to her device.
  const cancel = await request.post(`/api/forum/workouts/${workoutId}/signup`, { headers: as(omar.token), data: { signedUp: false } });
  expect(cancel.status(), await cancel.text()).toBe(200);
  await expect.poll(() => service.received.filter((r) => r.path === `/push/${tag}`).length, { timeout: 15_000 }).toBe(1);
  const push = service.received.find((r) => r.path === `/push/${tag}`)!;
  const payload = JSON.parse(device.decrypt(push.body)) as { title: string; body: string; url: string; icon: string };
  expect(payload).toMatchObject({ title: `You're in: Swim ${tag}`, url: `/workout/${workoutId}` });
  // The club's app icon, the one the installed app's manifest names.
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { icons: { src: string; sizes: string }[] };
  expect(payload.icon).toBe(manifest.icons.find((i) => i.sizes === '192x192')!.src);

  // The browser's push service hands it to the service worker, which shows it.
  const cdp = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const live = registrations.find((r) => !r.isDeleted && r.scopeURL === `${baseURL}/`);
      if (live) resolve(live.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(baseURL!).origin,
    registrationId: await registrationId,
    data: JSON.stringify(payload),
  });
  const shown = () =>
    page.evaluate(async () => {
      const reg = await navigator.serviceWorker.ready;
      return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: (n.data as { url: string }).url, icon: n.icon }));
    });
  await expect
    .poll(shown, { timeout: 10_000 })
    .toEqual([{ title: payload.title, body: payload.body, url: `/workout/${workoutId}`, icon: new URL(payload.icon, baseURL).href }]);

  // Admin > Messages has the push, sent to Nia's device.
  const adminToken = await apiToken(request, DEMO.admin);
  const outbox = (await (await request.get('/api/admin/outbox', { headers: as(adminToken) })).json()) as {
    emails: { channel: string; to: string; device: string | null; status: string; subject: string }[];
  };
  expect(outbox.emails.find((m) => m.channel === 'push' && m.to === nia.email)).toMatchObject({
    status: 'sent',
    device: 'Chrome on Linux',
    subject: payload.title,
  });

  // Signing out drops the device: nothing more reaches this browser for Nia.
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login/);
  const db = openTestDb();
  const left = db.prepare('select count(*) as n from push_subscriptions where endpoint = ?').get(device.endpoint) as { n: number };
  db.close();
  expect(left.n).toBe(0);
  await context.close();
});
