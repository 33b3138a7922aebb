import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { addDays } from '../../domain/calendar-days';
import { ROLES, hasRole } from '../../domain/contract/roles';
import { effectiveRole } from '../../domain/membership';
import { makeTestApp } from '../testing/test-app';
import { activeMemberWhere } from './users';

describe('activeMemberWhere', () => {
  it('picks exactly the accounts whose effectiveRole is member or above, over every role and the edges of the expiry date', async () => {
    const t = makeTestApp();
    const today = '2026-03-02';
    const expiries = [null, addDays(today, -1), today, addDays(today, 1)];
    for (const role of ROLES) for (const expiryDate of expiries) await t.createUser({ role, expiryDate });
    const rows = t.db.select().from(users).all();
    expect(rows).toHaveLength(ROLES.length * expiries.length);

    const bySql = t.db.select({ id: users.id }).from(users).where(activeMemberWhere(today)).all().map((r) => r.id);
    const byRule = rows.filter((row) => hasRole(effectiveRole(row, today), 'member')).map((r) => r.id);
    expect(bySql.sort((a, b) => a - b)).toEqual(byRule.sort((a, b) => a - b));
    // The edges are really there: a lapsed member is left out, one whose last day is today is not.
    expect(byRule.length).toBeGreaterThan(0);
    expect(rows.some((r) => r.role === 'member' && r.expiryDate === addDays(today, -1) && !bySql.includes(r.id))).toBe(true);
    expect(rows.some((r) => r.role === 'member' && r.expiryDate === today && bySql.includes(r.id))).toBe(true);
  });
});
