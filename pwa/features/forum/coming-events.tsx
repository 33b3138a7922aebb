import { addDays } from '../../../domain/clock';
import { MY_WEEK_DAYS } from '../../../domain/contract/me';
import { UpcomingList, type UpcomingItem } from '../../components/upcoming-list';
import { useClubToday } from '../../lib/club/club-clock';
import { errorMessage } from '../../lib/data/api-client';
import { loadError } from '../../lib/data/read';
import { useEventsQuery } from './api/forum-queries';
import { isCancelled } from './common/plan-change';

/** How many of the club's next events a member's Home names. */
const SHOWN = 3;

/**
 * The club's next events after the days My week lists (those are there already, to be answered),
 * soonest first: part of what is next for the club on a member's Home. Cancelled ones are left out.
 */
export function ComingEvents() {
  const today = useClubToday();
  const query = useEventsQuery();
  const after = today ? addDays(today, MY_WEEK_DAYS) : null;
  const items: UpcomingItem[] = (query.data?.posts ?? [])
    .filter((e) => after !== null && e.event_date > after && !isCancelled(e))
    .sort((a, b) => a.event_date.localeCompare(b.event_date) || a.event_time.localeCompare(b.event_time))
    .slice(0, SHOWN)
    .map((e) => ({ key: `event-${e.id}`, to: `/event/${e.id}`, title: e.title || 'Untitled Event', date: e.event_date, time: e.event_time, place: e.event_location }));
  const error = loadError(query);
  return (
    <UpcomingList
      title="Later events"
      items={items}
      loading={query.isPending || after === null}
      error={error && `Could not load the events: ${errorMessage(error, 'Something went wrong')}`}
      onRetry={() => void query.refetch()}
      empty="No other events planned yet."
      more={{ to: '/forum?tab=events', label: 'All events' }}
    />
  );
}
