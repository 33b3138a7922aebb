import { latestMigrationMillis, migrationsCurrent } from '../../db/migrate';
import type { AppDeps } from '../platform/context';

// Read once: the journal ships with the code, so it cannot change while the process runs.
let latest: number | undefined;

/** Whether the database answers with every migration of this code applied; throws when it does not answer. */
export function databaseHealth(deps: Pick<AppDeps, 'database'>): 'ok' | 'migrations pending' {
  latest ??= latestMigrationMillis();
  return migrationsCurrent(deps.database, latest) ? 'ok' : 'migrations pending';
}
