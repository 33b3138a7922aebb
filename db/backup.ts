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
await db.backup(target);
db.close();
console.log(`Backed up ${source} to ${target}`);
