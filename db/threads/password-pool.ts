import { availableParallelism } from 'node:os';
import Piscina from 'piscina';
import type { DeriveTask } from './password-worker';
import { workerFile } from './worker-file';

/**
 * Password hashing in worker threads of its own (docs/decisions/0011-password-pool.md): each
 * scrypt takes 128 MiB and a few hundred ms; on libuv's shared pool a burst of sign-ins made every
 * other request wait. The queue is bounded: when it is full, sign-in answers 503 with Retry-After
 * instead of making everyone wait longer. On a host of many clubs, each club has a share of it.
 */

export const PASSWORD_BUSY_MESSAGE = 'Many people are signing in right now. Please try again in a few seconds.';
export const PASSWORD_BUSY_RETRY_AFTER_SEC = 5;

export interface PasswordPoolOptions {
  threads?: number;
  queue?: number;
}

let pool: Piscina<DeriveTask, Uint8Array> | null = null;
let settings: Required<PasswordPoolOptions> | null = null;

function defaults(): Required<PasswordPoolOptions> {
  // One core stays free for the event loop that answers everyone else.
  return { threads: Math.max(1, Math.min(4, availableParallelism() - 1)), queue: 64 };
}

/** Sets the pool's size before first use (the server passes its env); later calls change nothing. */
export function configurePasswordPool(options: PasswordPoolOptions): void {
  if (pool) return;
  settings = { ...defaults(), ...Object.fromEntries(Object.entries(options).filter(([, v]) => v !== undefined)) };
}

function getPool(): Piscina<DeriveTask, Uint8Array> {
  if (!pool) {
    const { filename, execArgv } = workerFile('password-worker');
    const { threads, queue } = settings ?? defaults();
    pool = new Piscina<DeriveTask, Uint8Array>({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: threads,
      maxQueue: queue,
      // Idle workers go after a while: each one may hold on to 128 MiB of scrypt memory.
      idleTimeout: 30_000,
      name: 'default',
    });
  }
  return pool;
}

/** The derivations each club has in the pool now (running or queued), on a host of many clubs. */
const inPool = new Map<string, number>();

/**
 * What one club may hold in the pool at once: a quarter of its room (never less than its threads),
 * so one club's burst of sign-ins meets the busy answer itself and never fills the queue that the
 * other clubs of the host wait in.
 */
export function clubShare(options: Required<PasswordPoolOptions> = settings ?? defaults()): number {
  return Math.max(options.threads, Math.floor((options.threads + options.queue) / 4));
}

/**
 * One derivation in the pool. `club`: the address of the club asking, on a host of many (none for a
 * single club, which has the whole pool).
 */
export async function deriveInPool(task: DeriveTask, club?: string): Promise<Buffer> {
  const p = getPool();
  if (club !== undefined) {
    const held = inPool.get(club) ?? 0;
    if (held >= clubShare()) throw new PasswordPoolBusyError();
    inPool.set(club, held + 1);
  }
  try {
    const key = await p.run(task);
    return Buffer.from(key);
  } catch (err) {
    if (err instanceof Error && /queue is at limit/i.test(err.message)) {
      throw new PasswordPoolBusyError();
    }
    throw err;
  } finally {
    if (club !== undefined) {
      const left = (inPool.get(club) ?? 1) - 1;
      if (left > 0) inPool.set(club, left);
      else inPool.delete(club);
    }
  }
}

/** The queue is full: the API answers 503 with Retry-After (api/app.ts). */
export class PasswordPoolBusyError extends Error {
  readonly status = 503;
  readonly headers = { 'Retry-After': String(PASSWORD_BUSY_RETRY_AFTER_SEC) };
  constructor() {
    super(PASSWORD_BUSY_MESSAGE);
  }
}

/** How busy the pool is (tests and the benchmark). */
export function passwordPoolStats(): { threads: number; queued: number; maxQueue: number; completed: number } {
  const p = getPool();
  return { threads: p.threads.length, queued: p.queueSize, maxQueue: p.options.maxQueue, completed: p.completed };
}

/** Stops the worker threads (graceful shutdown). A later hash starts a new pool. */
export async function closePasswordPool(): Promise<void> {
  const p = pool;
  pool = null;
  await p?.close();
}
