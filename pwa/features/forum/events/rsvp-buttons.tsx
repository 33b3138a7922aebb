import { useState } from 'react';
import { RSVP_STATUSES, type EventPost, type RsvpStatus } from '../../../../domain/contract/training/forum';
import { ErrorMessage } from '../../../components/status';
import { UnsyncedMark } from '../../../components/offline-note';
import { useRsvpWrite } from '../../../lib/data/post-actions';
import { RSVP_LABELS, eventView } from '../common/workout-rules';

/**
 * The member's RSVP to one event (lib/data/post-actions.ts: works offline, sends the desired state,
 * never a toggle). Tapping the current answer keeps it (a second tap is not a silent removal);
 * "Clear my answer" removes it, with an Undo that puts it back.
 */
export function useRsvp(event: EventPost | undefined) {
  const write = useRsvpWrite(event && { eventId: event.id, myRsvp: event.myRsvp });
  const { busy, error } = write;
  /** The answer just cleared, while its Undo is offered. */
  const [cleared, setCleared] = useState<RsvpStatus | null>(null);
  // A choice waiting in the outbox shows at once: the outbox lists it before performWrite resolves.
  const view = event ? eventView(event, write.desired) : undefined;

  async function choose(chosen: RsvpStatus) {
    if (!view || view.myRsvp === chosen) return;
    setCleared(null);
    await write.setRsvp(chosen);
  }

  async function clear() {
    const previous = view?.myRsvp;
    if (!previous) return;
    if (await write.setRsvp(null)) setCleared(previous);
  }

  async function undo() {
    const previous = cleared;
    if (!previous) return;
    setCleared(null);
    await write.setRsvp(previous);
  }

  return { view, busy, error, choose, clear, undo, cleared };
}

/** `cancelled`: the event is off: no new answer, but the member may still clear theirs. */
export function RsvpButtons({ rsvp, label, cancelled = false }: { rsvp: ReturnType<typeof useRsvp>; label: string; cancelled?: boolean }) {
  const { view, busy, error, choose, clear, undo, cleared } = rsvp;
  if (!view) return null;
  return (
    <div className="forum-rsvp">
      <div className="rsvp-choice" role="group" aria-label={label}>
        {RSVP_STATUSES.map((s) => (
          <button
            key={s}
            type="button"
            className={`rsvp-choice__button rsvp-choice__button--${s}`}
            aria-pressed={view.myRsvp === s}
            disabled={busy || cancelled}
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
