// The disk pool: on a host of many clubs, what waits on a club's disk to flush runs in worker threads
// of its own, never on the event loop that answers every club. SQLite in WAL mode with
// synchronous=NORMAL writes a commit to the log without waiting for the disk; what does wait is the
// checkpoint (the log synced, copied into the database file, the file synced), which SQLite runs on
// the writing connection every thousand pages and once more when the last connection closes, and a
// backup, or the checked copy of its export. A club's keeper turns its connection's automatic checkpoints off, checkpoints the log from a
// worker once it has grown, runs its backups there, and empties the log there before the connection
// closes. One club's slow disk then slows that club's keeping, not
// the pages of the others.
import { stat } from 'node:fs/promises';
import Piscina from 'piscina';
import type { Database_ } from '../client';
import type { BackupResult, CheckpointResult, DiskTask } from './disk-worker';
import { workerFile } from './worker-file';

/** The log's size past which it is checkpointed: SQLite's own default (1000 pages of 4 KiB). */
export const WAL_CHECKPOINT_BYTES = 4 * 1024 * 1024;
/** A busy club's log is looked at no more often than this. */
const LOOK_EVERY_MS = 1000;

let pool: Piscina<DiskTask, CheckpointResult | BackupResult> | null = null;

function getPool(): Piscina<DiskTask, CheckpointResult | BackupResult> {
  if (!pool) {
    const { filename, execArgv } = workerFile('disk-worker');
    // Two threads: one club stuck on its disk leaves the other to keep every other club.
    pool = new Piscina({ filename, execArgv, minThreads: 0, maxThreads: 2, idleTimeout: 30_000, name: 'default' });
  }
  return pool;
}

/** Stops the worker threads (graceful shutdown, after every club is closed). A later task starts a new pool. */
export async function closeDiskPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}

/** A checked copy of a database file (a club's export), written and checked in a worker. */
export async function copyDatabaseInPool(path: string, target: string): Promise<{ path: string; bytes: number }> {
  const done = (await getPool().run({ kind: 'copy', path, target })) as BackupResult;
  return { path: done.path, bytes: done.bytes };
}

export interface DiskKeeperOptions {
  /** Told when the pool could not checkpoint (the keeper then does it on this thread, as SQLite would). */
  onError?: (err: unknown) => void;
  /** The log's size that asks for a checkpoint (tests set it low). */
  checkpointBytes?: number;
  clock?: () => number;
}

/** One club database's keeping, off the event loop. */
export class DiskKeeper {
  private looking: Promise<void> | null = null;
  private checkpointing: Promise<void> | null = null;
  private lastLook = 0;
  private readonly clock: () => number;

  constructor(
    private readonly database: Database_,
    private readonly path: string,
    private readonly options: DiskKeeperOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    // From here the keeper checkpoints: SQLite's own would sync on this thread, inside a write.
    database.sqlite.pragma('wal_autocheckpoint = 0');
  }

  /**
   * After the club was used: at most once a second, the log's size is read (the stat runs on libuv's
   * threads, not here) and, past the limit, the log is checkpointed elsewhere. Never waited for.
   */
  noteUse(): void {
    const now = this.clock();
    if (this.looking || now - this.lastLook < LOOK_EVERY_MS) return;
    this.lastLook = now;
    this.looking = stat(`${this.path}-wal`)
      .then((s) => (s.size >= (this.options.checkpointBytes ?? WAL_CHECKPOINT_BYTES) ? this.checkpoint() : undefined))
      // No log yet (nothing written since it was emptied): nothing to do.
      .catch(() => undefined)
      .finally(() => {
        this.looking = null;
      });
  }

  /** The log copied back into the database file, in a worker; one at a time per club. */
  checkpoint(): Promise<void> {
    this.checkpointing ??= getPool()
      .run({ kind: 'checkpoint', path: this.path })
      .then(
        () => undefined,
        (err: unknown) => {
          this.options.onError?.(err);
          // The pool cannot (its thread failed to start): as SQLite would have, on this thread.
          this.database.sqlite.pragma('wal_checkpoint(PASSIVE)');
        },
      )
      .finally(() => {
        this.checkpointing = null;
      });
    return this.checkpointing;
  }

  /** A checked backup of the club's database (and its pictures) into `dir`, written and checked in a worker. */
  async backup(dir: string, keep: number, at: number, uploadsDir?: string): Promise<{ path: string; bytes: number }> {
    const done = (await getPool().run({ kind: 'backup', path: this.path, dir, keep, at, uploadsDir })) as BackupResult;
    return { path: done.path, bytes: done.bytes };
  }

  /**
   * Closes the club's connection. The log is emptied into the file in a worker first, so the
   * checkpoint SQLite runs when its last connection closes finds nothing to copy and syncs nothing.
   */
  async close(): Promise<void> {
    await this.looking;
    // One already running may have begun before the last writes: let it end, then take the rest.
    await this.checkpointing;
    await this.checkpoint();
    this.database.close();
  }
}
