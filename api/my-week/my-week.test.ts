import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { absenceLog, users } from '../../db/schema';
import { makeTestApp, TEST_START } from '../testing/test-app';
import { myWeek } from './my-week';

// Test clock: 2026-03-02T15:00:00Z, 10:00 on Monday, March 2 in Toronto: Winter 2026.
describe('my week: standing', () => {
  it('counts only this term’s absences and shows a running suspension with its end', async () => {
    const t = makeTestApp();
    const me = await t.createUser({ expiryDate: '2026-12-31' });
    t.db
      .insert(absenceLog)
      .values([
        { userId: me.id, reason: 'late-cancel', createdAt: Date.parse('2025-12-20T12:00:00Z') }, // Fall 2025
        { userId: me.id, reason: 'no-show', createdAt: Date.parse('2026-01-01T05:30:00Z') }, // 00:30 Jan 1 in Toronto
        { userId: me.id, reason: 'late-cancel', createdAt: Date.parse('2026-02-10T12:00:00Z') },
      ])
      .run();
    const suspendedUntil = TEST_START + 3 * 86_400_000;
    t.db.update(users).set({ absences: 3, suspendedUntil }).where(eq(users.id, me.id)).run();
    expect(myWeek(t.deps, me.id).standing).toEqual({
      term: { key: '2026-winter', label: 'Winter 2026' },
      absencesThisTerm: 2,
      suspendedUntil,
      expiryDate: '2026-12-31',
      expiresInDays: 304,
      renewSoon: false,
    });
    // A suspension that has run out is not shown.
    t.clock.set(suspendedUntil + 1);
    expect(myWeek(t.deps, me.id).standing.suspendedUntil).toBeNull();
  });

  it('nudges to renew within 30 days of the expiry, not before', async () => {
    const t = makeTestApp();
    const soon = await t.createUser({ expiryDate: '2026-04-01' });
    const later = await t.createUser({ expiryDate: '2026-04-02' });
    const none = await t.createUser({ expiryDate: null });
    expect(myWeek(t.deps, soon.id).standing).toMatchObject({ expiresInDays: 30, renewSoon: true });
    expect(myWeek(t.deps, later.id).standing).toMatchObject({ expiresInDays: 31, renewSoon: false });
    expect(myWeek(t.deps, none.id).standing).toMatchObject({
      expiryDate: null,
      expiresInDays: null,
      renewSoon: false,
    });
  });

  it('starts the new term’s count at its first day', async () => {
    const t = makeTestApp({ now: Date.parse('2026-05-01T12:00:00Z') });
    const me = await t.createUser();
    t.db
      .insert(absenceLog)
      .values({ userId: me.id, reason: 'no-show', createdAt: Date.parse('2026-04-30T12:00:00Z') })
      .run();
    expect(myWeek(t.deps, me.id).standing).toMatchObject({
      term: { key: '2026-spring' },
      absencesThisTerm: 0,
    });
  });
});
