import { useId, useState, type ChangeEvent } from 'react';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS, type ImportAnswer, type ImportRowStatus } from '../../../domain/contract/members/season';
import { ErrorMessage, Notice } from '../../components/status';
import { errorMessage } from '../../lib/data/api-client';
import { useImportMembersMutation } from './api/admin-mutations';

const STATUS_LABELS: Record<ImportRowStatus, string> = {
  created: 'New member',
  updated: 'Expiry updated',
  skipped: 'Skipped',
  error: 'Error',
};

/**
 * Admin → Import: the club's spreadsheet as a CSV file. A preview first (nothing is written), then
 * the import; both list every row with what happens to it, errors by line.
 */
export function ImportTab() {
  const fileId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [updateExpiry, setUpdateExpiry] = useState(false);
  const [preview, setPreview] = useState<ImportAnswer | null>(null);
  const [result, setResult] = useState<ImportAnswer | null>(null);
  const [error, setError] = useState('');
  const importMembers = useImportMembersMutation();

  function choose(e: ChangeEvent<HTMLInputElement>) {
    setError('');
    setPreview(null);
    setResult(null);
    const chosen = e.target.files?.[0];
    if (!chosen) return setFile(null);
    if (chosen.size > IMPORT_MAX_BYTES) {
      setFile(null);
      return setError('The file is larger than 1 MB. Split it into smaller files.');
    }
    setFile(chosen);
  }

  async function run(dryRun: boolean) {
    if (!file) return setError('Choose a CSV file first.');
    setError('');
    try {
      const answer = await importMembers.mutateAsync({ csv: file, dryRun, updateExpiry });
      if (dryRun) setPreview(answer);
      else {
        setResult(answer);
        setPreview(null);
      }
    } catch (err) {
      setError(errorMessage(err, 'The file could not be read. Please try again.'));
    }
  }

  const shown = result ?? preview;
  const busy = importMembers.isPending;
  return (
    <div className="admin-import">
      <h2>Import members from a spreadsheet</h2>
      <p className="hint">
        Save the spreadsheet as CSV UTF-8 (comma or semicolon; UTF-16 with its byte order mark is read too). The first
        row names the columns: <strong>name</strong> and <strong>email</strong>, and optionally <strong>phone</strong>,{' '}
        <strong>role</strong> (member or exec) and <strong>expiry</strong> (YYYY-MM-DD; empty means the end of the
        current session, or of the next in the current one&rsquo;s last week). At most {IMPORT_MAX_ROWS} rows.
        Each new member gets an email with a link to choose a password (it works once, for 7 days).
      </p>
      <div className="form">
        <div className="field">
          <label htmlFor={fileId}>CSV file</label>
          <input id={fileId} type="file" accept=".csv,text/csv" onChange={choose} />
        </div>
        <label className="admin-checkbox">
          <input type="checkbox" checked={updateExpiry} onChange={(e) => { setUpdateExpiry(e.target.checked); setPreview(null); }} />
          Update the expiry date of people who already have an account
        </label>
        {error && <ErrorMessage>{error}</ErrorMessage>}
        <div className="actions actions--start">
          <button type="button" className="button" onClick={() => void run(true)} disabled={!file || busy}>
            {busy && !preview ? 'Reading…' : 'Preview'}
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void run(false)}
            disabled={!preview || busy || preview.counts.created + preview.counts.updated === 0}
          >
            {busy && preview ? 'Importing…' : preview ? `Import ${preview.counts.created + preview.counts.updated} members` : 'Import'}
          </button>
        </div>
      </div>

      {result && (
        <Notice tone="success">
          Imported: {result.counts.created} new, {result.counts.updated} updated, {result.counts.skipped} skipped,{' '}
          {result.counts.error} with errors. The invitations are in Messages.
        </Notice>
      )}
      {shown && <ImportRows answer={shown} />}
    </div>
  );
}

function ImportRows({ answer }: { answer: ImportAnswer }) {
  const { counts } = answer;
  return (
    <section aria-labelledby="import-rows-title">
      <h3 id="import-rows-title">{answer.dryRun ? 'Preview (nothing saved yet)' : 'Result'}</h3>
      <p role="status">
        {counts.created} new, {counts.updated} updated, {counts.skipped} skipped, {counts.error} with errors.
      </p>
      {/* Focusable, so a keyboard can scroll it sideways on a phone. */}
      <div className="table-wrap import-table" tabIndex={0} role="region" aria-label="Rows of the file">
        <table>
          <caption className="visually-hidden">Rows of the file</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Name</th>
              <th scope="col">Email</th>
              <th scope="col">Outcome</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {answer.rows.map((row) => (
              <tr key={row.line} className={`import-row import-row--${row.status}`}>
                <td data-label="Line">{row.line}</td>
                <th scope="row" data-label="Name">{row.name || '—'}</th>
                <td data-label="Email" className="members-table__email">{row.email || '—'}</td>
                <td data-label="Outcome">
                  <span className={`badge import-badge import-badge--${row.status}`}>{STATUS_LABELS[row.status]}</span>
                </td>
                <td data-label="Details">
                  {row.reason ?? (row.expiryDate ? `${row.role === 'exec' ? 'Executive' : 'Member'} until ${row.expiryDate}` : '')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
