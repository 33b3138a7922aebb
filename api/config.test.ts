import { mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { loadEnv } from './platform/settings/env';
import { resolveVapidKeys } from './messaging/queue/web-push';
import { clubConfigSchema } from '../domain/contract/config';
import { makeTestApp } from './testing/test-app';

describe('GET /api/config', () => {
  it("tells anyone the club's time zone, as configured", async () => {
    const t = makeTestApp({ env: { CLUB_TIMEZONE: 'Europe/Paris', CLUB_EMAIL: 'hello@tri.example' } });
    const res = await t.call('GET', '/api/config');
    expect(res.status).toBe(200);
    const body = clubConfigSchema.parse(res.body);
    // APP_URL is http://club.test in the tests: no https, so no passkeys.
    expect(body).toEqual({
      clubTimeZone: 'Europe/Paris',
      region: { country: 'CA', locale: 'en-US' },
      clubEmail: 'hello@tri.example',
      vapidPublicKey: t.deps.vapidPublicKey,
      passkeys: false,
      club: expect.objectContaining({ name: 'University Triathlon Club', contactEmail: 'hello@tri.example' }),
      // No account yet, no ADMIN_EMAIL, no demo: the app opens its setup.
      firstRun: true,
      currency: 'CAD',
      sessions: expect.arrayContaining([expect.objectContaining({ id: 'winter-2026', ends: '2026-04-30' })]),
      terms: expect.arrayContaining([{ id: 'fall-2026', name: 'Fall', start: '2026-09-01', end: '2026-12-31' }]),
      rules: { lateCancelHours: 24, absencesBeforeSuspension: 3, suspensionDays: 7 },
      sports: expect.objectContaining({
        types: expect.arrayContaining([expect.objectContaining({ id: 'spin', name: 'Spin', sport: 'bike', retired: false })]),
        filters: expect.arrayContaining([{ id: 'bike', name: 'Bike', types: ['spin', 'outdoor-ride', 'brick'] }]),
      }),
    });
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });

  it('has a built-in club address when CLUB_EMAIL is not set', async () => {
    const t = makeTestApp();
    expect((await t.call('GET', '/api/config')).body).toMatchObject({ clubEmail: 'triathlon.club@university.test' });
  });
});

describe('the VAPID keys of Web Push', () => {
  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set', async () => {
    const keys = webpush.generateVAPIDKeys();
    const t = makeTestApp({ env: { VAPID_PUBLIC_KEY: keys.publicKey, VAPID_PRIVATE_KEY: keys.privateKey } });
    expect((await t.call('GET', '/api/config')).body.vapidPublicKey).toBe(keys.publicKey);
  });

  it('are generated once into the data folder and kept across restarts', () => {
    const DATABASE_PATH = join(mkdtempSync(join(tmpdir(), 'club-vapid-')), 'club.db');
    const first = resolveVapidKeys({ DATABASE_PATH });
    const again = resolveVapidKeys({ DATABASE_PATH });
    expect(again).toEqual(first);
    // What they sign with as the subject is the club's contact address in force (web-push.test.ts).
    expect(statSync(join(DATABASE_PATH, '..', 'vapid-keys.json')).mode & 0o777).toBe(0o600);
  });

  it('are refused at start when only one is set, or malformed', () => {
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: publicKey })).toThrow(/go together/);
    expect(() => loadEnv({ VAPID_PUBLIC_KEY: 'nope', VAPID_PRIVATE_KEY: privateKey })).toThrow(/VAPID_PUBLIC_KEY/);
  });
});
