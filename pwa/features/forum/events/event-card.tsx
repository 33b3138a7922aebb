import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { EventPost } from '../../../../domain/contract/training/forum';
import { useConfirm } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/status';
import { EVENT_BADGE, KindBadge, MovedMark } from '../../../parts/posts/post-parts';
import { errorMessage } from '../../../lib/data/api-client';
import { useSession } from '../../../lib/session/session';
import { Author, EventWhenWhere } from '../common/post-parts';
import { RsvpButtons, useRsvp } from './rsvp-buttons';
import { CancelledNote, PostManageBar, isCancelled } from '../common/plan-change';
import { canManagePost } from '../../../../domain/rules';
import { formatMoney } from '../../../lib/ui/format';

export const DELETE_EVENT_CONFIRM = 'Are you sure you want to delete this event?';

interface EventCardProps {
  event: EventPost;
  onDelete: (id: number) => Promise<void>;
}

export function EventCard({ event, onDelete }: EventCardProps) {
  const titleId = useId();
  const { user } = useSession();
  const rsvp = useRsvp(event);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState('');
  const { confirm, dialog } = useConfirm();
  const title = event.title || 'Untitled Event';

  async function remove() {
    if (!(await confirm({ title: 'Delete event?', message: DELETE_EVENT_CONFIRM, confirmLabel: 'Delete' }))) return;
    setDeleting(true);
    setDeleteError('');
    try {
      await onDelete(event.id);
    } catch (err) {
      setDeleteError(errorMessage(err, 'Could not delete the event. Please try again.'));
      setDeleting(false);
    }
  }

  // The whole card opens the event (its title link covers the card); the RSVP buttons sit above it.
  return (
    <article className={`card forum-card forum-card--link${isCancelled(event) ? ' forum-card--cancelled' : ''}`} aria-labelledby={titleId}>
      <div className="forum-card__head">
        <h2 id={titleId} className="forum-card__title">
          <Link className="forum-card__link" to={`/event/${event.id}`}>
            {title}
          </Link>
        </h2>
        <KindBadge colour={EVENT_BADGE}>Event</KindBadge>
      </div>
      <div className="forum-meta">
        <EventWhenWhere event={event} />
        <MovedMark at={event.moved_at} />
        <Author name={event.author_name} url={event.authorProfilePictureUrl} />
      </div>
      {isCancelled(event) && <CancelledNote reason={event.cancel_reason} />}
      {event.content && <p className="forum-content forum-content--preview">{event.content}</p>}
      {event.feeCents ? <p className="forum-fee">Fee {formatMoney(event.feeCents, event.feeCurrency ?? '')}</p> : null}
      <RsvpButtons rsvp={rsvp} label={`Your RSVP for ${title}`} cancelled={isCancelled(event)} />
      {canManagePost(user, event.user_id) && <PostManageBar post={event} onDelete={() => void remove()} deleting={deleting} named />}
      {deleteError && <ErrorMessage>{deleteError}</ErrorMessage>}
      {dialog}
    </article>
  );
}
