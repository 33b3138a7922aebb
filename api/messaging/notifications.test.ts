// /api/me/notifications: reminders on or off, a member's devices, what logout removes.
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema';
import { PUSH_DEVICE } from '../testing/push-service';
import { deviceLabel } from './notifications';
import { makeTestApp } from '../testing/test-app';

const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36';

describe('notification settings', () => {
  it('start with reminders on and no device; reminders can be turned off', async () => {
    const t = makeTestApp();
    const m = await t.createUser();
    expect((await t.call('GET', '/api/me/notifications', { token: m.token })).body).toEqual({ reminders: true, devices: [] });
    const off = await t.call('PUT', '/api/me/notifications', { token: m.token, body: { reminders: false } });
    expect(off.status).toBe(200);
    expect(off.body.reminders).toBe(false);
    expect((await t.call('GET', '/api/me/notifications', { token: m.token })).body.reminders).toBe(false);
    const bad = await t.call('PUT', '/api/me/notifications', { token: m.token, body: { reminders: 'no' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toEqual(expect.any(String));
  });

  it('save a device once per endpoint, named from its browser, with its own choices', async () => {
    const t = makeTestApp();
    const m = await t.createUser();
    const headers = { 'user-agent': ANDROID_CHROME };
    const first = await t.call('PUT', '/api/me/notifications/devices', { token: m.token, headers, body: PUSH_DEVICE });
    expect(first.status).toBe(200);
    expect(first.body.device).toMatchObject({ endpoint: PUSH_DEVICE.endpoint, label: 'Chrome on Android', kinds: PUSH_DEVICE.kinds });
    const again = await t.call('PUT', '/api/me/notifications/devices', {
      token: m.token,
      headers,
      body: { ...PUSH_DEVICE, kinds: { placeFreed: false, reminders: true, newWorkouts: true } },
    });
    expect(again.body.device.id).toBe(first.body.device.id);
    const settings = await t.call('GET', '/api/me/notifications', { token: m.token });
    expect(settings.body.devices).toHaveLength(1);
    // Sent by an app from before "Club announcements": that choice stays as it was (on).
    expect(settings.body.devices[0].kinds).toEqual({ placeFreed: false, reminders: true, newWorkouts: true, announcements: true });
  });

  it('take a device name with ordinary punctuation, and refuse only unsafe characters', async () => {
    const t = makeTestApp();
    const m = await t.createUser();
    for (const label of ["Delia's phone", 'Delia’s iPad — work #2', 'Téléphone: Zoë & Ana!', 'Laptop "office"']) {
      const res = await t.call('PUT', '/api/me/notifications/devices', { token: m.token, body: { ...PUSH_DEVICE, label } });
      expect(res.status, label).toBe(200);
      expect(res.body.device.label).toBe(label);
    }
    for (const label of ['Phone\nBcc: x@evil.test', 'tab\there', 'evil\u202egnp.exe', '<img src=x>']) {
      const res = await t.call('PUT', '/api/me/notifications/devices', { token: m.token, body: { ...PUSH_DEVICE, label } });
      expect(res.status, label).toBe(400);
      expect(res.body.error).toBe('The device name cannot contain line breaks, invisible control characters or angle brackets (< >)');
    }
  });

  it('move a shared phone’s subscription to the member now signed in on it', async () => {
    const t = makeTestApp();
    const a = await t.createUser();
    const b = await t.createUser();
    await t.call('PUT', '/api/me/notifications/devices', { token: a.token, body: PUSH_DEVICE });
    await t.call('PUT', '/api/me/notifications/devices', { token: b.token, body: PUSH_DEVICE });
    expect((await t.call('GET', '/api/me/notifications', { token: a.token })).body.devices).toEqual([]);
    expect((await t.call('GET', '/api/me/notifications', { token: b.token })).body.devices).toHaveLength(1);
  });

  it.each([
    ['no endpoint', { ...PUSH_DEVICE, endpoint: 'not a url' }, 'valid endpoint'],
    ['an http endpoint off this machine', { ...PUSH_DEVICE, endpoint: 'http://push.example.com/x' }, 'cannot use'],
    ['a malformed key', { ...PUSH_DEVICE, keys: { ...PUSH_DEVICE.keys, p256dh: 'short' } }, 'no valid keys'],
    ['a missing choice', { ...PUSH_DEVICE, kinds: { placeFreed: true } }, 'which notifications'],
  ])('refuse a subscription with %s', async (_name, body, message) => {
    const t = makeTestApp();
    const m = await t.createUser();
    const res = await t.call('PUT', '/api/me/notifications/devices', { token: m.token, body });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
    expect(t.db.select().from(pushSubscriptions).all()).toEqual([]);
  });

  it('refuse a loopback or IP endpoint in production', async () => {
    const t = makeTestApp({ env: { NODE_ENV: 'production' } });
    const m = await t.createUser();
    for (const endpoint of ['http://127.0.0.1:9/push', 'https://127.0.0.1/push', 'https://10.0.0.8/push']) {
      const res = await t.call('PUT', '/api/me/notifications/devices', { token: m.token, body: { ...PUSH_DEVICE, endpoint } });
      expect(res.status, endpoint).toBe(400);
    }
  });

  it('remove a device of one’s own only, and every device at logout', async () => {
    const t = makeTestApp();
    const a = await t.createUser();
    const b = await t.createUser();
    const mine = await t.call('PUT', '/api/me/notifications/devices', { token: a.token, body: PUSH_DEVICE });
    await t.call('PUT', '/api/me/notifications/devices', { token: a.token, body: { ...PUSH_DEVICE, endpoint: `${PUSH_DEVICE.endpoint}-2` } });
    const id = mine.body.device.id;
    expect((await t.call('DELETE', `/api/me/notifications/devices/${id}`, { token: b.token })).status).toBe(404);
    const removed = await t.call('DELETE', `/api/me/notifications/devices/${id}`, { token: a.token });
    expect(removed.status).toBe(200);
    expect(removed.body.devices).toHaveLength(1);
    expect((await t.call('DELETE', `/api/me/notifications/devices/${id}`, { token: a.token })).status).toBe(404);
    expect((await t.call('POST', '/api/auth/logout', { token: a.token })).status).toBe(200);
    expect(t.db.select().from(pushSubscriptions).all()).toEqual([]);
  });

  it('give the VAPID public key in /api/config', async () => {
    const t = makeTestApp();
    const res = await t.call('GET', '/api/config');
    expect(res.body.vapidPublicKey).toBe(t.deps.vapidPublicKey);
    expect(res.body.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
  });
});

describe('device names', () => {
  it.each([
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1', 'Safari on iPhone'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36 Edg/131.0', 'Edge on Windows'],
    ['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36', 'Samsung Internet on Android'],
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.4; rv:125.0) Gecko/20100101 Firefox/125.0', 'Firefox on macOS'],
    [undefined, 'A browser'],
  ])('%s → %s', (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });
});
