import { call } from '../../../lib/data/api-client';
import { raceKeys } from '../../../lib/data/race-keys';
import { useRead } from '../../../lib/data/read';

// Read on visitors' pages: through `useRead`, never TanStack Query itself (docs/decisions/0062).

export function useRacesQuery() {
  return useRead({ queryKey: raceKeys.list(), queryFn: ({ signal }) => call('GET /races', { signal }) });
}

export function useRaceQuery(id: string) {
  return useRead({ queryKey: raceKeys.detail(id), queryFn: ({ signal }) => call('GET /races/:id', { params: { id }, signal }) });
}
