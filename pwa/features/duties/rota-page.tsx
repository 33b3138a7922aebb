import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadError, Loading, EmptyState } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { performWrite } from '../../lib/offline/perform-write';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { formatDate, formatDateTime } from '../../lib/ui/format';
import { useRotaQuery } from './api/rota-queries';
import { DUTY_OPEN_NOTICE_DAYS, dutyStartsSoon } from '../../../domain/people/duties';
import { useSession } from '../../lib/session/session';
import './duties.css';

/** /rota: one term's duties, the open ones first, with a filter for the ones the member can take, and each member's count of duties done. */
export function RotaPage() {
  const [params] = useSearchParams();
  const query = useRotaQuery(params.get('term'));
  const [mineOnly, setMineOnly] = useState(false);
  const [error, setError] = useState('');
  const doneId = useId();
  const soonId = useId();
  const { can } = useSession();
  usePageTitle('Duty rota');
  if (query.isPending) return <Loading />;
  if (!query.data) return <LoadError onRetry={() => void query.refetch()}>{errorMessage(query.error, 'Could not load the rota')}</LoadError>;
  const { term, duties, done } = query.data;
  const shown = mineOnly ? duties.filter((d) => d.may_take) : duties;
  const now = Date.now();
  // For execs: what still needs people soon, by session.
  const soon = can('exec') ? duties.filter((d) => d.holders.length < d.places && dutyStartsSoon(d.starts_at, now)) : [];
  return (
    <div className="page">
      <h1>Duty rota: {term.label}</h1>
      {soon.length > 0 && (
        <section aria-labelledby={soonId} className="alert alert--warning">
          <h2 id={soonId}>Still open in the next {DUTY_OPEN_NOTICE_DAYS} days</h2>
          <ul>
            {soon.map((d) => (
              <li key={d.id}>
                {d.title || formatDate(d.date)}, {formatDate(d.date)}: {d.kind} ({d.places - d.holders.length} open)
              </li>
            ))}
          </ul>
        </section>
      )}
      <label className="duties__filter">
        <input type="checkbox" checked={mineOnly} onChange={(e) => setMineOnly(e.target.checked)} /> Open duties I can take
      </label>
      {error && <p role="alert">{error}</p>}
      {shown.length === 0 ? (
        <EmptyState>{mineOnly ? 'No open duty you can take this term.' : 'No duties this term yet.'}</EmptyState>
      ) : (
        <ul className="duties__list">
          {shown.map((d) => {
            const href = d.place === 'race' ? `/race/${d.place_id}` : `/${d.place}/${d.place_id}`;
            return (
              <li key={d.id} className="card duty">
                <h2 className="duty__kind">
                  {d.kind}: <Link to={href}>{d.title || formatDate(d.date)}</Link>
                </h2>
                <p className="duty__meta">
                  {formatDateTime(d.starts_at)} · {d.holders.length} of {d.places} taken
                  {d.holders.length > 0 && ` · ${d.holders.map((h) => h.name + (h.swap_offered ? ' (swap offered)' : '') + (h.no_show ? ' (did not show up)' : '')).join(', ')}`}
                </p>
                {d.may_take && d.holders.length < d.places && (
                  <div className="actions actions--start">
                    <button
                      type="button"
                      className="button button--primary button--small"
                      onClick={() =>
                        performWrite({ kind: 'duty-claim', dutyId: d.id, taken: true, duty: d.kind, at: href }).catch((err) =>
                          setError(errorMessage(err, 'Could not take the duty')),
                        )
                      }
                    >
                      Take this duty<span className="visually-hidden"> {d.kind}, {d.title}</span>
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <section aria-labelledby={doneId}>
        <h2 id={doneId}>Duties done this term</h2>
        {done.length === 0 ? (
          <EmptyState>None yet.</EmptyState>
        ) : (
          <ul>
            {done.map((m) => (
              <li key={m.id}>
                {m.name}: {m.count}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
