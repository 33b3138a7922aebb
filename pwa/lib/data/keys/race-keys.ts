// The query keys of the races' answers. A module of its own, with nothing else in it: a visitor's race
// pages read with them (no data layer there), and the offline set (offline-set.ts) keeps the list under
// the same key the races page reads.
export const raceKeys = {
  all: ['races'] as const,
  list: () => [...raceKeys.all, 'list'] as const,
  detail: (id: string) => [...raceKeys.all, 'detail', id] as const,
  /** The season starting in `year`, or 'current' for the one holding the club's today. */
  seasonTable: (year: string) => [...raceKeys.all, 'season-table', year] as const,
  personalBests: (userId: number) => [...raceKeys.all, 'personal-bests', userId] as const,
};
