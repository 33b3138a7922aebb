import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupFileName, backupInto, checkIntegrity, mirrorUploads, newestBackupAt } from './backup';
import { BackupScheduler, type SchedulerClock } from './backup-schedule';
import { openDatabase, type Database_ } from './client';
import { runMigrations } from './migrate';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const T0 = Date.parse('2026-11-01T03:00:00Z');

/** A clock the test moves: timers fire in order when their time is passed. */
function fakeClock(start: number) {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  const clock: SchedulerClock = {
    now: () => now,
    setTimeout: (fn, ms) => {
      seq += 1;
      timers.set(seq, { at: now + ms, fn });
      return seq;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  return {
    clock,
    pending: () => [...timers.values()].map((t) => t.at - now),
    /** Moves time forward, firing due timers and letting the backups they start finish. */
    settle: async (): Promise<void> => {},
    async advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const next = [...timers.entries()].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!next) break;
        timers.delete(next[0]);
        now = next[1].at;
        next[1].fn();
        await this.settle();
      }
      now = end;
    },
  };
}

let dir = '';
let database: Database_ | null = null;
afterEach(() => {
  database?.close();
  database = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function setUp() {
  dir = mkdtempSync(join(tmpdir(), 'club-backups-'));
  database = openDatabase(join(dir, 'club.db'));
  runMigrations(database);
  database.sqlite.prepare("insert into races (name, date) values ('Spring duathlon', '2027-04-01')").run();
  return { db: database, backups: join(dir, 'backups') };
}

describe('backupInto', () => {
  it('writes a checked copy named by its time and keeps only the newest', async () => {
    const { db, backups } = setUp();
    for (let i = 0; i < 4; i++) await backupInto(db.sqlite, backups, 3, T0 + i * DAY);
    const names = readdirSync(backups).sort();
    expect(names).toEqual([1, 2, 3].map((i) => backupFileName(T0 + i * DAY)));
    for (const n of names) checkIntegrity(join(backups, n));
    expect(newestBackupAt(backups)).toBe(T0 + 3 * DAY);
  });

  it('mirrors the uploaded pictures: new ones copied, removed ones gone, others untouched', async () => {
    const { db, backups } = setUp();
    const uploads = join(dir, 'uploads');
    mkdirSync(uploads);
    writeFileSync(join(uploads, 'a.webp'), 'picture a');
    writeFileSync(join(uploads, 'b.webp'), 'picture b');
    const first = await backupInto(db.sqlite, backups, 3, T0, uploads);
    expect(first.pictures).toEqual({ copied: 2, removed: 0 });
    expect(readFileSync(join(backups, 'uploads', 'a.webp'), 'utf8')).toBe('picture a');

    rmSync(join(uploads, 'a.webp'));
    writeFileSync(join(uploads, 'c.webp'), 'picture c');
    const second = await backupInto(db.sqlite, backups, 3, T0 + DAY, uploads);
    expect(second.pictures).toEqual({ copied: 1, removed: 1 });
    expect(readdirSync(join(backups, 'uploads')).sort()).toEqual(['b.webp', 'c.webp']);

    // A restore brings pictures back without removing any made since.
    const live = join(dir, 'restored-uploads');
    mkdirSync(live);
    writeFileSync(join(live, 'd.webp'), 'made after the backup');
    expect(mirrorUploads(join(backups, 'uploads'), live, { removeExtra: false })).toEqual({ copied: 2, removed: 0 });
    expect(readdirSync(live).sort()).toEqual(['b.webp', 'c.webp', 'd.webp']);
  });

  it('leaves files it did not make alone', async () => {
    const { db, backups } = setUp();
    await backupInto(db.sqlite, backups, 1, T0);
    writeFileSync(join(backups, 'before-upgrade.db'), 'kept by hand');
    await backupInto(db.sqlite, backups, 1, T0 + DAY);
    expect(readdirSync(backups).sort()).toEqual(['before-upgrade.db', backupFileName(T0 + DAY)]);
  });
});

describe('BackupScheduler', () => {
  function schedulerFor(backups: string, db: Database_, clock: SchedulerClock, extra: { failFirst?: number } = {}) {
    const runs: number[] = [];
    const errors: unknown[] = [];
    let failures = extra.failFirst ?? 0;
    const scheduler = new BackupScheduler({
      everyMs: DAY,
      clock,
      startDelayMs: 60_000,
      retryMs: HOUR,
      lastBackupAt: () => newestBackupAt(backups),
      run: async (at) => {
        runs.push(at);
        if (failures > 0) {
          failures -= 1;
          throw new Error('disk full');
        }
        await backupInto(db.sqlite, backups, 7, at);
      },
      onError: (err) => errors.push(err),
    });
    return { scheduler, runs, errors };
  }

  function startWith(c: ReturnType<typeof fakeClock>, s: BackupScheduler) {
    c.settle = () => s.idle();
    s.start();
  }

  it('with no backup yet, makes one a minute after start, then one a day', async () => {
    const { db, backups } = setUp();
    const c = fakeClock(T0);
    const { scheduler, runs } = schedulerFor(backups, db, c.clock);
    startWith(c, scheduler);
    await c.advance(59_000);
    expect(runs).toEqual([]);
    await c.advance(1_000);
    expect(runs).toEqual([T0 + 60_000]);
    await c.advance(DAY - 1);
    expect(runs).toHaveLength(1);
    await c.advance(1);
    await c.advance(DAY);
    expect(runs).toEqual([T0 + 60_000, T0 + 60_000 + DAY, T0 + 60_000 + 2 * DAY]);
    expect(readdirSync(backups)).toHaveLength(3);
    await scheduler.stop();
  });

  it('after a restart, waits for the day to be over since the last backup', async () => {
    const { db, backups } = setUp();
    await backupInto(db.sqlite, backups, 7, T0 - 20 * HOUR);
    const c = fakeClock(T0);
    const { scheduler, runs } = schedulerFor(backups, db, c.clock);
    startWith(c, scheduler);
    expect(c.pending()).toEqual([4 * HOUR]);
    await c.advance(4 * HOUR);
    expect(runs).toEqual([T0 + 4 * HOUR]);
    await scheduler.stop();
  });

  it('catches up soon after a start when the last backup is overdue', async () => {
    const { db, backups } = setUp();
    await backupInto(db.sqlite, backups, 7, T0 - 3 * DAY);
    const c = fakeClock(T0);
    const { scheduler } = schedulerFor(backups, db, c.clock);
    startWith(c, scheduler);
    expect(c.pending()).toEqual([60_000]);
    await scheduler.stop();
  });

  it('retries a failed backup an hour later and reports the failure', async () => {
    const { db, backups } = setUp();
    const c = fakeClock(T0);
    const { scheduler, runs, errors } = schedulerFor(backups, db, c.clock, { failFirst: 1 });
    startWith(c, scheduler);
    await c.advance(60_000);
    expect(errors).toHaveLength(1);
    expect(c.pending()).toEqual([HOUR]);
    await c.advance(HOUR);
    expect(runs).toEqual([T0 + 60_000, T0 + 60_000 + HOUR]);
    expect(readdirSync(backups)).toHaveLength(1);
    await scheduler.stop();
  });

  it('stops: no timer left, nothing more runs', async () => {
    const { db, backups } = setUp();
    const c = fakeClock(T0);
    const { scheduler, runs } = schedulerFor(backups, db, c.clock);
    startWith(c, scheduler);
    await scheduler.stop();
    expect(c.pending()).toEqual([]);
    await c.advance(3 * DAY);
    expect(runs).toEqual([]);
  });
});
