import { useId, useState } from 'react';
import { raceEntrySchema, type Race } from '../../../../domain/contract/training/races';
import { FormField } from '../../../components/form-field';
import { EmptyState, ErrorMessage } from '../../../components/status';
import { useEntryMutation } from '../api/race-weekend-mutations';
import { fieldErrors, refusal } from './form-errors';

/** The member's own entry (which distance, which wave) and who races what. */
export function EntrySection({ race, myId }: { race: Race; myId: number | undefined }) {
  const headingId = useId();
  const [distance, setDistance] = useState(race.entry?.distance ?? '');
  const [wave, setWave] = useState(race.entry?.wave ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saved, setSaved] = useState(false);
  const entry = useEntryMutation(race.id);

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    const checked = raceEntrySchema.safeParse({ distance, wave });
    setErrors(fieldErrors(checked));
    if (!checked.success) return;
    try {
      await entry.mutateAsync(checked.data);
      setSaved(true);
    } catch (err) {
      setErrors(refusal(err, 'Your entry could not be saved. Please try again.'));
    }
  };

  const byDistance = new Map<string, Race['entries']>();
  for (const e of race.entries) {
    const key = e.distance ?? 'Distance not given yet';
    byDistance.set(key, [...(byDistance.get(key) ?? []), e]);
  }

  return (
    <section className="card race-weekend" aria-labelledby={headingId}>
      <h2 id={headingId}>Who races what</h2>
      {race.distances.length === 0 ? (
        <p>The race has no distances listed yet: an exec adds them when editing the race.</p>
      ) : (
        <form className="form race-weekend__form" onSubmit={save} noValidate>
          <FormField label="Your distance" error={errors.distance}>
            {(field) => (
              <select {...field} value={distance} onChange={(e) => setDistance(e.target.value)}>
                <option value="">Choose…</option>
                {race.distances.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Wave or start time" hint="Optional, e.g. 07:40 or Wave 3" error={errors.wave}>
            {(field) => <input {...field} value={wave} autoComplete="off" onChange={(e) => setWave(e.target.value)} />}
          </FormField>
          {errors[''] && <ErrorMessage>{errors['']}</ErrorMessage>}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={entry.isPending}>
              {race.entry?.distance ? 'Change my entry' : 'Enter this distance'}
            </button>
          </div>
          <p role="status" className="race-weekend__saved">
            {saved ? 'Your entry is saved.' : ''}
          </p>
        </form>
      )}
      {race.entries.length === 0 ? (
        <EmptyState>No one has entered yet.</EmptyState>
      ) : (
        [...byDistance.entries()].map(([name, list]) => (
          <div key={name} className="race-weekend__group">
            <h3>
              {name} ({list.length})
            </h3>
            <ul className="race-weekend__list">
              {list.map((e) => (
                <li key={e.user_id}>
                  {e.user_name}
                  {e.user_id === myId && ' (you)'}
                  {e.wave && <span className="race-weekend__muted"> · {e.wave}</span>}
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
