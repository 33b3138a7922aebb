// A club's push keys on a host that sets none: the same on every machine of the host (so a club moved
// keeps the keys its members' devices subscribed with), its own per club, and never in its export.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { loadEnv } from '../platform/settings/env';
import { resolveVapidKeys } from '../messaging/queue/web-push';
import { clubEnv, newClubPaths } from './club-env';
import type { ClubEntry } from './registry';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** One machine of the host: its own data folder, the host's JWT_SECRET. */
function machine(extra: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'club-env-'));
  dirs.push(dir);
  return loadEnv({ NODE_ENV: 'test', MULTI_CLUB: 'on', DATABASE_PATH: join(dir, 'club.db'), APP_URL: 'http://tri.localhost:3000', JWT_SECRET: 'the-host-secret-shared-by-every-machine-0123456789', LOG_LEVEL: 'silent', ...extra });
}

function entry(env: ReturnType<typeof machine>, address: string): ClubEntry {
  return { address, name: address, state: 'active', ...newClubPaths(env, address), adopted: false, hostSecretSessions: false, setupKeyHash: null, adminEmail: null, createdAt: 0, lastActivityAt: null, problem: null, stripe: null };
}

describe('a club’s push keys', () => {
  it('are the same on every machine of the host, differ per club, and sign a push', () => {
    const [one, two] = [machine(), machine()];
    const here = resolveVapidKeys(clubEnv(one, entry(one, 'rowing.localhost:3000')));
    const moved = resolveVapidKeys(clubEnv(two, entry(two, 'rowing.localhost:3000')));
    const other = resolveVapidKeys(clubEnv(one, entry(one, 'swim.localhost:3000')));
    expect(moved).toEqual(here);
    expect(other.publicKey).not.toBe(here.publicKey);
    expect(Buffer.from(here.publicKey, 'base64url')).toHaveLength(65);
    const headers = webpush.getVapidHeaders('https://push.example.test', 'mailto:club@example.test', here.publicKey, here.privateKey, 'aes128gcm');
    expect(headers.Authorization).toMatch(/^vapid t=.+, k=/);
  });

  it('stay the ones a club generated before, and the host’s own when it sets them', () => {
    const host = machine();
    const before = entry(host, 'tri2.localhost:3000');
    mkdirSync(join(before.databasePath, '..'), { recursive: true });
    const kept = webpush.generateVAPIDKeys();
    writeFileSync(join(before.databasePath, '..', 'vapid-keys.json'), JSON.stringify(kept));
    expect(resolveVapidKeys(clubEnv(host, before))).toEqual(kept);

    const shared = webpush.generateVAPIDKeys();
    const withKeys = machine({ VAPID_PUBLIC_KEY: shared.publicKey, VAPID_PRIVATE_KEY: shared.privateKey });
    expect(resolveVapidKeys(clubEnv(withKeys, entry(withKeys, 'rowing.localhost:3000')))).toEqual(shared);
  });
});
