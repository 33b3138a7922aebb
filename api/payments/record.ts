// Money handed to the treasurer (cash at the pool, a bank transfer), recorded by whoever handles
// payments. It is paid the moment it is recorded, through the same markPaid as an online payment, so
// its receipt and the club's activation rule follow alike. The route runs it under respondOnce: a
// record made poolside with no signal and replayed from the device's outbox lands once.
import { eq } from 'drizzle-orm';
import { payments, users } from '../../db/schema';
import { PAYMENT_MEMBER_NOT_FOUND, type Payment, type RecordPaymentInput } from '../../domain/contract/members/payments';
import { chargeFor } from '../../domain/payments/money';
import type { AppDeps, CurrentUser } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { markPaid } from './fulfil';
import { paymentById } from './ledger';
import { chargeOf } from './checkout';

export function recordPayment(deps: AppDeps, actor: CurrentUser, input: RecordPaymentInput): Payment {
  const { db } = deps.database;
  const member = db.select().from(users).where(eq(users.id, input.userId)).get();
  if (!member) throw new ServiceError(404, PAYMENT_MEMBER_NOT_FOUND, { field: 'userId' });
  const { price, kind, link } = chargeOf(deps, member, input);
  const amountCents = input.amountCents ?? price.totalCents;
  // Another amount than the price (a reduced fee, a part paid) carries the tax at the same rate, inside it.
  const split = amountCents === price.totalCents ? price : chargeFor(amountCents, { name: price.taxName, included: true, rate: price.taxRate });
  const row = db
    .insert(payments)
    .values({
      userId: member.id,
      memberName: member.name,
      kind,
      ...link,
      item: price.item,
      subtotalCents: split.subtotalCents,
      taxCents: split.taxCents,
      amountCents,
      taxName: price.taxName,
      taxIncluded: price.taxIncluded || amountCents !== price.totalCents,
      currency: price.currency,
      method: input.method,
      priceReason: price.priceReason,
      receipt: input.receipt || null,
      note: input.note || null,
      recordedBy: actor.id,
      recordedByName: actor.row.name,
      createdAt: deps.clock(),
    })
    .returning()
    .get();
  markPaid(deps, row.id, {});
  return paymentById(deps, row.id)!;
}
