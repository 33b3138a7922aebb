import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';

// Read on visitors' pages: through `useRead`, never TanStack Query itself (docs/decisions/0062).

export const teamKeys = {
  all: ['profiles'] as const,
};

/** The ten positions and who holds them (public). `refetchInterval` keeps a shown list fresh. */
export function useTeamQuery({ refetchInterval }: { refetchInterval?: number } = {}) {
  return useRead({
    queryKey: teamKeys.all,
    queryFn: ({ signal }) => call('GET /profiles', { signal }),
    refetchInterval,
  });
}
