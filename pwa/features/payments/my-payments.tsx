import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { CheckoutInput, MyPaymentsAnswer, Payment } from '../../../domain/contract/members/payments';
import { ErrorMessage, LoadError, Loading } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { formatDate, formatDateTime, formatMoney } from '../../lib/ui/format';
import { useCheckoutMutation } from './api/payment-mutations';
import { useMyPaymentsQuery } from './api/payment-queries';
import './payments.css';

interface Props {
  /** Where the browser goes to pay (Stripe Checkout); the page's own navigation unless a test says. */
  go?: (url: string) => void;
}

/** The member's money with the club on their profile: what they owe, have paid and were refunded. */
export function MyPayments({ go = (url) => window.location.assign(url) }: Props) {
  const { data, error, isPending, refetch } = useMyPaymentsQuery();
  if (isPending) return <Loading text="Loading your payments…" />;
  if (error || !data) return <LoadError onRetry={() => void refetch()}>{errorMessage(error, 'Your payments could not be loaded.')}</LoadError>;
  return (
    <section className="card payments-card" aria-labelledby="my-payments-title">
      <h2 id="my-payments-title">Fees and payments</h2>
      {data.owes.length > 0 ? <Owed answer={data} go={go} /> : <p>Your membership is paid. Thank you.</p>}
      <RequestsOwed answer={data} go={go} />
      <FeesOwed answer={data} go={go} />
      <PaymentList payments={data.payments} />
      {data.balance.paidCents > 0 && (
        <p className="payments-card__balance">
          Paid {formatMoney(data.balance.paidCents, data.currency)}
          {data.balance.refundedCents > 0 && `, refunded ${formatMoney(data.balance.refundedCents, data.currency)}`}
        </p>
      )}
      {data.handlesPayments && (
        <p>
          <Link to="/admin/payments">The club’s payments</Link>: the ledger, refunds, and cash or transfers to record.
        </p>
      )}
    </section>
  );
}

function Owed({ answer, go }: { answer: MyPaymentsAnswer; go: (url: string) => void }) {
  const name = useId();
  const [chosen, setChosen] = useState(answer.owes[0]?.item ?? '');
  const [problem, setProblem] = useState('');
  const checkout = useCheckoutMutation();

  async function pay() {
    setProblem('');
    try {
      const { url } = await checkout.mutateAsync({ package: chosen });
      go(url);
    } catch (err) {
      setProblem(errorMessage(err, 'The payment could not be started. Try again.'));
    }
  }

  return (
    <div className="payments-owed">
      <fieldset>
        <legend>Choose your membership package</legend>
        {answer.owes.map((p) => (
          <label key={p.item} className="payments-owed__choice">
            <input type="radio" name={name} value={p.item} checked={chosen === p.item} onChange={() => setChosen(p.item)} />
            <span>
              {p.item}: {formatMoney(p.totalCents, answer.currency)}
              {p.taxCents > 0 && ` (incl. ${formatMoney(p.taxCents, answer.currency)} tax)`}
            </span>
          </label>
        ))}
      </fieldset>
      {answer.online ? (
        <button type="button" className="button button--primary" onClick={() => void pay()} disabled={checkout.isPending || !chosen}>
          {checkout.isPending ? 'Opening the payment…' : 'Pay online'}
        </button>
      ) : (
        <p>Pay the treasurer in cash or by bank transfer; they record it here.</p>
      )}
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
    </div>
  );
}

/** One thing owed besides a membership, paid on its own: what it is, and the checkout that pays it. */
interface OwedItem {
  key: string;
  title: string;
  words: string;
  pays: CheckoutInput;
}

/** The club's one-off requests this member has not paid yet. */
function RequestsOwed({ answer, go }: { answer: MyPaymentsAnswer; go: (url: string) => void }) {
  const items = answer.requests.map((r) => ({ key: `request-${r.id}`, title: r.title, words: `${formatMoney(r.amountCents, answer.currency)}, due ${formatDate(r.dueDate, 'medium')}`, pays: { request: r.id } }));
  return <ItemsOwed heading="Asked by the club" items={items} online={answer.online} go={go} />;
}

/** The race entry fees and event fees this member owes: a race's with until when the place is held. */
function FeesOwed({ answer, go }: { answer: MyPaymentsAnswer; go: (url: string) => void }) {
  const items = (answer.fees ?? []).map((f) => {
    const amount = formatMoney(f.amountCents, f.currency);
    const words =
      f.kind === 'race'
        ? `entry fee ${amount}, race on ${formatDate(f.date, 'medium')}${f.heldUntil === null ? '' : `; your place is held until ${formatDateTime(f.heldUntil)}`}`
        : `${amount}, on ${formatDate(f.date, 'medium')}`;
    return { key: `${f.kind}-${f.id}`, title: f.name, words, pays: f.kind === 'race' ? { race: f.id } : { event: f.id } };
  });
  return <ItemsOwed heading="Races and events" items={items} online={answer.online} go={go} />;
}

function ItemsOwed({ heading, items, online, go }: { heading: string; items: OwedItem[]; online: boolean; go: (url: string) => void }) {
  const [problem, setProblem] = useState('');
  const checkout = useCheckoutMutation();
  if (items.length === 0) return null;
  async function pay(what: CheckoutInput) {
    setProblem('');
    try {
      go((await checkout.mutateAsync(what)).url);
    } catch (err) {
      setProblem(errorMessage(err, 'The payment could not be started. Try again.'));
    }
  }
  return (
    <div className="payments-owed">
      <h3>{heading}</h3>
      <ul className="payments-list">
        {items.map((item) => (
          <li key={item.key} className="payments-prices__row">
            <span>
              <strong>{item.title}</strong>: {item.words}
            </span>
            {online && (
              <button type="button" className="button button--primary" onClick={() => void pay(item.pays)} disabled={checkout.isPending} aria-label={`Pay online: ${item.title}`}>
                Pay online
              </button>
            )}
          </li>
        ))}
      </ul>
      {!online && <p>Pay the treasurer in cash or by bank transfer; they record it here.</p>}
      {problem && <ErrorMessage>{problem}</ErrorMessage>}
    </div>
  );
}

const STATUS_WORDS: Record<Payment['status'], string> = { pending: 'Waiting for the payment', paid: 'Paid', failed: 'Failed', expired: 'Not completed' };

function PaymentList({ payments }: { payments: Payment[] }) {
  if (payments.length === 0) return null;
  return (
    <ul className="payments-list">
      {payments.map((p) => (
        <li key={p.id}>
          <strong>{p.item}</strong>: {formatMoney(p.amountCents, p.currency)} · {STATUS_WORDS[p.status]}
          <div className="payments-list__how">{p.summary}</div>
          {p.refunds
            .filter((r) => r.status !== 'failed')
            .map((r) => (
              <div key={r.id} className="payments-list__refund">
                Refunded {formatMoney(r.amountCents, p.currency)} on {formatDateTime(r.createdAt)}: {r.reason}
              </div>
            ))}
        </li>
      ))}
    </ul>
  );
}
