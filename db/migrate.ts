import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { Database_ } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export function runMigrations(database: Database_): void {
  migrate(database.db, { migrationsFolder });
}

// `npm run db:migrate`
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { openDatabase } = await import('./client');
  const path = process.env.DATABASE_PATH ?? './data/club.db';
  const database = openDatabase(path);
  runMigrations(database);
  database.close();
  console.log(`Migrated ${path}`);
}
