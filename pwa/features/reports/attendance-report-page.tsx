import { Link } from 'react-router-dom';
import { RequireRole } from '../../components/require-role';
import { EmptyState, LoadError, Loading } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { formatDate, formatTime } from '../../lib/ui/format';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { useTermReportQuery } from './api/reports-queries';
import { DownloadButton } from '../../components/download-button';
import { TermPicker, useTermParam } from './report-parts';
import './reports.css';

/** /attendance: the club's term report, for execs and administrators. */
export function AttendanceReportPage() {
  return (
    <RequireRole min="exec" denied={<ReportDenied />}>
      <TermReport />
    </RequireRole>
  );
}

export function ReportDenied() {
  return (
    <div className="page page--narrow">
      <h1>Attendance</h1>
      <div className="alert alert--error" role="alert">
        Attendance reports are for executives and administrators.
      </div>
    </div>
  );
}

function TermReport() {
  usePageTitle('Attendance report');
  const [term, setTerm] = useTermParam();
  const query = useTermReportQuery(term);
  const report = query.data;
  const key = report?.term.key ?? term;
  return (
    <div className="page report-page">
      <h1>Attendance report</h1>
      <div className="report-toolbar">
        <TermPicker value={term} shown={report?.term} onChange={setTerm} />
        {report && report.workouts.length > 0 && (
          <DownloadButton path={`/reports/attendance.csv?term=${key}`} fallbackName={`attendance-report-${key}.csv`} />
        )}
      </div>
      {query.isPending ? (
        <Loading text="Loading the report…" />
      ) : query.error && !report ? (
        <LoadError onRetry={() => void query.refetch()}>{errorMessage(query.error, 'Could not load the report')}</LoadError>
      ) : !report || report.workouts.length === 0 ? (
        <EmptyState>No workouts in {report?.term.label ?? 'this term'}.</EmptyState>
      ) : (
        <div className="table-wrap report-table">
          <table>
            <caption className="visually-hidden">Workouts of {report.term.label}: signed up, present and absent</caption>
            <thead>
              <tr>
                <th scope="col">Workout</th>
                <th scope="col">Date</th>
                <th scope="col">Signed up</th>
                <th scope="col">Present</th>
                <th scope="col">Absent</th>
              </tr>
            </thead>
            <tbody>
              {report.workouts.map((w) => (
                <tr key={w.workout_id}>
                  <th scope="row">
                    <Link to={`/workout/${w.workout_id}`}>{w.title || 'Untitled Workout'}</Link>
                  </th>
                  <td data-label="Date">
                    {formatDate(w.workout_date, 'medium')} · {formatTime(w.workout_time)}
                  </td>
                  <td data-label="Signed up">{w.signedUp}</td>
                  <td data-label="Present">{w.present ?? <NotTaken upcoming={w.started === false} />}</td>
                  <td data-label="Absent">{w.absent ?? <NotTaken upcoming={w.started === false} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Attendance not submitted: "Not yet" for a workout still to come, "Not taken" for one that was missed. */
function NotTaken({ upcoming }: { upcoming: boolean }) {
  return upcoming ? (
    <span className="report-muted">Not yet</span>
  ) : (
    <span className="report-muted report-missed" title="The workout has started and attendance was not submitted">
      Not taken
    </span>
  );
}
