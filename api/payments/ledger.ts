// Reading the club's money: a payment as the contract answers it (`toPayment`, the one mapper), a
// member's payments and balance, the treasurer's ledger with its totals, and its CSV, whose totals are
// the screen's (both come from `ledger`).
import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { payments, refunds, renewalRequests, users, type PaymentRow, type RefundRow, type RenewalRequestRow, type UserRow } from '../../db/schema';
import { clubToday } from '../../domain/clock';
import { effectiveRole } from '../../domain/membership';
import { LEDGER_TERM_ERROR, type LedgerAnswer, type LedgerTotals, type MyPaymentsAnswer, type Payment, type Refund } from '../../domain/contract/members/payments';
import { plainMoney, type Currency } from '../../domain/payments/money';
import { balanceOf, membershipOwed, METHOD_NAMES, type PaymentKind, type PaymentMethod, type PaymentStatus } from '../../domain/payments/payments';
import { clubDateTimeOf } from '../../domain/region/club-format';
import { clubDates } from '../club/settings';
import { documentBody } from '../club/documents';
import type { AppDeps } from '../platform/context';
import { clubTimeZone } from '../platform/club-time-zone';
import { ServiceError } from '../platform/errors';
import { clubTerms } from '../club/terms';
import { recentTerms, termFromId } from '../../domain/calendar';
import { toCsv } from '../reports/csv';
import { memberPriceList, memberPriceOf } from './member-prices';
import { clubTaxWords, owedPackages } from './prices';
import { requestList, requestsOwedBy } from './requests';
import { feeItems, feesOwedBy } from './entries/fees';

/** The refunds that count: done, or being done (their amount is held while Stripe is asked). */
export const COUNTING_REFUNDS = ['pending', 'succeeded'] as const;

/** What has been refunded of each payment (and is being), in cents. */
export function refundedOf(deps: AppDeps, ids: readonly number[]): Map<number, RefundRow[]> {
  const byPayment = new Map<number, RefundRow[]>();
  if (ids.length === 0) return byPayment;
  const rows = deps.database.db.select().from(refunds).where(inArray(refunds.paymentId, [...ids])).orderBy(refunds.id).all();
  for (const row of rows) byPayment.set(row.paymentId, [...(byPayment.get(row.paymentId) ?? []), row]);
  return byPayment;
}

export function countedCents(rows: readonly RefundRow[]): number {
  return rows.filter((r) => (COUNTING_REFUNDS as readonly string[]).includes(r.status)).reduce((sum, r) => sum + r.amountCents, 0);
}

function toRefund(row: RefundRow): Refund {
  return { id: row.id, amountCents: row.amountCents, reason: row.reason, status: row.status as Refund['status'], byName: row.createdByName, createdAt: row.createdAt };
}

/** How a payment was made, in words: the pending list and the receipt say it. */
export function paymentSummary(deps: AppDeps, row: PaymentRow): string {
  const currency = row.currency as Currency;
  const format = clubDates(deps);
  const amount = format.money(row.amountCents, currency);
  const tax = row.taxCents > 0 ? ` (incl. ${format.money(row.taxCents, currency)} ${row.taxName})` : '';
  if (row.method === 'online') {
    if (row.status !== 'paid' || row.paidAt === null) return `${amount} online: ${row.status}`;
    const day = clubDateTimeOf(row.paidAt, clubTimeZone(deps)).date;
    return `Paid ${amount}${tax} online, ${format.date(day, 'medium')}`;
  }
  const receipt = row.receipt ? `, receipt ${row.receipt}` : '';
  const by = row.recordedByName ? `, recorded by ${row.recordedByName}` : '';
  return `${METHOD_NAMES[row.method as PaymentMethod]} ${amount}${tax}${receipt}${by}`;
}

export function toPayment(deps: AppDeps, row: PaymentRow, refundRows: readonly RefundRow[]): Payment {
  return {
    id: row.id,
    userId: row.userId,
    memberName: row.memberName,
    kind: row.kind as PaymentKind,
    item: row.item,
    subtotalCents: row.subtotalCents,
    taxCents: row.taxCents,
    amountCents: row.amountCents,
    taxName: row.taxName,
    taxIncluded: row.taxIncluded,
    currency: row.currency as Currency,
    method: row.method as PaymentMethod,
    status: row.status as PaymentStatus,
    refundedCents: countedCents(refundRows),
    receipt: row.receipt,
    note: row.note,
    recordedBy: row.recordedByName,
    createdAt: row.createdAt,
    paidAt: row.paidAt,
    refunds: refundRows.map(toRefund),
    summary: paymentSummary(deps, row),
    priceReason: row.priceReason,
  };
}

function mapped(deps: AppDeps, rows: PaymentRow[]): Payment[] {
  const byPayment = refundedOf(
    deps,
    rows.map((r) => r.id),
  );
  return rows.map((row) => toPayment(deps, row, byPayment.get(row.id) ?? []));
}

export function paymentById(deps: AppDeps, id: number): Payment | undefined {
  const row = deps.database.db.select().from(payments).where(eq(payments.id, id)).get();
  return row ? mapped(deps, [row])[0] : undefined;
}

/** A member's payments, newest first; checkouts that were left (expired) are not shown. */
export function paymentsOf(deps: AppDeps, userId: number): Payment[] {
  const rows = deps.database.db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), ne(payments.status, 'expired')))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .all();
  return mapped(deps, rows);
}

export function ledgerTotals(list: readonly Payment[]): LedgerTotals {
  const paid = list.filter((p) => p.status === 'paid');
  const balance = balanceOf(paid);
  const byItem = new Map<string, number>();
  const byMethod = new Map<PaymentMethod, number>();
  for (const p of paid) {
    const net = p.amountCents - p.refundedCents;
    byItem.set(p.item, (byItem.get(p.item) ?? 0) + net);
    byMethod.set(p.method, (byMethod.get(p.method) ?? 0) + net);
  }
  return {
    ...balance,
    byItem: [...byItem].map(([item, netCents]) => ({ item, netCents })).sort((a, b) => a.item.localeCompare(b.item)),
    byMethod: [...byMethod].map(([method, netCents]) => ({ method, netCents })),
  };
}

/**
 * The treasurer's ledger, newest first, of one status or all, and of one term (a payment counted in the
 * term of the club date it was paid, or made while unpaid) or all. Who still owes is reminders.ts's,
 * added by the route.
 */
export function ledger(deps: AppDeps, status?: PaymentStatus, termId?: string): Omit<LedgerAnswer, 'owing'> {
  const zone = clubTimeZone(deps);
  const terms = clubTerms(deps);
  const term = termId === undefined ? undefined : termFromId(terms, termId);
  if (termId !== undefined && !term) throw new ServiceError(400, LEDGER_TERM_ERROR, { field: 'term' });
  const inTerm = (row: PaymentRow) => {
    if (!term) return true;
    const day = clubDateTimeOf(row.paidAt ?? row.createdAt, zone).date;
    return day >= term.start && day <= term.end;
  };
  const rows = deps.database.db
    .select()
    .from(payments)
    .where(status ? eq(payments.status, status) : undefined)
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .all()
    .filter(inTerm);
  const list = mapped(deps, rows);
  const members = deps.database.db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(ne(users.role, 'rejected'))
    .orderBy(sql`lower(${users.name})`, asc(users.id))
    .all();
  return {
    currency: documentBody(deps, 'payments').currency,
    payments: list,
    totals: ledgerTotals(list),
    members,
    packages: owedPackages(deps).map((p) => p.item),
    memberPrices: memberPriceList(deps),
    requests: requestList(deps),
    feeItems: feeItems(deps),
    terms: recentTerms(terms, clubToday(deps.clock(), zone)).map((t) => ({ id: t.id, label: t.label })),
  };
}

/**
 * The ledger as a spreadsheet: a line per payment and per refund. Its last column, Counted, is what
 * each line adds to the screen's totals (a paid payment's amount, a refund of it taken off; a pending,
 * failed or expired payment nothing), so the column sums to the screen's net whatever status is shown.
 */
export function ledgerCsv(deps: AppDeps, answer: Pick<LedgerAnswer, 'payments'>): { filename: string; body: string } {
  const zone = clubTimeZone(deps);
  const when = (instant: number | null) => (instant === null ? null : clubDateTimeOf(instant, zone).date);
  const lines = answer.payments.flatMap((p) => {
    const counts = p.status === 'paid';
    return [
      [
        ...[p.id, when(p.paidAt ?? p.createdAt), p.memberName, p.item, 'payment', p.method, p.status],
        ...[plainMoney(p.subtotalCents, p.currency), plainMoney(p.taxCents, p.currency), plainMoney(p.amountCents, p.currency), p.currency, p.receipt, p.recordedBy, p.note],
        plainMoney(counts ? p.amountCents : 0, p.currency),
      ],
      ...p.refunds
        .filter((r) => r.status !== 'failed')
        .map((r) => [
          ...[p.id, when(r.createdAt), p.memberName, p.item, 'refund', p.method, r.status, null, null, plainMoney(-r.amountCents, p.currency), p.currency, null, r.byName, r.reason],
          plainMoney(counts ? -r.amountCents : 0, p.currency),
        ]),
    ];
  });
  return {
    filename: 'payments.csv',
    body: toCsv(['Payment', 'Date', 'Member', 'Item', 'Line', 'Method', 'Status', 'Before tax', 'Tax', 'Amount', 'Currency', 'Receipt', 'By', 'Note', 'Counted'], lines),
  };
}

/** The member's open request to renew (asked, not yet answered), if any: the renewal their next membership payment pays. */
export function openRenewalOf(deps: AppDeps, userId: number): RenewalRequestRow | undefined {
  return deps.database.db
    .select()
    .from(renewalRequests)
    .where(and(eq(renewalRequests.userId, userId), eq(renewalRequests.status, 'requested')))
    .get();
}

/** Whether the account owes a membership (domain/payments/payments.ts `membershipOwed`), from its payments. */
export function owesMembership(deps: AppDeps, account: UserRow, list: readonly Payment[] = paymentsOf(deps, account.id)): boolean {
  const zone = clubTimeZone(deps);
  const pending = effectiveRole(account, clubToday(deps.clock(), zone)) === 'pending';
  const renewal = openRenewalOf(deps, account.id);
  return membershipOwed(
    {
      pending,
      expiryDate: account.role === 'pending' ? null : account.expiryDate,
      exempt: memberPriceOf(deps, account.id)?.priceCents === null,
      renewalAskedOn: renewal ? clubDateTimeOf(renewal.createdAt, zone).date : null,
    },
    list.map((p) => ({ ...p, paidOn: p.paidAt === null ? null : clubDateTimeOf(p.paidAt, zone).date })),
  );
}

/** What the member owes (a membership package to choose while one is owed), has paid and was refunded. */
export function myPayments(deps: AppDeps, account: UserRow, handlesPayments: boolean): MyPaymentsAnswer {
  const list = paymentsOf(deps, account.id);
  return {
    online: deps.stripe !== null,
    currency: documentBody(deps, 'payments').currency,
    taxWords: clubTaxWords(deps),
    owes: owesMembership(deps, account, list) ? owedPackages(deps, account.id) : [],
    requests: requestsOwedBy(deps, account.id),
    fees: feesOwedBy(deps, account.id),
    payments: list,
    balance: balanceOf(list),
    handlesPayments,
  };
}
