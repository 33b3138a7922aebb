// Hand-written rather than rate-limiter-flexible: see docs/decisions/0012-rate-limits.md.

/**
 * Fixed-window counters in memory (one process serves the club). `hit` counts an attempt and says
 * whether it is over the limit; `reset` forgets a key (after a successful login).
 */
export class RateLimiter {
  private windows = new Map<string, { count: number; resetAt: number }>();

  constructor(private readonly clock: () => number = Date.now) {}

  hit(key: string, limit: number, windowMs: number): { limited: boolean; retryAfterSec: number } {
    const now = this.clock();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    if (this.windows.size > 50_000) this.sweep(now);
    return { limited: w.count > limit, retryAfterSec: Math.ceil((w.resetAt - now) / 1000) };
  }

  peek(key: string, limit: number): boolean {
    const w = this.windows.get(key);
    return !!w && w.resetAt > this.clock() && w.count >= limit;
  }

  /** Seconds until `key`'s window ends (0 when it has none). */
  retryAfterSec(key: string): number {
    const w = this.windows.get(key);
    const left = w ? w.resetAt - this.clock() : 0;
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}

/**
 * Growing delays per key (an account under attack): the first `free` failures cost nothing, then each
 * failure makes the next attempt wait twice as long as the last, up to `maxMs`. Nothing is ever
 * blocked for longer than `maxMs`, so a guesser with many addresses slows down to one try per
 * `maxMs` but cannot keep the owner out for longer than that. Forgotten `forgetMs` after the last
 * failure.
 */
export class GrowingDelay {
  private entries = new Map<string, { failures: number; lastAt: number }>();

  constructor(
    private readonly clock: () => number,
    private readonly options: { free: number; baseMs: number; maxMs: number; forgetMs: number },
  ) {}

  /** Milliseconds before `key` may try again (0: now). */
  waitMs(key: string): number {
    const now = this.clock();
    const e = this.entries.get(key);
    if (!e || now - e.lastAt >= this.options.forgetMs) return 0;
    return Math.max(0, e.lastAt + this.delayAfter(e.failures) - now);
  }

  fail(key: string): void {
    const now = this.clock();
    const e = this.entries.get(key);
    if (!e || now - e.lastAt >= this.options.forgetMs) this.entries.set(key, { failures: 1, lastAt: now });
    else this.entries.set(key, { failures: e.failures + 1, lastAt: now });
    if (this.entries.size > 50_000) {
      for (const [k, v] of this.entries) if (now - v.lastAt >= this.options.forgetMs) this.entries.delete(k);
    }
  }

  reset(key: string): void {
    this.entries.delete(key);
  }

  private delayAfter(failures: number): number {
    const { free, baseMs, maxMs } = this.options;
    if (failures < free) return 0;
    return Math.min(maxMs, baseMs * 2 ** Math.min(failures - free, 30));
  }
}
