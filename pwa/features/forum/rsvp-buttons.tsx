import { useState } from 'react';
import { RSVP_STATUSES, type EventPost, type RsvpStatus } from '../../../api/contract/forum';
import { ErrorMessage } from '../../components/status';
import { pendingFor, performAction, usePendingActions } from '../../lib/actions';
import { UnsyncedMark } from '../../components/offline-note';
import { RSVP_LABELS, eventView, nextRsvp, shiftRsvpCounts } from './workout-rules';

export const RSVP_ERROR = 'Error updating RSVP';

/**
 * The caller's RSVP to one event, through performAction (works offline). Choosing the current status
 * again removes it: the PWA always sends the desired state, never a toggle.
 */
export function useRsvp(event: EventPost | undefined, patch: (id: number, change: Partial<EventPost>) => void, reload: () => void) {
  const pending = usePendingActions();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const pendingAction = event ? pendingFor(pending, 'rsvp', event.id) : undefined;
  // A choice queued on this device shows at once: the outbox lists it before performAction resolves.
  const desired = pendingAction ? { status: pendingAction.status } : undefined;
  const view = event ? eventView(event, desired) : undefined;

  async function choose(chosen: RsvpStatus) {
    if (!event || !view) return;
    const status = nextRsvp(view.myRsvp, chosen);
    setBusy(true);
    setError('');
    try {
      const result = await performAction({ kind: 'rsvp', eventId: event.id, status });
      if (result.status === 'done') {
        const now = result.answer.status;
        patch(event.id, { myRsvp: now, rsvpCounts: shiftRsvpCounts(event.rsvpCounts, event.myRsvp, now) });
        reload();
      }
    } catch {
      setError(RSVP_ERROR);
    } finally {
      setBusy(false);
    }
  }

  return { view, busy, error, choose };
}

export function RsvpButtons({ rsvp, label }: { rsvp: ReturnType<typeof useRsvp>; label: string }) {
  const { view, busy, error, choose } = rsvp;
  if (!view) return null;
  return (
    <div className="forum-rsvp">
      <div className="forum-rsvp__buttons" role="group" aria-label={label}>
        {RSVP_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={`forum-rsvp__button forum-rsvp__button--${s}`}
            aria-pressed={view.myRsvp === s}
            disabled={busy}
            onClick={() => void choose(s)}
          >
            {view.myRsvp === s && <span aria-hidden="true">✓ </span>}
            {RSVP_LABELS[s]}
          </button>
        ))}
      </div>
      <p className="forum-stats__line">
        <span>
          <strong>{view.counts.going}</strong> going
        </span>
        <span>
          <strong>{view.counts.maybe}</strong> maybe
        </span>
        <span>
          <strong>{view.counts.not_going}</strong> not going
        </span>
      </p>
      {view.unsynced && <UnsyncedMark />}
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </div>
  );
}
