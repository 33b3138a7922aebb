import { useRef, useState } from 'react';
import { z } from 'zod';
import { recordPaymentSchema, refundSchema, type FeeItem, type Payment } from '../../../domain/contract/members/payments';
import type { Currency } from '../../../domain/payments/money';
import { HAND_METHODS, METHOD_NAMES, type HandMethod } from '../../../domain/payments/payments';
import { FormField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { ErrorMessage, Notice } from '../../components/status';
import { addIssues, useContractForm } from '../../lib/forms/forms';
import { showRefusal } from '../../lib/forms/server-refusal';
import { formatDate, formatMoney } from '../../lib/ui/format';
import { useRecordPaymentMutation, useRefundMutation } from './api/payment-mutations';
import { amountHint, editableMoney, readMoney } from '../../lib/forms/money-input';

// The treasurer's two forms: a refund of a payment, and money handed over. Amounts are typed as a
// person writes them ('12.50') and sent in the currency's minor units, checked with the contract's own schemas.


interface RefundValues {
  amount: string;
  reason: string;
}

const refundForm = (currency: Currency) =>
  z.object({ amount: z.string(), reason: z.string() }).superRefine((values, ctx) => {
    const cents = readMoney(values.amount, currency);
    if (cents === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: amountHint('amount', 1250, currency) });
    else addIssues(refundSchema, { amountCents: cents, reason: values.reason }, { addIssue: (issue) => ctx.addIssue({ ...issue, path: issue.path[0] === 'amountCents' ? ['amount'] : issue.path }) });
  });

export function RefundModal({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const [error, setError] = useState('');
  const refund = useRefundMutation();
  // One Idempotency-Key per refund asked: the same refund sent again (its answer lost, or Stripe slow)
  // is answered with what the server did, never made twice; another amount or reason is another refund.
  const sent = useRef<{ body: string; key: string } | null>(null);
  const left = payment.amountCents - payment.refundedCents;
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm<RefundValues>(refundForm(payment.currency), { defaultValues: { amount: editableMoney(left, payment.currency), reason: '' } });
  const submit = handleSubmit(async (values) => {
    setError('');
    try {
      const body = { amountCents: readMoney(values.amount, payment.currency)!, reason: values.reason };
      if (sent.current?.body !== JSON.stringify(body)) sent.current = { body: JSON.stringify(body), key: crypto.randomUUID() };
      await refund.mutateAsync({ id: payment.id, body, idempotencyKey: sent.current.key });
      onClose();
    } catch (err) {
      setError(showRefusal(setFieldError, err, 'The refund could not be made. Try again.', ['reason']) ?? '');
    }
  });
  return (
    <Modal title={`Refund ${payment.memberName}`} onClose={onClose} dirty={isDirty}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p>
          {payment.item}: {formatMoney(payment.amountCents, payment.currency)} paid, at most {formatMoney(left, payment.currency)} to refund
          {payment.method === 'online' ? ' (through Stripe, to the card that paid)' : ' (give it back by hand)'}.
        </p>
        <FormField label={`Amount (${payment.currency})`} error={errors.amount?.message}>
          {(field) => <input {...field} inputMode="decimal" autoComplete="off" {...register('amount')} />}
        </FormField>
        <FormField label="Reason" error={errors.reason?.message}>
          {(field) => <textarea {...field} rows={2} {...register('reason')} />}
        </FormField>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <FormFooter submitLabel="Refund" busy={isSubmitting} busyLabel="Refunding…" onCancel={onClose} tone="danger" />
      </form>
    </Modal>
  );
}

interface RecordValues {
  userId: string;
  package: string;
  amount: string;
  method: HandMethod;
  receipt: string;
  note: string;
}

export interface PayingMember {
  id: number;
  name: string;
}

/** The members money may be recorded or priced for, as a select's options. */
export function MemberOptions({ members }: { members: PayingMember[] }) {
  return (
    <>
      {members.map((m) => (
        <option key={m.id} value={m.id}>
          {m.name}
        </option>
      ))}
    </>
  );
}

// The form's "For" holds a package's name, or 'request:<id>', 'race:<id>' or 'event:<id>' for one of
// the club's payment requests, a race's entry fee or an event's fee.
const LINKED_CHOICE = /^(request|race|event):(\d+)$/;

function paysFor(choice: string): { package: string } | { request: number } | { race: number } | { event: number } {
  const linked = LINKED_CHOICE.exec(choice);
  if (!linked) return { package: choice };
  const id = Number(linked[2]);
  return linked[1] === 'race' ? { race: id } : linked[1] === 'event' ? { event: id } : { request: id };
}

const recordBody = (values: RecordValues, currency: Currency) => ({
  userId: Number(values.userId),
  ...paysFor(values.package),
  ...(values.amount.trim() ? { amountCents: readMoney(values.amount, currency) ?? -1 } : {}),
  method: values.method,
  ...(values.receipt.trim() ? { receipt: values.receipt } : {}),
  ...(values.note.trim() ? { note: values.note } : {}),
});

const recordForm = (currency: Currency) =>
  z.object({ userId: z.string(), package: z.string(), amount: z.string(), method: z.string(), receipt: z.string(), note: z.string() }).superRefine((values, ctx) => {
    if (values.amount.trim() && readMoney(values.amount, currency) === null) ctx.addIssue({ code: 'custom', path: ['amount'], message: amountHint('amount', 1250, currency) });
    else addIssues(recordPaymentSchema, recordBody(values as RecordValues, currency), { addIssue: (issue) => ctx.addIssue({ ...issue, path: issue.path[0] === 'amountCents' ? ['amount'] : issue.path }) });
  });

/** Money handed over, recorded through the device's outbox: with no signal it waits and lands once. */
export function RecordPaymentModal({
  members,
  packages,
  requests = [],
  feeItems = [],
  choice,
  currency,
  memberId = null,
  amountCents,
  onRecorded,
  onClose,
}: {
  members: PayingMember[];
  packages: string[];
  /** The club's payment requests, which money handed over may pay too. */
  requests?: { id: number; title: string }[];
  /** The races and events with a fee, which it may pay too. */
  feeItems?: FeeItem[];
  /** What "For" starts at: a package's name or 'request:<id>' (the first package when left out). */
  choice?: string;
  currency: Currency;
  memberId?: number | null;
  /** What the amount starts at (what the member owes); empty when left out. */
  amountCents?: number;
  /** Told once the payment is recorded, or kept on the device for later (`queued`). */
  onRecorded?: (queued: boolean) => void;
  onClose: () => void;
}) {
  const [error, setError] = useState('');
  const [queued, setQueued] = useState(false);
  const record = useRecordPaymentMutation();
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm<RecordValues>(recordForm(currency), {
    defaultValues: { userId: String(members.find((m) => m.id === memberId)?.id ?? members[0]?.id ?? ''), package: choice ?? packages[0] ?? '', amount: amountCents === undefined ? '' : editableMoney(amountCents, currency), method: 'cash', receipt: '', note: '' },
  });
  const submit = handleSubmit(async (values) => {
    setError('');
    try {
      const result = await record.mutateAsync(recordBody(values, currency));
      onRecorded?.(result.status === 'queued');
      if (result.status === 'queued') setQueued(true);
      else onClose();
    } catch (err) {
      setError(showRefusal(setFieldError, err, 'The payment could not be recorded. Try again.', ['userId', 'package', 'receipt', 'note']) ?? '');
    }
  });
  if (queued) {
    return (
      <Modal title="Payment saved on this device" onClose={onClose}>
        <Notice>Saved on this device — not yet synced. It is recorded once when the network is back.</Notice>
      </Modal>
    );
  }
  return (
    <Modal title="Record a payment" onClose={onClose} dirty={isDirty}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormField label="Member" error={errors.userId?.message}>
          {(field) => (
            <select {...field} {...register('userId')}>
              <MemberOptions members={members} />
            </select>
          )}
        </FormField>
        <FormField label="For" error={errors.package?.message}>
          {(field) => (
            <select {...field} {...register('package')}>
              {packages.length > 0 && (
                <optgroup label="Membership packages">
                  {packages.map((p) => (
                    <option key={p}>{p}</option>
                  ))}
                </optgroup>
              )}
              {requests.length > 0 && (
                <optgroup label="Payment requests">
                  {requests.map((r) => (
                    <option key={r.id} value={`request:${r.id}`}>
                      {r.title}
                    </option>
                  ))}
                </optgroup>
              )}
              {feeItems.length > 0 && (
                <optgroup label="Race entry fees and event fees">
                  {feeItems.map((f) => (
                    <option key={`${f.kind}:${f.id}`} value={`${f.kind}:${f.id}`}>
                      {f.name} ({formatMoney(f.amountCents, currency)}, {formatDate(f.date, 'medium')})
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          )}
        </FormField>
        <FormField label="Amount" hint="Leave empty for the price asked" error={errors.amount?.message}>
          {(field) => <input {...field} inputMode="decimal" autoComplete="off" {...register('amount')} />}
        </FormField>
        <FormField label="How it was paid" error={errors.method?.message}>
          {(field) => (
            <select {...field} {...register('method')}>
              {HAND_METHODS.map((m) => (
                <option key={m} value={m}>
                  {METHOD_NAMES[m]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Receipt number" hint="Optional" error={errors.receipt?.message}>
          {(field) => <input {...field} autoComplete="off" {...register('receipt')} />}
        </FormField>
        <FormField label="Note" hint="Optional" error={errors.note?.message}>
          {(field) => <textarea {...field} rows={2} {...register('note')} />}
        </FormField>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <FormFooter submitLabel="Record payment" busy={isSubmitting} busyLabel="Recording…" onCancel={onClose} />
      </form>
    </Modal>
  );
}
