import { Suspense, useCallback, useState } from 'react';
import { OfflineNote } from '../../components/offline-note';
import type { EventPost } from '../../../domain/contract/forum';
import { EmptyState, LoadError, Loading, Notice } from '../../components/status';
import { lazyNamed } from '../../lib/ui/lazy-named';
import { useSession } from '../../lib/session/session';
import { EventCard } from './event-card';
import { useDeletePostMutation, useEventsQuery } from './api/forum-queries';

// The form (react-hook-form, zod) loads when an exec opens it, not with the list.
const NewEventModal = lazyNamed(() => import('./new-event-modal'), 'NewEventModal');

/** The Events tab: one request for the list; each card carries its counts and the caller's RSVP. */
export function EventsTab() {
  const { can } = useSession();
  const query = useEventsQuery();
  const deletePost = useDeletePostMutation().mutateAsync;
  const { data, setData, reload } = query;
  const [creating, setCreating] = useState(false);
  const [posted, setPosted] = useState(false);

  const patch = useCallback(
    (id: number, change: Partial<EventPost>) =>
      setData(
        (previous) =>
          previous && { posts: previous.posts.map((p) => (p.id === id ? { ...p, ...change } : p)) },
      ),
    [setData],
  );
  const refresh = useCallback(() => void reload(), [reload]);
  const remove = useCallback(
    async (id: number) => {
      await deletePost(id);
      setData((previous) => previous && { posts: previous.posts.filter((p) => p.id !== id) });
      void reload();
    },
    [setData, reload, deletePost],
  );

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
      <OfflineNote fromCache={query.fromCache} updatedAt={query.updatedAt} />

      {query.loading ? (
        <Loading text="Loading events..." />
      ) : query.error && !data ? (
        <LoadError onRetry={refresh}>Could not load the events: {query.error.message}</LoadError>
      ) : !data || data.posts.length === 0 ? (
        <EmptyState>No events posted yet.</EmptyState>
      ) : (
        <div className="forum-list">
          {data.posts.map((e) => (
            <EventCard key={e.id} event={e} patch={patch} reload={refresh} onDelete={remove} />
          ))}
        </div>
      )}

      {creating && (
        <Suspense fallback={null}>
          <NewEventModal
            onClose={() => setCreating(false)}
            onCreated={() => {
              setCreating(false);
              setPosted(true);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
