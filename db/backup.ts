// Online backups (SQLite's backup API: safe while the server writes), each checked before it counts.
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
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
  const [y, mo, d] = m[1]!.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, mo - 1, d, Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5]));
}

/** Deletes all but the `keep` newest backups; returns the deleted paths. Other files are left alone. */
export function pruneBackups(dir: string, keep: number): string[] {
  const old = listBackups(dir).slice(keep);
  for (const b of old) rmSync(b.path, { force: true });
  return old.map((b) => b.path);
}

/** Where the uploaded pictures are mirrored inside a backup folder. */
export const UPLOADS_BACKUP = 'uploads';

/**
 * One scheduled backup: a new checked file in `dir`, then the oldest beyond `keep` removed, then (when
 * `uploadsDir` is given) the uploaded pictures mirrored into `dir/uploads`.
 */
export async function backupInto(
  source: Database.Database | string,
  dir: string,
  keep: number,
  at: number,
  uploadsDir?: string,
): Promise<{ path: string; bytes: number; removed: string[]; pictures?: { copied: number; removed: number } }> {
  mkdirSync(dir, { recursive: true });
  const written = await backupDatabase(source, join(dir, backupFileName(at)));
  const removed = pruneBackups(dir, keep);
  const pictures = uploadsDir ? mirrorUploads(uploadsDir, join(dir, UPLOADS_BACKUP)) : undefined;
  return { ...written, removed, pictures };
}

/**
 * Makes `target` hold the same uploaded files as `source` (pictures: flat, server-named, never
 * rewritten in place): copies what is new or changed in size, removes what was deleted (a member
 * who removed a picture does not stay in the backups), leaves the rest. The pictures follow the
 * newest database backup; an older backup restored may name a picture since removed, which the app
 * then shows as an initial. A restore passes `removeExtra: false` (it only brings pictures back).
 * Returns how many files were copied and removed.
 */
export function mirrorUploads(
  source: string,
  target: string,
  { removeExtra = true }: { removeExtra?: boolean } = {},
): { copied: number; removed: number } {
  mkdirSync(target, { recursive: true });
  const wanted = new Map<string, number>();
  let names: string[] = [];
  try {
    names = readdirSync(source);
  } catch {
    // No uploads folder yet: nothing uploaded.
  }
  for (const name of names) {
    const stat = statSync(join(source, name));
    if (stat.isFile()) wanted.set(name, stat.size);
  }
  let copied = 0;
  let removed = 0;
  for (const name of removeExtra ? readdirSync(target) : []) {
    if (!wanted.has(name)) {
      rmSync(join(target, name), { force: true, recursive: true });
      removed += 1;
    }
  }
  for (const [name, size] of wanted) {
    const to = join(target, name);
    let current: number | null = null;
    try {
      current = statSync(to).size;
    } catch {
      // Not copied yet.
    }
    if (current === size) continue;
    // Under a temporary name, renamed when complete: a half-copied picture never has the real name.
    copyFileSync(join(source, name), `${to}.partial`);
    renameSync(`${to}.partial`, to);
    copied += 1;
  }
  return { copied, removed };
}
