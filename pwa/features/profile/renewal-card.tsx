import { useId, useState, type ReactNode } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { renewalRequestSchema, type MyRenewalAnswer } from '../../../domain/contract/members/season';
import { membershipEnded } from '../../../domain/membership';
import { call, errorMessage } from '../../lib/data/api-client';
import { paymentKeys } from '../../lib/data/keys/payment-keys';
import { useRead } from '../../lib/data/read';
import { useContractForm } from '../../lib/forms/forms';
import { formatDate } from '../../lib/ui/format';
import { useClubToday } from '../../lib/club/club-clock';
import { ErrorMessage, Notice } from '../../components/status';
import { FormFooter } from '../../components/form-footer';

const renewalKey = ['me', 'renewal'] as const;

/**
 * "Renew your membership", on Home and the profile: shown from 30 days before the membership ends
 * (and after it has ended). The member picks a session; an administrator approves the request once
 * the fee is paid. Asking is online only: it answers at once, or says what went wrong. `extra`: what
 * else renewing asks for, handed in by the frame (the safety card and waiver), shown below it.
 */
export function RenewalCard({ page = false, extra }: { page?: boolean; extra?: ReactNode }) {
  const mine = useRead({ queryKey: renewalKey, queryFn: ({ signal }) => call('GET /me/renewal', { signal }) });
  const data = mine.data;
  if (!data) return null;
  const open = data.renewal?.status === 'requested' ? data.renewal : null;
  if (!data.eligible && !open) return null;
  return page ? (
    <div className="page renewal-slot">
      <RenewalBody data={data} />
      {extra}
    </div>
  ) : (
    <>
      <RenewalBody data={data} />
      {extra}
    </>
  );
}

function RenewalBody({ data }: { data: MyRenewalAnswer }) {
  const queryClient = useQueryClient();
  const open = data.renewal?.status === 'requested' ? data.renewal : null;
  const declined = data.renewal?.status === 'declined' ? data.renewal : null;
  const [changing, setChanging] = useState(false);
  const [error, setError] = useState('');
  const titleId = useId();
  const sessionErrorId = useId();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useContractForm<{ session: string }>(renewalRequestSchema, { defaultValues: { session: open?.session ?? data.sessions[0]?.id ?? '' } });
  const ask = useMutation({
    mutationFn: (id: string) => call('POST /me/renewal', { body: { session: id } }),
    // Asking to renew makes the membership fee owed: what the member owes is read again too.
    onSuccess: () => Promise.all([queryClient.invalidateQueries({ queryKey: renewalKey }), queryClient.invalidateQueries({ queryKey: paymentKeys.mine })]),
  });
  const today = useClubToday();
  const ended = today !== null && membershipEnded(data.expiryDate, today);

  const submit = handleSubmit(async ({ session }) => {
    setError('');
    try {
      await ask.mutateAsync(session);
      setChanging(false);
    } catch (err) {
      setError(errorMessage(err, 'Your request could not be sent. Please try again.'));
    }
  });

  return (
    <section className="card renewal-ask" aria-labelledby={titleId} id="renewal">
      <h2 id={titleId}>{open ? 'Renewal requested' : 'Renew your membership'}</h2>
      {open && !changing ? (
        <>
          <p>
            You asked to renew for <strong>{open.sessionName}</strong> (until {formatDate(open.sessionEnds, 'medium')}). Pay
            the membership fee here in the app, or to the treasurer: the renewal is confirmed once it is paid, and you will get
            an email.
          </p>
          <button type="button" className="button" onClick={() => setChanging(true)}>
            Change session
          </button>
        </>
      ) : (
        <form onSubmit={(e) => void submit(e)} noValidate>
          <p>
            {data.expiryDate
              ? ended
                ? `Your membership ended on ${formatDate(data.expiryDate, 'medium')}.`
                : `Your membership ends on ${formatDate(data.expiryDate, 'medium')}.`
              : 'Your membership has no end date on record.'}{' '}
            Choose the session you are paying for.
          </p>
          {declined && (
            <Notice tone="warning">
              Your request for {declined.sessionName} was declined: {declined.reason}
            </Notice>
          )}
          <fieldset className="renewal-ask__sessions" aria-describedby={errors.session ? sessionErrorId : undefined}>
            <legend>Renew for</legend>
            {data.sessions.map((s) => (
              <label key={s.id} className="renewal-ask__choice">
                <input type="radio" value={s.id} {...register('session')} />
                {s.name} <span className="hint">(until {formatDate(s.ends, 'medium')})</span>
              </label>
            ))}
            {errors.session && (
              <p id={sessionErrorId} className="field-error">
                {errors.session.message}
              </p>
            )}
          </fieldset>
          {(error || errors.root?.message) && <ErrorMessage>{error || errors.root?.message}</ErrorMessage>}
          <FormFooter
            submitLabel={open ? 'Change request' : 'Ask to renew'}
            busy={ask.isPending}
            busyLabel="Sending…"
            onCancel={changing ? () => setChanging(false) : undefined}
            start
          />
        </form>
      )}
    </section>
  );
}
