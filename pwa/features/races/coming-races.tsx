import type { Race } from '../../../domain/contract/training/races';
import { UpcomingList, type UpcomingItem } from '../../components/upcoming-list';
import { useClubToday } from '../../lib/club/club-clock';
import { errorMessage } from '../../lib/data/api-client';
import { loadError } from '../../lib/data/read';
import { useRacesQuery } from './api/race-queries';

/** How many of the club's next races a member's Home names. */
const SHOWN = 3;

/**
 * The next races the club is going to that the member has not signed up for (those they did are in
 * My week), soonest first: part of what is next for the club on a member's Home.
 */
export function ComingRaces() {
  const today = useClubToday();
  const query = useRacesQuery();
  const items: UpcomingItem[] = (query.data?.races ?? [])
    .filter((r: Race) => today !== null && r.date >= today && !r.isSignedUp)
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, SHOWN)
    .map((r) => ({ key: `race-${r.id}`, to: `/race/${r.id}`, title: r.name, date: r.date, place: r.location }));
  const error = loadError(query);
  return (
    <UpcomingList
      title="Next races"
      items={items}
      loading={query.isPending || today === null}
      error={error && `Could not load the races: ${errorMessage(error, 'Something went wrong')}`}
      onRetry={() => void query.refetch()}
      empty="No other races on the calendar yet."
      more={{ to: '/races', label: 'All races' }}
    />
  );
}
