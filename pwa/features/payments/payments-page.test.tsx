import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { LedgerAnswer, Payment } from '../../../domain/contract/members/payments';
import { renderAt } from '../../test-providers';
import { answerRoutes, jsonReply } from '../../test-server';
import { testUser } from '../../test-support';
import { PaymentsPage } from './payments-page';

const PAYMENT: Payment = {
  id: 4,
  userId: 9,
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
  refundedCents: 0,
  receipt: null,
  note: null,
  recordedBy: null,
  createdAt: 0,
  paidAt: 0,
  refunds: [],
  summary: 'Paid $289.28 (incl. $33.28 HST) online, Mar 2, 2026',
  priceReason: null,
};

const LEDGER: LedgerAnswer = {
  currency: 'CAD',
  payments: [PAYMENT],
  totals: { paidCents: 28928, refundedCents: 0, netCents: 28928, byItem: [{ item: 'Full Tri', netCents: 28928 }], byMethod: [{ method: 'online', netCents: 28928 }] },
  members: [{ id: 9, name: 'Pat Pending' }],
  packages: ['Full Tri', 'Half Run'],
  memberPrices: [],
  requests: [],
  owing: [],
  terms: [
    { id: 'winter-2026', label: 'Winter 2026' },
    { id: 'fall-2025', label: 'Fall 2025' },
  ],
};

function show(more = {}) {
  const user = testUser('administrator');
  const api = answerRoutes({ 'GET /payments': () => LEDGER, ...more }, { user });
  renderAt('/admin/payments', '/admin/payments', <PaymentsPage />, { user });
  return api;
}

describe('Admin → Payments', () => {
  it('lists the ledger with its totals, and reads it again by status', async () => {
    const user = userEvent.setup();
    const api = show();
    const row = await screen.findByRole('row', { name: /Pat Pending/ });
    expect(row).toHaveTextContent('incl. $33.28 HST');
    expect(screen.getByRole('region', { name: 'Totals' })).toHaveTextContent('Net $289.28');
    await user.selectOptions(screen.getByLabelText('Show'), 'pending');
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/payments?status=pending'));
    await user.selectOptions(screen.getByLabelText('Term'), 'fall-2025');
    await waitFor(() => expect(api.calls.map((c) => c.path)).toContain('/payments?status=pending&term=fall-2025'));
  });

  it('refunds part of a payment with a reason, in cents, and keeps what was typed when refused', async () => {
    const user = userEvent.setup();
    let refused = true;
    const api = show({
      'POST /payments/:id/refunds': () =>
        refused ? jsonReply({ error: 'A refund is never more than what was paid and not yet refunded: at most $289.28', field: 'amountCents' }, 409) : { payment: { ...PAYMENT, refundedCents: 1250 } },
    });
    await user.click(await screen.findByRole('button', { name: 'Refund Pat Pending, Full Tri' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund Pat Pending' });
    const amount = within(dialog).getByLabelText('Amount (CAD)');
    expect(amount).toHaveValue('289.28');
    await user.clear(amount);
    await user.type(amount, '12.5');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByText('Say why the money goes back')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason'), 'Half a season');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('at most $289.28');
    expect(amount).toHaveValue('12.5');
    refused = false;
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes().at(-1)).toMatchObject({ path: '/payments/4/refunds', body: { amountCents: 1250, reason: 'Half a season' } });
  });

  it('sends a refund under an Idempotency-Key, the same one when the same refund is sent again', async () => {
    const user = userEvent.setup();
    let answers = 0;
    const api = show({ 'POST /payments/:id/refunds': () => (++answers === 1 ? jsonReply({ error: 'Stripe did not answer: try again in a minute' }, 503) : { payment: { ...PAYMENT, refundedCents: 1000 } }) });
    await user.click(await screen.findByRole('button', { name: 'Refund Pat Pending, Full Tri' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund Pat Pending' });
    await user.clear(within(dialog).getByLabelText('Amount (CAD)'));
    await user.type(within(dialog).getByLabelText('Amount (CAD)'), '10');
    await user.type(within(dialog).getByLabelText('Reason'), 'Kit returned');
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const [first, second] = api.writes().filter((w) => w.path === '/payments/4/refunds');
    expect(first!.headers['idempotency-key']).toMatch(/^[\w.:-]{8,200}$/);
    expect(second!.headers['idempotency-key']).toBe(first!.headers['idempotency-key']);
  });

  it('lists members’ own prices with their reasons, and sets one', async () => {
    const user = userEvent.setup();
    const exempt = { userId: 7, memberName: 'Lee Life', exempt: true, priceCents: null, reason: 'Life member', byName: 'Alex Admin', setAt: 0 };
    const api = show({
      'GET /payments': () => ({ ...LEDGER, payments: [{ ...PAYMENT, priceReason: 'Coach' }], memberPrices: [exempt] }),
      'PUT /payments/members/:id/price': () => ({ price: { ...exempt, userId: 9, memberName: 'Pat Pending', exempt: false, priceCents: 10000, reason: 'Coach' } }),
    });
    expect(await screen.findByRole('row', { name: /Pat Pending/ })).toHaveTextContent('Own price: Coach');
    const prices = screen.getByRole('region', { name: 'Members’ own prices' });
    expect(prices).toHaveTextContent('Lee Life: Exempt: Life member · set by Alex Admin');
    await user.click(within(prices).getByRole('button', { name: 'Set a member’s price or exemption' }));
    const dialog = screen.getByRole('dialog', { name: 'A member’s own price' });
    await user.type(within(dialog).getByLabelText('Price (CAD)'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Save price' }));
    expect(await within(dialog).findByText('Give the price like 120.00')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Price (CAD)'));
    await user.type(within(dialog).getByLabelText('Price (CAD)'), '100');
    await user.type(within(dialog).getByLabelText('Reason'), 'Coach');
    await user.click(within(dialog).getByRole('button', { name: 'Save price' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes().at(-1)).toMatchObject({ method: 'PUT', path: '/payments/members/9/price', body: { exempt: false, priceCents: 10000, reason: 'Coach' } });
  });

  it('lists the payment requests with who still owes, and asks chosen members for one', async () => {
    const user = userEvent.setup();
    const kit = { id: 3, title: 'Club kit', amountCents: 4000, dueDate: '2026-03-20', createdBy: 'Alex Admin', createdAt: 0, asked: 2, paid: 1, owing: [{ id: 9, name: 'Pat Pending' }] };
    const api = show({
      'GET /payments': () => ({ ...LEDGER, members: [{ id: 3, name: 'Olive Other' }, ...LEDGER.members], requests: [kit] }),
      'POST /payments/requests': () => jsonReply({ request: kit }, 201),
      'POST /payments/record': () => jsonReply({ payment: PAYMENT }, 201),
    });
    const section = await screen.findByRole('region', { name: 'Payment requests' });
    expect(section).toHaveTextContent('Club kit: $40.00, due Mar 20, 2026 · paid 1 of 2');
    expect(section).toHaveTextContent('Still owing: Pat Pending');
    await user.click(within(section).getByRole('button', { name: 'Ask for a payment' }));
    const dialog = screen.getByRole('dialog', { name: 'Ask for a payment' });
    await user.type(within(dialog).getByLabelText('What it is for'), 'Camp');
    await user.type(within(dialog).getByLabelText('Amount (CAD)'), '150');
    await user.type(within(dialog).getByLabelText('Due by'), '2026-04-01');
    await user.click(within(dialog).getByLabelText('The members I choose'));
    await user.click(within(dialog).getByLabelText('Pat Pending'));
    await user.click(within(dialog).getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.writes().at(-1)).toMatchObject({ path: '/payments/requests', body: { title: 'Camp', amountCents: 15000, dueDate: '2026-04-01', userIds: [9] } });
    // Money handed over for a request is recorded against it.
    await user.click(screen.getByRole('button', { name: 'Record cash or transfer' }));
    const record = screen.getByRole('dialog', { name: 'Record a payment' });
    await user.selectOptions(within(record).getByLabelText('Member'), '9');
    await user.selectOptions(within(record).getByLabelText('For'), 'Club kit');
    await user.click(within(record).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.writes().at(-1)).toMatchObject({ path: '/payments/record', body: { userId: 9, request: 3, method: 'cash' } }));
    expect(api.writes().at(-1)!.body).not.toHaveProperty('package');
  });

  it('records cash for a race’s entry fee or an event’s fee, named by the race or event', async () => {
    const user = userEvent.setup();
    const feeItems: LedgerAnswer['feeItems'] = [
      { kind: 'race', id: 5, name: 'Spring Sprint', date: '2026-05-17', amountCents: 4500 },
      { kind: 'event', id: 8, name: 'Club dinner', date: '2026-03-20', amountCents: 2500 },
    ];
    const api = show({ 'GET /payments': () => ({ ...LEDGER, feeItems }), 'POST /payments/record': () => jsonReply({ payment: PAYMENT }, 201) });
    await user.click(await screen.findByRole('button', { name: 'Record cash or transfer' }));
    const record = screen.getByRole('dialog', { name: 'Record a payment' });
    await user.selectOptions(within(record).getByLabelText('For'), 'Spring Sprint ($45.00, May 17, 2026)');
    await user.click(within(record).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.writes().at(-1)).toMatchObject({ path: '/payments/record', body: { userId: 9, race: 5, method: 'cash' } }));
    expect(api.writes().at(-1)!.body).not.toHaveProperty('package');

    await user.click(await screen.findByRole('button', { name: 'Record cash or transfer' }));
    const again = screen.getByRole('dialog', { name: 'Record a payment' });
    await user.selectOptions(within(again).getByLabelText('For'), 'Club dinner ($25.00, Mar 20, 2026)');
    await user.click(within(again).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.writes().at(-1)).toMatchObject({ path: '/payments/record', body: { userId: 9, event: 8, method: 'cash' } }));
  });

  it('lists who still owes and reminds them, saying how many were told', async () => {
    const user = userEvent.setup();
    const api = show({
      'GET /payments': () => ({ ...LEDGER, owing: [{ userId: 9, name: 'Pat Pending', owes: ['Membership'], remindedAt: null }] }),
      'POST /payments/reminders': () => ({ reminded: 1, skipped: 0 }),
    });
    const section = await screen.findByRole('region', { name: 'Who still owes' });
    expect(section).toHaveTextContent('Pat Pending: Membership');
    await user.click(within(section).getByRole('button', { name: 'Remind those who owe' }));
    expect(await within(section).findByRole('status')).toHaveTextContent('1 reminded.');
    expect(api.writes().at(-1)).toMatchObject({ path: '/payments/reminders' });
  });

  it('opens the record form for the member the pending list named, and records through the outbox', async () => {
    const user = userEvent.setup();
    const api = answerRoutes(
      { 'GET /payments': () => ({ ...LEDGER, members: [{ id: 3, name: 'Olive Other' }, ...LEDGER.members] }), 'POST /payments/record': () => jsonReply({ payment: PAYMENT }, 201) },
      { user: testUser('administrator') },
    );
    renderAt('/admin/payments?record=9', '/admin/payments', <PaymentsPage />, { user: testUser('administrator') });
    const dialog = await screen.findByRole('dialog', { name: 'Record a payment' });
    expect(within(dialog).getByLabelText('Member')).toHaveValue('9');
    await user.type(within(dialog).getByLabelText('Receipt number'), '0042');
    await user.click(within(dialog).getByRole('button', { name: 'Record payment' }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]).toMatchObject({ path: '/payments/record', body: { userId: 9, package: 'Full Tri', method: 'cash', receipt: '0042' } });
    expect(api.writes()[0]!.headers['idempotency-key']).toBeTruthy();
  });
});
