// Restore a backup into a stopped app's data folder, keeping what was there as a side copy.
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { backupDatabase, checkIntegrity } from './backup';

export class RestoreRefused extends Error {}

/** Refuses anything but a sound SQLite file that holds the club's tables. */
function checkBackup(file: string): void {
  if (!existsSync(file)) throw new RestoreRefused(`${file} does not exist`);
  try {
    checkIntegrity(file);
  } catch (err) {
    throw new RestoreRefused(`${file} is damaged, nothing was changed: ${err instanceof Error ? err.message : String(err)}`);
  }
  const db = new Database(file, { readonly: true });
  try {
    const tables = new Set((db.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map((t) => t.name));
    if (!tables.has('users') || !tables.has('__drizzle_migrations')) {
      throw new RestoreRefused(`${file} is a database, but not a backup of this app (no users or migrations table)`);
    }
  } finally {
    db.close();
  }
}

/**
 * Holds the current database exclusively, or throws when another process (the running app) has it
 * open: in WAL mode every open connection keeps a shared lock on the file, so an exclusive lock is
 * only granted to the last one.
 */
function lockStoppedDatabase(path: string): Database.Database {
  const db = new Database(path, { fileMustExist: true, timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE');
    db.exec('COMMIT');
    return db;
  } catch (err) {
    db.close();
    if ((err as { code?: string }).code === 'SQLITE_BUSY') {
      throw new RestoreRefused(`${path} is in use: stop the app first (e.g. \`systemctl stop club-app\`)`);
    }
    throw err;
  }
}

export interface RestoreResult {
  restored: string;
  /** Where the database that was replaced now lives, or null when there was none. */
  sideCopy: string | null;
}

export async function restoreDatabase(backupFile: string, databasePath: string, now = Date.now()): Promise<RestoreResult> {
  checkBackup(backupFile);
  let sideCopy: string | null = null;
  if (existsSync(databasePath)) {
    const current = lockStoppedDatabase(databasePath);
    sideCopy = `${databasePath}.before-restore-${new Date(now).toISOString().replace(/[:.]/g, '-')}`;
    try {
      // Through SQLite, so what sat in the WAL after a crash is in the side copy too.
      await backupDatabase(current, sideCopy);
    } finally {
      current.close();
    }
  }
  mkdirSync(dirname(databasePath), { recursive: true });
  const incoming = `${databasePath}.restoring`;
  copyFileSync(backupFile, incoming);
  // A WAL left next to the old file must not be replayed onto the restored one.
  rmSync(`${databasePath}-wal`, { force: true });
  rmSync(`${databasePath}-shm`, { force: true });
  renameSync(incoming, databasePath);
  return { restored: databasePath, sideCopy };
}
