import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { Database_ } from './client';

// Next to this module: db/migrations in the sources, dist-server/migrations in the build (copied there).
export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export function runMigrations(database: Database_): void {
  migrate(database.db, { migrationsFolder });
}

/** The `when` of the newest migration in the journal, i.e. what a current database has applied last. */
export function latestMigrationMillis(folder = migrationsFolder): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  return Math.max(0, ...journal.entries.map((e) => e.when));
}

/**
 * True when every migration of the journal is applied. Drizzle records each applied migration with
 * its journal `when` and applies those newer than the last recorded one, so comparing the newest is
 * enough. Throws when the database cannot be read.
 */
export function migrationsCurrent(database: Database_, latest: number): boolean {
  const table = database.sqlite
    .prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'")
    .get();
  if (!table) return false;
  const row = database.sqlite.prepare('select max(created_at) as last from __drizzle_migrations').get() as { last: number | null };
  return Number(row.last ?? 0) >= latest;
}
