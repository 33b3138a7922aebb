// Where a club's files live and the settings it runs with, derived from the host's. Each club created
// on the host has a folder of its own under the data folder (clubs/<address>/: club.db, uploads/,
// backups/, its push keys); the club adopted from a single-club install keeps the files it had. Each
// signs its sessions with a secret of its own, derived from the host's secret and its address, so a
// club moved to another machine of the same host keeps its members signed in; the adopted club signs
// them with the host's JWT_SECRET itself, as it did alone, and goes on doing so once moved. Its push
// keys are derived the same way (unless the host sets VAPID_* for every club), so a club moved keeps
// the keys its members' devices subscribed with, and still no export holds a secret.
import { createECDH, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Env } from '../platform/settings/env';
import { passkeySettings } from '../platform/settings/passkey-settings';
import { clubUrl, folderOf } from './addresses';
import type { ClubEntry } from './registry';

/** The data folder: where the single club's database is (./data by default), and host.db beside it. */
export function hostDataDir(env: Env): string {
  return env.DATABASE_PATH === ':memory:' ? resolve('data') : dirname(resolve(env.DATABASE_PATH));
}

export function hostRegistryPath(env: Env): string {
  return join(hostDataDir(env), 'host.db');
}

/** A new club's folder, database and uploads. */
export function newClubPaths(env: Env, address: string): { databasePath: string; uploadsDir: string } {
  const dir = join(hostDataDir(env), 'clubs', folderOf(address));
  return { databasePath: join(dir, 'club.db'), uploadsDir: join(dir, 'uploads') };
}

/** Where a club's scheduled backups go: BACKUP_DIR for the adopted club, its own folder's backups/ for the others. */
export function clubBackupDir(env: Env, entry: ClubEntry): string {
  return entry.adopted ? env.BACKUP_DIR : join(dirname(entry.databasePath), 'backups');
}

/** The host's secret: JWT_SECRET when set, else one generated once into the data folder. */
function hostSecret(env: Env): string {
  if (env.JWT_SECRET !== undefined) return env.JWT_SECRET;
  const file = join(hostDataDir(env), 'host-secret');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600 });
  }
  return readFileSync(file, 'utf8').trim();
}

/**
 * Whether the club's sessions are signed with the host's JWT_SECRET itself: the adopted club's on a
 * host that sets it, and that club's after a move to another machine of the host (which has the same
 * JWT_SECRET). Never with a secret of its own file, which no export carries.
 */
export function sessionsSignedWithHostSecret(env: Env, entry: ClubEntry): boolean {
  return env.JWT_SECRET !== undefined && (entry.adopted || entry.hostSecretSessions);
}

/** The settings a club runs with: its address as its URL (and so its passkeys' relying party), its files, its secret. */
export function clubEnv(env: Env, entry: ClubEntry): Env {
  const appUrl = clubUrl(env.APP_URL, entry.address);
  const own = {
    APP_URL: appUrl,
    PASSKEYS: passkeySettings(appUrl),
    DATABASE_PATH: entry.databasePath,
  };
  // Online payment goes to the club's own Stripe account, never to the host's: a club that connected
  // none takes payments by hand only. The adopted club keeps the keys it ran with alone until it sets its own.
  const stripe = entry.stripe
    ? { STRIPE_SECRET_KEY: entry.stripe.secretKey, STRIPE_WEBHOOK_SECRET: entry.stripe.webhookSecret }
    : entry.adopted
      ? {}
      : { STRIPE_SECRET_KEY: undefined, STRIPE_WEBHOOK_SECRET: undefined };
  // The adopted club goes on as it was: its secret, its first administrator, its demo if it had one.
  if (entry.adopted) return { ...env, ...own, ...stripe };
  return {
    ...env,
    ...own,
    ...stripe,
    ...clubPushKeys(env, entry),
    BACKUP_DIR: clubBackupDir(env, entry),
    JWT_SECRET: sessionsSignedWithHostSecret(env, entry) ? env.JWT_SECRET : createHmac('sha256', hostSecret(env)).update(`club-session:${entry.address}`).digest('base64url'),
    SEED_DEMO: false,
    ADMIN_EMAIL: undefined,
    ADMIN_PASSWORD: undefined,
  };
}

/**
 * The club's Web Push (VAPID) keys when the host sets none: a P-256 key derived from the host's secret
 * and the club's address, the same on every machine of the host. A club whose folder holds keys
 * generated before (vapid-keys.json) keeps them: its devices subscribed with that public key.
 */
function clubPushKeys(env: Env, entry: ClubEntry): Partial<Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY'>> {
  if (env.VAPID_PUBLIC_KEY || existsSync(join(dirname(entry.databasePath), 'vapid-keys.json'))) return {};
  const privateKey = createHmac('sha256', hostSecret(env)).update(`club-push:${entry.address}`).digest();
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(privateKey);
  return { VAPID_PUBLIC_KEY: ecdh.getPublicKey().toString('base64url'), VAPID_PRIVATE_KEY: privateKey.toString('base64url') };
}
