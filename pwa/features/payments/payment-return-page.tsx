import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { RequireRole } from '../../components/require-role';
import { ErrorMessage, Loading, Notice } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { formatMoney } from '../../lib/ui/format';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { useReturnMutation } from './api/payment-mutations';
import './payments.css';

/**
 * /payments/return: where Stripe Checkout sends the member back. The server asks Stripe about the
 * checkout and settles it as the webhook would (whichever comes first), and this page says how it went.
 */
export function PaymentReturnPage() {
  usePageTitle('Your payment');
  return (
    <RequireRole min="public">
      <ReturnResult />
    </RequireRole>
  );
}

function ReturnResult() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const settle = useReturnMutation();
  const asked = useRef(false);
  useEffect(() => {
    if (asked.current || !sessionId) return;
    asked.current = true;
    settle.mutate(sessionId);
  }, [sessionId, settle]);

  const payment = settle.data?.payment;
  return (
    <div className="page page--narrow payment-return">
      <h1>Your payment</h1>
      {!sessionId ? (
        <ErrorMessage>This page is where the payment page sends you back; it names no payment.</ErrorMessage>
      ) : settle.isError ? (
        <ErrorMessage>{errorMessage(settle.error, 'Your payment could not be checked. Your profile shows it once the club hears from Stripe.')}</ErrorMessage>
      ) : !payment ? (
        <Loading text="Checking your payment…" />
      ) : payment.status === 'paid' ? (
        <Notice tone="success">
          Thank you: {formatMoney(payment.amountCents, payment.currency)} for {payment.item} is paid. A receipt is on its way by email.
        </Notice>
      ) : payment.status === 'pending' ? (
        <Notice>Your payment is not confirmed yet. It shows on your profile as soon as it is.</Notice>
      ) : (
        <Notice tone="warning">The payment was not completed. You can try again from your profile.</Notice>
      )}
      <p>
        <Link to="/profile">Back to your profile</Link>
      </p>
    </div>
  );
}
