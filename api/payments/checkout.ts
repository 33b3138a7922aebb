// Paying online through Stripe Checkout: the member's checkout (the price the server's own, a Stripe
// idempotency key per payment), the return from it, and the daily check of checkouts still pending.
// Each settles through fulfil.ts, as the webhook does, whichever arrives first.
import { and, eq, inArray, isNotNull, isNull, lt } from 'drizzle-orm';
import { Cron } from 'croner';
import type Stripe from 'stripe';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { payments, users, type PaymentRow, type UserRow } from '../../db/schema';
import {
  CHECKOUT_NOT_FOUND,
  FEE_EVENT_PAID_ERROR,
  FEE_RACE_PAID_ERROR,
  NOTHING_OWED_ERROR,
  ONLINE_PAYMENTS_OFF_ERROR,
  PAYMENT_MEMBER_NOT_FOUND,
  REQUEST_PAID_ERROR,
  STRIPE_UNAVAILABLE_ERROR,
  UNKNOWN_PACKAGE_ERROR,
  type CheckoutAnswer,
  type CheckoutInput,
  type Payment,
} from '../../domain/contract/members/payments';
import { PENDING_CHECK_AFTER_MS, type PaymentKind } from '../../domain/payments/payments';
import { clubName } from '../club/identity/identity';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { settle, sessionFacts } from './fulfil';
import { pruneStripeEvents } from './webhook';
import { owesMembership, paymentById } from './ledger';
import { membershipPrice, type Price } from './prices';
import { requestPrice, requestsOwedBy } from './requests';
import { eventFeePrice, feeStillOwed, raceFeePrice } from './entries/fees';

function stripeOf(deps: AppDeps): Stripe {
  if (!deps.stripe) throw new ServiceError(409, ONLINE_PAYMENTS_OFF_ERROR);
  return deps.stripe;
}

/** A Stripe call; Stripe unreachable or refusing is the club's fault to tell, never a 500. */
async function askStripe<T>(deps: AppDeps, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    deps.logger.error({ err: err instanceof Error ? err.message : String(err) }, `Stripe: ${what} failed`);
    throw new ServiceError(503, STRIPE_UNAVAILABLE_ERROR, undefined, { 'Retry-After': '60' });
  }
}

function lineItems(price: Price, club: string, what: string): Stripe.Checkout.SessionCreateParams.LineItem[] {
  const currency = price.currency.toLowerCase();
  const items: Stripe.Checkout.SessionCreateParams.LineItem[] = [
    { quantity: 1, price_data: { currency, unit_amount: price.taxIncluded ? price.totalCents : price.subtotalCents, product_data: { name: `${club} ${what}: ${price.item}` } } },
  ];
  if (price.taxCents > 0 && !price.taxIncluded) items.push({ quantity: 1, price_data: { currency, unit_amount: price.taxCents, product_data: { name: price.taxName } } });
  return items;
}

/** What a payment is of, beside its kind: the request, race or event it pays (null for the others). */
export interface PaymentLink {
  requestId: number | null;
  raceId: number | null;
  postId: number | null;
}

export interface Charge {
  price: Price;
  kind: PaymentKind;
  link: PaymentLink;
  /** Whether it is owed still, asked again before a checkout is offered. */
  stillOwed: () => boolean;
  /** The refusal once it is not. */
  paidError: string;
}

const NO_LINK: PaymentLink = { requestId: null, raceId: null, postId: null };

/**
 * What a member pays for: a membership package (refused once none is owed), a request made to them,
 * their entry in a race with a fee, or an event with a fee they answered Going to.
 */
export function chargeOf(deps: AppDeps, member: UserRow, what: CheckoutInput): Charge {
  if (what.request !== undefined) {
    const price = requestPrice(deps, member.id, what.request);
    return { price, kind: 'request', link: { ...NO_LINK, requestId: price.requestId }, stillOwed: () => requestsOwedBy(deps, member.id).some((r) => r.id === price.requestId), paidError: REQUEST_PAID_ERROR };
  }
  if (what.race !== undefined) {
    const raceId = what.race;
    const price = raceFeePrice(deps, member.id, raceId);
    return { price, kind: 'race', link: { ...NO_LINK, raceId }, stillOwed: () => feeStillOwed(deps, 'race', raceId, member.id), paidError: FEE_RACE_PAID_ERROR };
  }
  if (what.event !== undefined) {
    const postId = what.event;
    const price = eventFeePrice(deps, member.id, postId);
    return { price, kind: 'event', link: { ...NO_LINK, postId }, stillOwed: () => feeStillOwed(deps, 'event', postId, member.id), paidError: FEE_EVENT_PAID_ERROR };
  }
  const price = membershipPrice(deps, what.package ?? '', member.id);
  if (!price) throw new ServiceError(400, UNKNOWN_PACKAGE_ERROR, { field: 'package' });
  return { price, kind: 'membership', link: NO_LINK, stillOwed: () => owesMembership(deps, member), paidError: NOTHING_OWED_ERROR };
}

/** What a checkout's line says it is for, after the club's name. */
const KIND_WORDS: Record<PaymentKind, string> = { membership: 'membership', request: 'request', race: 'race entry', event: 'event' };

/** The payment's link as its columns are matched: a column null where the link has none. */
function linkedTo(link: PaymentLink) {
  const column = (col: SQLiteColumn, value: number | null) => (value === null ? isNull(col) : eq(col, value));
  return and(column(payments.requestId, link.requestId), column(payments.raceId, link.raceId), column(payments.postId, link.postId));
}

/**
 * Where the member goes to pay for a membership package or a request made to them. A checkout the
 * member left open is offered again rather than a second one made, so nothing is paid twice by two tabs.
 */
export async function startCheckout(deps: AppDeps, userId: number, what: CheckoutInput): Promise<CheckoutAnswer> {
  const stripe = stripeOf(deps);
  const { db } = deps.database;
  const member = db.select().from(users).where(eq(users.id, userId)).get();
  if (!member) throw new ServiceError(404, PAYMENT_MEMBER_NOT_FOUND);
  const { price, kind, link, stillOwed, paidError: owedError } = chargeOf(deps, member, what);
  if (!stillOwed()) throw new ServiceError(409, owedError);

  const open = db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.method, 'online'),
        eq(payments.status, 'pending'),
        eq(payments.kind, kind),
        linkedTo(link),
        isNotNull(payments.stripeSessionId),
      ),
    )
    .all();
  for (const row of open) {
    const session = await askStripe(deps, 'reading a checkout', () => stripe.checkout.sessions.retrieve(row.stripeSessionId!));
    if (session.status === 'complete' || session.payment_status === 'paid') {
      settle(deps, sessionFacts(session), 'paid');
      if (!stillOwed()) throw new ServiceError(409, owedError);
    } else if (session.status === 'expired') {
      settle(deps, sessionFacts(session), 'expired');
    } else if (row.item === price.item && row.amountCents === price.totalCents && session.url) {
      return { url: session.url, paymentId: row.id };
    }
  }

  const row = db
    .insert(payments)
    .values({
      userId,
      memberName: member.name,
      kind,
      ...link,
      item: price.item,
      subtotalCents: price.subtotalCents,
      taxCents: price.taxCents,
      amountCents: price.totalCents,
      taxName: price.taxName,
      taxIncluded: price.taxIncluded,
      currency: price.currency,
      method: 'online',
      priceReason: price.priceReason,
      createdAt: deps.clock(),
    })
    .returning()
    .get();
  const ref = String(row.id);
  const session = await askStripe(deps, 'creating a checkout', () =>
    stripe.checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: ref,
        metadata: { payment_id: ref },
        payment_intent_data: { metadata: { payment_id: ref } },
        customer_email: member.email,
        line_items: lineItems(price, clubName(deps), KIND_WORDS[kind]),
        success_url: `${deps.env.APP_URL}/payments/return?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${deps.env.APP_URL}/profile`,
      },
      // One checkout per payment, however often this request is retried.
      { idempotencyKey: `club-payment-${row.id}-checkout` },
    ),
  ).catch((err: unknown) => {
    // No checkout was made for it: the payment never leaves pending otherwise.
    db.update(payments).set({ status: 'failed' }).where(eq(payments.id, row.id)).run();
    throw err;
  });
  db.update(payments).set({ stripeSessionId: session.id }).where(eq(payments.id, row.id)).run();
  if (!session.url) throw new ServiceError(503, STRIPE_UNAVAILABLE_ERROR, undefined, { 'Retry-After': '60' });
  return { url: session.url, paymentId: row.id };
}

/** The member's return from Checkout: Stripe is asked about the session, and its news settled as the webhook would. */
export async function returnFromCheckout(deps: AppDeps, userId: number, sessionId: string): Promise<Payment> {
  const stripe = stripeOf(deps);
  const row = deps.database.db.select().from(payments).where(eq(payments.stripeSessionId, sessionId)).get();
  if (!row || row.userId !== userId) throw new ServiceError(404, CHECKOUT_NOT_FOUND);
  const session = await askStripe(deps, 'reading a checkout', () => stripe.checkout.sessions.retrieve(sessionId));
  settleSession(deps, session);
  return paymentById(deps, row.id)!;
}

function settleSession(deps: AppDeps, session: Stripe.Checkout.Session): void {
  const facts = sessionFacts(session);
  if (session.payment_status === 'paid') settle(deps, facts, 'paid');
  else if (session.status === 'expired') settle(deps, facts, 'expired');
}

/** The daily check: each online payment pending for over a day is asked of Stripe and settled. */
export async function checkPendingPayments(deps: AppDeps): Promise<number> {
  const stripe = deps.stripe;
  if (!stripe) return 0;
  const rows: PaymentRow[] = deps.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.method, 'online'), inArray(payments.status, ['pending']), lt(payments.createdAt, deps.clock() - PENDING_CHECK_AFTER_MS), isNotNull(payments.stripeSessionId)))
    .all();
  let asked = 0;
  for (const row of rows) {
    try {
      settleSession(deps, await stripe.checkout.sessions.retrieve(row.stripeSessionId!));
      asked += 1;
    } catch (err) {
      deps.logger.warn({ payment: row.id, err: err instanceof Error ? err.message : String(err) }, 'Stripe: the daily check of a pending payment failed; it is asked again tomorrow');
    }
  }
  return asked;
}

/**
 * Runs the daily check at 04:00 server time (and not at start: a restart is no news of a payment),
 * and forgets the Stripe events older than their retention.
 */
export function startPendingPaymentCheck(deps: AppDeps, pattern = '0 0 4 * * *'): () => void {
  if (!deps.stripe) return () => undefined;
  const job = new Cron(pattern, { protect: true, unref: true, name: 'pending payments' }, async () => {
    const asked = await checkPendingPayments(deps);
    if (asked > 0) deps.logger.info({ asked }, 'pending payments asked of Stripe');
    const pruned = pruneStripeEvents(deps);
    if (pruned > 0) deps.logger.info({ pruned }, 'old Stripe event ids forgotten');
  });
  return () => job.stop();
}
