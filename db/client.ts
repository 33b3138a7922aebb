import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema>;

export interface Database_ {
  sqlite: Database.Database;
  db: Db;
  /**
   * Runs fn in one `BEGIN IMMEDIATE` transaction (a savepoint when already inside one). fn must be
   * synchronous: an await inside would let other requests interleave with the open transaction.
   */
  tx<T>(fn: () => T): T;
  /**
   * Runs fn in one deferred transaction, for reads that must agree with each other (a count and the
   * list it counts): no write can land between them. Synchronous, like `tx`.
   */
  read<T>(fn: () => T): T;
  close(): void;
}

/**
 * Opens (and creates) the SQLite file: WAL so reads never wait for the writer, NORMAL sync (durable
 * with WAL), foreign keys enforced, and a busy timeout so a second writer waits instead of failing.
 * ':memory:' works for tests, and so does an image of a database (`serialize()`), opened as a copy in
 * memory.
 */
export function openDatabase(path: string | Buffer): Database_ {
  if (typeof path === 'string' && path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = drizzle(sqlite, { schema });
  return {
    sqlite,
    db,
    tx: <T>(fn: () => T): T => sqlite.transaction(fn).immediate(),
    read: <T>(fn: () => T): T => sqlite.transaction(fn).deferred(),
    close: () => sqlite.close(),
  };
}
