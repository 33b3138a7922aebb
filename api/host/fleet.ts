// Migrating every club at once (`npm run clubs -- migrate`, after an upgrade): each database is opened
// and migrated in turn, the ones that fail are reported with the reason and marked in the host's list
// (the console shows it; the server refuses that club until it opens), and the others go on.
import { existsSync } from 'node:fs';
import { openDatabase, type Database_ } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import type { HostRegistry } from './registry';

export interface FleetReport {
  migrated: string[];
  failed: { address: string; reason: string }[];
}

/** Opens a club's database, which must exist: a file gone missing is a problem, never a fresh empty club. */
export function openClubFile(path: string): Database_ {
  if (!existsSync(path)) throw new Error(`its database file ${path} is missing`);
  return openDatabase(path);
}

/** Migrates one club's database file, or throws why it cannot. */
export function migrateClubFile(path: string): void {
  const database = openClubFile(path);
  try {
    runMigrations(database);
  } finally {
    database.close();
  }
}

export function migrateFleet(registry: HostRegistry): FleetReport {
  const report: FleetReport = { migrated: [], failed: [] };
  for (const entry of registry.list()) {
    try {
      migrateClubFile(entry.databasePath);
      registry.setProblem(entry.address, null);
      report.migrated.push(entry.address);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      registry.setProblem(entry.address, reason);
      report.failed.push({ address: entry.address, reason });
    }
  }
  return report;
}
