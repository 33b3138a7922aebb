import { useId, useState } from 'react';
import { raceEntrySchema, type Race } from '../../../../domain/contract/training/races';
import { FormField } from '../../../components/form-field';
import { EmptyState, ErrorMessage } from '../../../components/status';
import { useContractForm } from '../../../lib/forms/forms';
import { showRefusal } from '../../../lib/forms/server-refusal';
import { useEntryMutation } from '../api/race-weekend-mutations';
import { FormFooter } from '../../../components/form-footer';

type EntryValues = { distance: string; wave: string };

/** The member's own entry (which distance, which wave) and who races what. */
export function EntrySection({ race, myId }: { race: Race; myId: number | undefined }) {
  const headingId = useId();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useContractForm<EntryValues>(raceEntrySchema, { defaultValues: { distance: race.entry?.distance ?? '', wave: race.entry?.wave ?? '' } });
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const entry = useEntryMutation(race.id);

  const save = handleSubmit(async (values) => {
    setSaved(false);
    setProblem(null);
    try {
      // The values as the contract's schema read them (the wave trimmed).
      await entry.mutateAsync(values);
      setSaved(true);
    } catch (err) {
      setProblem(showRefusal(setError, err, 'Your entry could not be saved. Please try again.', ['distance', 'wave']));
    }
  });

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
        <form className="form race-weekend__form" onSubmit={save} noValidate aria-label="Your entry">
          <FormField label="Your distance" error={errors.distance?.message}>
            {(field) => (
              <select {...field} {...register('distance')}>
                <option value="">Choose…</option>
                {race.distances.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Wave or start time" hint="Optional, e.g. 07:40 or Wave 3" error={errors.wave?.message}>
            {(field) => <input {...field} autoComplete="off" {...register('wave')} />}
          </FormField>
          {(problem ?? errors.root?.message) && <ErrorMessage>{problem ?? errors.root?.message}</ErrorMessage>}
          <FormFooter submitLabel={race.entry?.distance ? 'Change my entry' : 'Enter this distance'} busy={isSubmitting} />
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
