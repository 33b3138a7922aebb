import type { ReactNode } from 'react';
import { ApiError } from '../lib/data/api-error';
import { formatAge, formatDateTime } from '../lib/ui/format';

/**
 * 'Offline — showing what was saved on this device, last updated Nov 23, 2026 at 8:25 PM.': one full
 * stop, also when the time ends with one of its own (a locale's 'p.m.').
 */
export function offlineNoteText(updatedAt: number | null, format: (ms: number) => string = formatDateTime): string {
  const sentence = `Offline — showing what was saved on this device${updatedAt ? `, last updated ${format(updatedAt)}` : ''}`;
  return `${sentence.replace(/\.+$/, '')}.`;
}

/** Says that a screen shows a copy kept on this device, and how old it is. */
export function OfflineNote({ fromCache, updatedAt }: { fromCache: boolean; updatedAt: number | null }) {
  if (!fromCache) return null;
  return (
    <p className="offline-note" role="status">
      <span aria-hidden="true">⚡</span> {offlineNoteText(updatedAt)}
    </p>
  );
}

/** 'Saved 2 h ago': the age of a copy kept on this device. */
export function savedAgoText(updatedAt: number, now: number = Date.now()): string {
  return `Saved ${formatAge(updatedAt, now)}`;
}

/**
 * The age of a copy shown offline, next to what it changes with time (a roster, a waitlist place),
 * where the note at the top of the screen is out of sight. Nothing for an answer from the network.
 */
export function SavedAge({ fromCache, updatedAt }: { fromCache: boolean; updatedAt: number | null }) {
  if (!fromCache || !updatedAt) return null;
  return <p className="saved-age">{savedAgoText(updatedAt)}</p>;
}

export const UNSYNCED_TEXT = 'Saved on this device — not yet synced';

/** The marker next to a state that is saved on the device but not yet on the server (the offline outbox, docs/architecture.md). */
export function UnsyncedMark() {
  return (
    <span className="unsynced-mark" role="status">
      {UNSYNCED_TEXT}
    </span>
  );
}

export const NOT_SAVED_OFFLINE_TEXT =
  'You are offline, and this page has not been saved on this device yet. It will load once you are back online.';

/** True when a read failed for want of network (not a server refusal). */
export function isOfflineError(error: unknown): boolean {
  return error instanceof ApiError && error.isNetwork;
}

/**
 * A page never opened before cannot be shown offline: say so, rather than "Error loading …". `text`
 * says what is missing in one line ('This workout was not saved on this device.'), and `offer` leads
 * to what the device does have (a link).
 */
export function NotSavedOffline({ onRetry, text = NOT_SAVED_OFFLINE_TEXT, offer }: { onRetry?: () => void; text?: string; offer?: ReactNode }) {
  return (
    <div className="alert alert--warning" role="status">
      <p>
        <span aria-hidden="true">⚡</span> {text}
        {offer && <> {offer}</>}
      </p>
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try Again
        </button>
      )}
    </div>
  );
}
