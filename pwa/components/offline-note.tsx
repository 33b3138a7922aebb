import { formatDateTime } from '../lib/format';

/** Says that a screen shows a copy kept on this device, and how old it is. */
export function OfflineNote({ fromCache, updatedAt }: { fromCache: boolean; updatedAt: number | null }) {
  if (!fromCache) return null;
  return (
    <p className="offline-note" role="status">
      <span aria-hidden="true">⚡</span> Offline — showing what was saved on this device
      {updatedAt ? `, last updated ${formatDateTime(updatedAt)}` : ''}.
    </p>
  );
}

export const UNSYNCED_TEXT = 'Saved on this device — not yet synced';

/** The marker next to a state that is saved on the device but not yet on the server (DESIGN.md §4). */
export function UnsyncedMark() {
  return (
    <span className="unsynced-mark" role="status">
      {UNSYNCED_TEXT}
    </span>
  );
}
