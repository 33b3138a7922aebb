// Bounds on a member's push devices, in production: every device is sent every new workout and
// reminder, so one account must not hold a hundred of them, nor churn them (each save costs a DNS
// check). At most MAX_PUSH_DEVICES per member, the oldest giving way; saves limited per member and per
// address, each refusal a 429 with Retry-After; removals always allowed.
import { describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema';
import { MAX_PUSH_DEVICES } from '../../domain/contract/notifications';
import { DEVICE_SAVE_LIMITS } from '../messaging/notifications';
import { PUSH_DEVICE } from '../testing/push-service';
import { makeTestApp, type TestApp } from '../testing/test-app';

// push.example.com is the tests' operator-named push service (PUSH_SERVICE_HOSTS in api/testing/test-app.ts).
const PRODUCTION = { NODE_ENV: 'production', TRUST_PROXY: '0', PUSH_SERVICE_HOSTS: 'push.example.com' };
const MINUTE = 60_000;

const save = (t: TestApp, token: string, name: string) =>
  t.call('PUT', '/api/me/notifications/devices', { token, body: { ...PUSH_DEVICE, endpoint: `https://push.example.com/send/${name}` } });

describe('push devices per member', () => {
  it(`keep at most ${MAX_PUSH_DEVICES}: the next one replaces the oldest, and the answer names it`, async () => {
    const t = makeTestApp({ env: PRODUCTION });
    const m = await t.createUser();
    const ids: number[] = [];
    for (let i = 0; i < MAX_PUSH_DEVICES; i++) {
      const res = await save(t, m.token, `phone-${i}`);
      expect(res.status).toBe(200);
      expect(res.body.replaced).toEqual([]);
      ids.push(res.body.device.id);
      t.clock.advance(MINUTE);
    }
    // Saving a device again (new choices, new keys) is an update, not one more device.
    const again = await save(t, m.token, 'phone-3');
    expect(again.body).toMatchObject({ device: { id: ids[3] }, replaced: [] });

    const eleventh = await save(t, m.token, 'phone-new');
    expect(eleventh.status).toBe(200);
    expect(eleventh.body.replaced).toEqual([expect.objectContaining({ id: ids[0], endpoint: 'https://push.example.com/send/phone-0' })]);
    const devices = (await t.call('GET', '/api/me/notifications', { token: m.token })).body.devices as { id: number }[];
    expect(devices).toHaveLength(MAX_PUSH_DEVICES);
    expect(devices.map((d) => d.id)).toEqual([...ids.slice(1), eleventh.body.device.id]);

    // Another member's devices are theirs: a shared phone moving over counts for its new owner only.
    const other = await t.createUser();
    expect((await save(t, other.token, 'phone-5')).body.replaced).toEqual([]);
    const owners = t.db.select({ userId: pushSubscriptions.userId }).from(pushSubscriptions).all().map((r) => r.userId);
    expect(owners.filter((id) => id === m.id)).toHaveLength(MAX_PUSH_DEVICES - 1);
    expect(owners.filter((id) => id === other.id)).toHaveLength(1);
  });

  it('limit saves per member: 429 with Retry-After, removal still allowed, saves again after the window', async () => {
    const t = makeTestApp({ env: PRODUCTION });
    const m = await t.createUser();
    let first: number | null = null;
    for (let i = 0; i < DEVICE_SAVE_LIMITS.perMember; i++) {
      const res = await save(t, m.token, `churn-${i % 3}`);
      expect(res.status).toBe(200);
      first ??= res.body.device.id;
    }
    t.clock.advance(MINUTE);
    const limited = await save(t, m.token, 'one-too-many');
    expect(limited.status).toBe(429);
    expect(limited.body.error).toMatch(/Too many changes to notification devices/);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(DEVICE_SAVE_LIMITS.windowMs / 1000);

    // Refused endpoints count too: probing addresses spends the same allowance.
    const probe = await t.call('PUT', '/api/me/notifications/devices', { token: m.token, body: { ...PUSH_DEVICE, endpoint: 'https://localhost/x' } });
    expect(probe.status).toBe(429);

    expect((await t.call('DELETE', `/api/me/notifications/devices/${first}`, { token: m.token })).status).toBe(200);

    // Another member on the same address is not held up by this one.
    const neighbour = await t.createUser();
    expect((await save(t, neighbour.token, 'neighbour')).status).toBe(200);

    t.clock.advance(retryAfter * 1000);
    expect((await save(t, m.token, 'after-the-wait')).status).toBe(200);
  });

  it('limit saves per address across members: 429 with Retry-After', async () => {
    const t = makeTestApp({ env: PRODUCTION });
    // app.request() has no socket: every call here comes from one address, as a campus would.
    const perMember = DEVICE_SAVE_LIMITS.perMember;
    let saved = 0;
    let n = 0;
    while (saved < DEVICE_SAVE_LIMITS.perAddress) {
      const m = await t.createUser();
      for (let i = 0; i < perMember && saved < DEVICE_SAVE_LIMITS.perAddress; i++, saved++) {
        const res = await save(t, m.token, `member-${n}-${i}`);
        expect(res.status).toBe(200);
      }
      n += 1;
    }
    const fresh = await t.createUser();
    const limited = await save(t, fresh.token, 'from-the-same-address');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    t.clock.advance(DEVICE_SAVE_LIMITS.windowMs);
    expect((await save(t, fresh.token, 'later')).status).toBe(200);
  });
});
