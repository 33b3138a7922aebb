import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../client';
import { closeDiskPool, DiskKeeper } from './disk-pool';

const dir = mkdtempSync(join(tmpdir(), 'disk-pool-'));
afterAll(async () => {
  await closeDiskPool();
  rmSync(dir, { recursive: true, force: true });
});

/** A club's file with a table in it, already in the file itself (not only in the log). */
function club(name: string) {
  const path = join(dir, `${name}.db`);
  const database = openDatabase(path);
  database.sqlite.exec('create table notes (id integer primary key, body blob not null)');
  database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  return { path, database };
}

function write(database: ReturnType<typeof openDatabase>, rows: number): void {
  const insert = database.sqlite.prepare('insert into notes (body) values (?)');
  database.tx(() => {
    for (let i = 0; i < rows; i += 1) insert.run(Buffer.alloc(4000, i % 251));
  });
}

/** The rows the database file holds by itself, without its log: what a checkpoint has copied back. */
function rowsInFileAlone(path: string): number {
  const copy = join(dir, `copy-${Math.random().toString(36).slice(2)}.db`);
  copyFileSync(path, copy);
  const db = new Database(copy, { readonly: true });
  try {
    return (db.prepare('select count(*) as n from notes').get() as { n: number }).n;
  } finally {
    db.close();
    rmSync(copy, { force: true });
  }
}

async function eventually(check: () => boolean, ms = 15_000): Promise<void> {
  for (const until = Date.now() + ms; !check(); ) {
    if (Date.now() > until) throw new Error('not within the time');
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('the disk keeper of a club', () => {
  it('turns the connection’s own checkpoints off: a log past a thousand pages stays a log', () => {
    const { path, database } = club('own');
    new DiskKeeper(database, path);
    write(database, 1500);
    expect(database.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    expect(rowsInFileAlone(path)).toBe(0);
    database.close();
  });

  it('checkpoints a grown log in a worker after a use, once a second at most', async () => {
    const { path, database } = club('grown');
    let now = 10_000;
    const keeper = new DiskKeeper(database, path, { checkpointBytes: 64 * 1024, clock: () => now });
    write(database, 5);
    keeper.noteUse();
    // Small: looked at, and left as a log.
    await new Promise((r) => setTimeout(r, 300));
    expect(rowsInFileAlone(path)).toBe(0);
    write(database, 100);
    // Within the second, not even looked at.
    keeper.noteUse();
    await new Promise((r) => setTimeout(r, 300));
    expect(rowsInFileAlone(path)).toBe(0);
    now += 1000;
    keeper.noteUse();
    await eventually(() => rowsInFileAlone(path) === 105);
    await keeper.close();
  });

  it('empties the log elsewhere before the connection closes: the file alone holds everything', async () => {
    const { path, database } = club('closed');
    const keeper = new DiskKeeper(database, path);
    write(database, 300);
    await keeper.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    expect(rowsInFileAlone(path)).toBe(300);
  });

  it('writes and checks a backup in a worker', async () => {
    const { path, database } = club('backed');
    const keeper = new DiskKeeper(database, path);
    write(database, 20);
    const done = await keeper.backup(join(dir, 'backups'), 3, Date.UTC(2026, 10, 29, 3));
    expect(done.path).toBe(join(dir, 'backups', 'club-2026-11-29T03-00-00-000Z.db'));
    expect(done.bytes).toBeGreaterThan(80_000);
    const copy = new Database(done.path, { readonly: true });
    expect((copy.prepare('select count(*) as n from notes').get() as { n: number }).n).toBe(20);
    copy.close();
    await keeper.close();
  });

  it('checkpoints on this thread, and says so, when the worker cannot', async () => {
    const { path, database } = club('fallback');
    const told: unknown[] = [];
    // The worker is given a file that is not there: its checkpoint fails.
    const keeper = new DiskKeeper(database, join(dir, 'elsewhere.db'), { onError: (err) => told.push(err) });
    write(database, 10);
    await keeper.checkpoint();
    expect(told).toHaveLength(1);
    expect(rowsInFileAlone(path)).toBe(10);
    database.close();
  });
});
