// Stripe's webhook through the real `stripe` package against the stand-in: however Stripe delivers
// (twice at once, out of order, stale, forged, for another amount), each payment is paid once, with
// one receipt, and the ledger and the member's balance agree.
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { payments, stripeEvents } from '../../db/schema';
import { WEBHOOK_SIGNATURE_ERROR } from '../../domain/contract/members/payments';
import { paymentScene, type PaymentScene } from '../testing/test-app';
import { startPendingPaymentCheck } from './checkout';
import { pruneStripeEvents } from './webhook';

let scene: PaymentScene;
afterEach(async () => scene?.close());

const paymentRow = (s: PaymentScene, id: number) => s.t.db.select().from(payments).where(eq(payments.id, id)).get()!;

async function ledgerAndBalanceAgree(s: PaymentScene) {
  const ledger = await s.t.must('GET', '/api/payments', { token: s.admin.token });
  const mine = await s.t.must('GET', '/api/payments/me', { token: s.member.token });
  const memberPaid = ledger.payments.filter((p: { userId: number; status: string }) => p.userId === s.member.id && p.status === 'paid');
  const net = memberPaid.reduce((sum: number, p: { amountCents: number; refundedCents: number }) => sum + p.amountCents - p.refundedCents, 0);
  expect(mine.balance.netCents).toBe(net);
  expect(ledger.totals.netCents).toBe(ledger.totals.paidCents - ledger.totals.refundedCents);
  return { ledger, mine };
}

describe('POST /api/payments/stripe/webhook', () => {
  it('pays a checkout once when one event is delivered twice at the same moment', async () => {
    scene = await paymentScene();
    const { paymentId, sessionId } = await scene.checkout();
    scene.stand.pay(sessionId);
    const payload = scene.stand.event('checkout.session.completed', sessionId);
    const answers = await Promise.all([scene.deliver(payload), scene.deliver(payload)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(paymentRow(scene, paymentId).status).toBe('paid');
    expect(scene.receipts(paymentId)).toBe(1);
    expect(scene.t.db.select().from(stripeEvents).all()).toHaveLength(1);
    const { ledger, mine } = await ledgerAndBalanceAgree(scene);
    expect(ledger.totals.paidCents).toBe(28928);
    expect(mine.balance).toEqual({ paidCents: 28928, refundedCents: 0, netCents: 28928 });
    expect(mine.owes).toEqual([]);
  });

  it('ends paid, with one receipt, when ten events of one payment come in reverse order', async () => {
    scene = await paymentScene();
    const { paymentId, sessionId } = await scene.checkout();
    const pending = [
      scene.stand.event('checkout.session.completed', sessionId, { override: { payment_status: 'unpaid', status: 'complete' } }),
      scene.stand.event('checkout.session.async_payment_failed', sessionId),
      scene.stand.event('checkout.session.expired', sessionId, { override: { status: 'expired' } }),
    ];
    scene.stand.pay(sessionId);
    const paid = [
      scene.stand.event('checkout.session.async_payment_succeeded', sessionId),
      scene.stand.event('checkout.session.completed', sessionId),
      scene.stand.event('payment_intent.succeeded', sessionId),
      scene.stand.event('charge.succeeded', sessionId),
    ];
    const events = [...pending, ...paid];
    // Ten deliveries: the seven events, three of them twice.
    const deliveries = [...events, events[4]!, events[1]!, events[3]!].reverse();
    for (const payload of deliveries) expect((await scene.deliver(payload)).status).toBe(200);
    expect(paymentRow(scene, paymentId).status).toBe('paid');
    expect(scene.receipts(paymentId)).toBe(1);
    // And the same ten at once, again: nothing more.
    await Promise.all(deliveries.map((payload) => scene.deliver(payload)));
    expect(paymentRow(scene, paymentId).status).toBe('paid');
    expect(scene.receipts(paymentId)).toBe(1);
    await ledgerAndBalanceAgree(scene);
  });

  it('lets an expired checkout go, and the member may start another', async () => {
    scene = await paymentScene();
    const { paymentId, sessionId } = await scene.checkout();
    scene.stand.expire(sessionId);
    expect((await scene.deliver(scene.stand.event('checkout.session.expired', sessionId))).status).toBe(200);
    expect(paymentRow(scene, paymentId).status).toBe('expired');
    expect(scene.receipts(paymentId)).toBe(0);
    const mine = await scene.t.must('GET', '/api/payments/me', { token: scene.member.token });
    expect(mine.owes.length).toBeGreaterThan(0);
    const again = await scene.checkout();
    expect(again.paymentId).not.toBe(paymentId);
  });

  it('refuses a wrong, stale or missing signature with 400 and changes nothing', async () => {
    scene = await paymentScene();
    const { sessionId } = await scene.checkout();
    scene.stand.pay(sessionId);
    const payload = scene.stand.event('checkout.session.completed', sessionId);
    const before = scene.snapshot();
    const now = Math.floor(scene.t.clock.now() / 1000);
    const attempts = [
      () => scene.deliver(payload, { secret: 'whsec_someone_else' }),
      () => scene.deliver(payload, { timestamp: now - 600 }),
      () => scene.deliver(payload, { signature: null }),
      () => scene.deliver(payload, { signature: 'garbage' }),
    ];
    for (const attempt of attempts) {
      const res = await attempt();
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: WEBHOOK_SIGNATURE_ERROR });
    }
    // Signed, then changed: the amount in the body is not what was signed.
    const tampered = payload.replace('"amount_total":28928', '"amount_total":100');
    const forged = await scene.deliver(tampered, { signature: scene.stand.sign(payload, now) });
    expect(forged.status).toBe(400);
    expect(scene.snapshot()).toEqual(before);
  });

  it('does not pay a payment from a checkout of another amount, even one signed', async () => {
    scene = await paymentScene();
    const { paymentId, sessionId } = await scene.checkout();
    scene.stand.pay(sessionId);
    const res = await scene.deliver(scene.stand.event('checkout.session.completed', sessionId, { override: { amount_total: 100 } }));
    expect(res.status).toBe(200);
    expect(paymentRow(scene, paymentId).status).toBe('pending');
    expect(scene.receipts(paymentId)).toBe(0);
    // Nor in another currency.
    await scene.deliver(scene.stand.event('checkout.session.completed', sessionId, { override: { currency: 'usd' } }));
    expect(paymentRow(scene, paymentId).status).toBe('pending');
    // The true event still pays it.
    await scene.deliver(scene.stand.event('checkout.session.completed', sessionId));
    expect(paymentRow(scene, paymentId).status).toBe('paid');
  });

  it('takes an event that names no payment of this club, changing nothing', async () => {
    scene = await paymentScene();
    const { sessionId } = await scene.checkout();
    scene.stand.pay(sessionId);
    const before = scene.t.db.select().from(payments).all();
    const res = await scene.deliver(scene.stand.event('checkout.session.completed', sessionId, { override: { metadata: { payment_id: '999' }, client_reference_id: '999' } }));
    expect(res.status).toBe(200);
    expect(scene.t.db.select().from(payments).all()).toEqual(before);
  });

  it('fulfils exactly one hundred payments from two hundred deliveries at once, each twice', async () => {
    scene = await paymentScene();
    const ids: number[] = [];
    const payloads: string[] = [];
    for (let i = 0; i < 100; i += 1) {
      const who = await scene.t.createUser({ role: 'pending', email: `payer${i}@club.test`, expiryDate: null });
      const { paymentId, sessionId } = await scene.checkout('Half Run', who);
      scene.stand.pay(sessionId);
      ids.push(paymentId);
      payloads.push(scene.stand.event('checkout.session.completed', sessionId));
    }
    const answers = await Promise.all([...payloads, ...payloads].map((payload) => scene.deliver(payload)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = scene.t.db.select().from(payments).all();
    expect(rows.filter((r) => r.status === 'paid').map((r) => r.id).sort((a, b) => a - b)).toEqual(ids);
    expect(ids.map((id) => scene.receipts(id))).toEqual(ids.map(() => 1));
    const ledger = await scene.t.must('GET', '/api/payments', { token: scene.admin.token });
    expect(ledger.totals.paidCents).toBe(100 * 11413);
  }, 60_000);

  it('keeps a handled event’s id past Stripe’s retries, and the daily job forgets it after the retention', async () => {
    scene = await paymentScene();
    const { paymentId, sessionId } = await scene.checkout();
    scene.stand.pay(sessionId);
    await scene.deliver(scene.stand.event('checkout.session.completed', sessionId));
    const day = 24 * 60 * 60 * 1000;
    // Four days on, past Stripe's three days of retries: a late delivery is still known.
    scene.t.clock.advance(4 * day);
    expect(pruneStripeEvents(scene.t.deps)).toBe(0);
    expect(scene.t.db.select().from(stripeEvents).all()).toHaveLength(1);
    scene.t.clock.advance(27 * day);
    const stop = startPendingPaymentCheck(scene.t.deps, '* * * * * *');
    try {
      await expect.poll(() => scene.t.db.select().from(stripeEvents).all().length, { timeout: 3000 }).toBe(0);
    } finally {
      stop();
    }
    expect(paymentRow(scene, paymentId).status).toBe('paid');
    expect(scene.receipts(paymentId)).toBe(1);
  });

  it('answers 400 while Stripe is not connected', async () => {
    scene = await paymentScene({ online: false });
    const res = await scene.deliver('{"id":"evt_1","type":"checkout.session.completed"}');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: WEBHOOK_SIGNATURE_ERROR });
  });
});
