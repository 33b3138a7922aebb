import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { bootOutbox, loadOutbox } from '../../lib/offline/outbox-boot';
import { attentionCount, isOutboxLoaded, nextAttemptOf, pendingCount, setOutboxState, useOutboxState } from '../../lib/offline/outbox-store';
import { onSignOut, useSession } from '../../lib/session/session';
import { readUser } from '../../lib/session/session-storage';
import './sync.css';

/**
 * The global sync state (Offline / Syncing n / All synced / n need attention). Mounted for signed-in
 * users only; it also boots the outbox (which loads when it has work, outbox-boot.ts) and asks the
 * browser to keep the device data.
 */
export function SyncIndicator() {
  const { user } = useSession();
  const userId = user?.id;

  useEffect(() => {
    if (userId === undefined) return;
    const stop = bootOutbox(userId);
    void navigator.storage?.persist?.().catch(() => false);
    return stop;
  }, [userId]);

  useEffect(
    () =>
      onSignOut(async (reason) => {
        // An explicit logout wipes this user's device data; a session the server ended keeps the
        // unsynced work for when the same user signs in again.
        const current = readUser();
        if (current && !reason) await (await import('../../lib/offline/offline-db')).wipeUser(current.id);
        if (isOutboxLoaded()) await (await import('../../lib/offline/outbox')).refreshOutboxState();
        else setOutboxState({ ops: [], ready: true });
      }),
    [],
  );

  const state = useOutboxState();
  const nextAt = nextAttemptOf(state.ops);
  const waitSeconds = useSecondsUntil(state.online && !state.syncing ? nextAt : null);
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
    // Backoff can wait up to a minute: say when the next try is, rather than "Syncing" all along.
    text = waitSeconds > 0 ? `${pending} to sync · ${waitSeconds} s` : `Syncing ${pending}`;
    tone = 'syncing';
  } else {
    text = 'All synced';
    tone = 'ok';
  }
  const waiting = tone === 'syncing' && waitSeconds > 0;
  const badge = (
    <Link
      to="/sync"
      className={`sync-indicator sync-indicator--${tone}`}
      aria-live="polite"
      aria-label={waiting ? `${pending} to sync, next try in ${waitSeconds} seconds` : undefined}
      title={state.storageAvailable ? 'Changes saved on this device' : 'This browser cannot store data offline: changes need a connection.'}
    >
      <span className="sync-indicator__dot" aria-hidden="true" />
      {text}
    </Link>
  );
  if (!waiting) return badge;
  return (
    <span className="sync-indicator__group">
      {badge}
      <button type="button" className="sync-indicator__retry" title="Retry now" onClick={() => void loadOutbox().then((outbox) => outbox.retryNow())}>
        <span aria-hidden="true" className="sync-indicator__retry-icon">
          ↻
        </span>
        <span className="sync-indicator__retry-label">Retry now</span>
      </button>
    </span>
  );
}

/** Whole seconds until `at` (0 when null or past), ticking once a second while there is a wait. */
export function useSecondsUntil(at: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    const id = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(id);
    };
  }, [at]);
  return at === null ? 0 : Math.max(0, Math.ceil((at - now) / 1000));
}
