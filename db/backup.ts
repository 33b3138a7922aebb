// Online backups (SQLite's backup API: safe while the server writes), each checked before it counts.
import { mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const BACKUP_NAME = /^club-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z\.db$/;

/** `club-2026-11-22T03-00-00-000Z.db`: names sort by time, and the time survives a copy to elsewhere. */
export function backupFileName(at: number): string {
  return `club-${new Date(at).toISOString().replace(/[:.]/g, '-')}.db`;
}

/** Throws unless `path` is a sound SQLite file (full `PRAGMA integrity_check`). */
export function checkIntegrity(path: string): void {
  let db: Database.Database | undefined;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    const result = db.pragma('integrity_check', { simple: true });
    if (result !== 'ok') throw new Error(`integrity_check: ${String(result)}`);
  } catch (err) {
    throw new Error(`${path} is not a sound database (${err instanceof Error ? err.message : String(err)})`, { cause: err });
  } finally {
    db?.close();
  }
}

/**
 * Copies `source` (an open connection, or a database file) to `target` and checks the copy. The copy
 * is written under a temporary name and renamed once checked, so a file with the final name is
 * always a good one.
 */
export async function backupDatabase(source: Database.Database | string, target: string): Promise<{ path: string; bytes: number }> {
  const partial = `${target}.partial`;
  const db = typeof source === 'string' ? new Database(source, { fileMustExist: true }) : source;
  try {
    if (typeof source === 'string') db.pragma('busy_timeout = 5000');
    // One step for the whole file: copied in small steps, every write by the server restarts the backup.
    await db.backup(partial, { progress: () => 0x7fffffff });
    // The copy inherits WAL mode; a backup is one self-contained file, so it goes back to a rollback
    // journal (no -wal/-shm files appear next to it when it is opened).
    const copy = new Database(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
    } finally {
      copy.close();
    }
    checkIntegrity(partial);
    renameSync(partial, target);
    return { path: target, bytes: statSync(target).size };
  } catch (err) {
    rmSync(partial, { force: true });
    throw err;
  } finally {
    if (typeof source === 'string') db.close();
  }
}

/** The backups in `dir`, newest first, with the time in their names. */
export function listBackups(dir: string): { path: string; name: string }[] {
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((n) => BACKUP_NAME.test(n))
    .sort()
    .reverse()
    .map((name) => ({ name, path: join(dir, name) }));
}

/** The time of the newest backup in `dir`, from its name, or null. */
export function newestBackupAt(dir: string): number | null {
  const newest = listBackups(dir)[0];
  if (!newest) return null;
  const m = /^club-(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.db$/.exec(newest.name)!;
  return Date.parse(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
}

/** Deletes all but the `keep` newest backups; returns the deleted paths. Other files are left alone. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const b of old) rmSync(b.path, { force: true });
  return old.map((b) => b.path);
}

/** One scheduled backup: a new checked file in `dir`, then the oldest beyond `keep` removed. */
export async function backupInto(
  source: Database.Database | string,
  dir: string,
  keep: number,
  at: number,
): Promise<{ path: string; bytes: number; removed: string[] }> {
  mkdirSync(dir, { recursive: true });
  const written = await backupDatabase(source, join(dir, backupFileName(at)));
  return { ...written, removed: pruneBackups(dir, keep) };
}
