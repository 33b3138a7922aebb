// `npm run db:backup [target]`: one online backup now (safe while the server runs), checked with
// integrity_check. Without a target it goes to BACKUP_DIR with the scheduled ones and counts
// towards BACKUP_KEEP.
import { backupDatabase, backupInto } from '../../db/backup';
import { loadEnv } from '../env';

const env = loadEnv();
const target = process.argv[2];
try {
  const written = target
    ? await backupDatabase(env.DATABASE_PATH, target)
    : await backupInto(env.DATABASE_PATH, env.BACKUP_DIR, env.BACKUP_KEEP, Date.now());
  console.log(`Backed up ${env.DATABASE_PATH} to ${written.path} (${Math.round(written.bytes / 1024)} KB, integrity ok)`);
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
