// Push endpoints, tried as an attacker would in production: a member registers a "device" whose
// endpoint points inside the server's own network, hoping the server POSTs there on every new workout
// and reminder (and deletes the device on a 404/410, telling them whether something listens). Only
// the browsers' push services (names resolving to public addresses, https on 443) and the hosts an
// operator names in PUSH_SERVICE_HOSTS are ever accepted, at save and again inside every connection.
import { lookup } from 'node:dns/promises';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messageQueue, pushSubscriptions } from '../../db/schema';
import { loadEnv } from '../platform/settings/env';
import { resolveVapidKeys, webPushTransport } from '../messaging/queue/web-push';
import { PushEndpointPolicy, type Resolve } from '../platform/settings/push-endpoint';
import { PUSH_ENDPOINT_ERROR } from '../../domain/contract/notifications';
import { PUSH_DEVICE, startPushService, type PushServiceStub } from '../testing/push-service';
import { makeTestApp, type TestApp } from '../testing/test-app';

const PRODUCTION = { NODE_ENV: 'production', TRUST_PROXY: '0' };
const vapid = resolveVapidKeys({ DATABASE_PATH: ':memory:' });
const ALL_KINDS = { placeFreed: true, reminders: true, newWorkouts: true };

/** A DNS that answers from a table (a name not in it does not resolve). */
const dnsFrom =
  (table: Record<string, string[] | (() => Promise<string[]>)>): Resolve =>
  async (host) => {
    const entry = table[host];
    if (entry === undefined) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return typeof entry === 'function' ? entry() : entry;
  };

/** The system's own resolver (hosts file included) for `name`, as a poisoned entry would point elsewhere. */
const systemLookupOf = (name: string) => async () => (await lookup(name, { all: true })).map((a) => a.address);

async function saveDevice(t: TestApp, token: string, endpoint: string) {
  return t.call('PUT', '/api/me/notifications/devices', { token, body: { ...PUSH_DEVICE, endpoint, kinds: ALL_KINDS } });
}

async function postWorkout(t: TestApp) {
  const exec = await t.createUser({ role: 'exec' });
  const res = await t.call('POST', '/api/forum/posts', {
    token: exec.token,
    body: { type: 'workout', title: 'Hill repeats', content: 'Bring lights', workoutType: 'run', workoutDate: '2026-03-10', workoutTime: '18:00', capacity: null },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
}

const pushes = (t: TestApp) => t.db.select().from(messageQueue).where(eq(messageQueue.channel, 'push')).all();

describe('push endpoints, in production', () => {
  it('refuse every address that is not a browser push service, each with a clear 400, storing nothing', async () => {
    // No PUSH_SERVICE_HOSTS: the production default. The system's own resolver.
    const t = makeTestApp({ env: { ...PRODUCTION, PUSH_SERVICE_HOSTS: '' } });
    for (const endpoint of [
      'https://localhost/push',
      'https://localhost./push',
      'https://foo.localhost/push',
      'https://LOCALHOST:443/push',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://127.0.0.1/push',
      'https://0x7f000001/push',
      'https://2130706433/push',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://10.0.0.8/push',
      'https://192.168.1.1/push',
      'http://127.0.0.1:9/push',
      'http://localhost:3000/api/admin/outbox',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://fcm.googleapis.com:22/fcm/send/abc',
      'https://user:pw@fcm.googleapis.com/fcm/send/abc',
      'https://push.example.com/send/x',
      'https://printer.club.internal/push',
      'https://fcm.googleapis.com.evil.example/x',
      'https://notify.windows.com.evil.example/x',
      'https://evilpush.apple.com/x',
    ]) {
      // A member each: one member's saves are limited (device-bounds.test.ts).
      const m = await t.createUser();
      const res = await saveDevice(t, m.token, endpoint);
      expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 400 });
      expect(res.body.error, endpoint).toContain(PUSH_ENDPOINT_ERROR);
      expect(res.body.error, endpoint).toContain("browsers' own push services");
    }
    expect(t.db.select().from(pushSubscriptions).all()).toEqual([]);
  });

  it("refuse a push service's name that resolves to loopback, private, link-local or nothing (DNS checked at save)", async () => {
    const t = makeTestApp({ env: { ...PRODUCTION, PUSH_SERVICE_HOSTS: '' } });
    t.deps.pushEndpoints = new PushEndpointPolicy(
      [],
      dnsFrom({
        'fcm.googleapis.com': ['127.0.0.1'],
        'updates.push.services.mozilla.com': ['34.117.0.1', '10.0.0.5'],
        'web.push.apple.com': ['::ffff:169.254.169.254'],
        'db1.notify.windows.com': ['fd00::1'],
        // A hosts-file entry pointing a push service's name at this machine.
        'api.push.apple.com': systemLookupOf('localhost'),
      }),
    );
    const m = await t.createUser();
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGabc',
      'https://db1.notify.windows.com/w/?token=abc',
      'https://api.push.apple.com/abc',
      'https://wns2.notify.windows.com/w/?token=abc', // does not resolve at all
    ]) {
      const res = await saveDevice(t, m.token, endpoint);
      expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 400 });
      expect(res.body.error).toContain(PUSH_ENDPOINT_ERROR);
    }
    expect(t.db.select().from(pushSubscriptions).all()).toEqual([]);
  });

  it("accept the browsers' push services when their names resolve to public addresses", async () => {
    const t = makeTestApp({ env: { ...PRODUCTION, PUSH_SERVICE_HOSTS: '' } });
    t.deps.pushEndpoints = new PushEndpointPolicy(
      [],
      dnsFrom({
        'fcm.googleapis.com': ['142.250.72.10', '2607:f8b0:4004:c07::5f'],
        'updates.push.services.mozilla.com': ['34.117.0.1'],
        'web.push.apple.com': ['17.253.144.10'],
        'wns2-by3p.notify.windows.com': ['20.42.0.1'],
      }),
    );
    const m = await t.createUser();
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGabc',
      'https://wns2-by3p.notify.windows.com/w/?token=abc',
    ]) {
      const res = await saveDevice(t, m.token, endpoint);
      expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 200 });
    }
    expect(t.db.select().from(pushSubscriptions).all()).toHaveLength(4);
  });

  it('refuse http on loopback in development and tests too: no environment has a way around the rule', async () => {
    for (const NODE_ENV of ['development', 'test']) {
      const t = makeTestApp({ env: { NODE_ENV, PUSH_SERVICE_HOSTS: '' } });
      const m = await t.createUser();
      for (const endpoint of ['http://127.0.0.1:9/push', 'http://localhost:9/push', 'https://localhost/push', 'http://[::1]:9/push']) {
        expect({ NODE_ENV, endpoint, status: (await saveDevice(t, m.token, endpoint)).status }).toEqual({ NODE_ENV, endpoint, status: 400 });
      }
    }
  });

  it('read PUSH_SERVICE_HOSTS at start, refusing a value it cannot read', () => {
    expect(loadEnv({ PUSH_SERVICE_HOSTS: 'push.club.example, 127.0.0.1:8123' }).PUSH_SERVICE_HOSTS).toEqual([
      { host: 'push.club.example', port: null },
      { host: '127.0.0.1', port: 8123 },
    ]);
    expect(loadEnv({}).PUSH_SERVICE_HOSTS).toEqual([]);
    for (const bad of ['https://push.club.example', '127.0.0.1:99999', 'push.club.example/path']) {
      expect(() => loadEnv({ PUSH_SERVICE_HOSTS: bad }), bad).toThrow(/Invalid environment:[\s\S]*PUSH_SERVICE_HOSTS/);
    }
  });
});

describe('push sends, in production', () => {
  let stub: PushServiceStub;
  beforeEach(async () => {
    stub = await startPushService();
  });
  afterEach(() => stub.close());

  it('reach a push service the operator named, on its port only', async () => {
    const policy = new PushEndpointPolicy([{ host: '127.0.0.1', port: Number(stub.host.split(':')[1]) }]);
    const t = makeTestApp({ env: { ...PRODUCTION, PUSH_SERVICE_HOSTS: stub.host }, push: webPushTransport(vapid, policy) });
    const m = await t.createUser();
    expect((await saveDevice(t, m.token, `${stub.url}/push/phone`)).status).toBe(200);
    expect((await saveDevice(t, m.token, `http://127.0.0.1:${Number(stub.host.split(':')[1]) + 1}/push/phone`)).status).toBe(400);
    await postWorkout(t);
    await t.deps.messageQueue.deliverPending();
    expect(stub.received.map((r) => r.path)).toEqual(['/push/phone']);
    expect(pushes(t).map((p) => p.status)).toEqual(['sent']);
  });

  it('never reach a device saved under an older, looser rule: the push fails, the device stays, nothing is learnt', async () => {
    // No PUSH_SERVICE_HOSTS: the stub on loopback is not a push service this server may reach.
    const policy = new PushEndpointPolicy([]);
    const t = makeTestApp({ env: { ...PRODUCTION, PUSH_SERVICE_HOSTS: '' }, push: webPushTransport(vapid, policy) });
    const m = await t.createUser();
    stub.answer(404); // what would have removed the device, telling the member something listens here
    for (const endpoint of [`${stub.url}/push/legacy`, `http://localhost:${stub.host.split(':')[1]}/push/legacy-name`]) {
      t.db.insert(pushSubscriptions).values({ userId: m.id, endpoint, p256dh: PUSH_DEVICE.keys.p256dh, auth: PUSH_DEVICE.keys.auth, label: 'Old phone', newWorkouts: true }).run();
    }
    await postWorkout(t);
    await t.deps.messageQueue.deliverPending();
    expect(stub.received).toEqual([]);
    const rows = pushes(t);
    expect(rows.map((p) => p.status)).toEqual(['failed', 'failed']);
    for (const row of rows) expect(row.lastError).toMatch(/^Not sent: Not a push service the club app may reach/);
    expect(t.db.select().from(pushSubscriptions).all()).toHaveLength(2);
  });

  it('check the name again inside the connection: a push service that turns private after the save is not connected to', async () => {
    let answer = ['142.250.72.10'];
    const asked: string[] = [];
    const resolve: Resolve = async (host) => {
      asked.push(host);
      return answer;
    };
    const policy = new PushEndpointPolicy([], resolve);
    const t = makeTestApp({ env: { ...PRODUCTION, PUSH_SERVICE_HOSTS: '' }, push: webPushTransport(vapid, policy) });
    t.deps.pushEndpoints = policy;
    const m = await t.createUser();
    expect((await saveDevice(t, m.token, 'https://fcm.googleapis.com/fcm/send/rebinding')).status).toBe(200);
    // DNS rebinding: the same name now answers this machine's address.
    answer = ['127.0.0.1'];
    await postWorkout(t);
    await t.deps.messageQueue.deliverPending();
    expect(asked).toEqual(['fcm.googleapis.com', 'fcm.googleapis.com']);
    const [row] = pushes(t);
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row!.lastError).toContain('fcm.googleapis.com resolves to an address that is not public');
    expect(t.db.select().from(pushSubscriptions).all()).toHaveLength(1);
  });
});
