import { describe, expect, it } from 'vitest';
import { balanceOf, defaultPaymentSettings, entryHoldEnds, entryLetGo, feeColumns, mayBecome, mayHandlePayments, membershipOwed, refundProblem, refundableCents, PAYMENT_STATUSES } from './payments';

describe('a payment’s status', () => {
  it('becomes paid from any other status and never leaves it', () => {
    for (const from of PAYMENT_STATUSES) {
      expect(mayBecome(from, 'paid')).toBe(from !== 'paid');
      if (from !== 'pending') for (const to of ['failed', 'expired'] as const) expect(mayBecome(from, to)).toBe(false);
    }
    expect(mayBecome('pending', 'expired')).toBe(true);
    expect(mayBecome('pending', 'failed')).toBe(true);
  });
});

describe('refunds', () => {
  const paid = { status: 'paid' as const, amountCents: 28928 };

  it('never refund more than was paid and not yet refunded', () => {
    expect(refundProblem(paid, 0, 28928)).toBeNull();
    expect(refundProblem(paid, 10000, 18928)).toBeNull();
    expect(refundProblem(paid, 10000, 18929)).toBe('too-much');
    expect(refundProblem(paid, 28928, 1)).toBe('nothing-left');
    expect(refundProblem(paid, 0, 0)).toBe('not-positive');
    expect(refundProblem(paid, 0, 1.5)).toBe('not-positive');
    expect(refundProblem({ ...paid, status: 'pending' }, 0, 100)).toBe('not-paid');
    expect(refundableCents(paid, 8928)).toBe(20000);
    expect(refundableCents({ ...paid, status: 'expired' }, 0)).toBe(0);
  });
});

describe('a renewal asked for', () => {
  const paid = { kind: 'membership' as const, status: 'paid' as const, amountCents: 28928, refundedCents: 0, paidOn: '2026-08-20' };
  const renewing = { pending: false, expiryDate: '2026-08-31', renewalAskedOn: '2026-08-15' };

  it('is owed by a member who asked, until a membership is paid on or after the day they asked', () => {
    expect(membershipOwed(renewing, [])).toBe(true);
    expect(membershipOwed(renewing, [paid])).toBe(false);
    expect(membershipOwed(renewing, [{ ...paid, paidOn: '2026-08-15' }])).toBe(false);
    // Last year's membership does not pay for the next; nor does a refunded or unpaid one.
    expect(membershipOwed(renewing, [{ ...paid, paidOn: '2025-09-01' }])).toBe(true);
    expect(membershipOwed(renewing, [{ ...paid, refundedCents: 28928 }])).toBe(true);
    expect(membershipOwed(renewing, [{ ...paid, status: 'pending', paidOn: null }])).toBe(true);
    expect(membershipOwed({ ...renewing, exempt: true }, [])).toBe(false);
  });

  it('is paid too by a membership paid after the old one ended, before the request', () => {
    const lapsedThenAsked = { pending: true, expiryDate: '2026-04-30', renewalAskedOn: '2026-06-01' };
    expect(membershipOwed(lapsedThenAsked, [{ ...paid, paidOn: '2026-05-02' }])).toBe(false);
    expect(membershipOwed(lapsedThenAsked, [{ ...paid, paidOn: '2026-04-02' }])).toBe(true);
  });
});

describe('a member’s balance', () => {
  it('counts paid payments less their refunds, and only paid ones', () => {
    const payments = [
      { kind: 'membership' as const, status: 'paid' as const, amountCents: 28928, refundedCents: 28928 },
      { kind: 'membership' as const, status: 'paid' as const, amountCents: 15368, refundedCents: 1000 },
      { kind: 'membership' as const, status: 'expired' as const, amountCents: 28928, refundedCents: 0 },
    ];
    expect(balanceOf(payments)).toEqual({ paidCents: 44296, refundedCents: 29928, netCents: 14368 });
  });

  it('owes a membership only while pending, until one is paid for it', () => {
    const paid = { kind: 'membership' as const, status: 'paid' as const, amountCents: 28928, refundedCents: 0, paidOn: '2026-03-02' };
    const fresh = { pending: true, expiryDate: null };
    expect(membershipOwed(fresh, [])).toBe(true);
    expect(membershipOwed(fresh, [paid])).toBe(false);
    expect(membershipOwed(fresh, [{ ...paid, refundedCents: 28928 }])).toBe(true);
    expect(membershipOwed(fresh, [{ ...paid, status: 'expired', paidOn: null }])).toBe(true);
    // An active member owes nothing, whatever the app has on record.
    expect(membershipOwed({ pending: false, expiryDate: '2099-12-31' }, [])).toBe(false);
    // A lapsed member: last year's payment does not pay for the next membership; one after it ended does.
    const lapsed = { pending: true, expiryDate: '2026-04-30' };
    expect(membershipOwed(lapsed, [{ ...paid, paidOn: '2025-09-01' }])).toBe(true);
    expect(membershipOwed(lapsed, [{ ...paid, paidOn: '2026-05-02' }])).toBe(false);
  });
});

describe('who handles the money', () => {
  it('an administrator, or an exec holding a position the club named', () => {
    const settings = defaultPaymentSettings();
    expect(mayHandlePayments('administrator', [], settings)).toBe(true);
    expect(mayHandlePayments('exec', ['treasurer'], settings)).toBe(true);
    expect(mayHandlePayments('exec', ['secretary'], settings)).toBe(false);
    expect(mayHandlePayments('member', ['treasurer'], settings)).toBe(false);
    expect(mayHandlePayments('exec', ['secretary'], { positions: ['secretary'] })).toBe(true);
  });
});

describe('the hold of an unpaid race entry', () => {
  const settings = { entryHoldHours: 48 };
  const hour = 60 * 60 * 1000;
  it('ends the club’s hours after the entry, and lets go only an unpaid entry with a fee, from then on', () => {
    expect(entryHoldEnds(1000, settings)).toBe(1000 + 48 * hour);
    const entry = { enteredAt: 0, feeCents: 4500, paid: false };
    expect(entryLetGo(entry, 48 * hour - 1, settings)).toBe(false);
    expect(entryLetGo(entry, 48 * hour, settings)).toBe(true);
    expect(entryLetGo({ ...entry, paid: true }, 100 * hour, settings)).toBe(false);
    expect(entryLetGo({ ...entry, feeCents: 0 }, 100 * hour, settings)).toBe(false);
  });

  it('stores a fee in the currency of the day it is set, a free one with none, and leaves one left out as it was', () => {
    expect(feeColumns(4500, 'EUR')).toEqual({ feeCents: 4500, feeCurrency: 'EUR' });
    expect(feeColumns(0, 'EUR')).toEqual({ feeCents: 0, feeCurrency: '' });
    expect(feeColumns(undefined, 'EUR')).toEqual({});
  });
});
