import { useState } from 'react';
import { z } from 'zod';
import { paymentRequestSchema, type LedgerAnswer } from '../../../domain/contract/members/payments';
import type { Currency } from '../../../domain/payments/money';
import { FormField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { addIssues, useContractForm } from '../../lib/forms/forms';
import { showRefusal } from '../../lib/forms/server-refusal';
import { errorMessage } from '../../lib/data/api-client';
import { formatDate, formatDateTime, formatMoney } from '../../lib/ui/format';
import { usePaymentRequestMutation, useRemindMutation } from './api/payment-mutations';
import { amountHint, readMoney } from '../../lib/forms/money-input';

// One-off payment requests (Admin → Payments): kit, a training camp, asked of every active member or
// of the ones chosen, with a due date; the list says who has paid and who still owes. And who owes the
// club anything, with the reminder to them.

/** Who still owes the club, with when each was last reminded, and the button that reminds them. */
export function WhoOwes({ answer }: { answer: LedgerAnswer }) {
  const remind = useRemindMutation();
  const [said, setSaid] = useState('');
  const send = () =>
    remind.mutateAsync().then(
      (r) => setSaid(`${r.reminded} reminded${r.skipped > 0 ? `; ${r.skipped} reminded too recently, left for now` : ''}.`),
      (err: unknown) => setSaid(errorMessage(err, 'The reminders could not be sent. Try again.')),
    );
  return (
    <section className="payments-prices" aria-labelledby="who-owes-title">
      <h2 id="who-owes-title">Who still owes</h2>
      {answer.owing.length === 0 ? (
        <p className="hint">Nobody owes the club anything.</p>
      ) : (
        <>
          <ul className="payments-list">
            {answer.owing.map((m) => (
              <li key={m.userId}>
                <strong>{m.name}</strong>: {m.owes.join('; ')}
                {m.remindedAt !== null && <span className="payments-list__how"> · reminded {formatDateTime(m.remindedAt)}</span>}
              </li>
            ))}
          </ul>
          <button type="button" className="button" onClick={() => void send()} disabled={remind.isPending}>
            Remind those who owe
          </button>
        </>
      )}
      {said && <p role="status">{said}</p>}
    </section>
  );
}

export function PaymentRequests({ answer }: { answer: LedgerAnswer }) {
  const [asking, setAsking] = useState(false);
  return (
    <section className="payments-prices" aria-labelledby="payment-requests-title">
      <h2 id="payment-requests-title">Payment requests</h2>
      {answer.requests.length === 0 ? (
        <p className="hint">No requests yet: ask members for kit, a camp or another one-off payment.</p>
      ) : (
        <ul className="payments-list">
          {answer.requests.map((r) => (
            <li key={r.id}>
              <strong>{r.title}</strong>: {formatMoney(r.amountCents, answer.currency)}, due {formatDate(r.dueDate, 'medium')} · paid {r.paid} of {r.asked}
              {r.owing.length > 0 && <div className="payments-list__how">Still owing: {r.owing.map((m) => m.name).join(', ')}</div>}
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="button" onClick={() => setAsking(true)}>
        Ask for a payment
      </button>
      {asking && <RequestModal members={answer.members} currency={answer.currency} onClose={() => setAsking(false)} />}
    </section>
  );
}

interface RequestValues {
  title: string;
  amount: string;
  dueDate: string;
  everyone: 'all' | 'chosen';
  userIds: string[];
}

const requestBody = (values: RequestValues, currency: Currency) => ({
  title: values.title,
  amountCents: readMoney(values.amount, currency) ?? -1,
  dueDate: values.dueDate,
  ...(values.everyone === 'chosen' ? { userIds: values.userIds.map(Number) } : {}),
});

const requestForm = (currency: Currency) =>
  z.object({ title: z.string(), amount: z.string(), dueDate: z.string(), everyone: z.string(), userIds: z.array(z.string()) }).superRefine((values, ctx) => {
    if (readMoney(values.amount, currency) === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: amountHint('amount', 4000, currency) });
    addIssues(paymentRequestSchema, requestBody(values as RequestValues, currency), {
      addIssue: (issue) => {
        if (issue.path[0] !== 'amountCents') ctx.addIssue(issue);
      },
    });
  });

function RequestModal({ members, currency, onClose }: { members: LedgerAnswer['members']; currency: Currency; onClose: () => void }) {
  const [error, setError] = useState('');
  const ask = usePaymentRequestMutation();
  const form = useContractForm<RequestValues>(requestForm(currency), { defaultValues: { title: '', amount: '', dueDate: '', everyone: 'all', userIds: [] } });
  const { register } = form;
  const { errors, isSubmitting, isDirty } = form.formState;
  const everyone = form.watch('everyone');
  // Sent, the modal closes; refused, the server's words go on the field it names, else above the buttons.
  const submit = form.handleSubmit((values) =>
    ask.mutateAsync(requestBody(values, currency)).then(onClose, (err: unknown) => setError(showRefusal(form.setError, err, 'The request could not be made. Try again.', ['title', 'dueDate']) ?? '')),
  );
  return (
    <Modal title="Ask for a payment" onClose={onClose} dirty={isDirty}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormField label="What it is for" error={errors.title?.message}>
          {(field) => <input {...field} autoComplete="off" {...register('title')} />}
        </FormField>
        <FormField label={`Amount (${currency})`} hint="What each member pays, tax included." error={errors.amount?.message}>
          {(field) => <input {...field} inputMode="decimal" autoComplete="off" {...register('amount')} />}
        </FormField>
        <FormField label="Due by" error={errors.dueDate?.message}>
          {(field) => <input {...field} type="date" {...register('dueDate')} />}
        </FormField>
        <fieldset>
          <legend>Who is asked</legend>
          <label className="admin-checkbox">
            <input type="radio" value="all" {...register('everyone')} />
            <span>Every active member (and whoever joins before it is due)</span>
          </label>
          <label className="admin-checkbox">
            <input type="radio" value="chosen" {...register('everyone')} />
            <span>The members I choose</span>
          </label>
          {everyone === 'chosen' &&
            members.map((m) => (
              <label key={m.id} className="admin-checkbox">
                <input type="checkbox" value={String(m.id)} {...register('userIds')} />
                <span>{m.name}</span>
              </label>
            ))}
          {errors.userIds?.message && <p className="field-error">{errors.userIds.message}</p>}
        </fieldset>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <FormFooter submitLabel="Send the request" busy={isSubmitting} busyLabel="Sending…" onCancel={onClose} />
      </form>
    </Modal>
  );
}
