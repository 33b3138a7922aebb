import { useState } from 'react';
import { errorMessage } from '../lib/data/api-client';
import { downloadFile } from '../lib/data/download';
import { ErrorMessage } from './status';

interface DownloadProps {
  path: string;
  fallbackName: string;
  label?: string;
  /** Said to a screen reader after the label: what is downloaded, where the label alone is vague. */
  what?: string;
  failure?: string;
  className?: string;
  buttonClassName?: string;
}

/**
 * A file fetched with the member's session and saved (a CSV, an .ics): the download needs the token,
 * so it is fetched here and handed to the browser as a file rather than opened as a link. A refusal
 * shows next to the button.
 */
export function DownloadButton({
  path,
  fallbackName,
  label = 'Download CSV',
  what,
  failure = 'The download failed. Try again.',
  className = 'report-download',
  buttonClassName = 'button',
}: DownloadProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function download() {
    setBusy(true);
    setError('');
    try {
      await downloadFile(path, fallbackName);
    } catch (err) {
      setError(errorMessage(err, failure));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className={className}>
      <button type="button" className={buttonClassName} onClick={() => void download()} disabled={busy}>
        {busy ? 'Preparing…' : label}
        {what && <span className="visually-hidden"> {what}</span>}
      </button>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </div>
  );
}

/**
 * "Add to calendar": the item as an .ics file, with the same UID as in the calendar feeds, so a
 * calendar that also subscribes does not show it twice.
 */
export function AddToCalendar({ kind, id, title }: { kind: 'workout' | 'event' | 'race'; id: number; title: string }) {
  return (
    <DownloadButton
      path={`/calendar/${kind}/${id}`}
      fallbackName={`${kind}-${id}.ics`}
      label="Add to calendar"
      what={title}
      failure="Could not download the calendar file. Please try again."
      className="add-to-calendar"
      buttonClassName="button button--small button--ghost"
    />
  );
}
