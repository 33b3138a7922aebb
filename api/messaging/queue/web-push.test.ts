// Web Push through the message queue, against a push service on 127.0.0.1 (api/testing/push-service.ts):
// what reaches the device decrypts with its keys, 404/410 remove the subscription, 429/5xx retry, and
// each push shows the club's icon and names the club's contact address as they stand at the send.
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { messageQueue, pushSubscriptions } from '../../../db/schema';
import type { Role } from '../../../domain/contract/roles';
import { fakeDevice, startPushService, type FakeDevice, type PushServiceStub } from '../../testing/push-service';
import { pictureForm, smallPng } from '../../testing/pictures';
import { makeTestApp, type TestApp } from '../../testing/test-app';
import { clubManifest } from '../../club/identity/manifest';
import { saveDevice } from '../notifications';
import { clubPushSender } from '../../club/identity/identity';
import { MessageDispatcher } from './dispatcher';
import { resolveVapidKeys, webPushTransport } from './web-push';
import { PushEndpointPolicy, parsePushServiceHosts } from '../../platform/settings/push-endpoint';
import { createWorkout, joinWaitlist, setSignup } from '../../forum/workouts/workouts';
import { clubTimeZone } from '../../platform/club-time-zone';

// The defaults a device starts with; new-workout pushes are asked for only where a test is about them.
const KINDS = { placeFreed: true, reminders: true, newWorkouts: false };
const ALL_KINDS = { ...KINDS, newWorkouts: true };

describe('Web Push delivery', () => {
  let service: PushServiceStub;
  let t: TestApp;
  const vapid = resolveVapidKeys({ DATABASE_PATH: ':memory:' });

  // The stub is a push service the operator named (PUSH_SERVICE_HOSTS), like any self-hosted one.
  const trusting = (stub: PushServiceStub) => new PushEndpointPolicy(parsePushServiceHosts(stub.host));

  beforeEach(async () => {
    service = await startPushService();
    t = makeTestApp({ env: { PUSH_SERVICE_HOSTS: service.host }, push: webPushTransport(vapid, trusting(service)) });
  });
  afterEach(() => service.close());

  async function memberWithDevices(n: number, kinds = KINDS) {
    const member = await t.createUser({ role: 'member' });
    const devices: FakeDevice[] = [];
    for (let i = 0; i < n; i++) {
      const device = fakeDevice(`${service.url}/push/${member.id}-${i}`);
      saveDevice(t.deps, member.id, { endpoint: device.endpoint, keys: device.keys, kinds }, 'Mozilla/5.0 (Linux; Android 14) Chrome/131.0');
      devices.push(device);
    }
    return { member, devices };
  }

  /** A full workout (capacity 1) with `waiting` on its waitlist; the holder cancels and frees the place. */
  async function freeAPlace(waitingId: number) {
    const exec = await t.createUser({ role: 'exec' });
    const holder = await t.createUser({ role: 'member' });
    const post = createWorkout(t.deps, { id: exec.id, role: 'exec' }, {
      type: 'workout',
      title: 'Threshold swim',
      workoutType: 'swim',
      workoutDate: '2026-03-10',
      workoutTime: '07:00',
      content: 'Bring a pull buoy.',
      capacity: 1,
    });
    const member = { role: 'member' as Role };
    setSignup(t.deps, { id: holder.id, ...member }, post.id, true);
    joinWaitlist(t.deps, { id: waitingId, ...member }, post.id);
    setSignup(t.deps, { id: holder.id, ...member }, post.id, false);
    return post;
  }

  it('sends a promotion once to each device, encrypted for that device and signed with the VAPID key', async () => {
    const { member, devices } = await memberWithDevices(2);
    const post = await freeAPlace(member.id);
    await t.deps.messageQueue.deliverPending();
    await t.deps.messageQueue.deliverPending();

    expect(service.received.map((r) => r.path).sort()).toEqual(devices.map((d) => new URL(d.endpoint).pathname).sort());
    for (const [i, device] of devices.entries()) {
      const push = service.received.find((r) => r.path === new URL(device.endpoint).pathname)!;
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(push.headers.ttl).toBe(String(24 * 3600));
      expect(String(push.headers.authorization)).toContain(`k=${vapid.publicKey}`);
      // The other device's keys cannot read it: each push is encrypted for its own device.
      expect(() => devices[1 - i]!.decrypt(push.body)).toThrow();
      const payload = JSON.parse(device.decrypt(push.body));
      expect(payload).toMatchObject({
        title: 'You\'re in: Threshold swim',
        url: `/workout/${post.id}`,
      });
      expect(payload.body).toContain('moved off the waitlist');
    }
    const rows = t.db.select().from(messageQueue).where(eq(messageQueue.channel, 'push')).all();
    expect(rows.map((r) => r.status)).toEqual(['sent', 'sent']);
    // The promotion email is still sent as before.
    expect(t.db.select().from(messageQueue).where(eq(messageQueue.channel, 'email')).all()).toHaveLength(1);
  });

  it('sends each push once when two servers share the database, and again after a claim runs out', async () => {
    const { member } = await memberWithDevices(1);
    await freeAPlace(member.id);
    // A second server's message queue on the same database, passing at the same moment as this one.
    const other = new MessageDispatcher(t.db, {
      from: 'x@club.test',
      transport: null,
      push: webPushTransport(vapid, trusting(service)),
      pushSender: () => clubPushSender(t.deps),
      clock: t.clock.now,
      clubTimeZone: () => clubTimeZone(t.deps),
      log: () => {},
    });
    await Promise.all([t.deps.messageQueue.deliverPending(), other.deliverPending()]);
    expect(service.received).toHaveLength(1);

    // A process that claimed a push and died: the claim runs out after a minute, then it is sent.
    const row = t.db.select().from(messageQueue).where(eq(messageQueue.channel, 'push')).get()!;
    t.db.update(messageQueue).set({ status: 'sending', nextAttemptAt: t.clock.now() + 60_000 }).where(eq(messageQueue.id, row.id)).run();
    await other.deliverPending();
    expect(service.received).toHaveLength(1);
    t.clock.advance(60_000);
    await other.deliverPending();
    expect(service.received).toHaveLength(2);
    expect(t.db.select().from(messageQueue).where(eq(messageQueue.id, row.id)).get()).toMatchObject({ status: 'sent' });
  });

  it('sends nothing to a device that turned "a place frees up" off', async () => {
    const { member } = await memberWithDevices(1, { ...KINDS, placeFreed: false });
    await freeAPlace(member.id);
    await t.deps.messageQueue.deliverPending();
    expect(service.received).toHaveLength(0);
  });

  it.each([404, 410])('removes the subscription when the push service answers %i', async (status) => {
    const { member } = await memberWithDevices(1);
    service.answer(status);
    await freeAPlace(member.id);
    await t.deps.messageQueue.deliverPending();
    expect(service.received).toHaveLength(1);
    expect(t.db.select().from(pushSubscriptions).all()).toHaveLength(0);
    const [row] = t.db.select().from(messageQueue).where(eq(messageQueue.channel, 'push')).all();
    expect(row).toMatchObject({ status: 'dropped', attempts: 1 });
    expect(row!.lastError).toContain(String(status));
  });

  it('retries after a 500 with a growing delay, and sends once when the service is back', async () => {
    const { member } = await memberWithDevices(1);
    service.answer(500);
    await freeAPlace(member.id);
    await t.deps.messageQueue.deliverPending();
    const push = () => t.db.select().from(messageQueue).where(eq(messageQueue.channel, 'push')).get()!;
    expect(push()).toMatchObject({ status: 'pending', attempts: 1 });
    expect(push().nextAttemptAt).toBe(t.clock.now() + 30_000);

    await t.deps.messageQueue.deliverPending(); // not due yet: nothing sent
    expect(service.received).toHaveLength(1);
    service.answer(201);
    t.clock.advance(30_000);
    await t.deps.messageQueue.deliverPending();
    await t.deps.messageQueue.deliverPending();
    expect(service.received).toHaveLength(2);
    expect(push()).toMatchObject({ status: 'sent', attempts: 2 });
    expect(t.db.select().from(pushSubscriptions).all()).toHaveLength(1);
  });

  it('retries when the push service cannot be reached, and never fails the request that caused it', async () => {
    const { member } = await memberWithDevices(1);
    await service.close();
    await freeAPlace(member.id);
    await t.deps.messageQueue.deliverPending();
    const row = t.db.select().from(messageQueue).where(eq(messageQueue.channel, 'push')).get()!;
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row.lastError).toContain('Push service not reached');
    service = await startPushService(); // for afterEach
  });

  it('gives up on a push the service refuses as malformed (400)', async () => {
    const { member } = await memberWithDevices(1);
    service.answer(400);
    await freeAPlace(member.id);
    await t.deps.messageQueue.deliverPending();
    expect(t.db.select().from(messageQueue).where(eq(messageQueue.channel, 'push')).get()).toMatchObject({ status: 'failed' });
    expect(t.db.select().from(pushSubscriptions).all()).toHaveLength(1);
  });

  it('pushes a new workout to the devices that asked, but not to its author, once for a weekly series', async () => {
    const { member, devices } = await memberWithDevices(1, ALL_KINDS);
    await memberWithDevices(1, KINDS);
    // A membership that has run out counts as pending: no news of workouts it cannot sign up for.
    const lapsed = await t.createUser({ role: 'member', expiryDate: '2026-02-28' });
    saveDevice(t.deps, lapsed.id, { endpoint: `${service.url}/push/lapsed`, keys: fakeDevice('x').keys, kinds: ALL_KINDS }, undefined);
    const exec = await t.createUser({ role: 'exec' });
    saveDevice(t.deps, exec.id, { endpoint: `${service.url}/push/author`, keys: fakeDevice('x').keys, kinds: ALL_KINDS }, undefined);
    const res = await t.call('POST', '/api/forum/posts', {
      token: exec.token,
      body: {
        type: 'workout',
        title: 'Track Tuesday',
        content: '400s',
        workoutType: 'run',
        workoutDate: '2026-03-03',
        workoutTime: '18:00',
        capacity: 12,
        repeat: { weekdays: [2], until: '2026-03-24' },
      },
    });
    expect(res.status).toBe(201);
    await t.deps.messageQueue.deliverPending();
    expect(service.received.map((r) => r.path)).toEqual([`/push/${member.id}-0`]);
    const payload = JSON.parse(devices[0]!.decrypt(service.received[0]!.body));
    expect(payload.title).toBe('New workout: Track Tuesday');
    expect(payload.body).toContain('and 3 more weekly dates');
    expect(payload.url).toBe(`/workout/${res.body.series.posts[0].id}`);
  });

  /** An administrator's edit of the club document, as Admin → Club saves it. */
  async function saveClub(token: string, change: Record<string, unknown>) {
    const current = (await t.call('GET', '/api/club/documents/club')).body as { version: number; body: Record<string, unknown> };
    const res = await t.call('PUT', '/api/club/documents/club', { token, body: { body: { ...current.body, ...change }, version: current.version } });
    expect(res.status).toBe(200);
  }

  /** The push the stub received last, as its device reads it, and the claims of its VAPID JWT. */
  function lastPush(device: FakeDevice) {
    const push = service.received.at(-1)!;
    const token = /^vapid t=([^,]+),/.exec(String(push.headers.authorization))?.[1];
    return { payload: JSON.parse(device.decrypt(push.body)) as Record<string, unknown>, claims: decodeJwt(token ?? '') };
  }

  it("shows the club's icon: the build's until a logo is uploaded, then the logo's, the manifest's 192 px icon", async () => {
    const admin = await t.createUser({ role: 'administrator' });
    const { member, devices } = await memberWithDevices(1);
    await freeAPlace(member.id);
    await t.deps.messageQueue.deliverPending();
    expect(lastPush(devices[0]!).payload.icon).toBe('/icons/icon-192.png');

    const up = await t.call('POST', '/api/club/logo', { token: admin.token, body: pictureForm(await smallPng(300, 120), 'logo.png', 'image/png', 'logo') });
    expect(up.status).toBe(200);
    await saveClub(admin.token, { logo: up.body.logo });
    const next = await freeAPlace(member.id);
    await t.deps.messageQueue.deliverPending();
    expect(service.received).toHaveLength(2);
    const { payload } = lastPush(devices[0]!);
    expect(payload).toMatchObject({ title: "You're in: Threshold swim", url: `/workout/${next.id}` });
    const manifest = clubManifest(t.deps, mkdtempSync(join(tmpdir(), 'club-dist-'))) as { icons: { src: string; sizes: string }[] };
    const icon192 = manifest.icons.find((i) => i.sizes === '192x192')!.src;
    expect(icon192).toMatch(/^\/uploads\/club-[a-f0-9]{32}-192\.png$/);
    expect(payload.icon).toBe(icon192);
    // The picture itself was made at the upload, in the folder /uploads/ serves.
    expect(existsSync(join(t.deps.uploadsDir, icon192.replace('/uploads/', '')))).toBe(true);
  });

  it("signs with the club's contact address: CLUB_EMAIL until an administrator changes it, then the new one", async () => {
    const admin = await t.createUser({ role: 'administrator' });
    const { member, devices } = await memberWithDevices(1);
    await freeAPlace(member.id);
    await t.deps.messageQueue.deliverPending();
    expect(lastPush(devices[0]!).claims.sub).toBe(`mailto:${t.deps.env.CLUB_EMAIL}`);

    await saveClub(admin.token, { contactEmail: 'crew@lakeside.test' });
    await freeAPlace(member.id);
    await t.deps.messageQueue.deliverPending();
    expect(service.received).toHaveLength(2);
    const { claims } = lastPush(devices[0]!);
    expect(claims.sub).toBe('mailto:crew@lakeside.test');
    expect(claims.aud).toBe(service.url);
  });

  it('keeps pushes unsent and shows them in the console with WEB_PUSH=off', async () => {
    const off = makeTestApp({ push: null });
    const member = await off.createUser({ role: 'member' });
    saveDevice(off.deps, member.id, { endpoint: `${service.url}/push/x`, keys: fakeDevice('x').keys, kinds: ALL_KINDS }, undefined);
    t = off;
    await freeAPlace(member.id);
    await off.deps.messageQueue.deliverPending();
    expect(service.received).toHaveLength(0);
    expect(off.db.select().from(messageQueue).where(eq(messageQueue.channel, 'push')).get()).toMatchObject({ status: 'logged' });
    expect(off.logs.join('\n')).toMatch(/push #\d+ to user\d+@club\.test \(A browser\): You're in: Threshold swim .*not sent: WEB_PUSH=off/);
  });
});
