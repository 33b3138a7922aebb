import { useState } from 'react';
import { z } from 'zod';
import { memberPriceSchema, type LedgerAnswer, type MemberPrice } from '../../../domain/contract/members/payments';
import type { Currency } from '../../../domain/payments/money';
import { FormField } from '../../components/form-field';
import { FormFooter } from '../../components/form-footer';
import { Modal } from '../../components/modal';
import { ErrorMessage } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { addIssues, useContractForm } from '../../lib/forms/forms';
import { showRefusal } from '../../lib/forms/server-refusal';
import { formatMoney } from '../../lib/ui/format';
import { useMemberPriceMutation } from './api/payment-mutations';
import { MemberOptions } from './payment-forms';
import { amountHint, editableMoney, readMoney } from '../../lib/forms/money-input';

// Members' own prices and exemptions (Admin → Payments): each with its reason, set and cleared by
// whoever handles the money; the server charges them (every package at that price, the club's tax on it).


/** A member's own price in words: 'Exempt: Life member', '$100.00: Coach'. */
function memberPriceWords(price: MemberPrice, currency: Currency): string {
  return `${price.exempt ? 'Exempt' : formatMoney(price.priceCents ?? 0, currency)}: ${price.reason}`;
}

export function MemberPrices({ answer }: { answer: LedgerAnswer }) {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [error, setError] = useState('');
  const change = useMemberPriceMutation();
  const editingPrice = typeof editing === 'number' ? answer.memberPrices.find((p) => p.userId === editing) : undefined;
  const clear = async (price: MemberPrice) => {
    setError('');
    try {
      await change.mutateAsync({ userId: price.userId, body: null });
    } catch (err) {
      setError(errorMessage(err, 'The price could not be cleared. Try again.'));
    }
  };
  return (
    <section className="payments-prices" aria-labelledby="member-prices-title">
      <h2 id="member-prices-title">Members’ own prices</h2>
      {answer.memberPrices.length === 0 ? (
        <p className="hint">Everyone pays the club’s prices.</p>
      ) : (
        <ul className="payments-list">
          {answer.memberPrices.map((p) => (
            <li key={p.userId} className="payments-prices__row">
              <span>
                <strong>{p.memberName}</strong>: {memberPriceWords(p, answer.currency)}
                {p.byName && <span className="payments-list__how"> · set by {p.byName}</span>}
              </span>
              <span className="payments-prices__actions">
                <button type="button" className="button" onClick={() => setEditing(p.userId)} aria-label={`Change ${p.memberName}’s price`}>
                  Change
                </button>
                <button type="button" className="button" onClick={() => void clear(p)} aria-label={`Clear ${p.memberName}’s price`}>
                  Clear
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <button type="button" className="button" onClick={() => setEditing('new')}>
        Set a member’s price or exemption
      </button>
      {editing !== null && (
        <MemberPriceModal members={answer.members} currency={answer.currency} price={editingPrice} onClose={() => setEditing(null)} />
      )}
    </section>
  );
}

interface PriceValues {
  userId: string;
  exempt: boolean;
  price: string;
  reason: string;
}

const priceBody = (values: PriceValues, currency: Currency) => ({
  exempt: values.exempt,
  ...(values.exempt ? {} : { priceCents: readMoney(values.price, currency) ?? -1 }),
  reason: values.reason,
});

const priceForm = (currency: Currency) =>
  z.object({ userId: z.string(), exempt: z.boolean(), price: z.string(), reason: z.string() }).superRefine((values, ctx) => {
    if (!values.exempt && readMoney(values.price, currency) === null) ctx.addIssue({ code: 'custom', path: ['price'], message: amountHint('price', 12000, currency) });
    else addIssues(memberPriceSchema, priceBody(values, currency), { addIssue: (issue) => ctx.addIssue({ ...issue, path: issue.path[0] === 'priceCents' ? ['price'] : issue.path }) });
  });

function MemberPriceModal({ members, currency, price, onClose }: { members: LedgerAnswer['members']; currency: Currency; price?: MemberPrice; onClose: () => void }) {
  const [error, setError] = useState('');
  const change = useMemberPriceMutation();
  const {
    register,
    handleSubmit,
    watch,
    setError: setFieldError,
    formState: { errors, isSubmitting, isDirty },
  } = useContractForm<PriceValues>(priceForm(currency), {
    defaultValues: {
      userId: String(price?.userId ?? members[0]?.id ?? ''),
      exempt: price?.exempt ?? false,
      price: price?.priceCents != null ? editableMoney(price.priceCents, currency) : '',
      reason: price?.reason ?? '',
    },
  });
  const exempt = watch('exempt');
  const submit = handleSubmit(async (values) => {
    setError('');
    try {
      await change.mutateAsync({ userId: Number(values.userId), body: priceBody(values, currency) });
      onClose();
    } catch (err) {
      setError(showRefusal(setFieldError, err, 'The price could not be saved. Try again.', ['reason']) ?? '');
    }
  });
  return (
    <Modal title="A member’s own price" onClose={onClose} dirty={isDirty}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <FormField label="Member" error={errors.userId?.message}>
          {(field) => (
            <select {...field} {...register('userId')} disabled={price !== undefined}>
              <MemberOptions members={members} />
            </select>
          )}
        </FormField>
        <label className="admin-checkbox">
          <input type="checkbox" {...register('exempt')} />
          <span>Exempt from the membership fee</span>
        </label>
        {!exempt && (
          <FormField label={`Price (${currency})`} hint="Every membership package costs this for them; the club’s tax is charged as on Join us." error={errors.price?.message}>
            {(field) => <input {...field} inputMode="decimal" autoComplete="off" {...register('price')} />}
          </FormField>
        )}
        <FormField label="Reason" error={errors.reason?.message}>
          {(field) => <input {...field} autoComplete="off" {...register('reason')} />}
        </FormField>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <FormFooter submitLabel="Save price" busy={isSubmitting} busyLabel="Saving…" onCancel={onClose} />
      </form>
    </Modal>
  );
}
