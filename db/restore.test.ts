import { existsSync, mkdtempSync, openSync, readdirSync, rmSync, writeSync, copyFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { backupDatabase } from './backup';
import { openDatabase } from './client';
import { runMigrations } from './migrate';
import { RestoreRefused, restoreDatabase } from './restore';

let dir = '';
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function raceNames(path: string): string[] {
  const db = new Database(path, { readonly: true });
  try {
    return (db.prepare('select name from races order by id').all() as { name: string }[]).map((r) => r.name);
  } finally {
    db.close();
  }
}

/** A data folder whose database had "Before" when backed up and "After" since. */
async function dataFolderWithBackup() {
  dir = mkdtempSync(join(tmpdir(), 'club-restore-'));
  const live = join(dir, 'club.db');
  const backup = join(dir, 'backup.db');
  const database = openDatabase(live);
  runMigrations(database);
  database.sqlite.prepare("insert into races (name, date) values ('Before', '2027-04-01')").run();
  await backupDatabase(database.sqlite, backup);
  database.sqlite.prepare("insert into races (name, date) values ('After', '2027-05-01')").run();
  return { live, backup, database };
}

describe('restoreDatabase', () => {
  it('puts a good backup in place of a stopped app\u2019s database and keeps the old one aside', async () => {
    const { live, backup, database } = await dataFolderWithBackup();
    database.close();
    const result = await restoreDatabase(backup, live, Date.parse('2026-11-22T23:00:00Z'));
    expect(raceNames(live)).toEqual(['Before']);
    expect(result.sideCopy).toBe(`${live}.before-restore-2026-11-22T23-00-00-000Z`);
    expect(raceNames(result.sideCopy!)).toEqual(['Before', 'After']);
    expect(existsSync(`${live}-wal`)).toBe(false);
    // The restored file opens as the app opens it, migrations included.
    const reopened = openDatabase(live);
    runMigrations(reopened);
    expect(reopened.sqlite.pragma('integrity_check', { simple: true })).toBe('ok');
    reopened.close();
  });

  it('keeps what sat in the WAL of a crashed app in the side copy', async () => {
    const { live, backup, database } = await dataFolderWithBackup();
    // A crash: the WAL still holds "After" (no checkpoint on close).
    database.sqlite.pragma('wal_autocheckpoint = 0');
    database.sqlite.prepare("insert into races (name, date) values ('Only in the WAL', '2027-06-01')").run();
    const walCopy = join(dir, 'crash');
    copyFileSync(live, `${walCopy}.db`);
    copyFileSync(`${live}-wal`, `${walCopy}.db-wal`);
    database.close();
    const result = await restoreDatabase(backup, `${walCopy}.db`);
    expect(raceNames(result.sideCopy!)).toContain('Only in the WAL');
    expect(raceNames(`${walCopy}.db`)).toEqual(['Before']);
  });

  it('refuses a damaged file and changes nothing', async () => {
    const { live, backup, database } = await dataFolderWithBackup();
    database.close();
    const damaged = join(dir, 'damaged.db');
    copyFileSync(backup, damaged);
    const fd = openSync(damaged, 'r+');
    const size = statSync(damaged).size;
    writeSync(fd, Buffer.alloc(4096, 0xa5), 0, 4096, Math.floor(size / 2));
    writeSync(fd, Buffer.alloc(100, 0x5a), 0, 100, 40);
    const before = readdirSync(dir).sort();
    await expect(restoreDatabase(damaged, live)).rejects.toThrow(RestoreRefused);
    await expect(restoreDatabase(damaged, live)).rejects.toThrow(/damaged, nothing was changed/);
    expect(readdirSync(dir).sort()).toEqual(before);
    expect(raceNames(live)).toEqual(['Before', 'After']);
  });

  it('refuses a file that is not a database, or not this app\u2019s', async () => {
    const { live, database } = await dataFolderWithBackup();
    database.close();
    const text = join(dir, 'notes.db');
    copyFileSync(new URL('../package.json', import.meta.url), text);
    await expect(restoreDatabase(text, live)).rejects.toThrow(/damaged/);
    const other = join(dir, 'other.db');
    const o = new Database(other);
    o.exec('create table t (a)');
    o.close();
    await expect(restoreDatabase(other, live)).rejects.toThrow(/not a backup of this app/);
    await expect(restoreDatabase(join(dir, 'missing.db'), live)).rejects.toThrow(/does not exist/);
    expect(raceNames(live)).toEqual(['Before', 'After']);
  });

  it('refuses while the app has the database open', async () => {
    const { live, backup, database } = await dataFolderWithBackup();
    try {
      await expect(restoreDatabase(backup, live)).rejects.toThrow(/in use: stop the app first/);
      expect(raceNames(live)).toEqual(['Before', 'After']);
      expect(readdirSync(dir).filter((n) => n.includes('before-restore'))).toEqual([]);
    } finally {
      database.close();
    }
  });

  it('restores into a data folder that does not exist yet', async () => {
    const { backup, database } = await dataFolderWithBackup();
    database.close();
    const fresh = join(dir, 'fresh', 'club.db');
    const result = await restoreDatabase(backup, fresh);
    expect(result.sideCopy).toBeNull();
    expect(raceNames(fresh)).toEqual(['Before']);
  });
});
