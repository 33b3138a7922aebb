import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MyPaymentsAnswer, Payment } from '../../../domain/contract/members/payments';
import { renderAt } from '../../test-providers';
import { formatDateTime } from '../../lib/ui/format';
import { answerRoutes, jsonReply } from '../../test-server';
import { testUser } from '../../test-support';
import { MyPayments } from './my-payments';
import { PaymentsDue } from './payments-due';
import { PaymentReturnPage } from './payment-return-page';

const OWES: MyPaymentsAnswer = {
  online: true,
  currency: 'CAD',
  taxWords: '+ HST',
  owes: [
    { item: 'Full Tri', subtotalCents: 25600, taxCents: 3328, totalCents: 28928 },
    { item: 'Half Run', subtotalCents: 10100, taxCents: 1313, totalCents: 11413 },
  ],
  requests: [],
  fees: [],
  payments: [],
  balance: { paidCents: 0, refundedCents: 0, netCents: 0 },
  handlesPayments: false,
};

const PAID: Payment = {
  id: 4,
  userId: 1,
  memberName: 'Pat Pending',
  kind: 'membership',
  item: 'Full Tri',
  subtotalCents: 25600,
  taxCents: 3328,
  amountCents: 28928,
  taxName: 'HST',
  taxIncluded: false,
  currency: 'CAD',
  method: 'online',
  status: 'paid',
  refundedCents: 1000,
  receipt: null,
  note: null,
  recordedBy: null,
  createdAt: 0,
  paidAt: 0,
  refunds: [{ id: 1, amountCents: 1000, reason: 'Overpaid', status: 'succeeded', byName: 'Alex Admin', createdAt: 0 }],
  summary: 'Paid $289.28 (incl. $33.28 HST) online, Mar 2, 2026',
  priceReason: null,
};

function show(answer: MyPaymentsAnswer, more = {}) {
  const user = testUser('pending');
  const api = answerRoutes({ 'GET /payments/me': () => answer, ...more }, { user });
  const go = vi.fn();
  renderAt('/profile', '/profile', <MyPayments go={go} />, { user });
  return { api, go };
}

describe('MyPayments', () => {
  it('offers the packages at the server’s prices and goes to Checkout with "Pay online"', async () => {
    const user = userEvent.setup();
    const { api, go } = show(OWES, { 'POST /payments/checkout': () => ({ url: 'https://checkout.test/cs_1', paymentId: 4 }) });
    const card = await screen.findByRole('region', { name: 'Fees and payments' });
    expect(within(card).getByRole('radio', { name: 'Full Tri: $289.28 (incl. $33.28 tax)' })).toBeChecked();
    await user.click(within(card).getByRole('radio', { name: /Half Run/ }));
    await user.click(within(card).getByRole('button', { name: 'Pay online' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.test/cs_1'));
    expect(api.writes()[0]).toMatchObject({ body: { package: 'Half Run' } });
  });

  it('has no "Pay online" while the club has not connected Stripe', async () => {
    show({ ...OWES, online: false });
    const card = await screen.findByRole('region', { name: 'Fees and payments' });
    expect(within(card).queryByRole('button', { name: 'Pay online' })).toBeNull();
    expect(card).toHaveTextContent('Pay the treasurer in cash or by bank transfer');
  });

  it('shows a refusal next to the button and stays', async () => {
    const user = userEvent.setup();
    const { go } = show(OWES, { 'POST /payments/checkout': () => jsonReply({ error: 'Your membership is already paid for' }, 409) });
    await user.click(await screen.findByRole('button', { name: 'Pay online' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your membership is already paid for');
    expect(go).not.toHaveBeenCalled();
  });

  it('shows what was paid and refunded once nothing is owed', async () => {
    show({ ...OWES, owes: [], payments: [PAID], balance: { paidCents: 28928, refundedCents: 1000, netCents: 27928 } });
    const card = await screen.findByRole('region', { name: 'Fees and payments' });
    expect(card).toHaveTextContent('Your membership is paid');
    expect(card).toHaveTextContent('Paid $289.28 (incl. $33.28 HST) online, Mar 2, 2026');
    expect(card).toHaveTextContent('Refunded $10.00');
    expect(card).toHaveTextContent('Paid $289.28, refunded $10.00');
    expect(within(card).queryByRole('link', { name: 'The club’s payments' })).toBeNull();
  });

  it('lists the club’s requests the member owes, each paid online on its own, or by hand without Stripe', async () => {
    const user = userEvent.setup();
    const kit = { id: 3, title: 'Club kit', amountCents: 4000, dueDate: '2026-03-20' };
    const { api, go } = show({ ...OWES, owes: [], requests: [kit] }, { 'POST /payments/checkout': () => ({ url: 'https://checkout.test/cs_2', paymentId: 5 }) });
    const card = await screen.findByRole('region', { name: 'Fees and payments' });
    expect(card).toHaveTextContent('Club kit: $40.00, due Mar 20, 2026');
    await user.click(within(card).getByRole('button', { name: 'Pay online: Club kit' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.test/cs_2'));
    expect(api.writes()[0]).toMatchObject({ path: '/payments/checkout', body: { request: 3 } });
  });

  it('says on Home what the member owes, with the way to pay it', async () => {
    const kit = { id: 3, title: 'Club kit', amountCents: 4000, dueDate: '2026-03-20' };
    const user = testUser('member');
    answerRoutes({ 'GET /payments/me': () => ({ ...OWES, owes: [], requests: [kit] }) }, { user });
    renderAt('/', '/', <PaymentsDue />, { user });
    expect(await screen.findByText(/You owe the club Club kit \$40\.00 by Mar 20, 2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pay on your profile' })).toHaveAttribute('href', '/profile#my-payments-title');
  });

  it('lists a race’s entry fee with its hold and an event’s fee, each paid online on its own', async () => {
    const user = userEvent.setup();
    const held = Date.parse('2026-03-04T15:00:00Z');
    const fees: MyPaymentsAnswer['fees'] = [
      { kind: 'race', id: 5, name: 'Spring Sprint', date: '2026-05-17', amountCents: 4500, currency: 'CAD', heldUntil: held },
      { kind: 'event', id: 9, name: 'Club dinner', date: '2026-03-20', amountCents: 2500, currency: 'CAD', heldUntil: null },
    ];
    const { api, go } = show({ ...OWES, owes: [], fees }, { 'POST /payments/checkout': () => ({ url: 'https://checkout.test/cs_3', paymentId: 6 }) });
    const card = await screen.findByRole('region', { name: 'Fees and payments' });
    expect(card).toHaveTextContent(`Spring Sprint: entry fee $45.00, race on May 17, 2026; your place is held until ${formatDateTime(held)}`);
    expect(card).toHaveTextContent('Club dinner: $25.00, on Mar 20, 2026');
    await user.click(within(card).getByRole('button', { name: 'Pay online: Spring Sprint' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.test/cs_3'));
    await user.click(within(card).getByRole('button', { name: 'Pay online: Club dinner' }));
    await waitFor(() => expect(api.writes()).toHaveLength(2));
    expect(api.writes().map((w) => w.body)).toEqual([{ race: 5 }, { event: 9 }]);
  });

  it('says on Home that a race’s entry fee is owed and until when the place is held', async () => {
    const held = Date.parse('2026-03-04T15:00:00Z');
    const user = testUser('member');
    const fees: MyPaymentsAnswer['fees'] = [{ kind: 'race', id: 5, name: 'Spring Sprint', date: '2026-05-17', amountCents: 4500, currency: 'CAD', heldUntil: held }];
    answerRoutes({ 'GET /payments/me': () => ({ ...OWES, owes: [], fees }) }, { user });
    renderAt('/', '/', <PaymentsDue />, { user });
    expect(await screen.findByRole('status')).toHaveTextContent(`You owe the club the Spring Sprint entry fee $45.00 (your place is held until ${formatDateTime(held)}).`);
  });

  it('links the treasurer to the club’s payments', async () => {
    show({ ...OWES, owes: [], handlesPayments: true });
    const card = await screen.findByRole('region', { name: 'Fees and payments' });
    expect(within(card).getByRole('link', { name: 'The club’s payments' })).toHaveAttribute('href', '/admin/payments');
  });
});

describe('PaymentReturnPage', () => {
  it('asks the server to settle the checkout it came back from, and says it is paid', async () => {
    const user = testUser('pending');
    const api = answerRoutes({ 'POST /payments/return': () => ({ payment: PAID }) }, { user });
    renderAt('/payments/return?session_id=cs_test_1', '/payments/return', <PaymentReturnPage />, { user });
    expect(await screen.findByText(/\$289\.28 for Full Tri is paid/)).toBeInTheDocument();
    expect(api.writes()).toMatchObject([{ body: { sessionId: 'cs_test_1' } }]);
  });
});
