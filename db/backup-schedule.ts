// Runs a backup every `everyMs`, catching up soon after a start when the last one is overdue (a
// server restarted every night would otherwise never reach its first daily backup).

/** The clock and timers the scheduler uses; tests pass a fake one they move by hand. */
export interface SchedulerClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemClock: SchedulerClock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => {
    const handle = setTimeout(fn, ms);
    handle.unref();
    return handle;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export interface BackupSchedulerOptions {
  everyMs: number;
  /** Makes one backup at the given time (the scheduler's clock). */
  run: (at: number) => Promise<void>;
  /** When the newest existing backup was made, or null. */
  lastBackupAt: () => number | null;
  clock?: SchedulerClock;
  /** Delay of an overdue (or first) backup after start, so it does not slow the start itself. */
  startDelayMs?: number;
  /** After a failed backup, try again this much later (capped at everyMs). */
  retryMs?: number;
  onError?: (err: unknown) => void;
}

export class BackupScheduler {
  private timer: unknown = null;
  private running: Promise<void> | null = null;
  private stopped = false;
  private readonly clock: SchedulerClock;

  constructor(private readonly options: BackupSchedulerOptions) {
    this.clock = options.clock ?? systemClock;
  }

  start(): void {
    const now = this.clock.now();
    const last = this.options.lastBackupAt();
    const due = last === null ? now : last + this.options.everyMs;
    this.schedule(Math.max(due - now, this.options.startDelayMs ?? 60_000));
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      this.running = this.runOnce().finally(() => {
        this.running = null;
      });
    }, ms);
  }

  private async runOnce(): Promise<void> {
    try {
      await this.options.run(this.clock.now());
      this.schedule(this.options.everyMs);
    } catch (err) {
      this.options.onError?.(err);
      this.schedule(Math.min(this.options.retryMs ?? 3_600_000, this.options.everyMs));
    }
  }

  /** Resolves when no backup is running (and the next one is scheduled). */
  async idle(): Promise<void> {
    await this.running;
  }

  /** No more backups; resolves once one in progress has finished (a half-written copy is useless). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }
}
