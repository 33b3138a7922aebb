// `npm run db:backup [target]`: one online backup now (safe while the server runs), checked with
// integrity_check. Without a target it goes to BACKUP_DIR with the scheduled ones and counts
// towards BACKUP_KEEP, and the uploaded pictures are mirrored into BACKUP_DIR/uploads.
import { backupDatabase, backupInto } from '../../db/backup';
import { uploadsDirFor } from '../deps';
import { loadEnv } from '../platform/settings/env';

const env = loadEnv();
const target = process.argv[2];
try {
  if (target) {
    const written = await backupDatabase(env.DATABASE_PATH, target);
    console.log(`Backed up ${env.DATABASE_PATH} to ${written.path} (${Math.round(written.bytes / 1024)} KB, integrity ok)`);
  } else {
    const written = await backupInto(env.DATABASE_PATH, env.BACKUP_DIR, env.BACKUP_KEEP, Date.now(), uploadsDirFor(env.DATABASE_PATH));
    console.log(`Backed up ${env.DATABASE_PATH} to ${written.path} (${Math.round(written.bytes / 1024)} KB, integrity ok)`);
    const pictures = written.pictures!;
    console.log(`Pictures mirrored to ${env.BACKUP_DIR}/uploads (${pictures.copied} copied, ${pictures.removed} removed)`);
  }
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
