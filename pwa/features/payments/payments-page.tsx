import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { LedgerAnswer, Payment } from '../../../domain/contract/members/payments';
import { METHOD_NAMES, PAYMENT_STATUSES, type PaymentStatus } from '../../../domain/payments/payments';
import { DownloadButton } from '../../components/download-button';
import { RequireRole } from '../../components/require-role';
import { EmptyState, LoadError, Loading } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { formatDateTime, formatMoney } from '../../lib/ui/format';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { ledgerQuery, useLedgerQuery } from './api/payment-queries';
import { MemberPrices } from './member-prices';
import { PaymentRequests, WhoOwes } from './payment-requests';
import { RecordPaymentModal, RefundModal } from './payment-forms';
import './payments.css';

const STATUS_NAMES: Record<PaymentStatus, string> = { pending: 'Pending', paid: 'Paid', failed: 'Failed', expired: 'Expired' };

/** /admin/payments: the treasurer's ledger (administrators, and the execs the club lets handle money). */
export function PaymentsPage() {
  usePageTitle('Payments');
  return (
    <RequireRole min="exec">
      <Ledger />
    </RequireRole>
  );
}

function Ledger() {
  // ?record=<member id>: the pending list's "Record cash" opens the form for that member.
  const [params] = useSearchParams();
  const recordFor = Number(params.get('record')) || null;
  const [status, setStatus] = useState<PaymentStatus | 'all'>('all');
  const [refunding, setRefunding] = useState<Payment | null>(null);
  const [recording, setRecording] = useState(recordFor !== null);
  const [term, setTerm] = useState('');
  const { data, error, isPending, refetch } = useLedgerQuery(status, term);
  // The terms to choose from, kept from the first answer while another term's is loading.
  const [terms, setTerms] = useState<{ id: string; label: string }[]>([]);
  if (data && data.terms.length > 0 && terms.length === 0) setTerms(data.terms);
  const csvQuery = new URLSearchParams(ledgerQuery(status, term)).toString();
  return (
    <div className="page payments-page">
      <Link to="/admin" className="profile-back">
        ← Admin
      </Link>
      <h1>Payments</h1>
      <div className="payments-page__tools">
        <label>
          Show{' '}
          <select value={status} onChange={(e) => setStatus(e.target.value as PaymentStatus | 'all')}>
            <option value="all">All payments</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_NAMES[s]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Term{' '}
          <select value={term} onChange={(e) => setTerm(e.target.value)}>
            <option value="">All terms</option>
            {terms.map((t) => (
              <option key={t.id} value={t.id}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button--primary" onClick={() => setRecording(true)} disabled={!data}>
          Record cash or transfer
        </button>
        <DownloadButton path={`/payments/ledger.csv${csvQuery ? `?${csvQuery}` : ''}`} fallbackName="payments.csv" what="of the payments shown" />
      </div>
      {isPending ? (
        <Loading text="Loading the payments…" />
      ) : error || !data ? (
        <LoadError onRetry={() => void refetch()}>{errorMessage(error, 'The payments could not be loaded.')}</LoadError>
      ) : (
        <>
          <Totals answer={data} />
          {data.payments.length === 0 ? <EmptyState>No payments yet.</EmptyState> : <PaymentTable payments={data.payments} onRefund={setRefunding} />}
          <WhoOwes answer={data} />
          <PaymentRequests answer={data} />
          <MemberPrices answer={data} />
          {recording && <RecordPaymentModal members={data.members} packages={data.packages} requests={data.requests} feeItems={data.feeItems} currency={data.currency} memberId={recordFor} onClose={() => setRecording(false)} />}
        </>
      )}
      {refunding && <RefundModal payment={refunding} onClose={() => setRefunding(null)} />}
    </div>
  );
}

function Totals({ answer }: { answer: LedgerAnswer }) {
  const { totals, currency } = answer;
  return (
    <section className="payments-totals" aria-label="Totals">
      <p>
        Paid {formatMoney(totals.paidCents, currency)} · Refunded {formatMoney(totals.refundedCents, currency)} · <strong>Net {formatMoney(totals.netCents, currency)}</strong>
      </p>
      <ul>
        {totals.byItem.map((t) => (
          <li key={t.item}>
            {t.item}: {formatMoney(t.netCents, currency)}
          </li>
        ))}
        {totals.byMethod.map((t) => (
          <li key={t.method}>
            {METHOD_NAMES[t.method]}: {formatMoney(t.netCents, currency)}
          </li>
        ))}
      </ul>
    </section>
  );
}

function PaymentTable({ payments, onRefund }: { payments: Payment[]; onRefund: (p: Payment) => void }) {
  return (
    <div className="table-scroll">
      <table className="payments-table">
        <caption className="visually-hidden">Payments, newest first</caption>
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Member</th>
            <th scope="col">For</th>
            <th scope="col">Amount</th>
            <th scope="col">How</th>
            <th scope="col">Status</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {payments.map((p) => (
            <tr key={p.id}>
              <td>{formatDateTime(p.paidAt ?? p.createdAt)}</td>
              <td>{p.memberName}</td>
              <td>
                {p.item}
                {p.priceReason && <div className="payments-table__tax">Own price: {p.priceReason}</div>}
              </td>
              <td>
                {formatMoney(p.amountCents, p.currency)}
                {p.taxCents > 0 && <div className="payments-table__tax">incl. {formatMoney(p.taxCents, p.currency)} {p.taxName}</div>}
                {p.refundedCents > 0 && <div className="payments-table__tax">refunded {formatMoney(p.refundedCents, p.currency)}</div>}
              </td>
              <td>{p.summary}</td>
              <td>{STATUS_NAMES[p.status]}</td>
              <td>
                {p.status === 'paid' && p.refundedCents < p.amountCents && (
                  <button type="button" className="button" onClick={() => onRefund(p)} aria-label={`Refund ${p.memberName}, ${p.item}`}>
                    Refund
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
