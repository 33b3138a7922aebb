import type { SafetyPlace } from '../../../../domain/contract/members/safety';
import { call } from '../../../lib/data/api-client';
import { forumKeys } from '../../../lib/data/post-keys';
import { raceKeys } from '../../../lib/data/race-keys';
import { useRead } from '../../../lib/data/read';

// Every read here is keyed under 'safety', which the data layer never keeps on the device
// (app/members/query-layer.tsx): a card lives only in memory, or in the exec's own store.
export const safetyKeys = {
  me: ['safety', 'me'] as const,
  marks: (place: SafetyPlace, id: number) => ['safety', 'marks', place, id] as const,
};

/** The member's own card, the waiver's state and who opened the card. */
export function useMySafetyQuery() {
  return useRead({ queryKey: safetyKeys.me, queryFn: ({ signal }) => call('GET /safety/me', { signal }) });
}

/** The copy of a workout's, an event's or a race's page its own screen reads (there offline too): never fetched here. */
export function usePageCopy(place: SafetyPlace, placeId: number) {
  const queryKey = place === 'workout' ? forumKeys.workout(placeId) : place === 'event' ? forumKeys.event(placeId) : raceKeys.detail(String(placeId));
  return useRead<unknown>({ queryKey, queryFn: () => Promise.reject(new Error('read by its page')), enabled: false });
}
