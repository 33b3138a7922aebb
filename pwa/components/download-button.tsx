import { useState } from 'react';
import { errorMessage } from '../lib/data/api-client';
import { downloadFile } from '../lib/data/download';
import { ErrorMessage } from './status';

/** "Download CSV": the file is fetched with the session and saved; a refusal shows next to it. */
export function DownloadButton({ path, fallbackName, label = 'Download CSV' }: { path: string; fallbackName: string; label?: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function download() {
    setBusy(true);
    setError('');
    try {
      await downloadFile(path, fallbackName);
    } catch (err) {
      setError(errorMessage(err, 'The download failed. Try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="report-download">
      <button type="button" className="button" onClick={() => void download()} disabled={busy}>
        {busy ? 'Preparing…' : label}
      </button>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </div>
  );
}
