import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import type { BodyOf } from '../../../../domain/contract/endpoints';
import { raceResultSchema, type Race, type RaceResult } from '../../../../domain/contract/training/races';
import { formatRaceTime } from '../../../../domain/races/race-points';
import { DEFAULT_RACE_LEGS, resultsOpen } from '../../../../domain/races/race-results';
import { FormField } from '../../../components/form-field';
import { EmptyState, ErrorMessage } from '../../../components/status';
import { DownloadButton } from '../../../components/download-button';
import { useClubToday } from '../../../lib/club/club-clock';
import { addIssues, useContractForm } from '../../../lib/forms/forms';
import { showRefusal } from '../../../lib/forms/server-refusal';
import { formatDate } from '../../../lib/ui/format';
import { useResultMutation } from '../api/race-weekend-mutations';
import { FormFooter } from '../../../components/form-footer';

const time = (s: number | null | undefined) => (s == null ? '–' : formatRaceTime(s));

/** Each leg's label: its name, numbered when the race has it more than once ("Run 1", "Run 2"). */
export function legLabels(legs: readonly string[]): string[] {
  return legs.map((leg, i) => {
    const same = legs.filter((l) => l.toLowerCase() === leg.toLowerCase()).length;
    return same > 1 ? `${leg} ${legs.slice(0, i + 1).filter((l) => l.toLowerCase() === leg.toLowerCase()).length}` : leg;
  });
}

/** The result form's fields as typed: a split per leg of the race, the placing as the number input gives it. */
interface ResultValues {
  distance: string;
  finishTime: string;
  splits: string[];
  placing: string;
}

/** The body the form sends: a split per leg, in order; no placing when none was typed. */
function resultBody(values: ResultValues, legs: readonly string[]): BodyOf<'PUT /races/:id/result'> {
  const { distance, finishTime, placing } = values;
  return { distance, finishTime, splits: legs.map((_, i) => values.splits[i] ?? ''), placing: placing === '' ? null : Number(placing) };
}

/** The contract's rules on what the form holds, each problem on its own field ('splits.2' on the third leg). */
function resultFormSchema(legs: readonly string[]) {
  return z
    .object({ distance: z.string(), finishTime: z.string(), splits: z.array(z.string()), placing: z.string() })
    .superRefine((v, ctx) => void addIssues(raceResultSchema, resultBody(v, legs), ctx));
}

/** A result's split per leg of the race (a copy kept from before races had legs: the triathlon's named ones). */
function splitsOf(result: RaceResult, legs: readonly string[]): (number | null)[] {
  return result.splits ?? legs.map((_, i) => [result.swimSeconds, result.t1Seconds, result.bikeSeconds, result.t2Seconds, result.runSeconds][i] ?? null);
}

/** The club's results per distance, one's own result form, and (for an exec) anyone's, from the race's day on. */
export function ResultsSection({ race, myId, isExec }: { race: Race; myId: number | undefined; isExec: boolean }) {
  const headingId = useId();
  const today = useClubToday();
  // A copy of the race kept from before races had legs is a triathlon.
  const legs = race.legs ?? DEFAULT_RACE_LEGS;
  const labels = legLabels(legs);
  const mine = race.results.find((r) => r.user_id === myId);
  const entered = race.isSignedUp || race.entries.some((e) => e.user_id === myId);
  const others = race.entries.filter((e) => e.user_id !== myId);
  const [chosen, setWho] = useState<string | null>(null);
  const who = chosen ?? (entered ? 'me' : String(others[0]?.user_id ?? 'me'));
  // Until the member picks one, the distance they entered (the entry may arrive after this form).
  const enteredDistance = mine?.distance ?? race.entry?.distance ?? '';
  const {
    register,
    handleSubmit,
    setError,
    getFieldState,
    resetField,
    formState: { errors, isSubmitting },
  } = useContractForm<ResultValues>(resultFormSchema(legs), {
    defaultValues: { distance: enteredDistance, finishTime: '', splits: legs.map(() => ''), placing: '' },
  });
  useEffect(() => {
    if (!getFieldState('distance').isDirty) resetField('distance', { defaultValue: enteredDistance });
  }, [enteredDistance, getFieldState, resetField]);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const save = useResultMutation(race.id);

  const submit = handleSubmit(async (values) => {
    setStatus('');
    setProblem(null);
    try {
      const queued = await save.mutateAsync({ userId: who === 'me' ? null : Number(who), result: resultBody(values, legs) });
      setStatus(queued ? 'Result saved on this device: it is sent when you are back online.' : 'Result saved.');
    } catch (err) {
      setProblem(showRefusal(setError, err, 'The result could not be saved. Please try again.', ['distance', 'finishTime', 'splits', 'placing']));
    }
  });

  const open = today !== null && resultsOpen(race.date, today);
  const mayEnter = entered || (isExec && others.length > 0);
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
                    {legs.length > 0 && (
                      <th scope="col">{`Splits: ${labels.join(' / ')}`}</th>
                    )}
                    <th scope="col">Placing</th>
                  </tr>
                </thead>
                <tbody>
                  {race.results
                    .filter((r) => r.distance === d)
                    .map((r) => {
                      const split = splitsOf(r, legs);
                      return (
                        <tr key={r.id}>
                          <td>{r.clubPlace}</td>
                          <td>{r.user_name}</td>
                          <td>{formatRaceTime(r.finishSeconds)}</td>
                          {legs.length > 0 && <td className="race-weekend__muted">{split.every((s) => s === null) ? '–' : split.map(time).join(' / ')}</td>}
                          <td>{r.placing ?? '–'}</td>
                        </tr>
                      );
                    })}
                </tbody>
              </table>
            </div>
          ))}
          <DownloadButton path={`/races/${race.id}/results.csv`} fallbackName={`results-${race.id}.csv`} label="Download results (CSV)" />
        </>
      )}
      {race.distances.length > 0 && !open && (
        <p className="race-weekend__muted">Results open on the race&apos;s day, {formatDate(race.date, 'long')}.</p>
      )}
      {race.distances.length > 0 && open && !mayEnter && <p className="race-weekend__muted">Members entered in this race give their results here.</p>}
      {race.distances.length > 0 && open && mayEnter && (
        <form className="form race-weekend__form" onSubmit={submit} noValidate aria-label="Enter a result">
          <h3>{who === 'me' && mine ? 'Correct your result' : who === 'me' ? 'Enter your result' : 'Enter a result'}</h3>
          {isExec && (
            <FormField label="Result of">
              {(field) => (
                <select {...field} value={who} onChange={(e) => setWho(e.target.value)}>
                  {entered && <option value="me">Me</option>}
                  {others.map((e) => (
                    <option key={e.user_id} value={e.user_id}>
                      {e.user_name}
                    </option>
                  ))}
                </select>
              )}
            </FormField>
          )}
          <FormField label="Distance" error={errors.distance?.message}>
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
          <FormField label="Finish time" hint="H:MM:SS or MM:SS" error={errors.finishTime?.message}>
            {(field) => <input {...field} inputMode="numeric" autoComplete="off" placeholder="1:05:30" {...register('finishTime')} />}
          </FormField>
          {legs.length > 0 && (
            <div className="race-weekend__splits">
              {labels.map((label, i) => (
                <FormField key={`${i}-${label}`} label={label} hint="Optional" error={errors.splits?.[i]?.message}>
                  {(field) => <input {...field} inputMode="numeric" autoComplete="off" {...register(`splits.${i}`)} />}
                </FormField>
              ))}
            </div>
          )}
          {errors.splits?.message && <ErrorMessage>{errors.splits.message}</ErrorMessage>}
          <FormField label="Placing" hint="Optional: the place in the race overall" error={errors.placing?.message}>
            {(field) => <input {...field} type="number" min={1} {...register('placing')} />}
          </FormField>
          {(problem ?? errors.root?.message) && <ErrorMessage>{problem ?? errors.root?.message}</ErrorMessage>}
          <FormFooter submitLabel="Save result" busy={isSubmitting} />
          <p role="status">{status}</p>
        </form>
      )}
    </section>
  );
}
