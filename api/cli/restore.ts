// `npm run db:restore FILE`: put a backup in place of DATABASE_PATH while the app is stopped.
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UPLOADS_BACKUP, mirrorUploads } from '../../db/backup';
import { RestoreRefused, restoreDatabase } from '../../db/restore';
import { uploadsDirFor } from '../deps';

const file = process.argv[2];
const databasePath = resolve(process.env.DATABASE_PATH ?? './data/club.db');
if (!file) {
  console.error('Usage: npm run db:restore <backup file>   (stop the app first)');
  process.exit(2);
}
try {
  const { sideCopy } = await restoreDatabase(resolve(file), databasePath);
  console.log(`Restored ${file} to ${databasePath}.`);
  if (sideCopy) console.log(`The database it replaced is kept as ${sideCopy}.`);
  // The pictures mirrored beside the backups come back too (missing ones only: nothing is removed).
  const pictures = join(dirname(resolve(file)), UPLOADS_BACKUP);
  if (existsSync(pictures)) {
    const { copied } = mirrorUploads(pictures, uploadsDirFor(databasePath), { removeExtra: false });
    console.log(`Brought back ${copied} uploaded picture(s) from ${pictures}.`);
  }
  console.log('Start the app again; it applies any newer migrations.');
} catch (err) {
  console.error(err instanceof RestoreRefused ? `Refused: ${err.message}` : err);
  process.exitCode = 1;
}
