// `npm run db:restore FILE`: put a backup in place of DATABASE_PATH while the app is stopped.
import { resolve } from 'node:path';
import { RestoreRefused, restoreDatabase } from '../../db/restore';

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
  console.log('Start the app again; it applies any newer migrations.');
} catch (err) {
  console.error(err instanceof RestoreRefused ? `Refused: ${err.message}` : err);
  process.exitCode = 1;
}
