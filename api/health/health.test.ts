import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { latestMigrationMillis, migrationsFolder } from '../../db/migrate';
import { makeTestApp } from '../testing/test-app';

const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };

describe('GET /api/health', () => {
  it('answers 200 with status, version and db, for anyone, never cached', async () => {
    const t = makeTestApp();
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', version, db: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('answers 503 when the database does not answer', async () => {
    const t = makeTestApp();
    t.database.close();
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'error', version, db: 'unavailable' });
  });

  it('answers 503 when the migrations are behind the code', async () => {
    const t = makeTestApp();
    t.database.sqlite.prepare('delete from __drizzle_migrations where created_at = ?').run(latestMigrationMillis());
    const res = await t.call('GET', '/api/health');
    expect(res.status).toBe(503);
    expect(res.body).toEqual({ status: 'error', version, db: 'migrations pending' });
    t.database.sqlite.exec('drop table __drizzle_migrations');
    expect((await t.call('GET', '/api/health')).body.db).toBe('migrations pending');
  });

  it('reads the newest migration from the journal', () => {
    const journal = JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: { when: number }[] };
    expect(latestMigrationMillis()).toBe(journal.entries.at(-1)!.when);
  });
});
