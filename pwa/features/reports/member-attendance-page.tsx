import { Link, useParams } from 'react-router-dom';
import { ATTENDANCE_STATUS_LABELS } from '../../../domain/contract/training/reports';
import { RequireRole } from '../../components/require-role';
import { EmptyState, LoadError, Loading } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { ApiError } from '../../lib/data/api-error';
import { formatDate, formatTime } from '../../lib/ui/format';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { useMemberHistoryQuery } from './api/reports-queries';
import { ReportDenied } from './attendance-report-page';
import { DownloadButton } from '../../components/download-button';
import { TermPicker, useTermParam } from './report-parts';
import './reports.css';

/** /attendance/members/{id}: one member's attendance in a term, for execs and administrators. */
export function MemberAttendancePage() {
  return (
    <RequireRole min="exec" denied={<ReportDenied />}>
      <MemberHistory />
    </RequireRole>
  );
}

function MemberHistory() {
  const raw = Number(useParams().id);
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;
  const [term, setTerm] = useTermParam();
  const query = useMemberHistoryQuery(id, term);
  const history = query.data;
  usePageTitle(history ? `Attendance: ${history.member.name}` : 'Attendance');
  const key = history?.term.key ?? term;

  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <div className="page page--narrow">
        <h1>Member not found</h1>
        <p>
          The account may have been deleted. <Link to="/attendance">Back to the attendance report</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page report-page">
      <p className="report-back">
        <Link to="/attendance">← Attendance report</Link>
      </p>
      <h1>{history ? history.member.name : 'Attendance'}</h1>
      <div className="report-toolbar">
        <TermPicker value={term} shown={history?.term} onChange={setTerm} />
        {history && history.rows.length > 0 && (
          <DownloadButton
            path={`/reports/members/${id}/attendance.csv?term=${key}`}
            fallbackName={`attendance-${id}-${key}.csv`}
          />
        )}
      </div>
      {query.isPending ? (
        <Loading text="Loading attendance…" />
      ) : query.error && !history ? (
        <LoadError onRetry={() => void query.refetch()}>{errorMessage(query.error, 'Could not load the attendance')}</LoadError>
      ) : history ? (
        <>
          <dl className="report-totals" aria-label={`Totals for ${history.term.label}`}>
            <div>
              <dt>Attended</dt>
              <dd>{history.totals.attended}</dd>
            </div>
            <div>
              <dt>Absent</dt>
              <dd>{history.totals.absent}</dd>
            </div>
            <div>
              <dt>Late cancels</dt>
              <dd>{history.totals.lateCancels}</dd>
            </div>
          </dl>
          {history.rows.length === 0 ? (
            <EmptyState>No attendance recorded in {history.term.label}.</EmptyState>
          ) : (
            <div className="table-wrap report-table">
              <table>
                <caption className="visually-hidden">
                  {history.member.name}: workouts in {history.term.label}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Workout</th>
                    <th scope="col">Date</th>
                    <th scope="col">Status</th>
                  </tr>
                </thead>
                <tbody>
                  {history.rows.map((r, i) => (
                    <tr key={`${r.workout_id ?? 'gone'}-${i}`}>
                      <th scope="row">
                        {r.workout_id === null ? r.title : <Link to={`/workout/${r.workout_id}`}>{r.title || 'Untitled Workout'}</Link>}
                      </th>
                      <td data-label="Date">
                        {formatDate(r.workout_date, 'medium')}
                        {r.workout_time && ` · ${formatTime(r.workout_time)}`}
                      </td>
                      <td data-label="Status">
                        <span className={`report-status report-status--${r.status}`}>{ATTENDANCE_STATUS_LABELS[r.status]}</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
