// `npm run db:migrate`: apply the migrations to DATABASE_PATH (the server does it at start too).
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';

const path = process.env.DATABASE_PATH ?? './data/club.db';
const database = openDatabase(path);
runMigrations(database);
database.close();
console.log(`Migrated ${path}`);
