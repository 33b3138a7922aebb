import { useEffect, useId, useRef, useState } from 'react';
import { raceLiftSchema, type Race, type RaceLift, type RaceLiftInput } from '../../../../domain/contract/training/races';
import { FormField } from '../../../components/form-field';
import { EmptyState, ErrorMessage } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { useContractForm } from '../../../lib/forms/forms';
import { showRefusal } from '../../../lib/forms/server-refusal';
import {
  useChangeLiftMutation,
  useLiftPlaceMutation,
  useLookingForLiftMutation,
  useOfferLiftMutation,
  useWithdrawLiftMutation,
} from '../api/race-weekend-mutations';
import { formatDateAndTime } from '../../../lib/ui/format';
import { FormFooter } from '../../../components/form-footer';

/** When a lift leaves ('YYYY-MM-DDTHH:MM', club-local) in the club's one date and time format. */
function when(leavingAt: string): string {
  const [date, time] = leavingAt.split('T');
  return formatDateAndTime(date!, time);
}

/** A form opened from a button: focus goes back to the button when the form closes. */
function useOpener() {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const returning = useRef(false);
  useEffect(() => {
    if (open || !returning.current) return;
    returning.current = false;
    button.current?.focus();
  }, [open]);
  const close = () => {
    returning.current = true;
    setOpen(false);
  };
  return { open, button, show: () => setOpen(true), close };
}

/** Lifts to the race: offer one, take a seat or a bike spot, say one is looking for a lift. */
export function LiftsSection({ race, myId }: { race: Race; myId: number | undefined }) {
  const headingId = useId();
  const offering = useOpener();
  const [error, setError] = useState<string | null>(null);
  const looking = useLookingForLiftMutation(race.id);
  const drives = race.lifts.some((l) => l.driver_id === myId);
  const rides = race.lifts.some((l) => l.mySeat);

  const toggleLooking = async () => {
    setError(null);
    try {
      await looking.mutateAsync(!race.lookingForLift);
    } catch (err) {
      setError(errorMessage(err, 'That could not be saved. Please try again.'));
    }
  };

  return (
    <section className="card race-weekend" aria-labelledby={headingId}>
      <h2 id={headingId}>Lifts</h2>
      {race.lifts.length === 0 ? (
        <EmptyState>No lifts offered yet.</EmptyState>
      ) : (
        <ul className="race-lifts">
          {race.lifts.map((lift) => (
            <LiftCard key={lift.id} race={race} lift={lift} mine={lift.driver_id === myId} />
          ))}
        </ul>
      )}
      {race.liftSeekers.length > 0 && (
        <p className="race-weekend__seekers">
          <strong>Looking for a lift:</strong> {race.liftSeekers.map((s) => s.user_name).join(', ')}
        </p>
      )}
      <div className="actions race-weekend__actions">
        {!drives && !rides && (
          <button type="button" className="button button--ghost" aria-pressed={race.lookingForLift} disabled={looking.isPending} onClick={() => void toggleLooking()}>
            {race.lookingForLift ? 'I no longer need a lift' : "I'm looking for a lift"}
          </button>
        )}
        {/* One lift per driver and race: a driver changes the one they offer. */}
        {!offering.open && !drives && (
          <button ref={offering.button} type="button" className="button button--ghost" onClick={offering.show}>
            Offer a lift
          </button>
        )}
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {offering.open && <LiftForm race={race} onDone={offering.close} />}
    </section>
  );
}

function LiftCard({ race, lift, mine }: { race: Race; lift: RaceLift; mine: boolean }) {
  const raceId = race.id;
  const headId = useId();
  const editing = useOpener();
  const place = useLiftPlaceMutation(raceId);
  const withdraw = useWithdrawLiftMutation(raceId);
  const [error, setError] = useState<string | null>(null);
  const [queued, setQueued] = useState<string | null>(null);

  const change = async (kind: 'seat' | 'bike', taken: boolean) => {
    setError(null);
    try {
      const result = await place.mutateAsync({ liftId: lift.id, place: kind, taken });
      setQueued(result.status === 'queued' ? 'Saved on this device: it is sent when you are back online.' : null);
    } catch (err) {
      setError(errorMessage(err, 'That could not be saved. Please try again.'));
    }
  };
  const remove = async () => {
    if (!window.confirm('Withdraw this lift? Its riders are told.')) return;
    try {
      await withdraw.mutateAsync(lift.id);
    } catch (err) {
      setError(errorMessage(err, 'The lift could not be withdrawn. Please try again.'));
    }
  };

  return (
    <li className="race-lift">
      <p className="race-lift__head" id={headId}>
        <strong>{lift.driver_name}</strong>
        {mine && ' (you)'} · from {lift.leavingFrom} · {when(lift.leavingAt)}
      </p>
      <p className="race-lift__places">
        Seats: {lift.seatsFree} free of {lift.seats} · Bike spots: {lift.bikeSpotsFree} free of {lift.bikeSpots}
      </p>
      {lift.note && <p className="race-weekend__muted">{lift.note}</p>}
      {mine || lift.riders.length > 0 ? (
        <p className="race-lift__riders">
          {lift.riders.length === 0
            ? 'No riders yet.'
            : `Riding: ${lift.riders.map((r) => `${r.user_name}${r.seat ? '' : ' (bike only)'}${r.bike && r.seat ? ' + bike' : ''}`).join(', ')}`}
        </p>
      ) : null}
      {editing.open ? (
        <LiftForm race={race} lift={lift} onDone={editing.close} />
      ) : (
        <div className="actions">
          {mine ? (
            <>
              <button ref={editing.button} type="button" className="button button--ghost" aria-describedby={headId} onClick={editing.show}>
                Edit lift
              </button>
              <button type="button" className="button button--ghost" disabled={withdraw.isPending} onClick={() => void remove()}>
                Withdraw lift
              </button>
            </>
          ) : (
            <>
              {lift.mySeat ? (
                <button type="button" className="button button--ghost" disabled={place.isPending} onClick={() => void change('seat', false)}>
                  Give back my seat
                </button>
              ) : (
                <button type="button" className="button button--primary" disabled={place.isPending || lift.seatsFree === 0} onClick={() => void change('seat', true)}>
                  Take a seat
                </button>
              )}
              {lift.myBike ? (
                <button type="button" className="button button--ghost" disabled={place.isPending} onClick={() => void change('bike', false)}>
                  Give back my bike spot
                </button>
              ) : (
                <button type="button" className="button button--ghost" disabled={place.isPending || lift.bikeSpotsFree === 0} onClick={() => void change('bike', true)}>
                  Take a bike spot
                </button>
              )}
            </>
          )}
        </div>
      )}
      {queued && <p role="status">{queued}</p>}
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </li>
  );
}

/**
 * Offering a lift, or with `lift` the driver changing theirs: the same fields, prefilled from the
 * lift, checked with the contract's schema. Focus goes to the first field when the form opens and to
 * the field a problem or a refusal is about.
 */
function LiftForm({ race, lift, onDone }: { race: Race; lift?: RaceLift; onDone: () => void }) {
  const defaultValues: RaceLiftInput = lift
    ? { leavingFrom: lift.leavingFrom, leavingAt: lift.leavingAt, seats: lift.seats, bikeSpots: lift.bikeSpots, note: lift.note }
    : { leavingFrom: '', leavingAt: `${race.date}T06:00`, seats: 3, bikeSpots: 2, note: '' };
  const { register, handleSubmit, setError, formState } = useContractForm<RaceLiftInput>(raceLiftSchema, { defaultValues });
  const { errors, isSubmitting } = formState;
  const [problem, setProblem] = useState<string | null>(null);
  const offer = useOfferLiftMutation(race.id);
  const change = useChangeLiftMutation(race.id);
  const form = useRef<HTMLFormElement>(null);
  // One key per request: the same values sent again (an answer lost on the way) are applied once,
  // and values changed after a refusal are a new request (the server refuses a key reused for them).
  const sent = useRef<{ body: string; key: string } | null>(null);
  const keyFor = (body: unknown) => {
    const text = JSON.stringify(body);
    if (sent.current?.body !== text) sent.current = { body: text, key: crypto.randomUUID() };
    return sent.current.key;
  };
  const places = { valueAsNumber: true } as const;

  useEffect(() => {
    form.current?.querySelector<HTMLElement>('input')?.focus();
  }, []);

  const submit = handleSubmit(async (body) => {
    setProblem(null);
    try {
      if (lift) await change.mutateAsync({ liftId: lift.id, body, idempotencyKey: keyFor(body) });
      else await offer.mutateAsync({ body, idempotencyKey: keyFor(body) });
      onDone();
    } catch (err) {
      const failed = lift ? 'The lift could not be changed. Please try again.' : 'The lift could not be offered. Please try again.';
      setProblem(showRefusal(setError, err, failed, ['leavingFrom', 'leavingAt', 'seats', 'bikeSpots', 'note']));
    }
  });

  return (
    <form ref={form} className="form race-weekend__form" onSubmit={submit} noValidate aria-label={lift ? 'Edit lift' : 'Offer a lift'}>
      <FormField label="Leaving from" error={errors.leavingFrom?.message}>
        {(field) => <input {...field} autoComplete="off" {...register('leavingFrom')} />}
      </FormField>
      <FormField label="Leaving at" error={errors.leavingAt?.message} hint={lift && lift.riders.length > 0 ? 'Your riders are told of a new time.' : undefined}>
        {(field) => <input {...field} type="datetime-local" {...register('leavingAt')} />}
      </FormField>
      <FormField label="Seats" error={errors.seats?.message}>
        {(field) => <input {...field} type="number" inputMode="numeric" min={0} max={8} {...register('seats', places)} />}
      </FormField>
      <FormField label="Bike-rack spots" error={errors.bikeSpots?.message}>
        {(field) => <input {...field} type="number" inputMode="numeric" min={0} max={8} {...register('bikeSpots', places)} />}
      </FormField>
      <FormField label="Note" hint="Optional" error={errors.note?.message}>
        {(field) => <textarea {...field} rows={2} {...register('note')} />}
      </FormField>
      {(problem ?? errors.root?.message) && <ErrorMessage>{problem ?? errors.root?.message}</ErrorMessage>}
      <FormFooter submitLabel={lift ? 'Save changes' : 'Offer this lift'} busy={isSubmitting} onCancel={onDone} />
    </form>
  );
}
