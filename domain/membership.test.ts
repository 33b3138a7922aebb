import { describe, expect, it } from 'vitest';
import { ROLES } from './contract/roles';
import { EXPIRING_ROLES, RENEWAL_WINDOW_DAYS, effectiveRole, inRenewalWindow, isLapsedMember, membershipEnded } from './membership';
import { addDays } from './calendar-days';

const TODAY = '2026-12-01';
/** The edges of an expiry date around the club's today. */
const EXPIRIES = [null, addDays(TODAY, -1), TODAY, addDays(TODAY, 1)];

describe('membership', () => {
  it('ends once its last day is before today: the last day itself still counts', () => {
    expect(membershipEnded(addDays(TODAY, -1), TODAY)).toBe(true);
    expect(membershipEnded(TODAY, TODAY)).toBe(false);
    expect(membershipEnded(addDays(TODAY, 1), TODAY)).toBe(false);
    expect(membershipEnded(null, TODAY)).toBe(false);
  });

  it('counts a member or exec whose membership ended as pending; an administrator never lapses', () => {
    for (const role of ROLES) {
      for (const expiryDate of EXPIRIES) {
        const lapses = EXPIRING_ROLES.includes(role) && membershipEnded(expiryDate, TODAY);
        expect(effectiveRole({ role, expiryDate }, TODAY), `${role} until ${expiryDate}`).toBe(lapses ? 'pending' : role);
      }
    }
    expect(effectiveRole({ role: 'administrator', expiryDate: addDays(TODAY, -100) }, TODAY)).toBe('administrator');
    expect(effectiveRole({ role: 'nonsense', expiryDate: null }, TODAY)).toBe('public');
  });

  it('tells a lapsed member from a new applicant by the role the server answers', () => {
    for (const role of EXPIRING_ROLES) {
      for (const expiryDate of EXPIRIES) {
        const answered = { role: effectiveRole({ role, expiryDate }, TODAY), expiryDate };
        expect(isLapsedMember(answered), `${role} until ${expiryDate}`).toBe(membershipEnded(expiryDate, TODAY));
      }
    }
    // An applicant has no expiry date until approved.
    expect(isLapsedMember({ role: 'pending', expiryDate: null })).toBe(false);
  });

  it('opens renewal the window’s length before the last day, and keeps it open after', () => {
    expect(inRenewalWindow(addDays(TODAY, RENEWAL_WINDOW_DAYS), TODAY)).toBe(true);
    expect(inRenewalWindow(addDays(TODAY, RENEWAL_WINDOW_DAYS + 1), TODAY)).toBe(false);
    expect(inRenewalWindow(addDays(TODAY, -400), TODAY)).toBe(true);
    expect(inRenewalWindow(null, TODAY)).toBe(false);
  });
});
