import { describe, expect, it } from 'vitest';
import { makeTestApp } from '../testing/test-app';

// Every 429 tells the caller when to come back: an installed app's queue and a person both need it.
describe('rate-limited answers', () => {
  it('the reset-link check and forgot-password say when to try again', async () => {
    const t = makeTestApp({ env: { NODE_ENV: 'production', TRUST_PROXY: '0' } });
    let check = await t.call('POST', '/api/auth/reset-password/check', { body: { token: 'guess-0' } });
    for (let i = 1; i <= 60 && check.status !== 429; i++) {
      check = await t.call('POST', '/api/auth/reset-password/check', { body: { token: `guess-${i}` } });
    }
    expect(check.status).toBe(429);
    expect(Number(check.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(check.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);

    let forgot = await t.call('POST', '/api/auth/forgot-password', { body: { email: 'nobody@club.test' } });
    for (let i = 1; i <= 20 && forgot.status !== 429; i++) {
      forgot = await t.call('POST', '/api/auth/forgot-password', { body: { email: `nobody${i}@club.test` } });
    }
    expect(forgot.status).toBe(429);
    expect(Number(forgot.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
