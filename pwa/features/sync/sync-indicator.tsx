import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { wipeUser } from '../../lib/offline-db';
import { refreshOutboxState, startOutbox } from '../../lib/outbox';
import { attentionCount, pendingCount, useOutboxState } from '../../lib/outbox-store';
import { onSignOut, useSession } from '../../lib/session';
import { readUser } from '../../lib/session-storage';
import './sync.css';

/**
 * The global sync state (Offline / Syncing n / All synced / n need attention). Mounted for signed-in
 * users only; it also starts the outbox replay and asks the browser to keep the device data.
 */
export function SyncIndicator() {
  const { user } = useSession();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    const stop = startOutbox();
    void navigator.storage?.persist?.().catch(() => false);
    return stop;
  }, [userId]);

  useEffect(
    () =>
      onSignOut(async (reason) => {
        // An explicit logout wipes this user's device data; a session the server ended keeps the
        // unsynced work for when the same user signs in again.
        const current = readUser();
        if (current && !reason) await wipeUser(current.id);
        await refreshOutboxState();
      }),
    [],
  );

  const state = useOutboxState();
  if (!user || !state.ready) return null;
  const pending = pendingCount(state);
  const attention = attentionCount(state);
  let text: string;
  let tone: string;
  if (!state.storageAvailable) {
    text = 'Online only';
    tone = 'muted';
  } else if (!state.online) {
    text = pending > 0 ? `Offline · ${pending} to sync` : 'Offline';
    tone = 'offline';
  } else if (attention > 0) {
    text = `${attention} need${attention === 1 ? 's' : ''} attention`;
    tone = 'attention';
  } else if (state.syncing || pending > 0) {
    text = `Syncing ${pending}`;
    tone = 'syncing';
  } else {
    text = 'All synced';
    tone = 'ok';
  }
  return (
    <Link
      to="/sync"
      className={`sync-indicator sync-indicator--${tone}`}
      aria-live="polite"
      title={state.storageAvailable ? 'Changes saved on this device' : 'This browser cannot store data offline: changes need a connection.'}
    >
      <span className="sync-indicator__dot" aria-hidden="true" />
      {text}
    </Link>
  );
}
