// A room of students behind one campus address (NAT) signs up and signs in; floods of sign-ups stay
// bounded per email and club-wide; answers carrying a token are never cached.
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { LIMITS } from '../accounts/auth';
import { makeTestApp } from '../testing/test-app';

const person = (i: number) => ({ email: `student${i}@uni.test`, password: 'secret-pass', name: `Student ${i}`, phoneNumber: `416555${String(1000 + i).slice(-4)}` });

describe('an info session behind one address', () => {
  it('lets 100 people register and then sign in from one address within ten minutes', async () => {
    const t = makeTestApp({ env: { TRUST_PROXY: '1' } });
    const campus = { 'x-forwarded-for': '203.0.113.10' };
    const start = t.clock.now();
    for (let i = 0; i < 100; i++) {
      const res = await t.call('POST', '/api/auth/register', { body: person(i), headers: campus });
      expect(res.status).toBe(201);
      t.clock.advance(3_000);
    }
    for (let i = 0; i < 100; i++) {
      const res = await t.login(person(i).email, 'secret-pass', campus);
      expect(res.status).toBe(200);
      t.clock.advance(2_000);
    }
    expect(t.clock.now() - start).toBeLessThanOrEqual(10 * 60_000);
  }, 60_000);

  it('limits sign-up attempts per email (5 an hour)', async () => {
    const t = makeTestApp();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await t.call('POST', '/api/auth/register', { body: { ...person(1), phoneNumber: '4165550000' }, headers: { 'x-n': String(i) } })).status);
    }
    expect(statuses).toEqual([201, 409, 409, 409, 409, 429, 429]);
  });

  it('bounds new pending accounts club-wide (300 a day), whatever the addresses', async () => {
    const t = makeTestApp({ env: { TRUST_PROXY: '1' } });
    // 300 applications already arrived today.
    t.db
      .insert(users)
      .values(Array.from({ length: LIMITS.pendingPerDay }, (_, i) => ({ email: `flood${i}@x.test`, name: 'F', passwordHash: 'x', role: 'pending', createdAt: t.clock.now() - 60_000 })))
      .run();
    const res = await t.call('POST', '/api/auth/register', { body: person(500), headers: { 'x-forwarded-for': '198.51.100.1' } });
    expect(res.status).toBe(429);
    expect(res.body.error).toMatch(/applications/);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    t.clock.advance(24 * 60 * 60_000);
    expect((await t.call('POST', '/api/auth/register', { body: person(500), headers: { 'x-forwarded-for': '198.51.100.1' } })).status).toBe(201);
  });
});

describe('Cache-Control on answers with a token or user data', () => {
  it('is no-store on register, login, profile, renewal and errors; no-cache only on a visitor’s public read', async () => {
    const t = makeTestApp();
    const reg = await t.call('POST', '/api/auth/register', { body: person(1) });
    expect(reg.status).toBe(201);
    expect(reg.headers.get('cache-control')).toBe('no-store');
    const login = await t.login(person(1).email, 'secret-pass');
    expect(login.status).toBe(200);
    expect(login.headers.get('cache-control')).toBe('no-store');
    const bad = await t.login(person(1).email, 'nope-nope');
    expect(bad.headers.get('cache-control')).toBe('no-store');
    const me = await t.call('GET', '/api/auth/profile', { token: login.body.token });
    expect(me.headers.get('cache-control')).toBe('no-store');
    const visitor = await t.call('GET', '/api/profiles');
    expect(visitor.headers.get('cache-control')).toBe('no-cache');
  });
});
