// Runs in the password pool's worker threads (see password-pool.ts). scryptSync on purpose: the async
// scrypt would hand the work to libuv's thread pool, which the whole process shares (compression,
// WebCrypto token checks, file reads) and which a burst of sign-ins would fill.
import { scryptSync } from 'node:crypto';

export interface DeriveTask {
  password: string;
  salt: Uint8Array;
  logN: number;
  r: number;
  p: number;
  keyLength: number;
}

export default function derive(task: DeriveTask): Uint8Array {
  const N = 2 ** task.logN;
  const key = scryptSync(task.password, task.salt, task.keyLength, {
    N,
    r: task.r,
    p: task.p,
    maxmem: 256 * N * task.r + 1024 * 1024,
  });
  return new Uint8Array(key.buffer, key.byteOffset, key.byteLength);
}
