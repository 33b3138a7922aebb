import type { PollPlaceKind } from '../../../../domain/contract/club/polls';
import { call } from '../../../lib/data/api-client';
import { pollsKey } from '../../../lib/data/keys/post-keys';
import { useRead } from '../../../lib/data/read';

// An answer is one of the writes the device's outbox carries (lib/offline/sync-action.ts): sent with
// performWrite, kept and replayed when it cannot reach the club; the data layer reads the polls
// again once the club has it (lib/data/post-cache.ts).

/** The polls of one place (Home, or a workout's, event's or race's page); kept on the device like every signed-in read. */
export function usePollsQuery(place: PollPlaceKind, placeId: number | null) {
  const query: Record<string, string> = placeId === null ? { place } : { place, id: String(placeId) };
  return useRead({
    queryKey: [...pollsKey, place, placeId],
    queryFn: ({ signal }) => call('GET /polls', { query, signal }),
    refetchInterval: 60_000,
  });
}

/** The members who have not answered a poll yet (execs), read when asked for. */
export function usePollMissingQuery(id: number, enabled: boolean) {
  return useRead({
    queryKey: [...pollsKey, 'missing', id],
    queryFn: ({ signal }) => call('GET /polls/:id/missing', { params: { id }, signal }),
    enabled,
  });
}
