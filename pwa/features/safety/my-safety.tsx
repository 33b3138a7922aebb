import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { MySafetyAnswer, SafetyCardBody, SafetyOpening, WaiverSignatureInput } from '../../../domain/contract/members/safety';
import { safetyCardSchema, waiverSignatureSchema } from '../../../domain/contract/members/safety';
import { SAFETY_NOTES_MAX } from '../../../domain/people/safety';
import { FormField } from '../../components/form-field';
import { MarkdownHtml } from '../../components/markdown-html';
import { ErrorMessage, LoadError, Loading, Notice } from '../../components/status';
import { readClubPhone, showClubPhone } from '../../lib/club/club-phone';
import { useClubDocument } from '../../lib/documents/page-documents';
import { useContractForm } from '../../lib/forms/forms';
import { phoneInput } from '../../lib/forms/phone-input';
import { showRefusal } from '../../lib/forms/server-refusal';
import { formatDateTime } from '../../lib/ui/format';
import { useMySafetyQuery } from './api/safety-queries';
import { useRemoveCardMutation, useSaveCardMutation, useSignWaiverMutation } from './api/safety-mutations';
import './safety.css';

const ASKS = {
  missing: 'The club asks every member for a safety card: who to call in an emergency, and anything the execs should know.',
  'new-term': 'A new term has started: please check your safety card and save it again.',
  'consent-changed': 'The words of the consent have changed: please read them and agree again.',
} as const;

const HOW = { online: 'online', offline: 'with no signal, told later', csv: 'in a race’s emergency list' } as const;

/** Profile → Safety card and waiver: the member's own card, this term's waiver, and who opened the card. */
export function MySafety() {
  const query = useMySafetyQuery();
  const [editing, setEditing] = useState(false);
  const { hash } = useLocation();
  const loaded = query.data !== undefined;
  // The call to answer for the term links here; the card loads after the page, so the browser cannot scroll to it alone.
  useEffect(() => {
    if (loaded && hash === '#safety-heading') document.getElementById('safety-heading')?.scrollIntoView?.({ block: 'start' });
  }, [loaded, hash]);
  if (query.data === undefined) {
    if (query.error) return <LoadError onRetry={() => void query.refetch()}>Your safety card could not be loaded.</LoadError>;
    return <Loading text="Loading your safety card…" />;
  }
  const safety = query.data;
  return (
    <section aria-labelledby="safety-heading" className="card safety">
      <h2 id="safety-heading">Safety card</h2>
      {safety.ask && <Notice tone="warning">{ASKS[safety.ask]}</Notice>}
      {editing || !safety.card ? (
        <CardForm safety={safety} onDone={() => setEditing(false)} canCancel={!!safety.card} />
      ) : (
        <CardView safety={safety} onEdit={() => setEditing(true)} />
      )}
      <Waiver safety={safety} />
      <Openings openings={safety.openings} />
    </section>
  );
}

function CardView({ safety, onEdit }: { safety: MySafetyAnswer; onEdit: () => void }) {
  const remove = useRemoveCardMutation();
  const card = safety.card!;
  return (
    <>
      <dl className="safety-facts">
        {card.contacts.map((c, i) => (
          <div key={i}>
            <dt>Emergency contact {card.contacts.length > 1 ? i + 1 : ''}</dt>
            <dd>
              {c.name} ({c.relation}), {showClubPhone(c.phone)}
            </dd>
          </div>
        ))}
        <dt>Health flags</dt>
        <dd>{card.flags.length > 0 ? card.flags.join(', ') : 'None'}</dd>
        <dt>Health notes</dt>
        <dd>{card.notes || 'None'}</dd>
      </dl>
      <div className="actions">
        <button type="button" className="button button--primary" onClick={onEdit}>
          {safety.ask ? 'Check and save' : 'Change'}
        </button>
        <button type="button" className="button button--ghost" disabled={remove.isPending} onClick={() => remove.mutate()}>
          Remove my card
        </button>
      </div>
      {remove.error && <ErrorMessage>Your card could not be removed. Please try again.</ErrorMessage>}
    </>
  );
}

function CardForm({ safety, onDone, canCancel }: { safety: MySafetyAnswer; onDone: () => void; canCancel: boolean }) {
  const save = useSaveCardMutation();
  const [error, setError] = useState('');
  const card = safety.card;
  const [two, setTwo] = useState((card?.contacts.length ?? 1) > 1);
  const blank = { name: '', relation: '', phone: '' };
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useContractForm<SafetyCardBody>(safetyCardSchema(readClubPhone), {
    shouldUnregister: true,
    defaultValues: {
      contacts: card ? card.contacts.map((c) => ({ ...c, phone: showClubPhone(c.phone) })) : [blank],
      flags: card?.flags ?? [],
      notes: card?.notes ?? '',
      consent: safety.consented as true,
    },
  });
  const submit = handleSubmit((values) => {
    setError('');
    save.mutate(values, {
      onSuccess: onDone,
      onError: (err) => setError(showRefusal(setFieldError, err, 'Your card could not be saved', ['contacts.0.phone', 'contacts.1.phone', 'notes', 'consent']) ?? ''),
    });
  });
  const contactErrors = errors.contacts as unknown as { name?: { message?: string }; relation?: { message?: string }; phone?: { message?: string } }[] | undefined;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Safety card">
      {(two ? [0, 1] : [0]).map((i) => (
        <fieldset key={i} className="safety-contact">
          <legend>Emergency contact {two ? i + 1 : ''}</legend>
          <FormField label="Contact name" error={contactErrors?.[i]?.name?.message}>
            {(control) => <input {...control} autoComplete="off" {...register(`contacts.${i}.name` as const)} />}
          </FormField>
          <FormField label="Relation" hint="Parent, partner, friend…" error={contactErrors?.[i]?.relation?.message}>
            {(control) => <input {...control} autoComplete="off" {...register(`contacts.${i}.relation` as const)} />}
          </FormField>
          <FormField label="Contact phone" error={contactErrors?.[i]?.phone?.message}>
            {(control) => <input {...control} {...phoneInput(register, `contacts.${i}.phone` as const)} autoComplete="off" />}
          </FormField>
        </fieldset>
      ))}
      <button type="button" className="button button--ghost" onClick={() => setTwo(!two)}>
        {two ? 'Keep one contact' : 'Add a second contact'}
      </button>
      <fieldset className="safety-flags">
        <legend>Health flags (optional)</legend>
        {safety.flags.map((flag) => (
          <label key={flag} className="checkbox">
            <input type="checkbox" value={flag} {...register('flags')} /> {flag}
          </label>
        ))}
      </fieldset>
      <FormField label="Health notes (optional)" hint="What an exec should know in an emergency, e.g. where your inhaler is." error={errors.notes?.message}>
        {(control) => <textarea {...control} rows={3} maxLength={SAFETY_NOTES_MAX} {...register('notes')} />}
      </FormField>
      <div className={`field ${errors.consent ? 'field--invalid' : ''}`}>
        <label className="checkbox">
          <input type="checkbox" aria-describedby="safety-consent-error" {...register('consent')} /> {safety.consent_text}
        </label>
        {errors.consent && (
          <p id="safety-consent-error" className="field-error">
            {errors.consent.message}
          </p>
        )}
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      <div className="actions">
        <button type="submit" className="button button--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save my card'}
        </button>
        {canCancel && (
          <button type="button" className="button button--ghost" onClick={onDone}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}

function Waiver({ safety }: { safety: MySafetyAnswer }) {
  const waiver = useClubDocument('waiver');
  const sign = useSignWaiverMutation();
  const [error, setError] = useState('');
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useContractForm<WaiverSignatureInput>(waiverSignatureSchema, { defaultValues: { fullName: '', version: safety.waiver.version } });
  const submit = handleSubmit((values) => {
    setError('');
    sign.mutate({ ...values, version: safety.waiver.version }, { onError: (err) => setError(showRefusal(setFieldError, err, 'The waiver could not be signed', ['fullName']) ?? '') });
  });
  return (
    <section aria-labelledby="waiver-heading" className="safety-waiver">
      <h3 id="waiver-heading">This term’s waiver</h3>
      {safety.waiver.signed ? (
        <p>
          Signed by {safety.waiver.full_name} on {formatDateTime(safety.waiver.signed_at!)}.
        </p>
      ) : (
        <>
          {waiver.data ? <MarkdownHtml className="charter-text" html={waiver.data.html?.text ?? ''} /> : <Loading text="Loading the waiver…" />}
          <form onSubmit={(e) => void submit(e)} noValidate aria-label="Sign the waiver">
            <FormField label="Type your full name to sign" error={errors.fullName?.message}>
              {(control) => <input {...control} autoComplete="name" {...register('fullName')} />}
            </FormField>
            {error && <ErrorMessage>{error}</ErrorMessage>}
            <button type="submit" className="button button--primary" disabled={sign.isPending}>
              {sign.isPending ? 'Signing…' : 'Sign the waiver'}
            </button>
          </form>
        </>
      )}
    </section>
  );
}

function Openings({ openings }: { openings: SafetyOpening[] }) {
  return (
    <section aria-labelledby="openings-heading" className="safety-openings">
      <h3 id="openings-heading">Who opened your card</h3>
      {openings.length === 0 ? (
        <p className="empty-state">Nobody has opened your card.</p>
      ) : (
        <ul>
          {openings.map((o, i) => (
            <li key={i}>
              {o.opened_by}, {formatDateTime(o.opened_at)} ({HOW[o.how]})
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
