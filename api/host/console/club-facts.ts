// What the console shows of each club, read from its files without opening the club (a sleeping
// club stays asleep): its size on disk, its members, its newest backup, its database's migrations.
import Database from 'better-sqlite3';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestBackupAt } from '../../../db/backup';
import { latestMigrationMillis } from '../../../db/migrate';
import type { HostClub } from '../../../domain/contract/host';
import type { Env } from '../../platform/settings/env';
import { clubBackupDir } from '../club-env';
import type { ClubEntry } from '../registry';

function fileBytes(path: string): number {
  return existsSync(path) ? statSync(path).size : 0;
}

function folderBytes(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, d) => sum + (d.isDirectory() ? folderBytes(join(dir, d.name)) : d.isFile() ? fileBytes(join(dir, d.name)) : 0),
    0,
  );
}

function databaseFacts(path: string, latest: number): Pick<HostClub, 'members' | 'schema'> {
  try {
    const sqlite = new Database(path, { readonly: true, fileMustExist: true });
    try {
      const members = sqlite.prepare("select count(*) as n from users where role in ('member', 'exec', 'administrator')").get() as { n: number };
      const migrations = sqlite.prepare('select count(*) as n, max(created_at) as last from __drizzle_migrations').get() as { n: number; last: number | null };
      return { members: members.n, schema: { applied: migrations.n, current: Number(migrations.last ?? 0) >= latest } };
    } finally {
      sqlite.close();
    }
  } catch {
    return { members: null, schema: null };
  }
}

export function clubFacts(env: Env, entry: ClubEntry, open: boolean, latest = latestMigrationMillis()): HostClub {
  const { databasePath } = entry;
  const backups = clubBackupDir(env, entry);
  return {
    address: entry.address,
    name: entry.name,
    state: entry.state,
    createdAt: entry.createdAt,
    lastActivityAt: entry.lastActivityAt,
    sizeBytes: fileBytes(databasePath) + fileBytes(`${databasePath}-wal`) + folderBytes(entry.uploadsDir),
    ...databaseFacts(databasePath, latest),
    lastBackupAt: newestBackupAt(backups),
    open,
    problem: entry.problem,
    // The adopted club may still pay into the account it had alone (the host's settings).
    onlinePayments: entry.stripe !== null || (entry.adopted && Boolean(env.STRIPE_SECRET_KEY)),
  };
}
