// Statements the server runs as SQL text (the forum lists, my week, the reports, the calendar feeds),
// and the Drizzle queries of a hot read (the races list), prepared once per connection: preparing again
// on every request was a measurable share of a list's cost. Keyed by connection, so each test database
// gets its own.
import type Database from 'better-sqlite3';
import type { Database_, Db } from '../client';

const statementCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();
const queryCache = new WeakMap<Db, Map<(db: Db) => unknown, unknown>>();

export function preparedOnce(database: Database_, source: string): Database.Statement {
  let mine = statementCache.get(database.sqlite);
  if (!mine) {
    mine = new Map();
    statementCache.set(database.sqlite, mine);
  }
  let statement = mine.get(source);
  if (!statement) {
    statement = database.sqlite.prepare(source);
    mine.set(source, statement);
  }
  return statement;
}

/**
 * A Drizzle query built by `build` and prepared once per connection (`build` itself is the key, so it
 * is a function of the module's, made once): building a query and preparing it cost more than running
 * one that finds a few dozen rows, and a list runs several.
 */
export function preparedQuery<Q>(db: Db, build: (db: Db) => Q): Q {
  let mine = queryCache.get(db);
  if (!mine) {
    mine = new Map();
    queryCache.set(db, mine);
  }
  if (!mine.has(build)) mine.set(build, build(db));
  return mine.get(build) as Q;
}

/**
 * Changes whenever the database may have changed: `total_changes()` counts every row this
 * connection inserted, updated or deleted (the server's writes, cascades included), and
 * `PRAGMA data_version` moves when another connection commits (a backup restore, a script).
 * Too eager (any table's write counts), never too lax.
 */
export function dataVersion(database: Database_): string {
  const changes = preparedOnce(database, 'select total_changes()').pluck().get() as number;
  const external = preparedOnce(database, 'pragma data_version').pluck().get() as number;
  return `${changes}.${external}`;
}
