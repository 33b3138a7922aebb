import type { DutyPlaceKind } from '../../../../domain/people/duties';
import { call } from '../../../lib/data/api-client';
import { dutiesKey } from '../../../lib/data/keys/post-keys';
import { useRead } from '../../../lib/data/read';

// Taking and giving up a place is one of the writes the device's outbox carries
// (lib/offline/sync-action.ts); the data layer reads the duties again once the club has it.

/** The duties of a workout, an event or a race; kept on the device like every signed-in read. */
export function useDutiesQuery(place: DutyPlaceKind, placeId: number) {
  return useRead({
    queryKey: [...dutiesKey, place, placeId],
    queryFn: ({ signal }) => call('GET /duties', { query: { place, id: String(placeId) }, signal }),
  });
}
