import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import type { SafetyPlace } from '../../../../domain/contract/members/safety';
import { call } from '../../../lib/data/api-client';
import { forumKeys } from '../../../lib/data/keys/post-keys';
import { raceKeys } from '../../../lib/data/keys/race-keys';
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

/**
 * The copy of a workout's, an event's or a race's page its own screen reads (there offline too),
 * watched in the cache and never fetched here. Not a query of its own: a second observer of the
 * page's query would lend it its options, and the page's own refresh after a write would then run
 * a query function that reads nothing.
 */
export function usePageCopy(place: SafetyPlace, placeId: number): { data: unknown } {
  const client = useQueryClient();
  const queryKey = place === 'workout' ? forumKeys.workout(placeId) : place === 'event' ? forumKeys.event(placeId) : raceKeys.detail(String(placeId));
  const data = useSyncExternalStore(
    (changed) => client.getQueryCache().subscribe(changed),
    () => client.getQueryData(queryKey),
  );
  return { data };
}
