// The background work of every club, on one timer for the whole host rather than timers per club
// spinning while it sleeps: each beat, the open clubs' message queues; each minute, their reminders;
// each sweep, every active club in turn, the sleeping ones opened for the moment it takes (their
// reminders, queue and due backup) and closed again; the clubs idle too long, or suspended since they
// opened, are closed.
import type { ClubPool, OpenClub } from './club-pool';
import type { Host } from './host';

/** What the host runs for one club, handed over by the composition root (it knows the features). */
export interface ClubWork {
  /** Each minute, for an open club: its reminders. */
  everyMinute(club: OpenClub): Promise<void> | void;
  /** Each sweep, for every active club: reminders, what its queue holds, a backup if one is due, pruning. */
  sweep(club: OpenClub, now: number): Promise<void>;
}

export interface HostSchedulerOptions {
  beatMs?: number;
  sweepMs?: number;
  clock?: () => number;
}

export class HostScheduler {
  private timer: NodeJS.Timeout | null = null;
  private lastMinute = 0;
  private lastSweep = 0;
  private running: Promise<void> | null = null;
  private readonly clock: () => number;

  constructor(
    private readonly host: Host,
    private readonly pool: ClubPool,
    private readonly work: ClubWork,
    private readonly options: HostSchedulerOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.lastSweep = this.clock();
  }

  start(): void {
    this.timer = setInterval(() => void this.beat(), this.options.beatMs ?? 15_000);
    this.timer.unref();
  }

  /** One beat; a beat still running when the next is due makes the next one wait its turn. */
  beat(): Promise<void> {
    this.running ??= this.runBeat().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async runBeat(): Promise<void> {
    const now = this.clock();
    const minute = now - this.lastMinute >= 60_000;
    if (minute) this.lastMinute = now;
    for (const { address, club } of this.pool.openClubs()) {
      // Suspended (or moved) from the CLI while open: its work stops and its database is closed.
      if (this.host.registry.find(address)?.state !== 'active') {
        await this.guard(address, () => this.pool.closeClub(address));
        continue;
      }
      await this.guard(address, async () => {
        await club.deps.messageQueue.deliverPending();
        if (minute) await this.work.everyMinute(club);
      });
    }
    for (const { address, lastUsed } of this.pool.openClubs()) this.host.registry.touch(address, lastUsed);
    await this.pool.closeIdle();
    if (now - this.lastSweep >= (this.options.sweepMs ?? 15 * 60_000)) {
      this.lastSweep = now;
      await this.sweep(now);
    }
  }

  /** Every active club, one at a time, so a sweep never holds more than one sleeping club open. */
  async sweep(now = this.clock()): Promise<void> {
    for (const entry of this.host.registry.list()) {
      if (entry.state !== 'active') continue;
      await this.guard(entry.address, () => this.host.withClub(entry, (club) => this.work.sweep(club, now)));
    }
  }

  /** One club's trouble is logged and never stops the others' work. */
  private async guard(address: string, fn: () => Promise<void>): Promise<void> {
    try {
      await fn();
    } catch (err) {
      this.host.logger.error({ err, club: address }, 'a club’s background work failed');
    }
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
