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

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number) {
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
