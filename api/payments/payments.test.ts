// The payment routes through the real `stripe` package against the stand-in: the member's checkout
// and return, money recorded by hand (replayed once), refunds (never more than paid, two at once
// refund once), the ledger and its CSV, who may call what, and bad input answered without a 500.
import { afterEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messageQueue, payments, teamProfiles, users } from '../../db/schema';
import { IDEMPOTENCY_IN_PROGRESS_ERROR, IDEMPOTENCY_KEY_REUSED_ERROR, NO_PERMISSION_ERROR } from '../../domain/contract/common';
import {
  CHECKOUT_NOT_FOUND,
  CHECKOUT_WHAT_ERROR,
  PAYMENT_REQUEST_NOT_FOUND,
  REQUEST_PAID_ERROR,
  NOTHING_OWED_ERROR,
  ONLINE_PAYMENTS_OFF_ERROR,
  REFUND_NOT_PAID_ERROR,
  REFUND_NOTHING_LEFT_ERROR,
  UNKNOWN_PACKAGE_ERROR,
} from '../../domain/contract/members/payments';
import { EXEC, MEMBER } from '../testing/test-app';
import { paymentScene, type PaymentScene } from '../testing/test-app';
import { checkPendingPayments } from './checkout';
import { stripeAddress } from './stripe-client';
import { loadEnv } from '../platform/settings/env';

let scene: PaymentScene;
afterEach(async () => scene?.close());

async function paidOnline(s: PaymentScene) {
  const { paymentId, sessionId } = await s.checkout();
  s.stand.pay(sessionId);
  await s.t.must('POST', '/api/payments/return', { token: s.member.token, body: { sessionId } });
  return { paymentId, sessionId };
}

describe('paying online', () => {
  it('asks Stripe for a checkout of the server’s own price, naming the payment, with a key per payment', async () => {
    scene = await paymentScene();
    const mine = await scene.t.must('GET', '/api/payments/me', { token: scene.member.token });
    expect(mine).toMatchObject({ online: true, currency: 'CAD', taxWords: '+ HST', payments: [], handlesPayments: false });
    expect((await scene.t.must('GET', '/api/payments/me', { token: scene.admin.token })).handlesPayments).toBe(true);
    expect(mine.owes).toContainEqual({ item: 'Full Tri', subtotalCents: 25600, taxCents: 3328, totalCents: 28928 });
    const answer = await scene.t.must('POST', '/api/payments/checkout', { token: scene.member.token, body: { package: 'full tri', amountCents: 1 } });
    const session = [...scene.stand.sessions.values()][0]!;
    expect(answer).toEqual({ url: session.url, paymentId: expect.any(Number) });
    expect(session).toMatchObject({ amount_total: 28928, currency: 'cad', client_reference_id: String(answer.paymentId), metadata: { payment_id: String(answer.paymentId) } });
    expect(scene.stand.requests.find((r) => r.path === '/v1/checkout/sessions')?.idempotencyKey).toBe(`club-payment-${answer.paymentId}-checkout`);
    // Asked again while it is open: the same checkout, not a second payment.
    const again = await scene.t.must('POST', '/api/payments/checkout', { token: scene.member.token, body: { package: 'Full Tri' } });
    expect(again).toEqual(answer);
    expect(scene.t.db.select().from(payments).all()).toHaveLength(1);
  });

  it('is paid on the member’s return from Checkout, once, with the webhook after it a no-op', async () => {
    scene = await paymentScene();
    const { paymentId, sessionId } = await scene.checkout();
    const early = await scene.t.must('POST', '/api/payments/return', { token: scene.member.token, body: { sessionId } });
    expect(early.payment.status).toBe('pending');
    scene.stand.pay(sessionId);
    const [back, hook] = await Promise.all([
      scene.t.call('POST', '/api/payments/return', { token: scene.member.token, body: { sessionId } }),
      scene.deliver(scene.stand.event('checkout.session.completed', sessionId)),
    ]);
    expect([back.status, hook.status]).toEqual([200, 200]);
    expect(back.body.payment).toMatchObject({ id: paymentId, status: 'paid', amountCents: 28928, taxCents: 3328, taxName: 'HST', method: 'online' });
    expect(scene.receipts(paymentId)).toBe(1);
    const refused = await scene.t.call('POST', '/api/payments/checkout', { token: scene.member.token, body: { package: 'Half Tri' } });
    expect(refused).toMatchObject({ status: 409, body: { error: NOTHING_OWED_ERROR } });
    // Another's checkout is not theirs to return from.
    const other = await scene.t.createUser(MEMBER);
    expect(await scene.t.call('POST', '/api/payments/return', { token: other.token, body: { sessionId } })).toMatchObject({ status: 404, body: { error: CHECKOUT_NOT_FOUND } });
  });

  it('activates the account at once when the club says so, and leaves it to the administrator by default', async () => {
    scene = await paymentScene();
    await paidOnline(scene);
    expect(scene.t.userRow(scene.member.id)!.role).toBe('pending');
    const pending = await scene.t.must('GET', '/api/payments?status=paid', { token: scene.admin.token });
    expect(pending.payments[0].summary).toBe('Paid $289.28 (incl. $33.28 HST) online, Mar 2, 2026');

    const other = await scene.t.createUser({ role: 'pending', email: 'quinn@club.test', expiryDate: null });
    await scene.t.must('PUT', '/api/club/documents/payments', {
      token: scene.admin.token,
      body: { body: { currency: 'CAD', activateOnPayment: true, positions: ['treasurer'] }, version: 0 },
    });
    const { sessionId } = await scene.checkout('Half Run', other);
    scene.stand.pay(sessionId);
    await scene.deliver(scene.stand.event('checkout.session.completed', sessionId));
    const row = scene.t.userRow(other.id)!;
    expect(row.role).toBe('member');
    expect(row.expiryDate).not.toBeNull();
  });

  it('asks nothing of an active member, and asks a lapsed one again whatever they paid before', async () => {
    scene = await paymentScene();
    const active = await scene.t.createUser(MEMBER);
    expect((await scene.t.must('GET', '/api/payments/me', { token: active.token })).owes).toEqual([]);
    expect(await scene.t.call('POST', '/api/payments/checkout', { token: active.token, body: { package: 'Full Tri' } })).toMatchObject({ status: 409, body: { error: NOTHING_OWED_ERROR } });
    // Paid last year, membership ended yesterday: owes the next one.
    const lapsed = await scene.t.createUser({ role: 'member', email: 'lapsed@club.test', expiryDate: '2026-03-01' });
    scene.t.db
      .insert(payments)
      .values({ userId: lapsed.id, memberName: 'Lapsed', kind: 'membership', item: 'Full Tri', subtotalCents: 25600, taxCents: 3328, amountCents: 28928, currency: 'CAD', method: 'cash', status: 'paid', paidAt: Date.parse('2025-09-01T15:00:00Z') })
      .run();
    expect((await scene.t.must('GET', '/api/payments/me', { token: lapsed.token })).owes).toHaveLength(6);
    const { sessionId } = await scene.checkout('Half Tri', lapsed);
    scene.stand.pay(sessionId);
    await scene.deliver(scene.stand.event('checkout.session.completed', sessionId));
    expect((await scene.t.must('GET', '/api/payments/me', { token: lapsed.token })).owes).toEqual([]);
  });

  it('is off without a Stripe key, and everything else works', async () => {
    scene = await paymentScene({ online: false });
    const mine = await scene.t.must('GET', '/api/payments/me', { token: scene.member.token });
    expect(mine.online).toBe(false);
    expect(await scene.t.call('POST', '/api/payments/checkout', { token: scene.member.token, body: { package: 'Full Tri' } })).toMatchObject({
      status: 409,
      body: { error: ONLINE_PAYMENTS_OFF_ERROR },
    });
    const recorded = await scene.t.must('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: scene.member.id, package: 'Full Tri', method: 'cash', receipt: '0042' } });
    expect(recorded.payment).toMatchObject({ status: 'paid', amountCents: 28928, method: 'cash', summary: 'Cash $289.28 (incl. $33.28 HST), receipt 0042, recorded by Alex Admin' });
  });

  it('charges in the club’s currency, in its own minor units, and writes it in the club’s language', async () => {
    scene = await paymentScene();
    const put = (key: string, body: unknown) => scene.t.must('PUT', `/api/club/documents/${key}`, { token: scene.admin.token, body: { body, version: 0 } });
    await put('payments', { currency: 'JPY', activateOnPayment: false, positions: ['treasurer'] });
    await put('region', { country: 'CA', locale: 'fr-CA' });
    // Full Tri's 256 on Join us is ¥256, and its 13 % HST ¥33 (no yen has cents).
    expect((await scene.t.must('GET', '/api/payments/me', { token: scene.member.token })).owes).toContainEqual({ item: 'Full Tri', subtotalCents: 256, taxCents: 33, totalCents: 289 });
    const { sessionId } = await scene.checkout();
    expect(scene.stand.sessions.get(sessionId)).toMatchObject({ amount_total: 289, currency: 'jpy' });
    const { payment } = await scene.t.must('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: scene.member.id, package: 'Half Run', method: 'cash', amountCents: 1200 } });
    expect(payment.summary).toBe('Cash 1 200 ¥ (incl. 138 ¥ HST), recorded by Alex Admin');
    const csv = await scene.t.call('GET', '/api/payments/ledger.csv?status=paid', { token: scene.admin.token });
    expect(String(csv.body)).toContain('"1062","138","1200","JPY"');
    const tooMuch = await scene.t.call('POST', `/api/payments/${payment.id}/refunds`, { token: scene.admin.token, body: { amountCents: 1201, reason: 'Too much' } });
    expect(tooMuch.body.error).toContain('1 200 ¥');
  });

  it('answers 503, not 500, when Stripe does not answer, and the payment does not stay pending', async () => {
    scene = await paymentScene();
    scene.stand.fail(400);
    const res = await scene.t.call('POST', '/api/payments/checkout', { token: scene.member.token, body: { package: 'Full Tri' } });
    expect(res.status).toBe(503);
    expect(res.body.error).toBeTypeOf('string');
    expect(scene.t.db.select().from(payments).all().map((p) => p.status)).toEqual(['failed']);
  });

  it('the daily check settles a checkout pending for over a day', async () => {
    scene = await paymentScene();
    const { paymentId, sessionId } = await scene.checkout();
    scene.stand.pay(sessionId);
    expect(await checkPendingPayments(scene.t.deps)).toBe(0);
    scene.t.clock.advance(25 * 60 * 60 * 1000);
    expect(await checkPendingPayments(scene.t.deps)).toBe(1);
    expect(scene.t.db.select().from(payments).where(eq(payments.id, paymentId)).get()!.status).toBe('paid');
    expect(scene.receipts(paymentId)).toBe(1);
  });
});

describe('money handed over', () => {
  it('is recorded once however often the device replays it', async () => {
    scene = await paymentScene({ online: false });
    const body = { userId: scene.member.id, package: 'Half Du', method: 'cash', receipt: '0043', note: 'At the pool' };
    const headers = { 'idempotency-key': 'poolside-cash-0001' };
    const answers = await Promise.all([1, 2, 3].map(() => scene.t.call('POST', '/api/payments/record', { token: scene.admin.token, body, headers })));
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201]);
    expect(new Set(answers.map((a) => a.body.payment.id)).size).toBe(1);
    expect(scene.t.db.select().from(payments).all()).toHaveLength(1);
    expect(scene.receipts(answers[0]!.body.payment.id)).toBe(1);
  });

  it('takes another amount than the price, the tax counted inside it', async () => {
    scene = await paymentScene({ online: false });
    const { payment } = await scene.t.must('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: scene.member.id, package: 'Full Tri', method: 'transfer', amountCents: 11300 } });
    expect(payment).toMatchObject({ amountCents: 11300, subtotalCents: 10000, taxCents: 1300, method: 'transfer' });
  });

  it('may be recorded by the treasurer, not by another exec or a member', async () => {
    scene = await paymentScene({ online: false });
    const treasurer = await scene.t.createUser({ ...EXEC, email: 'treasurer@club.test' });
    const secretary = await scene.t.createUser({ ...EXEC, email: 'secretary@club.test' });
    scene.t.db.insert(teamProfiles).values([
      { id: 'treasurer', role: 'Treasurer', email: 'Treasurer@club.test' },
      { id: 'secretary', role: 'Secretary', email: 'secretary@club.test' },
    ]).run();
    const body = { userId: scene.member.id, package: 'Full Tri', method: 'cash' };
    expect((await scene.t.call('POST', '/api/payments/record', { token: treasurer.token, body })).status).toBe(201);
    for (const who of [secretary, scene.member]) {
      expect(await scene.t.call('POST', '/api/payments/record', { token: who.token, body })).toMatchObject({ status: 403, body: { error: NO_PERMISSION_ERROR } });
      expect((await scene.t.call('GET', '/api/payments', { token: who.token })).status).toBe(403);
    }
    expect((await scene.t.call('GET', '/api/payments')).status).toBe(401);
    expect((await scene.t.call('GET', '/api/payments/me')).status).toBe(401);
  });
});

describe('refunds', () => {
  it('refund in part and in full through Stripe, never more than was paid', async () => {
    scene = await paymentScene();
    const { paymentId } = await paidOnline(scene);
    const part = await scene.t.must('POST', `/api/payments/${paymentId}/refunds`, { token: scene.admin.token, body: { amountCents: 8928, reason: 'Half a season' } });
    expect(part.payment).toMatchObject({ refundedCents: 8928, status: 'paid' });
    const tooMuch = await scene.t.call('POST', `/api/payments/${paymentId}/refunds`, { token: scene.admin.token, body: { amountCents: 20001, reason: 'Rest' } });
    expect(tooMuch).toMatchObject({ status: 409, body: { error: expect.stringContaining('$200.00'), field: 'amountCents' } });
    await scene.t.must('POST', `/api/payments/${paymentId}/refunds`, { token: scene.admin.token, body: { amountCents: 20000, reason: 'Rest' } });
    expect(await scene.t.call('POST', `/api/payments/${paymentId}/refunds`, { token: scene.admin.token, body: { amountCents: 1, reason: 'More' } })).toMatchObject({
      status: 409,
      body: { error: REFUND_NOTHING_LEFT_ERROR },
    });
    expect(scene.stand.refunds.map((r) => [r.amount, r.idempotencyKey])).toEqual([
      [8928, expect.stringMatching(/^club-refund-\d+$/)],
      [20000, expect.stringMatching(/^club-refund-\d+$/)],
    ]);
    const mine = await scene.t.must('GET', '/api/payments/me', { token: scene.member.token });
    expect(mine.balance).toEqual({ paidCents: 28928, refundedCents: 28928, netCents: 0 });
    const ledger = await scene.t.must('GET', '/api/payments', { token: scene.admin.token });
    expect(ledger.totals).toMatchObject({ paidCents: 28928, refundedCents: 28928, netCents: 0 });
  });

  it('two treasurers refunding the same payment at once refund it once', async () => {
    scene = await paymentScene();
    const { paymentId } = await paidOnline(scene);
    const second = await scene.t.createUser({ role: 'administrator', email: 'second@club.test' });
    const answers = await Promise.all(
      [scene.admin, second].map((who) => scene.t.call('POST', `/api/payments/${paymentId}/refunds`, { token: who.token, body: { amountCents: 28928, reason: 'Moved away' } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(scene.stand.refunds).toHaveLength(1);
  });

  it('a refund sent again with its Idempotency-Key is answered as the first time and refunds once', async () => {
    scene = await paymentScene();
    const { paymentId } = await paidOnline(scene);
    const send = (key: string, amountCents = 1000) =>
      scene.t.call('POST', `/api/payments/${paymentId}/refunds`, { token: scene.admin.token, body: { amountCents, reason: 'Kit returned' }, headers: { 'idempotency-key': key } });
    const first = await send('refund-key-0001');
    expect(first.status).toBe(200);
    const again = await send('refund-key-0001');
    expect(again).toMatchObject({ status: 200, body: first.body });
    expect(again.headers.get('idempotency-key')).toBe('refund-key-0001');
    expect(scene.stand.refunds).toHaveLength(1);
    // Sent twice at once: one refund; the other is the first's answer, or told it is still under way.
    const racing = await Promise.all([send('refund-key-0002'), send('refund-key-0002')]);
    expect(racing.map((r) => r.status).sort()).toEqual(expect.arrayContaining([200]));
    for (const r of racing) if (r.status !== 200) expect(r).toMatchObject({ status: 409, body: { error: IDEMPOTENCY_IN_PROGRESS_ERROR } });
    expect(scene.stand.refunds).toHaveLength(2);
    // The key for another refund is refused; a refund Stripe did not make may be sent again with its key.
    expect(await send('refund-key-0001', 500)).toMatchObject({ status: 422, body: { error: IDEMPOTENCY_KEY_REUSED_ERROR } });
    scene.stand.fail(402);
    expect((await send('refund-key-0003')).status).toBe(503);
    scene.stand.fail(null);
    expect((await send('refund-key-0003')).status).toBe(200);
    expect(scene.stand.refunds).toHaveLength(3);
    const mine = await scene.t.must('GET', '/api/payments/me', { token: scene.member.token });
    expect(mine.balance.refundedCents).toBe(3000);
  });

  it('a refund racing the fulfilment refunds nothing that was not paid, and the payment is paid once', async () => {
    scene = await paymentScene();
    const { paymentId, sessionId } = await scene.checkout();
    scene.stand.pay(sessionId);
    const [refund, hook] = await Promise.all([
      scene.t.call('POST', `/api/payments/${paymentId}/refunds`, { token: scene.admin.token, body: { amountCents: 28928, reason: 'Changed their mind' } }),
      scene.deliver(scene.stand.event('checkout.session.completed', sessionId)),
    ]);
    expect(hook.status).toBe(200);
    expect([200, 409]).toContain(refund.status);
    if (refund.status === 409) expect(refund.body.error).toBe(REFUND_NOT_PAID_ERROR);
    expect(scene.stand.refunds).toHaveLength(refund.status === 200 ? 1 : 0);
    expect(scene.receipts(paymentId)).toBe(1);
    const mine = await scene.t.must('GET', '/api/payments/me', { token: scene.member.token });
    expect(mine.balance.netCents).toBe(refund.status === 200 ? 0 : 28928);
  });

  it('a refund Stripe refuses holds nothing back', async () => {
    scene = await paymentScene();
    const { paymentId } = await paidOnline(scene);
    scene.stand.fail(402);
    expect((await scene.t.call('POST', `/api/payments/${paymentId}/refunds`, { token: scene.admin.token, body: { amountCents: 100, reason: 'Try' } })).status).toBe(503);
    scene.stand.fail(null);
    const done = await scene.t.must('POST', `/api/payments/${paymentId}/refunds`, { token: scene.admin.token, body: { amountCents: 28928, reason: 'Again' } });
    expect(done.payment.refundedCents).toBe(28928);
  });

  it('a cash refund is recorded as given back', async () => {
    scene = await paymentScene({ online: false });
    const { payment } = await scene.t.must('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: scene.member.id, package: 'Full Tri', method: 'cash' } });
    const done = await scene.t.must('POST', `/api/payments/${payment.id}/refunds`, { token: scene.admin.token, body: { amountCents: 1000, reason: 'Overpaid' } });
    expect(done.payment.refunds).toMatchObject([{ amountCents: 1000, reason: 'Overpaid', status: 'succeeded', byName: 'Alex Admin' }]);
  });
});

describe('a member’s own price or exemption', () => {
  it('is set with a reason by whoever handles money, charged by the server, and shown in the ledger', async () => {
    scene = await paymentScene();
    const path = `/api/payments/members/${scene.member.id}/price`;
    expect(await scene.t.call('PUT', path, { token: scene.member.token, body: { exempt: false, priceCents: 100, reason: 'Mine' } })).toMatchObject({ status: 403 });
    expect(await scene.t.call('PUT', path, { token: scene.admin.token, body: { exempt: false, reason: 'Coach' } })).toMatchObject({ status: 400, body: { field: 'priceCents' } });
    expect(await scene.t.call('PUT', path, { token: scene.admin.token, body: { exempt: false, priceCents: 10000, reason: '' } })).toMatchObject({ status: 400, body: { field: 'reason' } });
    expect(await scene.t.call('PUT', '/api/payments/members/99999/price', { token: scene.admin.token, body: { exempt: true, reason: 'x' } })).toMatchObject({ status: 404 });
    const set = await scene.t.must('PUT', path, { token: scene.admin.token, body: { exempt: false, priceCents: 10000, reason: 'Coach' } });
    expect(set.price).toMatchObject({ userId: scene.member.id, exempt: false, priceCents: 10000, reason: 'Coach', byName: 'Alex Admin' });
    // Every package at the member's price, with the club's tax on top; the checkout asks Stripe for that.
    expect((await scene.t.must('GET', '/api/payments/me', { token: scene.member.token })).owes).toContainEqual({ item: 'Full Tri', subtotalCents: 10000, taxCents: 1300, totalCents: 11300 });
    const { paymentId, sessionId } = await scene.checkout();
    expect(scene.stand.sessions.get(sessionId)).toMatchObject({ amount_total: 11300 });
    const ledger = await scene.t.must('GET', '/api/payments', { token: scene.admin.token });
    expect(ledger.payments.find((p: { id: number }) => p.id === paymentId)).toMatchObject({ amountCents: 11300, priceReason: 'Coach' });
    expect(ledger.memberPrices).toEqual([expect.objectContaining({ userId: scene.member.id, memberName: scene.t.userRow(scene.member.id)!.name, priceCents: 10000, reason: 'Coach' })]);
  });

  it('exempts a member from the membership fee, and clears back to the club’s prices', async () => {
    scene = await paymentScene();
    const path = `/api/payments/members/${scene.member.id}/price`;
    await scene.t.must('PUT', path, { token: scene.admin.token, body: { exempt: true, reason: 'Life member' } });
    expect((await scene.t.must('GET', '/api/payments/me', { token: scene.member.token })).owes).toEqual([]);
    expect(await scene.t.call('POST', '/api/payments/checkout', { token: scene.member.token, body: { package: 'Full Tri' } })).toMatchObject({ status: 409, body: { error: NOTHING_OWED_ERROR } });
    expect((await scene.t.must('GET', '/api/payments', { token: scene.admin.token })).memberPrices).toEqual([expect.objectContaining({ exempt: true, priceCents: null, reason: 'Life member' })]);
    expect(await scene.t.must('DELETE', path, { token: scene.admin.token })).toEqual({ price: null });
    expect((await scene.t.must('GET', '/api/payments/me', { token: scene.member.token })).owes).toContainEqual({ item: 'Full Tri', subtotalCents: 25600, taxCents: 3328, totalCents: 28928 });
  });
});

describe('one-off payment requests', () => {
  it('asks every active member or the ones chosen, who pay online or by hand, once each', async () => {
    scene = await paymentScene();
    const ana = await scene.t.createUser({ ...MEMBER, email: 'ana@club.test', name: 'Ana Active' });
    const ben = await scene.t.createUser({ ...MEMBER, email: 'ben@club.test', name: 'Ben Active' });
    const body = { title: 'Club kit', amountCents: 4000, dueDate: '2026-03-20' };
    expect(await scene.t.call('POST', '/api/payments/requests', { token: ana.token, body })).toMatchObject({ status: 403 });
    expect(await scene.t.call('POST', '/api/payments/requests', { token: scene.admin.token, body: { ...body, dueDate: 'soon' } })).toMatchObject({ status: 400, body: { field: 'dueDate' } });
    expect(await scene.t.call('POST', '/api/payments/requests', { token: scene.admin.token, body: { ...body, userIds: [99999] } })).toMatchObject({ status: 404, body: { field: 'userIds' } });
    const { request } = await scene.t.must('POST', '/api/payments/requests', { token: scene.admin.token, body });
    // Every active member (the administrator too), not the pending account.
    expect(request).toMatchObject({ title: 'Club kit', amountCents: 4000, dueDate: '2026-03-20', asked: 3, paid: 0 });
    expect((await scene.t.must('GET', '/api/payments/me', { token: scene.member.token })).requests).toEqual([]);
    expect((await scene.t.must('GET', '/api/payments/me', { token: ana.token })).requests).toEqual([{ id: request.id, title: 'Club kit', amountCents: 4000, dueDate: '2026-03-20' }]);
    const camp = (await scene.t.must('POST', '/api/payments/requests', { token: scene.admin.token, body: { title: 'Camp', amountCents: 15000, dueDate: '2026-04-01', userIds: [ben.id] } })).request;
    expect(camp).toMatchObject({ asked: 1, owing: [{ id: ben.id, name: 'Ben Active' }] });
    // Ana pays online: the server's amount, no tax on top; Ben hands over cash for the camp.
    const checkout = await scene.t.must('POST', '/api/payments/checkout', { token: ana.token, body: { request: request.id } });
    const row = scene.t.db.select().from(payments).where(eq(payments.id, checkout.paymentId)).get()!;
    expect(row).toMatchObject({ kind: 'request', requestId: request.id, amountCents: 4000, taxCents: 0 });
    scene.stand.pay(row.stripeSessionId!);
    await scene.deliver(scene.stand.event('checkout.session.completed', row.stripeSessionId!));
    expect(await scene.t.call('POST', '/api/payments/checkout', { token: ana.token, body: { request: request.id } })).toMatchObject({ status: 409, body: { error: REQUEST_PAID_ERROR } });
    expect(await scene.t.call('POST', '/api/payments/checkout', { token: ana.token, body: { request: camp.id } })).toMatchObject({ status: 404, body: { error: PAYMENT_REQUEST_NOT_FOUND } });
    await scene.t.must('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: ben.id, request: camp.id, method: 'cash', receipt: '0050' } });
    expect((await scene.t.must('GET', '/api/payments/me', { token: ana.token })).requests).toEqual([]);
    expect((await scene.t.must('GET', '/api/payments/me', { token: ben.token })).requests).toEqual([expect.objectContaining({ title: 'Club kit' })]);
    const ledger = await scene.t.must('GET', '/api/payments', { token: scene.admin.token });
    expect(ledger.requests.map((r: { title: string; paid: number; asked: number }) => [r.title, r.paid, r.asked])).toEqual([['Camp', 1, 1], ['Club kit', 1, 3]]);
    expect(ledger.totals.byItem).toEqual(expect.arrayContaining([{ item: 'Club kit', netCents: 4000 }, { item: 'Camp', netCents: 15000 }]));
    // Still a pending member's membership is what they pay without a request named.
    expect(await scene.t.call('POST', '/api/payments/checkout', { token: scene.member.token, body: {} })).toMatchObject({ status: 400, body: { error: CHECKOUT_WHAT_ERROR } });
  });
});

describe('a renewal paid in the app', () => {
  async function renewing(s: PaymentScene, email: string) {
    const member = await s.t.createUser({ role: 'member', email, name: 'Rhea Renewing', expiryDate: '2026-03-20' });
    expect((await s.t.must('GET', '/api/payments/me', { token: member.token })).owes).toEqual([]);
    const { sessions } = await s.t.must('GET', '/api/me/renewal', { token: member.token });
    const session = sessions[0];
    const renewal = (await s.t.must('POST', '/api/me/renewal', { token: member.token, body: { session: session.id } })).renewal ?? (await s.t.must('GET', '/api/me/renewal', { token: member.token })).renewal;
    return { member, session, renewal };
  }

  it('is owed once asked for, paid online once, and with "a paid membership activates" the renewal is approved to the end of the term asked for', async () => {
    scene = await paymentScene();
    await scene.t.must('PUT', '/api/club/documents/payments', { token: scene.admin.token, body: { body: { currency: 'CAD', activateOnPayment: true, positions: ['treasurer'] }, version: 0 } });
    const { member, session } = await renewing(scene, 'rhea@club.test');
    expect((await scene.t.must('GET', '/api/payments/me', { token: member.token })).owes).toContainEqual(expect.objectContaining({ item: 'Full Tri', totalCents: 28928 }));
    expect((await scene.t.must('GET', '/api/payments', { token: scene.admin.token })).owing).toContainEqual(expect.objectContaining({ userId: member.id, owes: ['Membership'] }));

    const { sessionId, paymentId } = await scene.checkout('Full Tri', member);
    scene.stand.pay(sessionId);
    const event = scene.stand.event('checkout.session.completed', sessionId);
    await Promise.all([scene.deliver(event), scene.deliver(event)]);
    expect(scene.receipts(paymentId)).toBe(1);
    expect(scene.t.userRow(member.id)!.expiryDate).toBe(session.ends);
    expect((await scene.t.must('GET', '/api/me/renewal', { token: member.token })).renewal).toMatchObject({ status: 'approved' });
    expect((await scene.t.must('GET', '/api/payments/me', { token: member.token })).owes).toEqual([]);
    expect(scene.t.db.select().from(messageQueue).all().filter((m) => m.to === 'rhea@club.test' && /renew/i.test(m.subject))).toHaveLength(1);
  });

  it('waits for the administrator when payments do not activate, and is owed no more once paid by hand', async () => {
    scene = await paymentScene({ online: false });
    const { member } = await renewing(scene, 'rhea@club.test');
    await scene.t.must('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: member.id, package: 'Full Tri', method: 'cash', receipt: '0077' } });
    expect((await scene.t.must('GET', '/api/payments/me', { token: member.token })).owes).toEqual([]);
    expect((await scene.t.must('GET', '/api/me/renewal', { token: member.token })).renewal).toMatchObject({ status: 'requested' });
    expect(scene.t.userRow(member.id)!.expiryDate).toBe('2026-03-20');
  });
});

describe('a request made to every member', () => {
  it('asks whoever becomes a member before it is due, not after, and a request to chosen members asks no newcomer', async () => {
    scene = await paymentScene({ online: false });
    const dan = await scene.t.createUser({ role: 'pending', email: 'dan@club.test', name: 'Dan Later' });
    const eve = await scene.t.createUser({ role: 'pending', email: 'eve@club.test', name: 'Eve Late' });
    const due = (days: number) => new Date(scene.t.clock.now() + days * 86_400_000).toISOString().slice(0, 10);
    const kit = (await scene.t.must('POST', '/api/payments/requests', { token: scene.admin.token, body: { title: 'Club kit', amountCents: 4000, dueDate: due(3) } })).request;
    const camp = (await scene.t.must('POST', '/api/payments/requests', { token: scene.admin.token, body: { title: 'Camp', amountCents: 15000, dueDate: due(3), userIds: [scene.admin.id] } })).request;
    expect(kit.owing.map((m: { id: number }) => m.id)).not.toContain(dan.id);

    await scene.t.must('PUT', `/api/admin/members/${dan.id}/approve`, { token: scene.admin.token, body: { expiryDate: due(200) } });
    expect((await scene.t.must('GET', '/api/payments/me', { token: dan.token })).requests).toEqual([{ id: kit.id, title: 'Club kit', amountCents: 4000, dueDate: due(3) }]);
    const ledger = await scene.t.must('GET', '/api/payments', { token: scene.admin.token });
    expect(ledger.requests.find((r: { id: number }) => r.id === kit.id).owing).toContainEqual({ id: dan.id, name: 'Dan Later' });
    expect(ledger.requests.find((r: { id: number }) => r.id === camp.id)).toMatchObject({ asked: 1 });
    expect(ledger.owing).toContainEqual(expect.objectContaining({ userId: dan.id, owes: [expect.stringMatching(/^Club kit/)] }));
    await scene.t.must('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: dan.id, request: kit.id, method: 'cash' } });
    expect((await scene.t.must('GET', '/api/payments/me', { token: dan.token })).requests).toEqual([]);

    // Approved once the request is past due: not asked.
    scene.t.clock.advance(5 * 86_400_000);
    await scene.t.must('PUT', `/api/admin/members/${eve.id}/approve`, { token: scene.admin.token, body: { expiryDate: due(200) } });
    expect((await scene.t.must('GET', '/api/payments/me', { token: eve.token })).requests).toEqual([]);
  });
});

describe('who still owes', () => {
  it('lists each account that owes, and reminds each at most once in the club’s days', async () => {
    scene = await paymentScene({ online: false });
    const ana = await scene.t.createUser({ ...MEMBER, email: 'ana@club.test', name: 'Ana Active' });
    await scene.t.must('POST', '/api/payments/requests', { token: scene.admin.token, body: { title: 'Club kit', amountCents: 4000, dueDate: '2026-03-20', userIds: [ana.id, scene.member.id] } });
    const ledger = await scene.t.must('GET', '/api/payments', { token: scene.admin.token });
    expect(ledger.owing).toEqual([
      { userId: ana.id, name: 'Ana Active', owes: ['Club kit ($40.00, due Mar 20, 2026)'], remindedAt: null },
      expect.objectContaining({ userId: scene.member.id, owes: ['Membership', 'Club kit ($40.00, due Mar 20, 2026)'] }),
    ]);
    const mail = () => scene.t.db.select().from(messageQueue).all().filter((m) => m.text.includes('You owe the club')).length;
    expect(await scene.t.must('POST', '/api/payments/reminders', { token: scene.admin.token })).toEqual({ reminded: 2, skipped: 0 });
    expect(mail()).toBe(2);
    // Asked again the next day: nobody is told twice within the seven days.
    scene.t.clock.advance(24 * 60 * 60 * 1000);
    expect(await scene.t.must('POST', '/api/payments/reminders', { token: scene.admin.token })).toEqual({ reminded: 0, skipped: 2 });
    await scene.t.must('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: ana.id, request: ledger.requests[0].id, method: 'cash' } });
    scene.t.clock.advance(6 * 24 * 60 * 60 * 1000);
    expect(await scene.t.must('POST', '/api/payments/reminders', { token: scene.admin.token })).toEqual({ reminded: 1, skipped: 0 });
    expect(mail()).toBe(3);
    expect((await scene.t.must('GET', '/api/payments', { token: scene.member.token }).catch(() => null))).toBeNull();
  });
});

describe('the ledger', () => {
  it('lists by status, totals per package and method, and its CSV adds up to the same', async () => {
    scene = await paymentScene();
    await paidOnline(scene);
    const other = await scene.t.createUser({ role: 'pending', email: 'rue@club.test', name: '=Rue' });
    await scene.t.must('POST', '/api/payments/record', { token: scene.admin.token, body: { userId: other.id, package: 'Half Run', method: 'cash', receipt: '7' } });
    await scene.checkout('Half Tri', other).catch(() => undefined);
    const all = await scene.t.must('GET', '/api/payments', { token: scene.admin.token });
    expect(all.totals.byMethod).toEqual(expect.arrayContaining([{ method: 'online', netCents: 28928 }, { method: 'cash', netCents: 11413 }]));
    expect(all.totals.byItem).toEqual([{ item: 'Full Tri', netCents: 28928 }, { item: 'Half Run', netCents: 11413 }]);
    const paid = await scene.t.must('GET', '/api/payments?status=paid', { token: scene.admin.token });
    expect(paid.payments).toHaveLength(2);
    const csv = await scene.t.call('GET', '/api/payments/ledger.csv?status=paid', { token: scene.admin.token });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = String(csv.body).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"Payment","Date","Member","Item","Line","Method","Status","Before tax","Tax","Amount","Currency","Receipt","By","Note","Counted"');
    expect(lines.some((l) => l.includes(`"'=Rue"`))).toBe(true);
    const sum = lines.slice(1).reduce((total, l) => total + Math.round(Number(l.split('","')[9]) * 100), 0);
    expect(sum).toBe(paid.totals.netCents);
    // By term: the one of the club date each was paid in.
    const now = await scene.t.must('GET', '/api/payments?term=winter-2026', { token: scene.admin.token });
    expect(now.payments).toHaveLength(all.payments.length);
    expect(now.terms[0]).toEqual({ id: 'winter-2026', label: 'Winter 2026' });
    expect((await scene.t.must('GET', '/api/payments?term=fall-2025', { token: scene.admin.token })).totals.netCents).toBe(0);
    expect(await scene.t.call('GET', '/api/payments?term=spring-1999', { token: scene.admin.token })).toMatchObject({ status: 400, body: { field: 'term' } });
    const third = await scene.t.createUser({ role: 'pending', email: 'sam@club.test', expiryDate: null });
    await scene.checkout('Half Tri', third);
    // All payments, a pending checkout among them: the Counted column is the screen's net, as it
    // is with paid ones only; the pending line is listed and adds nothing.
    const everything = String((await scene.t.call('GET', '/api/payments/ledger.csv', { token: scene.admin.token })).body).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(everything.some((l) => l.includes('"pending"'))).toBe(true);
    const counted = everything.slice(1).reduce((total, l) => total + Math.round(Number(l.split('","')[14]!.replace(/"$/, '')) * 100), 0);
    expect(counted).toBe(all.totals.netCents);
    expect(all.totals.netCents).toBe(paid.totals.netCents);
    const countedPaid = lines.slice(1).reduce((total, l) => total + Math.round(Number(l.split('","')[14]!.replace(/"$/, '')) * 100), 0);
    expect(countedPaid).toBe(paid.totals.netCents);
  });
});

describe('bad input answers { error } with its status, never a 500', () => {
  it('on every route', async () => {
    scene = await paymentScene();
    const { token } = scene.admin;
    const cases: [string, string, unknown, number][] = [
      ['POST', '/api/payments/checkout', { package: 'Gold' }, 400],
      ['POST', '/api/payments/checkout', { package: 12 }, 400],
      ['POST', '/api/payments/checkout', 'not json', 415],
      ['POST', '/api/payments/return', {}, 400],
      ['POST', '/api/payments/return', { sessionId: 'cs_nope' }, 404],
      ['POST', '/api/payments/record', { userId: 'x', package: 'Full Tri', method: 'cash' }, 400],
      ['POST', '/api/payments/record', { userId: 99999, package: 'Full Tri', method: 'cash' }, 404],
      ['POST', '/api/payments/record', { userId: scene.member.id, package: 'Full Tri', method: 'card' }, 400],
      ['POST', '/api/payments/record', { userId: scene.member.id, package: 'Full Tri', method: 'cash', amountCents: 10.5 }, 400],
      ['POST', '/api/payments/record', { userId: scene.member.id, package: 'Full Tri', method: 'cash', amountCents: -1 }, 400],
      ['POST', '/api/payments/abc/refunds', { amountCents: 1, reason: 'x' }, 404],
      ['POST', '/api/payments/999/refunds', { amountCents: 1, reason: 'x' }, 404],
      ['POST', '/api/payments/1/refunds', { amountCents: 0, reason: 'x' }, 400],
      ['POST', '/api/payments/1/refunds', { amountCents: 100, reason: '' }, 400],
      ['GET', '/api/payments?status=lost', undefined, 400],
    ];
    for (const [method, path, body, status] of cases) {
      const res = await scene.t.call(method, path, { token, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(res.body.error, `${method} ${path}`).toBeTypeOf('string');
    }
    expect((await scene.t.call('POST', '/api/payments/checkout', { token: scene.member.token, body: { package: 'Gold' } })).body).toEqual({ error: UNKNOWN_PACKAGE_ERROR, field: 'package' });
    expect(scene.t.db.select().from(users).all().length).toBe(2);
  });
});

describe('the Stripe settings', () => {
  it('read STRIPE_API_URL as the SDK’s host, port and protocol, and Stripe’s own when unset', () => {
    expect(stripeAddress(undefined)).toEqual({});
    expect(stripeAddress('http://127.0.0.1:12111')).toEqual({ host: '127.0.0.1', port: '12111', protocol: 'http' });
    expect(stripeAddress('https://api.stripe.com')).toEqual({ host: 'api.stripe.com', port: 443, protocol: 'https' });
  });

  it('take the key and the webhook secret together, and refuse a malformed one at start', () => {
    const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };
    expect(() => loadEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc' })).toThrow(/go together/);
    expect(() => loadEnv({ ...base, STRIPE_SECRET_KEY: 'pk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadEnv({ ...base, STRIPE_API_URL: 'ftp://stripe' })).toThrow(/STRIPE_API_URL/);
    expect(loadEnv({ ...base, STRIPE_SECRET_KEY: 'sk_test_abc', STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).STRIPE_SECRET_KEY).toBe('sk_test_abc');
  });
});
