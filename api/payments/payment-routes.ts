import { Hono, type Context } from 'hono';
import type { AnswerOf } from '../../domain/contract/endpoints';
import {
  checkoutSchema,
  ledgerQuerySchema,
  memberPriceSchema,
  paymentRequestSchema,
  PAYMENT_MEMBER_NOT_FOUND,
  PAYMENT_NOT_FOUND,
  recordPaymentSchema,
  refundSchema,
  returnSchema,
} from '../../domain/contract/members/payments';
import type { AppEnv } from '../platform/context';
import { requireAuth } from '../platform/middleware/auth';
import { respondOnce, respondOnceAsync } from '../platform/middleware/idempotency';
import { parse, readBody, readBodyNamingField, routeId } from '../platform/middleware/validate';
import { mayHandle, requirePayments } from './access';
import { returnFromCheckout, startCheckout } from './checkout';
import { ledger, ledgerCsv, myPayments } from './ledger';
import { clearMemberPrice, setMemberPrice } from './member-prices';
import { recordPayment } from './record';
import { owingList, remindOwing } from './reminders';
import { createRequest } from './requests';
import { refundPayment } from './refunds';
import { receiveWebhook } from './webhook';

function ledgerOf(c: Context<AppEnv>) {
  const { status, term } = parse(ledgerQuerySchema, { status: c.req.query('status') || undefined, term: c.req.query('term') || undefined });
  return { ...ledger(c.var.deps, status, term), owing: owingList(c.var.deps) };
}

// The webhook is Stripe's (its signature is the credential); the rest are a signed-in account's: the
// member's own payments (a pending account too: paying is how it becomes a member), and the ledger,
// records and refunds of whoever handles the money (api/payments/access.ts).
export const paymentRoutes = new Hono<AppEnv>()
  .post('/stripe/webhook', async (c) => {
    // The raw bytes: the signature is of them, not of a JSON parsed and written again.
    const payload = new Uint8Array(await c.req.arrayBuffer());
    await receiveWebhook(c.var.deps, payload, c.req.header('stripe-signature'));
    return c.json({ received: true } satisfies AnswerOf<'POST /payments/stripe/webhook'>, 200);
  })
  .use('*', requireAuth)
  .get('/me', (c) => c.json(myPayments(c.var.deps, c.var.user.row, mayHandle(c.var.deps, c.var.user)) satisfies AnswerOf<'GET /payments/me'>, 200))
  .post('/checkout', async (c) => {
    const input = await readBodyNamingField(c, checkoutSchema);
    return c.json((await startCheckout(c.var.deps, c.var.user.id, input)) satisfies AnswerOf<'POST /payments/checkout'>, 200);
  })
  .post('/return', async (c) => {
    const input = await readBody(c, returnSchema);
    return c.json({ payment: await returnFromCheckout(c.var.deps, c.var.user.id, input.sessionId) } satisfies AnswerOf<'POST /payments/return'>, 200);
  })
  .get('/', requirePayments, (c) => c.json(ledgerOf(c) satisfies AnswerOf<'GET /payments'>, 200))
  .get('/ledger.csv', requirePayments, (c) => {
    const file = ledgerCsv(c.var.deps, ledgerOf(c));
    return c.body(file.body, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${file.filename}"`,
      'Cache-Control': 'no-store',
    });
  })
  .post('/record', requirePayments, async (c) => {
    const input = await readBodyNamingField(c, recordPaymentSchema);
    return respondOnce(c, input, () => ({
      status: 201,
      body: { payment: recordPayment(c.var.deps, c.var.user, input) } satisfies AnswerOf<'POST /payments/record'>,
    }));
  })
  .post('/:id/refunds', requirePayments, async (c) => {
    const id = routeId(c, PAYMENT_NOT_FOUND);
    const input = await readBodyNamingField(c, refundSchema);
    // Under its Idempotency-Key: a refund sent again after a lost answer is answered, not made again.
    return respondOnceAsync(c, { id, ...input }, async () => ({
      status: 200,
      body: { payment: await refundPayment(c.var.deps, c.var.user, id, input) } satisfies AnswerOf<'POST /payments/:id/refunds'>,
    }));
  })
  .put('/members/:id/price', requirePayments, async (c) => {
    const id = routeId(c, PAYMENT_MEMBER_NOT_FOUND);
    const input = await readBodyNamingField(c, memberPriceSchema);
    return respondOnce(c, { id, ...input }, () => ({
      status: 200,
      body: { price: setMemberPrice(c.var.deps, c.var.user, id, input) } satisfies AnswerOf<'PUT /payments/members/:id/price'>,
    }));
  })
  .post('/requests', requirePayments, async (c) => {
    const input = await readBodyNamingField(c, paymentRequestSchema);
    return respondOnce(c, input, () => ({
      status: 201,
      body: { request: createRequest(c.var.deps, c.var.user, input) } satisfies AnswerOf<'POST /payments/requests'>,
    }));
  })
  .post('/reminders', requirePayments, (c) => respondOnce(c, null, () => ({ status: 200, body: remindOwing(c.var.deps) satisfies AnswerOf<'POST /payments/reminders'> })))
  .delete('/members/:id/price', requirePayments, (c) => {
    const id = routeId(c, PAYMENT_MEMBER_NOT_FOUND);
    return respondOnce(c, { id }, () => {
      clearMemberPrice(c.var.deps, id);
      return { status: 200, body: { price: null } satisfies AnswerOf<'DELETE /payments/members/:id/price'> };
    });
  });
