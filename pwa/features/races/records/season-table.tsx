import { useId, useState } from 'react';
import { raceSeason, raceSeasonOf } from '../../../../domain/races/race-points';
import { EmptyState, Loading } from '../../../components/status';
import { DownloadButton } from '../../../components/download-button';
import { useSeasonTableQuery } from '../api/race-queries';

/**
 * The season table: members ranked by the club's race points for one race season. The club sets the
 * month its season starts (Admin → Race points), which the answer carries; until a season is chosen
 * the table is the one holding the club's `today`, as the server reads it on the club's clock.
 */
export function SeasonTable({ today }: { today: string }) {
  const headingId = useId();
  const [chosen, setChosen] = useState<string | null>(null);
  const query = useSeasonTableQuery(chosen);
  const answer = query.data;
  // An answer kept from before seasons had a first month of their own ran by calendar year.
  const startMonth = answer?.startMonth ?? 1;
  const current = raceSeasonOf(today, startMonth);
  const seasons = [0, 1, 2].map((back) => raceSeason(Number(current.year) - back, startMonth));
  const year = chosen ?? answer?.year ?? current.year;
  const name = seasons.find((s) => s.year === year)?.name ?? answer?.season ?? year;
  const table = answer?.table;
  return (
    <section className="card race-weekend" aria-labelledby={headingId}>
      <h2 id={headingId}>Season table</h2>
      <div className="field">
        <label htmlFor={`${headingId}-year`}>Season</label>
        <select id={`${headingId}-year`} value={year} onChange={(e) => setChosen(e.target.value)}>
          {seasons.map((s) => (
            <option key={s.year} value={s.year}>
              {s.name}
            </option>
          ))}
        </select>
      </div>
      {!table ? (
        query.isPending ? <Loading text="Loading the season table..." /> : <EmptyState>The season table could not be loaded.</EmptyState>
      ) : table.length === 0 ? (
        <EmptyState>No results in {name} yet.</EmptyState>
      ) : (
        <>
          <div className="race-weekend__table-wrap">
            <table className="race-results">
              <thead>
                <tr>
                  <th scope="col">Rank</th>
                  <th scope="col">Member</th>
                  <th scope="col">Points</th>
                  <th scope="col">Races</th>
                </tr>
              </thead>
              <tbody>
                {table.map((r) => (
                  <tr key={r.user_id}>
                    <td>{r.rank}</td>
                    <td>{r.user_name}</td>
                    <td>{r.points}</td>
                    <td>{r.races}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <DownloadButton path={`/races/season-table.csv?year=${year}`} fallbackName={`season-${name.replace('–', '-')}.csv`} label="Download season table (CSV)" />
        </>
      )}
    </section>
  );
}
