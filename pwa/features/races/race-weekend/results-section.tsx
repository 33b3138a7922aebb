import { useId, useState } from 'react';
import { raceResultSchema, type Race } from '../../../../domain/contract/races';
import { formatRaceTime } from '../../../../domain/race-points';
import { FormField } from '../../../components/form-field';
import { EmptyState, ErrorMessage } from '../../../components/status';
import { DownloadButton } from '../../../components/download-button';
import { useResultMutation } from '../api/race-weekend-mutations';
import { fieldErrors, refusal } from './form-errors';

const SPLITS = [
  ['swim', 'Swim'],
  ['t1', 'T1'],
  ['bike', 'Bike'],
  ['t2', 'T2'],
  ['run', 'Run'],
] as const;

const time = (s: number | null) => (s === null ? '–' : formatRaceTime(s));

/** The club's results per distance, one's own result form, and (for an exec) anyone's. */
export function ResultsSection({ race, myId, isExec }: { race: Race; myId: number | undefined; isExec: boolean }) {
  const headingId = useId();
  const mine = race.results.find((r) => r.user_id === myId);
  const [who, setWho] = useState<string>('me');
  const [values, setValues] = useState<Record<string, string>>({
    distance: mine?.distance ?? race.entry?.distance ?? '',
    finishTime: '',
    swim: '',
    t1: '',
    bike: '',
    t2: '',
    run: '',
    placing: '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [status, setStatus] = useState('');
  const save = useResultMutation(race.id);
  // Until the member picks one, the distance they entered (the entry may arrive after this form).
  const chosenDistance = values.distance || (mine?.distance ?? race.entry?.distance ?? '');
  const set = (name: string) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) => setValues((v) => ({ ...v, [name]: e.target.value }));

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setStatus('');
    const { finishTime, swim, t1, bike, t2, run, placing } = values;
    const distance = chosenDistance;
    const result = { distance, finishTime, swim, t1, bike, t2, run, placing: placing === '' || placing === undefined ? null : Number(placing) };
    const checked = raceResultSchema.safeParse(result);
    setErrors(fieldErrors(checked));
    if (!checked.success) return;
    try {
      const queued = await save.mutateAsync({ userId: who === 'me' ? null : Number(who), result });
      setStatus(queued ? 'Result saved on this device: it is sent when you are back online.' : 'Result saved.');
    } catch (err) {
      setErrors(refusal(err, 'The result could not be saved. Please try again.'));
    }
  };

  const distances = [...new Set(race.results.map((r) => r.distance))];
  return (
    <section className="card race-weekend" aria-labelledby={headingId}>
      <h2 id={headingId}>Results</h2>
      {race.results.length === 0 ? (
        <EmptyState>No results yet.</EmptyState>
      ) : (
        <>
          {distances.map((d) => (
            <div key={d} className="race-weekend__table-wrap">
              <table className="race-results">
                <caption>{d}</caption>
                <thead>
                  <tr>
                    <th scope="col">#</th>
                    <th scope="col">Member</th>
                    <th scope="col">Finish</th>
                    <th scope="col">Splits</th>
                    <th scope="col">Placing</th>
                  </tr>
                </thead>
                <tbody>
                  {race.results
                    .filter((r) => r.distance === d)
                    .map((r) => (
                      <tr key={r.id}>
                        <td>{r.clubPlace}</td>
                        <td>{r.user_name}</td>
                        <td>{formatRaceTime(r.finishSeconds)}</td>
                        <td className="race-weekend__muted">
                          {[r.swimSeconds, r.t1Seconds, r.bikeSeconds, r.t2Seconds, r.runSeconds].every((s) => s === null)
                            ? '–'
                            : [r.swimSeconds, r.t1Seconds, r.bikeSeconds, r.t2Seconds, r.runSeconds].map(time).join(' / ')}
                        </td>
                        <td>{r.placing ?? '–'}</td>
                      </tr>
                    ))}
                </tbody>
              </table>
            </div>
          ))}
          <DownloadButton path={`/races/${race.id}/results.csv`} fallbackName={`results-${race.id}.csv`} label="Download results (CSV)" />
        </>
      )}
      {race.distances.length > 0 && (
        <form className="form race-weekend__form" onSubmit={submit} noValidate aria-label="Enter a result">
          <h3>{mine ? 'Correct your result' : 'Enter your result'}</h3>
          {isExec && (
            <FormField label="Result of">
              {(field) => (
                <select {...field} value={who} onChange={(e) => setWho(e.target.value)}>
                  <option value="me">Me</option>
                  {race.entries
                    .filter((e) => e.user_id !== myId)
                    .map((e) => (
                      <option key={e.user_id} value={e.user_id}>
                        {e.user_name}
                      </option>
                    ))}
                </select>
              )}
            </FormField>
          )}
          <FormField label="Distance" error={errors.distance}>
            {(field) => (
              <select {...field} value={chosenDistance} onChange={set('distance')}>
                <option value="">Choose…</option>
                {race.distances.map((d) => (
                  <option key={d} value={d}>
                    {d}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField label="Finish time" hint="H:MM:SS or MM:SS" error={errors.finishTime}>
            {(field) => <input {...field} value={values.finishTime} onChange={set('finishTime')} inputMode="numeric" autoComplete="off" placeholder="1:05:30" />}
          </FormField>
          <div className="race-weekend__splits">
            {SPLITS.map(([name, label]) => (
              <FormField key={name} label={label} hint="Optional" error={errors[name]}>
                {(field) => <input {...field} value={values[name]} onChange={set(name)} inputMode="numeric" autoComplete="off" />}
              </FormField>
            ))}
          </div>
          <FormField label="Placing" hint="Optional: your place in the race" error={errors.placing}>
            {(field) => <input {...field} type="number" min={1} value={values.placing} onChange={set('placing')} />}
          </FormField>
          {errors[''] && <ErrorMessage>{errors['']}</ErrorMessage>}
          <div className="actions">
            <button type="submit" className="button button--primary" disabled={save.isPending}>
              Save result
            </button>
          </div>
          <p role="status">{status}</p>
        </form>
      )}
    </section>
  );
}
