import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import type { PollPlaceKind } from '../../../domain/contract/club/polls';
import { useSession } from '../../lib/session/session';
import { lazyNamed } from '../../lib/ui/lazy-named';
import { usePollsQuery } from './api/poll-queries';
import { PollCard } from './poll-card';
import './polls.css';
import { SectionBoundary } from '../../lib/ui/section-boundary';

// The form loads zod and react-hook-form: only when an exec opens it.
const PollForm = lazyNamed(() => import('./poll-form'), 'PollForm');

/**
 * The polls of one place (Home's announcements, a workout's, event's or race's page), open ones
 * first; an exec posts one here. Nothing shows for a member when there is no poll.
 */
export function PollsSection({ place, placeId = null }: { place: PollPlaceKind; placeId?: number | null }) {
  const headingId = useId();
  const { can } = useSession();
  const { pathname } = useLocation();
  const query = usePollsQuery(place, placeId);
  const [posting, setPosting] = useState(false);
  const exec = can('exec');
  const polls = query.data?.polls ?? [];
  if (polls.length === 0 && !exec) return null;
  return (
    <section className={place === 'home' ? 'page polls' : 'polls'} aria-labelledby={headingId}>
      <div className="polls__head">
        <h2 id={headingId} className={polls.length === 0 ? 'visually-hidden' : undefined}>
          Polls
        </h2>
        {exec && (
          <button type="button" className="button button--small" onClick={() => setPosting(true)}>
            Post a poll
          </button>
        )}
      </div>
      {polls.length > 0 && (
        <ul className="polls__list">
          {polls.map((p) => (
            <PollCard key={`${p.id}:${p.my_choices?.join(',') ?? ''}`} poll={p} exec={exec} at={pathname} />
          ))}
        </ul>
      )}
      {posting && (
        <SectionBoundary what="the new poll form">
          <PollForm place={place} placeId={placeId} onClose={() => setPosting(false)} />
        </SectionBoundary>
      )}
    </section>
  );
}
