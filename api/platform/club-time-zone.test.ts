import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client';
import { runMigrations } from '../../db/migrate';
import { users } from '../../db/schema';
import { publishDocument } from '../club/documents';
import { buildDeps } from '../deps';
import { clubTimeZone } from './club-time-zone';
import { createLogger, memoryDestination } from './logger';
import { loadEnv } from './settings/env';
import { roleToday } from './users';

// Deps built as the server builds them, with no app created: a service called on its own (a
// scheduler's run, a command, a bare service test) reads the same zone as a request does.
function bareDeps(now: number) {
  const env = loadEnv({ NODE_ENV: 'test', DATABASE_PATH: ':memory:', JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!', PASSWORD_HASH_LOG_N: '10', APP_URL: 'http://club.test' });
  const database = openDatabase(':memory:');
  runMigrations(database);
  return buildDeps(env, database, { logger: createLogger(env, memoryDestination([])), transport: null, push: null, clock: () => now });
}

describe('the club’s time zone without an app', () => {
  it('is CLUB_TIMEZONE until the setting names another, then the setting, and roleToday’s today follows it', () => {
    // 03:00 UTC on March 3: still March 2 in Toronto, already March 3 in Tokyo.
    const deps = bareDeps(Date.parse('2026-03-03T03:00:00Z'));
    const lastDayMarch2 = { role: 'member', expiryDate: '2026-03-02' } as const;
    expect(clubTimeZone(deps)).toBe('America/Toronto');
    expect(roleToday(deps, lastDayMarch2)).toBe('member');
    const { id } = deps.database.db
      .insert(users)
      .values({ email: 'admin@club.test', name: 'Admin', passwordHash: 'x', role: 'administrator', joinDate: '2026-01-01' })
      .returning({ id: users.id })
      .get();
    publishDocument(deps, { id, role: 'administrator' }, 'time-zone', { body: { timeZone: 'Asia/Tokyo' }, version: 0 });
    expect(clubTimeZone(deps)).toBe('Asia/Tokyo');
    expect(roleToday(deps, lastDayMarch2)).toBe('pending');
  });
});
