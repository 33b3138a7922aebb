import { useState } from 'react';
import { RSVP_STATUSES, type EventPost, type RsvpStatus } from '../../../domain/contract/forum';
import { ErrorMessage } from '../../components/status';
import { pendingFor, performWrite, usePendingWrites } from '../../lib/offline/perform-write';
import { UnsyncedMark } from '../../components/offline-note';
import { RSVP_LABELS, eventView, shiftRsvpCounts } from './workout-rules';

export const RSVP_ERROR = 'Error updating RSVP';

/**
 * The caller's RSVP to one event, through performWrite (works offline); the PWA always sends the
 * desired state, never a toggle. Tapping the current answer keeps it (a second tap is not a silent
 * removal); "Clear my answer" removes it, with an Undo that puts it back.
 */
export function useRsvp(event: EventPost | undefined, patch: (id: number, change: Partial<EventPost>) => void, reload: () => void) {
  const pending = usePendingWrites();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  /** The answer just cleared, while its Undo is offered. */
  const [cleared, setCleared] = useState<RsvpStatus | null>(null);

  const pendingAction = event ? pendingFor(pending, 'rsvp', event.id) : undefined;
  // A choice queued on this device shows at once: the outbox lists it before performWrite resolves.
  const desired = pendingAction ? { status: pendingAction.status } : undefined;
  const view = event ? eventView(event, desired) : undefined;

  async function send(status: RsvpStatus | null): Promise<boolean> {
    if (!event) return false;
    setBusy(true);
    setError('');
    try {
      const result = await performWrite({ kind: 'rsvp', eventId: event.id, status });
      if (result.status === 'done') {
        const now = result.answer.status;
        patch(event.id, { myRsvp: now, rsvpCounts: shiftRsvpCounts(event.rsvpCounts, event.myRsvp, now) });
        reload();
      }
      return true;
    } catch {
      setError(RSVP_ERROR);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function choose(chosen: RsvpStatus) {
    if (!view || view.myRsvp === chosen) return;
    setCleared(null);
    await send(chosen);
  }

  async function clear() {
    const previous = view?.myRsvp;
    if (!previous) return;
    if (await send(null)) setCleared(previous);
  }

  async function undo() {
    const previous = cleared;
    if (!previous) return;
    setCleared(null);
    await send(previous);
  }

  return { view, busy, error, choose, clear, undo, cleared };
}

export function RsvpButtons({ rsvp, label }: { rsvp: ReturnType<typeof useRsvp>; label: string }) {
  const { view, busy, error, choose, clear, undo, cleared } = rsvp;
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
      {view.myRsvp ? (
        <button type="button" className="link-button forum-rsvp__clear" disabled={busy} onClick={() => void clear()}>
          Clear my answer
        </button>
      ) : (
        cleared && (
          <p className="forum-rsvp__cleared" role="status">
            Your answer ({RSVP_LABELS[cleared]}) was cleared.{' '}
            <button type="button" className="link-button" disabled={busy} onClick={() => void undo()}>
              Undo
            </button>
          </p>
        )
      )}
      {view.unsynced && <UnsyncedMark />}
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </div>
  );
}
