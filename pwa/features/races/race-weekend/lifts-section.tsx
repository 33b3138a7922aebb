import { useId, useRef, useState } from 'react';
import { raceLiftSchema, type Race, type RaceLift } from '../../../../domain/contract/races';
import { FormField } from '../../../components/form-field';
import { EmptyState, ErrorMessage } from '../../../components/status';
import {
  useLiftPlaceMutation,
  useLookingForLiftMutation,
  useOfferLiftMutation,
  useWithdrawLiftMutation,
} from '../api/race-weekend-mutations';
import { fieldErrors, refusal } from './form-errors';

const when = (leavingAt: string) => leavingAt.replace('T', ' at ');

/** Lifts to the race: offer one, take a seat or a bike spot, say one is looking for a lift. */
export function LiftsSection({ race, myId }: { race: Race; myId: number | undefined }) {
  const headingId = useId();
  const [offering, setOffering] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const looking = useLookingForLiftMutation(race.id);
  const drives = race.lifts.some((l) => l.driver_id === myId);
  const rides = race.lifts.some((l) => l.mySeat);

  const toggleLooking = async () => {
    setError(null);
    try {
      await looking.mutateAsync(!race.lookingForLift);
    } catch (err) {
      setError(Object.values(refusal(err, 'That could not be saved. Please try again.'))[0]!);
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
            <LiftCard key={lift.id} raceId={race.id} lift={lift} mine={lift.driver_id === myId} />
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
        {!offering && (
          <button type="button" className="button button--ghost" onClick={() => setOffering(true)}>
            Offer a lift
          </button>
        )}
      </div>
      {error && <ErrorMessage>{error}</ErrorMessage>}
      {offering && <OfferLiftForm race={race} onDone={() => setOffering(false)} />}
    </section>
  );
}

function LiftCard({ raceId, lift, mine }: { raceId: number; lift: RaceLift; mine: boolean }) {
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
      setError(refusal(err, 'That could not be saved. Please try again.')[''] ?? 'That could not be saved. Please try again.');
    }
  };
  const remove = async () => {
    if (!window.confirm('Withdraw this lift? Its riders are told.')) return;
    try {
      await withdraw.mutateAsync(lift.id);
    } catch (err) {
      setError(refusal(err, 'The lift could not be withdrawn. Please try again.')[''] ?? 'That could not be saved. Please try again.');
    }
  };

  return (
    <li className="race-lift">
      <p className="race-lift__head">
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
      <div className="actions">
        {mine ? (
          <button type="button" className="button button--ghost" disabled={withdraw.isPending} onClick={() => void remove()}>
            Withdraw lift
          </button>
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
      {queued && <p role="status">{queued}</p>}
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </li>
  );
}

function OfferLiftForm({ race, onDone }: { race: Race; onDone: () => void }) {
  const [values, setValues] = useState({ leavingFrom: '', leavingAt: `${race.date}T06:00`, seats: '3', bikeSpots: '2', note: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const offer = useOfferLiftMutation(race.id);
  const key = useRef(crypto.randomUUID());
  const set = (name: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const body = { ...values, seats: Number(values.seats), bikeSpots: Number(values.bikeSpots) };
    const checked = raceLiftSchema.safeParse(body);
    setErrors(fieldErrors(checked));
    if (!checked.success) return;
    try {
      await offer.mutateAsync({ body, idempotencyKey: key.current });
      onDone();
    } catch (err) {
      setErrors(refusal(err, 'The lift could not be offered. Please try again.'));
    }
  };

  return (
    <form className="form race-weekend__form" onSubmit={submit} noValidate aria-label="Offer a lift">
      <FormField label="Leaving from" error={errors.leavingFrom}>
        {(field) => <input {...field} value={values.leavingFrom} onChange={set('leavingFrom')} autoComplete="off" />}
      </FormField>
      <FormField label="Leaving at" error={errors.leavingAt}>
        {(field) => <input {...field} type="datetime-local" value={values.leavingAt} onChange={set('leavingAt')} />}
      </FormField>
      <FormField label="Seats" error={errors.seats}>
        {(field) => <input {...field} type="number" inputMode="numeric" min={0} max={8} value={values.seats} onChange={set('seats')} />}
      </FormField>
      <FormField label="Bike-rack spots" error={errors.bikeSpots}>
        {(field) => <input {...field} type="number" inputMode="numeric" min={0} max={8} value={values.bikeSpots} onChange={set('bikeSpots')} />}
      </FormField>
      <FormField label="Note" hint="Optional" error={errors.note}>
        {(field) => <textarea {...field} rows={2} value={values.note} onChange={set('note')} />}
      </FormField>
      {errors[''] && <ErrorMessage>{errors['']}</ErrorMessage>}
      <div className="actions">
        <button type="button" className="button button--ghost" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button button--primary" disabled={offer.isPending}>
          Offer this lift
        </button>
      </div>
    </form>
  );
}
