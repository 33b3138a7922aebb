import { scrypt } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { closePasswordPool, clubShare, configurePasswordPool, passwordPoolStats } from './threads/password-pool';
import { checkPassword, hashPassword, verifyPassword } from './passwords';

afterAll(() => closePasswordPool());

describe('passwords in the worker pool', () => {
  it('keeps the PHC format and verifies hashes made by node:crypto on the main thread', async () => {
    const hash = await hashPassword('correct-horse', 10);
    expect(hash).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword('correct-horse', hash)).toBe(true);
    expect(await verifyPassword('wrong-horse', hash)).toBe(false);
    // A hash stored before the pool existed (async scrypt, same parameters) still verifies.
    const salt = Buffer.from('0123456789abcdef');
    const key = await new Promise<Buffer>((resolve, reject) =>
      scrypt('old-password', salt, 32, { N: 2 ** 10, r: 8, p: 1 }, (err, k) => (err ? reject(err) : resolve(k))),
    );
    const old = `$scrypt$ln=10,r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('old-password', old)).toBe(true);
  });

  it('spends one derivation on every sign-in check: known, unknown, or an account with no password yet', async () => {
    const hash = await hashPassword('correct-horse', 10);
    await checkPassword('warm-up', undefined, 10); // the stand-in hash is made once
    const derivations = async (check: () => Promise<boolean>) => {
      const before = passwordPoolStats().completed;
      const ok = await check();
      return { ok, spent: passwordPoolStats().completed - before };
    };
    expect(await derivations(() => checkPassword('correct-horse', hash, 10))).toEqual({ ok: true, spent: 1 });
    expect(await derivations(() => checkPassword('wrong-horse', hash, 10))).toEqual({ ok: false, spent: 1 });
    expect(await derivations(() => checkPassword('anything', undefined, 10))).toEqual({ ok: false, spent: 1 });
    // An invited member's placeholder is no hash: refused after the same work, never at once.
    expect(await derivations(() => checkPassword('anything', '!invited', 10))).toEqual({ ok: false, spent: 1 });
    expect(await derivations(() => checkPassword('!invited', '!invited', 10))).toEqual({ ok: false, spent: 1 });
  });

  it('uses the production cost by default (N = 2^17)', async () => {
    expect(await hashPassword('x'.repeat(8))).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
  }, 30_000);

  it('answers 503 with Retry-After when the queue is full, and the rest still complete', async () => {
    await closePasswordPool();
    configurePasswordPool({ threads: 1, queue: 2 });
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => hashPassword('burst', 12)));
    const refused = results.filter((r) => r.status === 'rejected');
    const done = results.filter((r) => r.status === 'fulfilled');
    expect(done.length).toBeGreaterThanOrEqual(3);
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 503, headers: { 'Retry-After': expect.stringMatching(/^\d+$/) } });
    }
    expect(passwordPoolStats()).toMatchObject({ threads: 1, maxQueue: 2 });
    await closePasswordPool();
    configurePasswordPool({});
  });

  it('gives each club of a host its share: one club’s burst is refused past it, and another club still gets in', async () => {
    await closePasswordPool();
    configurePasswordPool({ threads: 1, queue: 11 });
    expect(clubShare()).toBe(3);
    const burst = Array.from({ length: 8 }, () => hashPassword('burst', 12, 'rowing.example.edu'));
    const other = hashPassword('calm', 12, 'swim.example.edu');
    const results = await Promise.allSettled(burst);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    for (const r of results.filter((r) => r.status === 'rejected')) expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 503 });
    // The other club was never turned away, though the pool had room for all eight of the first's.
    await expect(other).resolves.toMatch(/^\$scrypt\$/);
    // Its share frees as its derivations finish.
    await expect(hashPassword('later', 12, 'rowing.example.edu')).resolves.toMatch(/^\$scrypt\$/);
    await closePasswordPool();
    configurePasswordPool({});
  });
});

