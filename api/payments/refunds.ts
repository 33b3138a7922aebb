// Refunds, full or partial, with a reason. The amount is held first, in one transaction that checks
// it against what was paid and not yet refunded (domain/payments/payments.ts), so two treasurers
// refunding the same payment at once refund it once: the second finds the first's hold. Then an online
// payment's refund is asked of Stripe with an idempotency key of its own; money handed over is given
// back by hand, and the refund recorded as done.
import { eq } from 'drizzle-orm';
import { payments, refunds } from '../../db/schema';
import {
  ONLINE_PAYMENTS_OFF_ERROR,
  PAYMENT_NOT_FOUND,
  REFUND_AMOUNT_ERROR,
  REFUND_NOT_PAID_ERROR,
  REFUND_NOTHING_LEFT_ERROR,
  refundTooMuchMessage,
  STRIPE_UNAVAILABLE_ERROR,
  type Payment,
  type RefundInput,
} from '../../domain/contract/members/payments';
import { refundableCents, refundProblem, type PaymentStatus } from '../../domain/payments/payments';
import type { AppDeps, CurrentUser } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { clubDates } from '../club/settings';
import { countedCents, paymentById, refundedOf } from './ledger';

/** Holds the refund's amount against the payment, or refuses; answers the refund's id and the payment as stored. */
function holdRefund(deps: AppDeps, actor: CurrentUser, paymentId: number, input: RefundInput) {
  const { db } = deps.database;
  return deps.database.tx(() => {
    const row = db.select().from(payments).where(eq(payments.id, paymentId)).get();
    if (!row) throw new ServiceError(404, PAYMENT_NOT_FOUND);
    const refunded = countedCents(refundedOf(deps, [row.id]).get(row.id) ?? []);
    const payment = { status: row.status as PaymentStatus, amountCents: row.amountCents };
    switch (refundProblem(payment, refunded, input.amountCents)) {
      case 'not-paid':
        throw new ServiceError(409, REFUND_NOT_PAID_ERROR);
      case 'nothing-left':
        throw new ServiceError(409, REFUND_NOTHING_LEFT_ERROR);
      case 'not-positive':
        throw new ServiceError(400, REFUND_AMOUNT_ERROR, { field: 'amountCents' });
      case 'too-much':
        throw new ServiceError(409, refundTooMuchMessage(clubDates(deps).money(refundableCents(payment, refunded), row.currency)), { field: 'amountCents' });
      case null:
        break;
    }
    if (row.method === 'online' && !deps.stripe) throw new ServiceError(409, ONLINE_PAYMENTS_OFF_ERROR);
    const refund = db
      .insert(refunds)
      .values({
        paymentId: row.id,
        amountCents: input.amountCents,
        reason: input.reason,
        status: row.method === 'online' ? 'pending' : 'succeeded',
        createdBy: actor.id,
        createdByName: actor.row.name,
        createdAt: deps.clock(),
      })
      .returning()
      .get();
    return { refundId: refund.id, row };
  });
}

export async function refundPayment(deps: AppDeps, actor: CurrentUser, paymentId: number, input: RefundInput): Promise<Payment> {
  const { refundId, row } = holdRefund(deps, actor, paymentId, input);
  if (row.method === 'online') {
    const { db } = deps.database;
    try {
      const intent = row.stripePaymentIntent ?? (await deps.stripe!.checkout.sessions.retrieve(row.stripeSessionId!)).payment_intent;
      const refund = await deps.stripe!.refunds.create(
        { payment_intent: typeof intent === 'string' ? intent : intent!.id, amount: input.amountCents, metadata: { payment_id: String(row.id), refund_id: String(refundId) } },
        // The refund's own key: a retry of this call never refunds twice.
        { idempotencyKey: `club-refund-${refundId}` },
      );
      db.update(refunds).set({ status: 'succeeded', stripeRefundId: refund.id }).where(eq(refunds.id, refundId)).run();
    } catch (err) {
      // Stripe refunded nothing: the hold is let go, and the treasurer may try again.
      db.update(refunds).set({ status: 'failed' }).where(eq(refunds.id, refundId)).run();
      deps.logger.error({ payment: row.id, err: err instanceof Error ? err.message : String(err) }, 'Stripe: a refund failed');
      throw new ServiceError(503, STRIPE_UNAVAILABLE_ERROR, undefined, { 'Retry-After': '60' });
    }
  }
  return paymentById(deps, row.id)!;
}
