import { call } from '../../../lib/data/api-client';
import { raceKeys } from '../../../lib/data/keys/race-keys';
import { useRead } from '../../../lib/data/read';

// Read on visitors' pages: through `useRead`, never TanStack Query itself (docs/decisions/0062).

export function useRacesQuery() {
  return useRead({ queryKey: raceKeys.list(), queryFn: ({ signal }) => call('GET /races', { signal }) });
}

export function useRaceQuery(id: string) {
  return useRead({ queryKey: raceKeys.detail(id), queryFn: ({ signal }) => call('GET /races/:id', { params: { id }, signal }) });
}

/** The season table of the season starting in `year`; null: the season holding the club's today. */
export function useSeasonTableQuery(year: string | null) {
  return useRead({
    queryKey: raceKeys.seasonTable(year ?? 'current'),
    queryFn: ({ signal }) => call('GET /races/season-table', { query: year === null ? {} : { year }, signal }),
  });
}

export function usePersonalBestsQuery(userId: number) {
  return useRead({
    queryKey: raceKeys.personalBests(userId),
    queryFn: ({ signal }) => call('GET /races/personal-bests/:userId', { params: { userId }, signal }),
  });
}
