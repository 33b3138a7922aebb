import { z } from 'zod';
import { hasUnsafeCharacters, unsafeCharactersMessage } from '../common';
import { isCalendarDate } from '../../calendar-days';
import { MAX_CENTS, type Currency } from '../../payments/money';
import { HAND_METHODS, PAYMENT_STATUSES, type Balance, type PaymentKind, type PaymentMethod, type PaymentStatus } from '../../payments/payments';

// Payments: what a member owes and has paid, the treasurer's ledger, recording money handed over,
// refunds, and Stripe Checkout (docs/decisions/0142-money-counted-once.md). Every amount is whole cents.

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const ONLINE_PAYMENTS_OFF_ERROR = 'Online payment is not set up for this club: pay the treasurer in cash or by bank transfer.';
export const UNKNOWN_PACKAGE_ERROR = 'Choose one of the club’s membership packages';
export const NOTHING_OWED_ERROR = 'Your membership is already paid for';
export const CHECKOUT_NOT_FOUND = 'That checkout is not one of yours';
export const STRIPE_UNAVAILABLE_ERROR = 'Stripe did not answer: try again in a minute';
export const WEBHOOK_SIGNATURE_ERROR = 'The delivery’s Stripe-Signature does not check out';
export const REFUND_NOT_PAID_ERROR = 'Only a paid payment can be refunded';
export const REFUND_NOTHING_LEFT_ERROR = 'This payment is already refunded in full';
export const REFUND_AMOUNT_ERROR = 'Give the refund in cents, more than zero';
export const refundTooMuchMessage = (left: string) => `A refund is never more than what was paid and not yet refunded: at most ${left}`;
export const RECORD_AMOUNT_ERROR = 'Give the amount in cents, from 0 up';
export const PAYMENT_MEMBER_NOT_FOUND = 'Member not found';
export const MEMBER_PRICE_AMOUNT_ERROR = 'Give the member’s price in cents, from 0 up, or exempt them';
export const PAYMENT_REQUEST_NOT_FOUND = 'That payment request is not one of yours';
export const REQUEST_PAID_ERROR = 'This request is already paid';
export const REQUEST_MEMBERS_ERROR = 'Choose the members asked, or ask every member';
export const LEDGER_TERM_ERROR = 'Choose one of the club’s terms';
export const CHECKOUT_WHAT_ERROR = 'Choose a membership package, a payment request, a race or an event';
export const FEE_AMOUNT_ERROR = 'Give the fee in cents, a whole number from 0 up to 10,000,000';
export const FEE_RACE_NOT_FOUND = 'Race not found';
export const FEE_EVENT_NOT_FOUND = 'Event not found';
export const FEE_RACE_NOT_ENTERED_ERROR = 'Enter the race before paying its entry fee';
export const FEE_EVENT_NOT_GOING_ERROR = 'Answer Going to the event before paying its fee';
export const FEE_RACE_PAID_ERROR = 'This race’s entry fee is already paid';
export const FEE_EVENT_PAID_ERROR = 'This event’s fee is already paid';
export const FEE_NONE_ERROR = 'There is no fee to pay for this';

/** One refund of a payment. `pending` while Stripe is asked; a refund Stripe refused is `failed` and counts for nothing. */
export interface Refund {
  id: number;
  amountCents: number;
  reason: string;
  status: 'pending' | 'succeeded' | 'failed';
  byName: string | null;
  createdAt: number;
}

/** A payment as the member and the treasurer see it. */
export interface Payment {
  id: number;
  userId: number | null;
  memberName: string;
  kind: PaymentKind;
  /** What it pays for: the package's name ('Full Tri'). */
  item: string;
  /** The price before tax, the tax, and what was charged, in cents. */
  subtotalCents: number;
  taxCents: number;
  amountCents: number;
  /** The tax's name when it was charged ('HST'), '' for none. */
  taxName: string;
  taxIncluded: boolean;
  currency: Currency;
  method: PaymentMethod;
  status: PaymentStatus;
  /** What has been refunded (and is being refunded), in cents. */
  refundedCents: number;
  receipt: string | null;
  note: string | null;
  /** Who recorded money handed over; null for an online payment. */
  recordedBy: string | null;
  createdAt: number;
  paidAt: number | null;
  refunds: Refund[];
  /** How it was paid, in words: 'Paid $289.28 (incl. $33.28 HST) online, Mar 2' or 'Cash, receipt 0042, recorded by Alex Admin'. */
  summary: string;
  /** Why it was charged at the member's own price ('Coach'), null at the club's. */
  priceReason: string | null;
}

/**
 * A member's own membership price, or an exemption, with the reason: whoever handles the money sets
 * it, and the server's prices use it (every package at that price before tax; none owed when exempt).
 */
export interface MemberPrice {
  userId: number;
  memberName: string;
  exempt: boolean;
  /** The price before tax, in minor units; null when exempt. */
  priceCents: number | null;
  reason: string;
  byName: string | null;
  setAt: number;
}

/** PUT and DELETE /payments/members/:id/price: the member's price now (null: the club's). */
export interface MemberPriceAnswer {
  price: MemberPrice | null;
}

/** A membership package the member may pay for, priced by the club's tax. */
export interface OwedPackage {
  item: string;
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** A one-off payment request (kit, a camp) as the member asked sees it. */
export interface OwedRequest {
  id: number;
  title: string;
  amountCents: number;
  /** The club date it is due by ('YYYY-MM-DD'). */
  dueDate: string;
}

/** A race's entry fee or an event's fee the member owes: entered, or answered Going, and not paid. */
export interface OwedFee {
  kind: 'race' | 'event';
  /** The race's id, or the event's (its post id): the checkout's and the record's `race` or `event`. */
  id: number;
  /** The race's or event's name. */
  name: string;
  /** Its club date ('YYYY-MM-DD'). */
  date: string;
  amountCents: number;
  currency: Currency;
  /** A race entry's hold (epoch ms): unpaid by then, the entry is let go; null for an event. */
  heldUntil: number | null;
}

/** A race or event with a fee, as the treasurer records money for it. */
export interface FeeItem {
  kind: 'race' | 'event';
  id: number;
  name: string;
  date: string;
  amountCents: number;
}

/** A payment request as the treasurer sees it: how many were asked, and who has paid. */
export interface PaymentRequest extends OwedRequest {
  createdBy: string | null;
  createdAt: number;
  asked: number;
  paid: number;
  /** The members asked who have not paid yet, by name. */
  owing: { id: number; name: string }[];
}

/** A member who still owes the club: what (a membership, requests), and when they were last reminded. */
export interface OwingMember {
  userId: number;
  name: string;
  owes: string[];
  remindedAt: number | null;
}

/**
 * Someone on a roster an exec carries offline who owes the club, with the packages they may pay for
 * a membership owed (the first is the one the roster offers) and the payment requests made to them
 * and unpaid; part of GET /offline-set for whoever handles payments. In the set's `owing` each owes a
 * membership (`owes` is never empty there); in `owingRequests`, requests only (`owes` is empty).
 */
export interface RosterOwing {
  userId: number;
  name: string;
  owes: OwedPackage[];
  currency: Currency;
  requests?: OwedRequest[];
}

/** POST /payments/reminders: how many members were reminded, and how many were left (reminded too lately). */
export interface RemindersAnswer {
  reminded: number;
  skipped: number;
}

export interface PaymentRequestAnswer {
  request: PaymentRequest;
}

/** GET /payments/me: what the member owes, has paid and was refunded. */
export interface MyPaymentsAnswer {
  /** Whether Stripe is connected: the "Pay online" button is shown only then. */
  online: boolean;
  currency: Currency;
  /** The tax's words after a price ('+ HST'), '' for none. */
  taxWords: string;
  /** The packages to choose from while a membership is owed; empty once it is paid. */
  owes: OwedPackage[];
  /** The club's one-off requests to this member not yet paid, soonest due first. */
  requests: OwedRequest[];
  /** The race entry fees and event fees the member owes, soonest first. */
  fees: OwedFee[];
  payments: Payment[];
  balance: Balance;
  /** Whether this account handles the club's money (Admin → Payments): its profile links there. */
  handlesPayments: boolean;
}

export interface PaymentAnswer {
  payment: Payment;
}

/** POST /payments/checkout: where the browser goes to pay (Stripe Checkout). */
export interface CheckoutAnswer {
  url: string;
  paymentId: number;
}

/** POST /payments/stripe/webhook: the delivery was taken (handled now or before, or nothing to do). */
export interface WebhookAnswer {
  received: true;
}

export interface LedgerTotals {
  paidCents: number;
  refundedCents: number;
  netCents: number;
  /** Net per package and per method, paid payments only. */
  byItem: { item: string; netCents: number }[];
  byMethod: { method: PaymentMethod; netCents: number }[];
}

/** GET /payments: the treasurer's ledger, newest first, with its totals. */
export interface LedgerAnswer {
  currency: Currency;
  payments: Payment[];
  totals: LedgerTotals;
  /** Who money may be recorded for (every account not rejected), by name; and the packages to record it for. */
  members: { id: number; name: string }[];
  packages: string[];
  /** Members with a price of their own or an exemption, by name. */
  memberPrices: MemberPrice[];
  /** The one-off payment requests, newest first. */
  requests: PaymentRequest[];
  /** The races and events with a fee, latest first, which money handed over may pay too (absent from older answers). */
  feeItems?: FeeItem[];
  /** Who still owes the club, by name. */
  owing: OwingMember[];
  /** The terms the ledger may be filtered by, newest first ('Fall 2026'). */
  terms: { id: string; label: string }[];
}

const words = (what: string, most: number) =>
  z
    .string({ error: `Write ${what}` })
    .trim()
    .max(most, `${what[0]!.toUpperCase()}${what.slice(1)} is at most ${most} characters`)
    .refine((value) => !hasUnsafeCharacters(value), unsafeCharactersMessage(what[0]!.toUpperCase() + what.slice(1)));

const packageName = z.string({ error: UNKNOWN_PACKAGE_ERROR }).trim().min(1, UNKNOWN_PACKAGE_ERROR).max(60, UNKNOWN_PACKAGE_ERROR);

const requestId = z.number({ error: PAYMENT_REQUEST_NOT_FOUND }).int(PAYMENT_REQUEST_NOT_FOUND).positive(PAYMENT_REQUEST_NOT_FOUND);
const raceId = z.number({ error: FEE_RACE_NOT_FOUND }).int(FEE_RACE_NOT_FOUND).positive(FEE_RACE_NOT_FOUND);
const eventId = z.number({ error: FEE_EVENT_NOT_FOUND }).int(FEE_EVENT_NOT_FOUND).positive(FEE_EVENT_NOT_FOUND);

/** A race's entry fee or an event's fee as set in its form: whole minor units, 0 (or left out) for free. */
export const feeCentsSchema = z.number({ error: FEE_AMOUNT_ERROR }).int(FEE_AMOUNT_ERROR).min(0, FEE_AMOUNT_ERROR).max(MAX_CENTS, FEE_AMOUNT_ERROR);

/** What a checkout or a record pays for: exactly one of a package, a request, a race's entry or an event. */
const payingFor = { package: packageName.optional(), request: requestId.optional(), race: raceId.optional(), event: eventId.optional() };
function oneThing(value: { package?: string; request?: number; race?: number; event?: number }, ctx: z.RefinementCtx): void {
  const given = [value.package, value.request, value.race, value.event].filter((v) => v !== undefined).length;
  if (given !== 1) ctx.addIssue({ code: 'custom', path: ['package'], message: CHECKOUT_WHAT_ERROR });
}

/** A checkout of a membership package, or of a one-off payment request, a race's entry fee or an event's fee. */
export const checkoutSchema = z.object(payingFor).superRefine(oneThing);
export type CheckoutInput = z.infer<typeof checkoutSchema>;

export const returnSchema = z.object({
  sessionId: z.string({ error: CHECKOUT_NOT_FOUND }).trim().min(1, CHECKOUT_NOT_FOUND).max(255, CHECKOUT_NOT_FOUND),
});

export const recordPaymentSchema = z.object({
  userId: z.number({ error: PAYMENT_MEMBER_NOT_FOUND }).int(PAYMENT_MEMBER_NOT_FOUND).positive(PAYMENT_MEMBER_NOT_FOUND),
  /** A package, or instead the one-off request, the race (its entry fee) or the event (its fee) it pays. */
  ...payingFor,
  /** What was handed over; left out, the package's price with tax. */
  amountCents: z.number({ error: RECORD_AMOUNT_ERROR }).int(RECORD_AMOUNT_ERROR).min(0, RECORD_AMOUNT_ERROR).max(MAX_CENTS, RECORD_AMOUNT_ERROR).optional(),
  method: z.enum(HAND_METHODS, { error: 'Choose cash or bank transfer' }),
  receipt: words('the receipt number', 40).optional(),
  note: words('the note', 500).optional(),
}).superRefine(oneThing);
export type RecordPaymentInput = z.infer<typeof recordPaymentSchema>;

export const refundSchema = z.object({
  amountCents: z.number({ error: REFUND_AMOUNT_ERROR }).int(REFUND_AMOUNT_ERROR).positive(REFUND_AMOUNT_ERROR).max(MAX_CENTS, REFUND_AMOUNT_ERROR),
  reason: words('the reason', 300).pipe(z.string().min(1, 'Say why the money goes back')),
});
export type RefundInput = z.infer<typeof refundSchema>;

export const memberPriceSchema = z
  .object({
    exempt: z.boolean({ error: 'Say whether the member is exempt' }),
    priceCents: z.number({ error: MEMBER_PRICE_AMOUNT_ERROR }).int(MEMBER_PRICE_AMOUNT_ERROR).min(0, MEMBER_PRICE_AMOUNT_ERROR).max(MAX_CENTS, MEMBER_PRICE_AMOUNT_ERROR).optional(),
    reason: words('the reason', 300).pipe(z.string().min(1, 'Say why this member pays another price')),
  })
  .superRefine((value, ctx) => {
    if (!value.exempt && value.priceCents === undefined) ctx.addIssue({ code: 'custom', path: ['priceCents'], message: MEMBER_PRICE_AMOUNT_ERROR });
  });
export type MemberPriceInput = z.infer<typeof memberPriceSchema>;

export const paymentRequestSchema = z.object({
  title: words('what it is for', 80).pipe(z.string().min(1, 'Say what the payment is for')),
  amountCents: z.number({ error: RECORD_AMOUNT_ERROR }).int(RECORD_AMOUNT_ERROR).positive(RECORD_AMOUNT_ERROR).max(MAX_CENTS, RECORD_AMOUNT_ERROR),
  dueDate: z.string({ error: 'Give the date it is due by' }).refine(isCalendarDate, 'Give the date it is due by'),
  /** The members asked; left out, every active member. */
  userIds: z.array(z.number().int().positive(), { error: REQUEST_MEMBERS_ERROR }).min(1, REQUEST_MEMBERS_ERROR).max(2000, REQUEST_MEMBERS_ERROR).optional(),
});
export type PaymentRequestInput = z.infer<typeof paymentRequestSchema>;

export const ledgerQuerySchema = z.object({
  status: z.enum(PAYMENT_STATUSES, { error: `Choose a status: ${PAYMENT_STATUSES.join(', ')}` }).optional(),
  /** A term's id ('fall-2026'): the payments made (or paid) in it. */
  term: z.string({ error: LEDGER_TERM_ERROR }).trim().min(1, LEDGER_TERM_ERROR).max(40, LEDGER_TERM_ERROR).optional(),
});
