import { afterAll, describe, expect, it } from 'vitest';
import { closePasswordPool, configurePasswordPool } from '../../db/threads/password-pool';
import { makeTestApp } from '../testing/test-app';

// The pool is the process's own: this file sets it small and puts it back after.
afterAll(async () => {
  await closePasswordPool();
  configurePasswordPool({});
});

describe('a full password pool', () => {
  it('answers sign-ups beyond the queue with 503, Retry-After and the busy message; the others are created', async () => {
    await closePasswordPool();
    const t = makeTestApp({ env: { PASSWORD_HASH_THREADS: '1', PASSWORD_HASH_QUEUE: '1', PASSWORD_HASH_LOG_N: '12' } });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        t.call('POST', '/api/auth/register', {
          body: { email: `room${i}@club.test`, password: 'secret1', name: `Student ${i}`, phoneNumber: '416-555-0123' },
        }),
      ),
    );
    const busy = answers.filter((r) => r.status === 503);
    const created = answers.filter((r) => r.status === 201);
    expect(busy.length).toBeGreaterThan(0);
    expect(created.length).toBeGreaterThanOrEqual(2);
    expect(busy.length + created.length).toBe(8);
    for (const r of busy) {
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(r.body).toEqual({ error: expect.stringMatching(/Many people are signing in right now/) });
    }
  });
});
