import { useId, useState } from 'react';
import { EmptyState, Loading } from '../../components/status';
import { call } from '../../lib/data/api-client';
import { DownloadButton } from '../../components/download-button';
import { raceKeys } from '../../lib/data/race-keys';
import { useRead } from '../../lib/data/read';

/** The season table: members ranked by the club's race points for a year's races. */
export function SeasonTable({ thisYear }: { thisYear: string }) {
  const headingId = useId();
  const [year, setYear] = useState(thisYear);
  const query = useRead({
    queryKey: [...raceKeys.all, 'season-table', year],
    queryFn: ({ signal }) => call('GET /races/season-table', { query: { year }, signal }),
  });
  const table = query.data?.table;
  const years = [0, 1, 2].map((back) => String(Number(thisYear) - back));
  return (
    <section className="card race-weekend" aria-labelledby={headingId}>
      <h2 id={headingId}>Season table</h2>
      <div className="field">
        <label htmlFor={`${headingId}-year`}>Season</label>
        <select id={`${headingId}-year`} value={year} onChange={(e) => setYear(e.target.value)}>
          {years.map((y) => (
            <option key={y}>{y}</option>
          ))}
        </select>
      </div>
      {!table ? (
        query.isPending ? <Loading text="Loading the season table..." /> : <EmptyState>The season table could not be loaded.</EmptyState>
      ) : table.length === 0 ? (
        <EmptyState>No results in {year} yet.</EmptyState>
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
          <DownloadButton path={`/races/season-table.csv?year=${year}`} fallbackName={`season-${year}.csv`} label="Download season table (CSV)" />
        </>
      )}
    </section>
  );
}
