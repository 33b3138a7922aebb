import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import Database from 'better-sqlite3';

// `npm run db:backup [target]`: SQLite's online backup API, safe while the server is writing.
const source = process.env.DATABASE_PATH ?? './data/club.db';
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = process.argv[2] ?? join(dirname(source), 'backups', `club-${stamp}.db`);
mkdirSync(dirname(target), { recursive: true });
const db = new Database(source, { fileMustExist: true });
db.pragma('busy_timeout = 5000');
// One step for the whole file: copied in small steps, every write by the server restarts the backup.
await db.backup(target, { progress: () => 0x7fffffff });
db.close();
console.log(`Backed up ${source} to ${target}`);
