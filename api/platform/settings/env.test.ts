import { describe, expect, it } from 'vitest';
import { loadEnv } from './env';

describe('loadEnv', () => {
  it('runs on embedded defaults', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({ PORT: 3000, HOST: '127.0.0.1', DATABASE_PATH: './data/club.db', APP_URL: 'http://localhost:3000', SEED_DEMO: true });
  });

  it('seeds the demo accounts (public passwords) only when asked in production', () => {
    expect(loadEnv({ NODE_ENV: 'production' }).SEED_DEMO).toBe(false);
    expect(loadEnv({ NODE_ENV: 'production', SEED_DEMO: '1' }).SEED_DEMO).toBe(true);
    expect(loadEnv({ SEED_DEMO: '0' }).SEED_DEMO).toBe(false);
  });

  it('refuses bad settings with a readable message', () => {
    expect(() => loadEnv({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ ADMIN_EMAIL: 'boss@club.test' })).toThrow(/ADMIN_EMAIL and ADMIN_PASSWORD go together/);
    expect(() => loadEnv({ APP_URL: 'not a url' })).toThrow(/APP_URL/);
  });

  it('checks CLUB_TIMEZONE is an IANA zone at start', () => {
    expect(loadEnv({}).CLUB_TIMEZONE).toBe('America/Toronto');
    expect(loadEnv({ CLUB_TIMEZONE: 'Europe/Paris' }).CLUB_TIMEZONE).toBe('Europe/Paris');
    expect(() => loadEnv({ CLUB_TIMEZONE: 'Toronto' })).toThrow(
      "Invalid environment:\n  CLUB_TIMEZONE: must be an IANA time zone such as 'America/Toronto' (see the tz database)",
    );
    expect(() => loadEnv({ CLUB_TIMEZONE: '+05:00' })).toThrow(/CLUB_TIMEZONE: must be an IANA time zone/);
  });

  it('checks CLUB_EMAIL is an address', () => {
    expect(loadEnv({}).CLUB_EMAIL).toBe('triathlon.club@university.test');
    expect(loadEnv({ CLUB_EMAIL: 'tri@uni.example' }).CLUB_EMAIL).toBe('tri@uni.example');
    expect(() => loadEnv({ CLUB_EMAIL: 'not an address' })).toThrow(/CLUB_EMAIL/);
  });

  it('reads the log level, quiet under test by default', () => {
    expect(loadEnv({}).LOG_LEVEL).toBe('info');
    expect(loadEnv({ NODE_ENV: 'test' }).LOG_LEVEL).toBe('warn');
    expect(loadEnv({ LOG_LEVEL: 'debug' }).LOG_LEVEL).toBe('debug');
    expect(() => loadEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });

  it('reads the backup schedule: daily, 7 kept, next to the database by default', () => {
    const env = loadEnv({ DATABASE_PATH: '/srv/club/data/club.db' });
    expect(env).toMatchObject({ BACKUP_EVERY: 24 * 3_600_000, BACKUP_KEEP: 7, BACKUP_DIR: '/srv/club/data/backups' });
    expect(loadEnv({ BACKUP_EVERY: '6h' }).BACKUP_EVERY).toBe(6 * 3_600_000);
    expect(loadEnv({ BACKUP_EVERY: '30m' }).BACKUP_EVERY).toBe(30 * 60_000);
    expect(loadEnv({ BACKUP_EVERY: 'off' }).BACKUP_EVERY).toBeNull();
    expect(loadEnv({ BACKUP_DIR: '/var/backups/club' }).BACKUP_DIR).toBe('/var/backups/club');
    expect(() => loadEnv({ BACKUP_EVERY: 'daily' })).toThrow(/BACKUP_EVERY/);
    expect(() => loadEnv({ BACKUP_EVERY: '0h' })).toThrow(/BACKUP_EVERY/);
    expect(() => loadEnv({ BACKUP_KEEP: '0' })).toThrow(/BACKUP_KEEP/);
  });
});
