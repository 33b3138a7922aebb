import { useCallback, useState } from 'react';
import { OfflineNote, isOfflineError } from '../../../components/offline-note';
import { ListNotSaved } from '../common/list-not-saved';
import { EmptyState, LoadError, Loading, Notice } from '../../../components/status';
import { lazyNamed } from '../../../lib/ui/lazy-named';
import { useSession } from '../../../lib/session/session';
import { EventCard } from './event-card';
import { errorMessage } from '../../../lib/data/api-client';
import { loadError, offlineInfo } from '../../../lib/data/read';
import { useDeletePostMutation } from '../api/forum-mutations';
import { useEventsQuery } from '../api/forum-queries';
import { SectionBoundary } from '../../../lib/ui/section-boundary';

// The form (react-hook-form, zod) loads when an exec opens it, not with the list.
const NewEventModal = lazyNamed(() => import('./new-event-modal'), 'NewEventModal');

/** The Events tab: one request for the list; each card carries its counts and the caller's RSVP. */
export function EventsTab() {
  const { can } = useSession();
  const query = useEventsQuery();
  const deletePost = useDeletePostMutation('event').mutateAsync;
  const { data, refetch } = query;
  const { fromCache, updatedAt } = offlineInfo(query);
  const error = loadError(query);
  const [creating, setCreating] = useState(false);
  const [posted, setPosted] = useState(false);

  const refresh = useCallback(() => void refetch(), [refetch]);
  const remove = useCallback((id: number) => deletePost({ id }).then(() => undefined), [deletePost]);

  return (
    <>
      {can('exec') && (
        <div className="forum-toolbar forum-toolbar--end">
          <button type="button" className="button button--accent" onClick={() => setCreating(true)}>
            + New Event
          </button>
        </div>
      )}
      {posted && <Notice tone="success">Event posted.</Notice>}
      <OfflineNote fromCache={fromCache} updatedAt={updatedAt} />

      {query.isPending ? (
        <Loading text="Loading events..." />
      ) : error && isOfflineError(error) ? (
        <ListNotSaved what="events" onRetry={refresh} />
      ) : error ? (
        <LoadError onRetry={refresh}>Could not load the events: {errorMessage(error, 'Something went wrong')}</LoadError>
      ) : !data || data.posts.length === 0 ? (
        <EmptyState>No events posted yet.</EmptyState>
      ) : (
        <div className="forum-list">
          {data.posts.map((e) => (
            <EventCard key={e.id} event={e} onDelete={remove} />
          ))}
        </div>
      )}

      {creating && (
        <SectionBoundary what="the new event form">
          <NewEventModal
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              setPosted(true);
            }}
          />
        </SectionBoundary>
      )}
    </>
  );
}
