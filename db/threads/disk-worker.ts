// Runs in the disk pool's worker threads (see disk-pool.ts): the parts of keeping a club's database
// that wait on the disk to flush (a WAL checkpoint syncs the log and then the database file; a backup
// writes, syncs and checks a whole copy), on a connection of their own, so the event loop that answers
// every club never waits on one club's disk.
import Database from 'better-sqlite3';
import { backupDatabase, backupInto } from '../backup';

export type DiskTask =
  | { kind: 'checkpoint'; path: string }
  | { kind: 'backup'; path: string; dir: string; keep: number; at: number; uploadsDir?: string }
  | { kind: 'copy'; path: string; target: string };

export interface CheckpointResult {
  kind: 'checkpoint';
  /** Frames in the log before, and how many of them reached the database file. */
  logFrames: number;
  checkpointed: number;
}

export interface BackupResult {
  kind: 'backup' | 'copy';
  path: string;
  bytes: number;
}

export default async function run(task: DiskTask): Promise<CheckpointResult | BackupResult> {
  if (task.kind === 'backup') {
    const done = await backupInto(task.path, task.dir, task.keep, task.at, task.uploadsDir);
    return { kind: 'backup', path: done.path, bytes: done.bytes };
  }
  if (task.kind === 'copy') {
    const done = await backupDatabase(task.path, task.target);
    return { kind: 'copy', path: done.path, bytes: done.bytes };
  }
  const db = new Database(task.path, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // PASSIVE: takes no lock a writer or reader of the app's connection waits for (the stronger modes
    // hold off writers while they run, and the app's writer would then wait on this disk after all).
    // Once every frame is back in the file, the app's next write starts the log over from its start.
    const [row] = db.pragma('wal_checkpoint(PASSIVE)') as { busy: number; log: number; checkpointed: number }[];
    return { kind: 'checkpoint', logFrames: row!.log, checkpointed: row!.checkpointed };
  } finally {
    // Not the last connection (the app's stays open), so closing does no checkpoint of its own.
    db.close();
  }
}
