import { useState } from 'react';
import { errorMessage } from '../lib/data/api-client';
import { downloadFile } from '../lib/data/download';
import { ErrorMessage } from './status';

type Kind = 'workout' | 'event' | 'race';

/**
 * "Add to calendar": downloads the item as an .ics file (same UID as in the calendar feeds, so a
 * calendar that also subscribes does not show it twice). The download needs the member's token, so
 * it is fetched here and handed to the browser as a file rather than opened as a link.
 */
export function AddToCalendar({ kind, id, title }: { kind: Kind; id: number; title: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  async function download() {
    setBusy(true);
    setError('');
    try {
      await downloadFile(`/calendar/${kind}/${id}`, `${kind}-${id}.ics`);
    } catch (err) {
      setError(errorMessage(err, 'Could not download the calendar file. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="add-to-calendar">
      <button type="button" className="button button--small button--ghost" onClick={() => void download()} disabled={busy}>
        {busy ? 'Preparing…' : 'Add to calendar'}
        <span className="visually-hidden"> {title}</span>
      </button>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </div>
  );
}
