// The clubs open at once: a club's database (and its app) is opened on its first request, kept while
// it is used, and closed when it has been idle CLUB_IDLE_CLOSE, or when CLUBS_OPEN_MAX others are open
// and it is the longest idle. A club still answering a request is never closed under it; two first
// requests at once open it once. A club that cannot be opened (its file unreadable, a migration that
// fails) is refused for a while with the reason, rather than tried again on every request.
import type { AppDeps } from '../platform/context';
import type { ClubEntry } from './registry';

/** One club, open: its app and its dependencies (database, queue, limits, keys). */
export interface OpenClub {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
  deps: AppDeps;
  /** A checked backup of its database and pictures into `dir`, written off the event loop. */
  backup(dir: string, keep: number, at: number): Promise<{ path: string; bytes: number }>;
  /** Stops its work and closes its database. */
  close(): Promise<void>;
}

export type ClubOpener = (entry: ClubEntry) => Promise<OpenClub>;

/** A club's database could not be opened or migrated: the club is refused, every other one served. */
export class ClubUnavailable extends Error {
  constructor(
    readonly address: string,
    readonly reason: string,
  ) {
    super(`${address} cannot be opened: ${reason}`);
  }
}

/** How long a club being closed waits for the requests it is answering. */
const CLOSE_WAIT_MS = 30_000;

interface Slot {
  address: string;
  opening: Promise<OpenClub>;
  club: OpenClub | null;
  lastUsed: number;
  inFlight: number;
}

export interface PoolOptions {
  max: number;
  /** Idle this long (ms), a club is closed by closeIdle; null: only when the set is full. */
  idleMs: number | null;
  clock?: () => number;
  /** How long a club that failed to open is refused before it is tried again. */
  retryAfterMs?: number;
  /** Told when a club closes, with when it was last used (the registry keeps it). */
  onClosed?: (address: string, lastUsed: number) => void;
  onError?: (address: string, err: unknown) => void;
}

export class ClubPool {
  /** In order of use: the first is the longest idle. */
  private readonly slots = new Map<string, Slot>();
  private readonly failed = new Map<string, { reason: string; at: number }>();
  private readonly clock: () => number;
  private opens = 0;

  constructor(
    private readonly opener: ClubOpener,
    private readonly options: PoolOptions,
  ) {
    this.clock = options.clock ?? Date.now;
  }

  /** Runs `fn` with the club open; `touch: false` (background work) does not count as a use. */
  async use<T>(entry: ClubEntry, fn: (club: OpenClub) => Promise<T> | T, { touch = true } = {}): Promise<T> {
    const wasOpen = this.slots.has(entry.address);
    const slot = this.slotFor(entry);
    slot.inFlight += 1;
    if (touch) {
      slot.lastUsed = this.clock();
      this.slots.delete(entry.address);
      this.slots.set(entry.address, slot);
    }
    try {
      const club = await slot.opening;
      return await fn(club);
    } finally {
      slot.inFlight -= 1;
      // A club opened only for background work goes back to sleep at once.
      if (!touch && !wasOpen && slot.inFlight === 0 && this.slots.get(entry.address) === slot) await this.closeSlot(slot);
      else this.evictBeyondMax();
    }
  }

  private slotFor(entry: ClubEntry): Slot {
    const existing = this.slots.get(entry.address);
    if (existing) return existing;
    const failure = this.failed.get(entry.address);
    if (failure && this.clock() - failure.at < (this.options.retryAfterMs ?? 30_000)) {
      throw new ClubUnavailable(entry.address, failure.reason);
    }
    const slot: Slot = { address: entry.address, opening: Promise.resolve(null as unknown as OpenClub), club: null, lastUsed: this.clock(), inFlight: 0 };
    slot.opening = this.opener(entry).then(
      (club) => {
        slot.club = club;
        this.opens += 1;
        this.failed.delete(entry.address);
        return club;
      },
      (err: unknown) => {
        if (this.slots.get(entry.address) === slot) this.slots.delete(entry.address);
        const reason = err instanceof Error ? err.message : String(err);
        this.failed.set(entry.address, { reason, at: this.clock() });
        this.options.onError?.(entry.address, err);
        throw new ClubUnavailable(entry.address, reason);
      },
    );
    this.slots.set(entry.address, slot);
    return slot;
  }

  /** Closes the longest idle clubs beyond the limit (never one answering a request). */
  private evictBeyondMax(): void {
    let over = this.slots.size - this.options.max;
    for (const slot of [...this.slots.values()]) {
      if (over <= 0) break;
      if (slot.inFlight > 0 || !slot.club) continue;
      over -= 1;
      void this.closeSlot(slot);
    }
  }

  /** Closes every club idle for longer than the idle limit; answers how many it closed. */
  async closeIdle(): Promise<number> {
    if (this.options.idleMs === null) return 0;
    const now = this.clock();
    const idle = [...this.slots.values()].filter((s) => s.club && s.inFlight === 0 && now - s.lastUsed >= this.options.idleMs!);
    await Promise.all(idle.map((s) => this.closeSlot(s)));
    return idle.length;
  }

  /** Closes one club now (suspended, moved away, or its file replaced), whether idle or not. */
  async closeClub(address: string): Promise<void> {
    const slot = this.slots.get(address);
    this.failed.delete(address);
    if (slot) await this.closeSlot(slot);
  }

  private async closeSlot(slot: Slot): Promise<void> {
    if (this.slots.get(slot.address) !== slot) return;
    this.slots.delete(slot.address);
    try {
      const club = await slot.opening;
      // Out of the set, it takes no new request; the ones it is answering finish first (a club
      // suspended to be moved keeps every write it acknowledged).
      for (let waited = 0; slot.inFlight > 0 && waited < CLOSE_WAIT_MS; waited += 10) await new Promise((r) => setTimeout(r, 10));
      await club.close();
      this.options.onClosed?.(slot.address, slot.lastUsed);
    } catch (err) {
      // One that never opened has nothing to close; a close that fails is told, and the rest go on.
      if (!(err instanceof ClubUnavailable)) this.options.onError?.(slot.address, err);
    }
  }

  async closeAll(): Promise<void> {
    await Promise.all([...this.slots.values()].map((s) => this.closeSlot(s)));
  }

  /** The clubs open now, each with when it was last used. */
  openClubs(): { address: string; club: OpenClub; lastUsed: number }[] {
    return [...this.slots.values()].flatMap((s) => (s.club ? [{ address: s.address, club: s.club, lastUsed: s.lastUsed }] : []));
  }

  isOpen(address: string): boolean {
    return this.slots.get(address)?.club != null;
  }

  /** How many times a club was opened since start (the bench and the tests read it). */
  get openCount(): number {
    return this.opens;
  }
}
