import { useCallback, useId, useState, type ReactNode } from 'react';
import { AddToCalendar } from '../../../components/download-button';
import { OfflineNote, UnsyncedMark, NotSavedOffline, isOfflineError } from '../../../components/offline-note';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { EventRsvp, RsvpStatus } from '../../../../domain/contract/training/forum';
import { useConfirm } from '../../../components/confirm-dialog';
import { EmptyState, ErrorMessage, LoadError, Loading } from '../../../components/status';
import { formatDateTime, formatMoney } from '../../../lib/ui/format';
import { EVENT_BADGE, KindBadge, MovedMark } from '../../../parts/posts/post-parts';
import { useSession } from '../../../lib/session/session';
import { usePageTitle } from '../../../lib/ui/use-page-title';
import { errorMessage } from '../../../lib/data/api-client';
import { ApiError } from '../../../lib/data/api-error';
import { loadError, offlineInfo } from '../../../lib/data/read';
import { useDeletePostMutation } from '../api/forum-mutations';
import { useEventQuery } from '../api/forum-queries';
import { DELETE_EVENT_CONFIRM } from './event-card';
import { parseId } from '../common/forum-api';
import { LocalComments } from '../common/local-comments';
import { Avatar } from '../../../components/avatar';
import { Author, EventWhenWhere } from '../common/post-parts';
import { useKept } from '../../../lib/data/offline-set';
import { forumKeys } from '../../../lib/data/keys/post-keys';
import { RsvpButtons, useRsvp } from './rsvp-buttons';
import { CancelledNote, PostManageBar, isCancelled } from '../common/plan-change';
import { RSVP_LABELS, rsvpsWith } from '../common/workout-rules';
import '../forum.css';
import { canManagePost } from '../../../../domain/rules';

const EMPTY_TEXT: Record<RsvpStatus, string> = {
  going: 'No one has confirmed yet.',
  maybe: 'No maybes yet.',
  not_going: 'No declines yet.',
};

/** Offline, for an event this device has no copy of (one further ahead than the offline set, or older). */
export const NOT_SAVED_EVENT_TEXT = 'This event was not saved on this device.';

/** /event/{id} (members; the router checks the role). */
export function EventDetailPage({ sections }: { sections?: (eventId: number) => ReactNode } = {}) {
  const id = parseId(useParams().id);
  const { user } = useSession();
  const query = useEventQuery(id);
  const { data, refetch } = query;
  const { fromCache, updatedAt } = offlineInfo(query);
  const event = data?.event;
  usePageTitle(event ? event.title || 'Untitled Event' : 'Event');

  const refresh = useCallback(() => void refetch(), [refetch]);
  const rsvp = useRsvp(event);
  const navigate = useNavigate();
  const deletePost = useDeletePostMutation('event').mutateAsync;
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState('');
  const { confirm, dialog } = useConfirm();

  async function remove() {
    if (!event) return;
    if (!(await confirm({ title: 'Delete event?', message: DELETE_EVENT_CONFIRM, confirmLabel: 'Delete' }))) return;
    setDeleting(true);
    setDeleteError('');
    try {
      await deletePost({ id: event.id });
      navigate('/forum?tab=events', { replace: true });
    } catch (err) {
      setDeleteError(errorMessage(err, 'Could not delete the event. Please try again.'));
      setDeleting(false);
    }
  }
  const listKept = useKept(forumKeys.events());

  if (id === null || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <Frame>
        <h1>Event not found</h1>
        <p>This event may have been deleted, or the link is wrong.</p>
      </Frame>
    );
  }
  if (query.isPending) {
    return (
      <Frame>
        <h1 className="visually-hidden">Event</h1>
        <Loading text="Loading event details..." />
      </Frame>
    );
  }
  if (!data || !event) {
    return (
      <Frame>
        <h1>Event</h1>
        {isOfflineError(query.error) ? (
          <NotSavedOffline
            text={NOT_SAVED_EVENT_TEXT}
            offer={listKept ? <Link to="/forum?tab=events">Open the forum's events</Link> : undefined}
            onRetry={refresh}
          />
        ) : (
          <LoadError onRetry={refresh}>
            Could not load this event: {errorMessage(loadError(query), 'Something went wrong')}
          </LoadError>
        )}
      </Frame>
    );
  }

  const title = event.title || 'Untitled Event';
  return (
    <Frame>
      <article className="card forum-detail__main" aria-labelledby="event-title">
        <div className="forum-card__head">
          <h1 id="event-title" className="forum-detail__title">
            {title}
          </h1>
          <KindBadge colour={EVENT_BADGE}>Event</KindBadge>
        </div>
        <div className="forum-meta">
          <Author name={event.author_name} url={event.authorProfilePictureUrl} />
          <EventWhenWhere event={event} style="long" />
          <MovedMark at={event.moved_at} />
        </div>
        {isCancelled(event) && <CancelledNote reason={event.cancel_reason} />}
        <p className="forum-content">{event.content}</p>
        {event.feeCents ? <p className="forum-fee">Fee {formatMoney(event.feeCents, event.feeCurrency ?? '')}: whoever answers Going pays it on their profile.</p> : null}
        <OfflineNote fromCache={fromCache} updatedAt={updatedAt} />
        <RsvpButtons rsvp={rsvp} label="Your RSVP" cancelled={isCancelled(event)} />
        <AddToCalendar kind="event" id={event.id} title={title} />
        {canManagePost(user, event.user_id) && <PostManageBar post={event} onDelete={() => void remove()} deleting={deleting} />}
        {deleteError && <ErrorMessage>{deleteError}</ErrorMessage>}
        {dialog}
      </article>

      <div className="forum-rsvp-lists">
        {(['going', 'maybe', 'not_going'] as const).map((status) => (
          <RsvpList
            key={status}
            status={status}
            rsvps={(rsvp.view ? rsvpsWith(data.rsvps, user, rsvp.view.myRsvp) : data.rsvps).filter((r) => r.status === status)}
            myId={user?.id}
            mineUnsynced={rsvp.view?.unsynced ?? false}
          />
        ))}
      </div>
      {sections?.(event.id)}
      <LocalComments postId={event.id} />
    </Frame>
  );
}

function RsvpList({
  status,
  rsvps,
  myId,
  mineUnsynced,
}: {
  status: RsvpStatus;
  rsvps: EventRsvp[];
  myId: number | undefined;
  /** The member's own entry is saved on this device and not yet on the server. */
  mineUnsynced: boolean;
}) {
  const headingId = useId();
  return (
    <section className="card forum-section" aria-labelledby={headingId}>
      <h2 id={headingId}>
        {RSVP_LABELS[status]} ({rsvps.length})
      </h2>
      {rsvps.length === 0 ? (
        <EmptyState>{EMPTY_TEXT[status]}</EmptyState>
      ) : (
        <ul className="forum-people">
          {rsvps.map((r) => (
            <li key={r.id} className="forum-person">
              <Avatar name={r.user_name} url={r.userProfilePictureUrl} size={40} className="forum-avatar forum-avatar--small" />
              <span className="forum-person__name">
                {r.user_name}
                {r.user_id === myId && <span className="hint"> (you)</span>}
                {r.user_id === myId && mineUnsynced && <UnsyncedMark />}
                <span className="forum-person__time">{formatDateTime(r.rsvp_time ?? r.signed_up_at)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="page forum-detail">
      <Link className="forum-back" to="/forum?tab=events">
        <span aria-hidden="true">←</span>Back to Events
      </Link>
      {children}
    </div>
  );
}
