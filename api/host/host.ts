// The host as the console, the CLI and the scheduler see it: its settings, its list of clubs, and a way
// to reach one club open (through the set of open clubs in the server; opened and closed around the
// work in a CLI command). And the adoption of the single club of before as the first one.
import Database from 'better-sqlite3';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Env } from '../platform/settings/env';
import type { Logger } from '../platform/logger';
import { addressOfUrl } from './addresses';
import type { OpenClub } from './club-pool';
import type { ClubEntry, HostRegistry } from './registry';

export interface Host {
  env: Env;
  registry: HostRegistry;
  logger: Logger;
  /** Runs `fn` with the club open, without counting it as a visit. */
  withClub<T>(entry: ClubEntry, fn: (club: OpenClub) => Promise<T> | T): Promise<T>;
  /** Closes the club if it is open (suspended, or its files about to be copied away). */
  closeClub(address: string): Promise<void>;
}

/** The club's name as its own `club` document has it, read from the file without opening the club. */
function storedClubName(path: string): string | null {
  try {
    const sqlite = new Database(path, { readonly: true, fileMustExist: true });
    try {
      const row = sqlite.prepare("select body from club_documents where key = 'club' order by version desc limit 1").get() as { body: string } | undefined;
      const name = row ? (JSON.parse(row.body) as { name?: unknown }).name : undefined;
      return typeof name === 'string' && name.trim() ? name.trim() : null;
    } finally {
      sqlite.close();
    }
  } catch {
    return null;
  }
}

/**
 * Turning multi-club on where a single club ran: the club of DATABASE_PATH becomes the first club, at
 * APP_URL's address, with its file, uploads, secret and backups where they are. Done once, when the
 * host's list is empty and that database exists; answers the club adopted, if any.
 */
export function adoptSingleClub(registry: HostRegistry, env: Env, uploadsDir: string, now: number): ClubEntry | null {
  if (registry.count() > 0 || env.DATABASE_PATH === ':memory:' || !existsSync(env.DATABASE_PATH)) return null;
  const address = addressOfUrl(env.APP_URL);
  if (!address) return null;
  const databasePath = resolve(env.DATABASE_PATH);
  registry.add({
    address,
    name: storedClubName(databasePath) ?? address,
    state: 'active',
    databasePath,
    uploadsDir: resolve(uploadsDir),
    adopted: true,
    setupKeyHash: null,
    adminEmail: env.ADMIN_EMAIL ?? null,
    createdAt: now,
  });
  return registry.find(address)!;
}
