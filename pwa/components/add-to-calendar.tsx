import { useState } from 'react';
import { OFFLINE_MESSAGE } from '../lib/api-client';
import { readToken } from '../lib/session-storage';
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
      const token = readToken();
      const res = await fetch(`/api/calendar/${kind}/${id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      if (!res.ok) {
        const body = (await res.json().catch(() => null)) as { error?: string } | null;
        throw new Error(body?.error ?? `Request failed (${res.status})`);
      }
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `${kind}-${id}.ics`;
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (err) {
      setError(err instanceof TypeError ? OFFLINE_MESSAGE : `Could not download: ${(err as Error).message}`);
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
