import { Link } from 'react-router-dom';
import { formatDate, formatDateTime, formatMoney } from '../../lib/ui/format';
import { useMyPaymentsQuery } from './api/payment-queries';
import './payments.css';

/**
 * A line on a member's Home while they owe the club something (a one-off request, a membership, a
 * race's entry fee or an event's):
 * what and by when, and the way to their profile to pay it. Nothing when they owe nothing.
 */
export function PaymentsDue() {
  const { data } = useMyPaymentsQuery();
  const fees = data?.fees ?? [];
  if (!data || (data.requests.length === 0 && data.owes.length === 0 && fees.length === 0)) return null;
  const owed = data.requests.map((r) => `${r.title} ${formatMoney(r.amountCents, data.currency)} by ${formatDate(r.dueDate, 'medium')}`);
  for (const f of fees) owed.push(`${f.kind === 'race' ? `the ${f.name} entry fee` : f.name} ${formatMoney(f.amountCents, f.currency)}${f.heldUntil === null ? '' : ` (your place is held until ${formatDateTime(f.heldUntil)})`}`);
  if (data.owes.length > 0) owed.unshift('your membership');
  return (
    <p className="page payments-due" role="status">
      You owe the club {owed.join('; ')}. <Link to="/profile#my-payments-title">Pay on your profile</Link>
    </p>
  );
}
