// The club's payments as rules: what a payment may become, what may be refunded, who owes what, and
// who may handle the money. The server applies these (api/payments/); the screens show them.
import { DEFAULT_CURRENCY, type Currency } from './money';

/**
 * A payment's life: `pending` while the member is at Stripe's checkout; then `paid`, or `failed`
 * (the bank said no), or `expired` (the checkout was left). Money that arrived wins over any news that
 * it did not: a payment becomes `paid` from any other status, and never leaves it (a refund is a
 * refund of it, not another status), so Stripe's events mean the same in whatever order they come.
 */
export const PAYMENT_STATUSES = ['pending', 'paid', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** How a payment was made: through Stripe Checkout, or handed to the treasurer. */
export const PAYMENT_METHODS = ['online', 'cash', 'transfer'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const HAND_METHODS = ['cash', 'transfer'] as const satisfies readonly PaymentMethod[];
export type HandMethod = (typeof HAND_METHODS)[number];
export const METHOD_NAMES: Record<PaymentMethod, string> = { online: 'Online', cash: 'Cash', transfer: 'Bank transfer' };

/**
 * What a payment is for: a membership package, a one-off request of the club (kit, a camp), a race's
 * entry fee, or an event's fee.
 */
export const PAYMENT_KINDS = ['membership', 'request', 'race', 'event'] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** The statuses a payment in `from` may move to on news of `to`. */
export function mayBecome(from: PaymentStatus, to: PaymentStatus): boolean {
  if (from === to) return false;
  if (to === 'paid') return true;
  return from === 'pending';
}

/** The part of a payment still refundable: what was paid less what was refunded or is being refunded. */
export function refundableCents(payment: { status: PaymentStatus; amountCents: number }, refundedCents: number): number {
  if (payment.status !== 'paid') return 0;
  return Math.max(0, payment.amountCents - refundedCents);
}

export type RefundProblem = 'not-paid' | 'nothing-left' | 'too-much' | 'not-positive';

/** Why a refund of `askCents` cannot be made, or null: never more than was paid and not yet refunded. */
export function refundProblem(payment: { status: PaymentStatus; amountCents: number }, refundedCents: number, askCents: number): RefundProblem | null {
  if (payment.status !== 'paid') return 'not-paid';
  if (!Number.isSafeInteger(askCents) || askCents <= 0) return 'not-positive';
  const left = refundableCents(payment, refundedCents);
  if (left === 0) return 'nothing-left';
  return askCents > left ? 'too-much' : null;
}

/** A member's money with the club: paid (less refunds), refunded, and the net of it. */
export interface Balance {
  paidCents: number;
  refundedCents: number;
  netCents: number;
}

export function balanceOf(payments: readonly { status: PaymentStatus; amountCents: number; refundedCents: number }[]): Balance {
  let paidCents = 0;
  let refundedCents = 0;
  for (const p of payments) {
    if (p.status !== 'paid') continue;
    paidCents += p.amountCents;
    refundedCents += p.refundedCents;
  }
  return { paidCents, refundedCents, netCents: paidCents - refundedCents };
}

/** A payment as the membership rule reads it: `paidOn`, the club date it was paid (null while unpaid). */
export interface MembershipPayment {
  kind: PaymentKind;
  status: PaymentStatus;
  amountCents: number;
  refundedCents: number;
  paidOn: string | null;
}

/**
 * Whether an account owes a membership: never when the club exempted it. A member who asked to renew
 * (`renewalAskedOn`, the club date of the open request) owes the renewal until a membership is paid on
 * or after that day (or after the membership ended). Otherwise only while the account counts as pending
 * (new, or its membership ended), and until a membership is paid (and not wholly refunded) for it: any,
 * for an account that never had a membership; one paid after the last one ended, for a lapsed member.
 * An active member who has not asked to renew owes nothing, however they paid before the club took
 * payments in the app.
 */
export function membershipOwed(
  account: { pending: boolean; expiryDate: string | null; exempt?: boolean; renewalAskedOn?: string | null },
  payments: readonly MembershipPayment[],
): boolean {
  if (account.exempt) return false;
  const renewing = account.renewalAskedOn ?? null;
  if (!account.pending && renewing === null) return false;
  return !payments.some(
    (p) =>
      p.kind === 'membership' &&
      p.status === 'paid' &&
      p.refundedCents < p.amountCents &&
      ((account.expiryDate === null && renewing === null) ||
        (p.paidOn !== null && ((account.expiryDate !== null && p.paidOn > account.expiryDate) || (renewing !== null && p.paidOn >= renewing)))),
  );
}

/**
 * How long a Stripe event's id is kept to know a delivery handled before: Stripe retries an event
 * for three days, so thirty leave a wide margin; an older one is forgotten by the daily job.
 */
export const STRIPE_EVENT_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** How long a checkout may stay pending before the daily check asks Stripe about it. */
export const PENDING_CHECK_AFTER_MS = 24 * 60 * 60 * 1000;

/** The `payments` document (Admin → Payments): the club's currency, what a payment does, who handles the money. */
export interface PaymentSettings {
  currency: Currency;
  /**
   * A paid membership makes the account a member at once (to the end of the first term a new member
   * may join for); off, an administrator approves, with the payment shown beside the request.
   */
  activateOnPayment: boolean;
  /** The team positions (ids of the `team-positions` document) whose holder, an exec, may record and refund payments. */
  positions: string[];
  /** A member who owes is reminded at most once in this many days, however often the treasurer asks. */
  reminderDays: number;
  /** How many hours a race entry whose fee is unpaid is held; after that the entry is let go. */
  entryHoldHours: number;
}

export const ENTRY_HOLD_HOURS_MIN = 1;
export const ENTRY_HOLD_HOURS_MAX = 720;

export function defaultPaymentSettings(): PaymentSettings {
  return { currency: DEFAULT_CURRENCY, activateOnPayment: false, positions: ['treasurer'], reminderDays: 7, entryHoldHours: 48 };
}

/** The instant (epoch ms) the hold of a race entry made at `enteredAt` ends, its fee unpaid. */
export function entryHoldEnds(enteredAt: number, settings: Pick<PaymentSettings, 'entryHoldHours'>): number {
  return enteredAt + settings.entryHoldHours * 60 * 60 * 1000;
}

/**
 * Whether a race entry is let go at `now`: only an entry with a fee, not paid, past its hold. A free
 * entry and a paid one are never let go.
 */
export function entryLetGo(entry: { enteredAt: number; feeCents: number; paid: boolean }, now: number, settings: Pick<PaymentSettings, 'entryHoldHours'>): boolean {
  return entry.feeCents > 0 && !entry.paid && now >= entryHoldEnds(entry.enteredAt, settings);
}

/** Whether a member last reminded at `lastSentAt` (epoch ms) may be reminded again at `now`. */
export function mayRemind(lastSentAt: number | null, now: number, settings: Pick<PaymentSettings, 'reminderDays'>): boolean {
  return lastSentAt === null || now - lastSentAt >= settings.reminderDays * 24 * 60 * 60 * 1000;
}

/**
 * Whether someone may record and refund payments: an administrator, or an exec who holds one of the
 * positions the club named (their card's email is their account's).
 */
export function mayHandlePayments(role: string, heldPositions: readonly string[], settings: Pick<PaymentSettings, 'positions'>): boolean {
  if (role === 'administrator') return true;
  return role === 'exec' && heldPositions.some((id) => settings.positions.includes(id));
}

/**
 * A race's or event's fee as stored, from its form: in the club's currency of the day it is set (a
 * change of currency later leaves it in its own), '' for a free one; left out of an edit, as it was.
 */
export function feeColumns(feeCents: number | undefined, currency: Currency): { feeCents?: number; feeCurrency?: string } {
  if (feeCents === undefined) return {};
  return { feeCents, feeCurrency: feeCents > 0 ? currency : '' };
}
