// The composition root's side of many clubs on one deployment (api/host/): how one club is opened
// (its settings, database migrated, dependencies, app, the pages when the server serves them), the
// background work the host's one scheduler runs for it, and the host as the server and the CLI hold it.
import { newestBackupAt } from '../db/backup';
import { runMigrations } from '../db/migrate';
import { seed } from '../db/seed';
import { DiskKeeper } from '../db/threads/disk-pool';
import { createApp } from './app';
import { buildDeps, uploadsDirFor } from './deps';
import { clubEnv, hostRegistryPath } from './host/club-env';
import { ClubPool, type ClubOpener, type OpenClub } from './host/club-pool';
import { openClubFile } from './host/fleet';
import { adoptSingleClub, type Host } from './host/host';
import { HostRegistry, type ClubEntry } from './host/registry';
import type { ClubWork } from './host/scheduler';
import type { MailTransport } from './messaging/queue/transports';
import { checkPendingPayments } from './payments/checkout';
import { mountPwa } from './pages/static';
import type { Logger } from './platform/logger';
import { pruneIdempotencyKeys } from './platform/middleware/idempotency';
import type { Env } from './platform/settings/env';
import { runReminderPass } from './reminders/reminder-schedule';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Who the privacy page names as running the server when HOST_NAME is not set. */
const HOST_NAME_UNSET = 'The host of this service';

export interface OpenerOptions {
  /** Serve the built PWA and the uploads too (the server); the CLI needs only the club's services. */
  pages?: boolean;
  /** Mail transport for every club (tests record instead of sending). */
  transport?: MailTransport | null;
  clock?: () => number;
}

/** Opens one club: its file (which must exist), migrated; its own dependencies and app. */
export function clubOpener(hostEnv: Env, logger: Logger, options: OpenerOptions = {}): ClubOpener {
  return async (entry: ClubEntry): Promise<OpenClub> => {
    const env = clubEnv(hostEnv, entry);
    const database = openClubFile(entry.databasePath);
    const clubLogger = logger.child({ club: entry.address });
    // Its checkpoints and backups wait on its disk in the disk pool's threads, never on this one's.
    const disk = new DiskKeeper(database, entry.databasePath, {
      onError: (err) => clubLogger.error({ err }, 'the disk pool could not checkpoint this club: checkpointed here instead'),
    });
    try {
      runMigrations(database);
      const deps = buildDeps(env, database, {
        logger: clubLogger,
        uploadsDir: entry.uploadsDir,
        ...(options.transport !== undefined && { transport: options.transport }),
        ...(options.clock && { clock: options.clock }),
      });
      deps.hosted = { address: entry.address, takesUnmarked: entry.adopted, setupKeyHash: entry.setupKeyHash, hostName: hostEnv.HOST_NAME ?? HOST_NAME_UNSET };
      await seed(database, { ...env, uploadsDir: deps.uploadsDir }, deps.clock());
      const app = createApp(deps, options.pages ? (a) => mountPwa(a, deps.uploadsDir) : undefined);
      return {
        fetch: async (request, bindings) => {
          try {
            return await app.fetch(request, bindings);
          } finally {
            disk.noteUse();
          }
        },
        deps,
        backup: (dir, keep, at) => disk.backup(dir, keep, at, deps.uploadsDir),
        close: async () => {
          await deps.messageQueue.flush();
          await disk.close();
        },
      };
    } catch (err) {
      database.close();
      throw err;
    }
  };
}

/** What the host's scheduler runs for each club: the same work a single club's server does on its own timers. */
export function clubWork(hostEnv: Env): ClubWork {
  const pruned = new Map<string, number>();
  const paymentsAsked = new Map<string, number>();
  return {
    everyMinute: (club) => runReminderPass(club.deps),
    sweep: async (club, now) => {
      const { deps } = club;
      const address = deps.hosted!.address;
      runReminderPass(deps);
      await deps.messageQueue.deliverPending();
      if (now - (pruned.get(address) ?? 0) >= DAY_MS) {
        pruneIdempotencyKeys(deps.database, deps.clock());
        pruned.set(address, now);
      }
      if (deps.stripe && now - (paymentsAsked.get(address) ?? 0) >= DAY_MS) {
        await checkPendingPayments(deps);
        paymentsAsked.set(address, now);
      }
      const every = hostEnv.BACKUP_EVERY;
      const dir = deps.env.BACKUP_DIR;
      const last = newestBackupAt(dir);
      if (every !== null && (last === null || now - last >= every)) {
        const done = await club.backup(dir, hostEnv.BACKUP_KEEP, now);
        deps.logger.info({ path: done.path, bytes: done.bytes }, 'backup written and checked');
      }
    },
  };
}

export interface HostParts {
  host: Host;
  pool: ClubPool;
}

/** The host's list (the single club adopted into it on the first start) and its set of open clubs. */
export function openHost(env: Env, logger: Logger, options: OpenerOptions = {}): HostParts {
  const registry = new HostRegistry(hostRegistryPath(env));
  const adopted = adoptSingleClub(registry, env, uploadsDirFor(env.DATABASE_PATH), Date.now());
  if (adopted) logger.info({ club: adopted.address, database: adopted.databasePath }, 'the single club is adopted as the first club of this host');
  const pool = new ClubPool(clubOpener(env, logger, options), {
    max: env.CLUBS_OPEN_MAX,
    idleMs: env.CLUB_IDLE_CLOSE,
    ...(options.clock && { clock: options.clock }),
    onClosed: (address, lastUsed) => registry.touch(address, lastUsed),
    onError: (address, err) => logger.error({ err, club: address }, 'a club could not be opened or closed'),
  });
  const host: Host = {
    env,
    registry,
    logger,
    withClub: (entry, fn) => pool.use(entry, fn, { touch: false }),
    closeClub: (address) => pool.closeClub(address),
  };
  return { host, pool };
}
