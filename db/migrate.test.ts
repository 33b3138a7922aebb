import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type Database_ } from './client';
import { latestMigrationMillis, migrationsCurrent, migrationsFolder, runMigrations } from './migrate';

interface Journal {
  entries: { idx: number; when: number; tag: string }[];
}

const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal;
const opened: Database_[] = [];
const folders: string[] = [];

afterEach(() => {
  for (const database of opened.splice(0)) database.close();
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function fresh(): Database_ {
  const database = openDatabase(':memory:');
  opened.push(database);
  return database;
}

/** A migrations folder holding the journal's migrations up to and including `tag`. */
function migrationsUpTo(tag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'club-migrations-'));
  folders.push(folder);
  const entries = journal.entries.slice(0, journal.entries.findIndex((e) => e.tag === tag) + 1);
  mkdirSync(join(folder, 'meta'));
  for (const e of entries) copyFileSync(join(migrationsFolder, `${e.tag}.sql`), join(folder, `${e.tag}.sql`));
  writeFileSync(join(folder, 'meta', '_journal.json'), JSON.stringify({ ...journal, entries }));
  return folder;
}

const tables = (database: Database_) =>
  database.sqlite.prepare("select name from sqlite_master where type = 'table' order by name").pluck().all() as string[];
const indexesOf = (database: Database_, table: string) =>
  database.sqlite
    .prepare("select name from sqlite_master where type = 'index' and tbl_name = ? and name not like 'sqlite_%' order by name")
    .pluck()
    .all(table) as string[];

describe('the migrations', () => {
  it('keep one SQL file per journal entry, in order, each newer than the last', () => {
    const files = readdirSync(migrationsFolder).filter((f) => f.endsWith('.sql'));
    expect(files.sort()).toEqual(journal.entries.map((e) => `${e.tag}.sql`));
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
    for (let i = 1; i < journal.entries.length; i++) expect(journal.entries[i]!.when).toBeGreaterThan(journal.entries[i - 1]!.when);
  });

  it('make a fresh database with the message queue and its indexes, and nothing by the old name', () => {
    const database = fresh();
    runMigrations(database);
    expect(migrationsCurrent(database, latestMigrationMillis())).toBe(true);
    expect(tables(database)).toContain('message_queue');
    expect(tables(database)).not.toContain('email_outbox');
    expect(indexesOf(database, 'message_queue')).toEqual(['message_queue_dedupe_unique', 'message_queue_status_idx']);
  });

  it('rename the mail table of a database one migration behind, keeping every message, id and key', () => {
    const database = fresh();
    migrate(database.db, { migrationsFolder: migrationsUpTo('0003_i15-push-reminders') });
    const insert = database.sqlite.prepare(
      'insert into email_outbox (channel, "to", subject, text, status, attempts, dedupe_key, created_at) values (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    insert.run('email', 'ana@club.test', 'Welcome', 'Hi Ana', 'sent', 1, null, 1000);
    insert.run('email', 'ben@club.test', 'Reminder', 'Hi Ben', 'pending', 2, 'reminder:workout:7:2#email', 2000);
    insert.run('email', 'cy@club.test', 'Gone', 'Hi Cy', 'failed', 6, null, 3000);
    database.sqlite.prepare('delete from email_outbox where id = 3').run();
    const before = database.sqlite.prepare('select * from email_outbox order by id').all();

    runMigrations(database);
    expect(migrationsCurrent(database, latestMigrationMillis())).toBe(true);
    expect(tables(database)).not.toContain('email_outbox');
    expect(database.sqlite.prepare('select * from message_queue order by id').all()).toEqual(before);
    expect(indexesOf(database, 'message_queue')).toEqual(['message_queue_dedupe_unique', 'message_queue_status_idx']);
    // AUTOINCREMENT carries on past the deleted row: no id is handed out twice.
    const next = database.sqlite
      .prepare('insert into message_queue ("to", subject, text) values (?, ?, ?) returning id')
      .pluck()
      .get('dee@club.test', 'Next', 'Hi Dee');
    expect(next).toBe(4);
    // The dedupe key is still unique.
    expect(() =>
      database.sqlite
        .prepare('insert into message_queue ("to", subject, text, dedupe_key) values (?, ?, ?, ?)')
        .run('x@club.test', 'Again', 'x', 'reminder:workout:7:2#email'),
    ).toThrow(/UNIQUE/);
  });

  it('carry the splits of results entered before races had legs into the triathlon legs, and make every race a triathlon', () => {
    const database = fresh();
    migrate(database.db, { migrationsFolder: migrationsUpTo('0015_lanes') });
    const run = (sql: string, ...args: unknown[]) => database.sqlite.prepare(sql).run(...args);
    run("insert into users (email, password_hash, name) values ('ana@club.test', 'x', 'Ana')");
    run("insert into races (name, date) values ('Lakeside Tri', '2026-05-16')");
    run(
      'insert into race_results (race_id, user_id, distance, finish_seconds, swim_seconds, t1_seconds, bike_seconds, t2_seconds, run_seconds) values (1, 1, ?, ?, ?, ?, ?, ?, ?)',
      'Sprint', 4205, 860, 90, null, 55, 1100,
    );

    runMigrations(database);
    const result = database.sqlite.prepare('select * from race_results').get() as Record<string, unknown>;
    expect(JSON.parse(result.splits as string)).toEqual([
      { leg: 'Swim', seconds: 860 },
      { leg: 'T1', seconds: 90 },
      { leg: 'Bike', seconds: null },
      { leg: 'T2', seconds: 55 },
      { leg: 'Run', seconds: 1100 },
    ]);
    expect(result).not.toHaveProperty('swim_seconds');
    expect(result).toMatchObject({ distance: 'Sprint', finish_seconds: 4205 });
    expect(JSON.parse(database.sqlite.prepare('select legs from races').pluck().get() as string)).toEqual(['Swim', 'T1', 'Bike', 'T2', 'Run']);
    expect(database.sqlite.prepare('select row_pace from users').pluck().get()).toBeNull();
  });
});
