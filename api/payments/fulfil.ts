// The one way a payment becomes paid, failed or expired, whoever brings the news: Stripe's webhook,
// the member's return from Checkout, the daily check of checkouts still pending, or a treasurer's
// record of money handed over. Inside one transaction: the event's id is recorded (a delivery already
// handled changes nothing), the payment moves with one conditional update (so however many deliveries
// race, one of them makes it paid), and the receipt is queued with it, so a payment paid is one receipt.
import { and, eq, ne } from 'drizzle-orm';
import type Stripe from 'stripe';
import { payments, stripeEvents, users, type PaymentRow } from '../../db/schema';
import { newMembershipTerm } from '../../domain/calendar';
import { clubToday } from '../../domain/clock';
import { clubName } from '../club/identity/identity';
import { documentBody } from '../club/documents';
import { clubTerms } from '../club/terms';
import { clubDates } from '../club/settings';
import { approveMember } from '../members/members';
import { approveRenewals } from '../members/renewals';
import { paymentReceiptEmail } from '../messaging/mail-templates';
import type { AppDeps } from '../platform/context';
import { clubTimeZone } from '../platform/club-time-zone';
import { openRenewalOf, paymentSummary } from './ledger';

/** What the app takes from a Checkout Session: whose payment it is, and what Stripe says of it. */
export interface SessionFacts {
  id: string;
  /** metadata.payment_id, else client_reference_id: the app's payment id as a string. */
  paymentId: string | null;
  /** 'paid' once the money is there (a card at once, a bank debit later). */
  paymentStatus: string;
  amountTotal: number | null;
  currency: string | null;
  paymentIntent: string | null;
}

export function sessionFacts(session: Stripe.Checkout.Session): SessionFacts {
  const intent = session.payment_intent;
  return {
    id: session.id,
    paymentId: session.metadata?.payment_id ?? session.client_reference_id ?? null,
    paymentStatus: session.payment_status,
    amountTotal: session.amount_total,
    currency: session.currency,
    paymentIntent: typeof intent === 'string' ? intent : (intent?.id ?? null),
  };
}

/** The news a source brings: paid (when Stripe says the session is), or failed, or expired. */
export type News = 'paid' | 'failed' | 'expired';

/** What came of it: `paid` only for the one call that made the payment paid. */
export type Settled = 'paid' | 'already-paid' | 'duplicate-event' | 'not-ours' | 'amount-mismatch' | 'failed' | 'expired' | 'unchanged' | 'not-paid-yet';

export interface StripeEventRef {
  id: string;
  type: string;
}

/** Queues the receipt and applies the club's activation rule, for a payment that has just become paid. */
function afterPaid(deps: AppDeps, row: PaymentRow): void {
  if (row.userId === null) return;
  const member = deps.database.db.select().from(users).where(eq(users.id, row.userId)).get();
  if (!member) return;
  const currency = row.currency;
  const formatMoney = (minor: number, code: string) => clubDates(deps).money(minor, code);
  const lines = [
    row.taxCents > 0 && !row.taxIncluded ? `${row.item}: ${formatMoney(row.subtotalCents, currency)}, ${row.taxName} ${formatMoney(row.taxCents, currency)}` : null,
    `Total: ${formatMoney(row.amountCents, currency)}${row.taxCents > 0 && row.taxIncluded ? ` (incl. ${formatMoney(row.taxCents, currency)} ${row.taxName})` : ''}`,
  ].filter((line): line is string => line !== null);
  const email = paymentReceiptEmail(clubName(deps), member.email, member.name, { number: row.id, item: row.item, lines, how: paymentSummary(deps, row) }, deps.env.APP_URL);
  // Keyed by the payment: a receipt is queued once however the payment came to be paid.
  deps.messageQueue.enqueue(email, `payment-receipt:${row.id}`);
  if (row.kind !== 'membership' || !documentBody(deps, 'payments').activateOnPayment) return;
  const renewal = openRenewalOf(deps, member.id);
  if (renewal) {
    // The renewal an administrator approves with one tap: the membership runs to the end of the term asked for.
    approveRenewals(deps, null, [renewal.id]);
  } else if (member.role === 'pending') {
    // The approval an administrator gives with one tap: a member to the end of the term a new member joins for.
    const term = newMembershipTerm(clubTerms(deps), clubToday(deps.clock(), clubTimeZone(deps)));
    approveMember(deps, member.id, { role: 'member', expiryDate: term.end });
  }
}

/** Marks a payment paid (any status but paid), in the caller's transaction; true for the one call that did. */
export function markPaid(deps: AppDeps, paymentId: number, fields: { paidByEvent?: string | null; stripePaymentIntent?: string | null }): boolean {
  const { db } = deps.database;
  const changed = db
    .update(payments)
    .set({ status: 'paid', paidAt: deps.clock(), paidByEvent: fields.paidByEvent ?? null, ...(fields.stripePaymentIntent ? { stripePaymentIntent: fields.stripePaymentIntent } : {}) })
    .where(and(eq(payments.id, paymentId), ne(payments.status, 'paid')))
    .run().changes;
  if (changed !== 1) return false;
  afterPaid(deps, db.select().from(payments).where(eq(payments.id, paymentId)).get()!);
  return true;
}

/**
 * Settles an online payment on news of its Checkout Session, once: `event` is the Stripe event that
 * brought it (recorded, so its next delivery is a no-op), none for the return page and the daily check.
 */
export function settle(deps: AppDeps, facts: SessionFacts, news: News, event?: StripeEventRef): { outcome: Settled; paymentId: number | null } {
  const { db } = deps.database;
  return deps.database.tx(() => {
    const id = facts.paymentId !== null && /^\d{1,15}$/.test(facts.paymentId) ? Number(facts.paymentId) : null;
    if (event) {
      const fresh = db
        .insert(stripeEvents)
        .values({ id: event.id, type: event.type, paymentId: id, receivedAt: deps.clock() })
        .onConflictDoNothing()
        .run().changes;
      if (fresh === 0) return { outcome: 'duplicate-event', paymentId: id };
    }
    const row = id === null ? undefined : db.select().from(payments).where(eq(payments.id, id)).get();
    if (!row || row.method !== 'online' || (row.stripeSessionId !== null && row.stripeSessionId !== facts.id)) {
      deps.logger.warn({ session: facts.id, event: event?.id }, 'a Stripe checkout that names no online payment of this club: nothing done');
      return { outcome: 'not-ours', paymentId: null };
    }
    if (news === 'paid') {
      if (facts.paymentStatus !== 'paid') return { outcome: 'not-paid-yet', paymentId: row.id };
      // The price is the server's: a session for another amount or currency pays nothing here.
      if (facts.amountTotal !== row.amountCents || (facts.currency ?? '').toUpperCase() !== row.currency) {
        deps.logger.error({ payment: row.id, session: facts.id, amount: facts.amountTotal, currency: facts.currency }, 'a Stripe checkout paid another amount than its payment: not marked paid, see the ledger');
        return { outcome: 'amount-mismatch', paymentId: row.id };
      }
      if (row.stripeSessionId === null) db.update(payments).set({ stripeSessionId: facts.id }).where(eq(payments.id, row.id)).run();
      const made = markPaid(deps, row.id, { paidByEvent: event?.id ?? null, stripePaymentIntent: facts.paymentIntent });
      return { outcome: made ? 'paid' : 'already-paid', paymentId: row.id };
    }
    const changed = db
      .update(payments)
      .set({ status: news })
      .where(and(eq(payments.id, row.id), eq(payments.status, 'pending')))
      .run().changes;
    return { outcome: changed === 1 ? news : 'unchanged', paymentId: row.id };
  });
}
