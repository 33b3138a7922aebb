// The PWA's one QueryClient, the engine of useRead under the data layer. Loaded with the first screen that reads the API, never
// by a static public page, so the first download of a public page stays small.
import { QueryClient, useQuery } from '@tanstack/react-query';
import type { ReadRunner } from './read';

/**
 * The read runner of the data layer (app/members/query-layer.tsx puts it under useRead): reads run on TanStack
 * Query, cached, kept on the device and changed by writes. The one useQuery of the app: screens read
 * with useRead.
 */
export const useQueryRead: ReadRunner = (options) => useQuery(options);

/** How long a member's answers stay on the device for offline reading. */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The app's settings; tests make a fresh client per test with the same ones. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        // Requests run even when the browser says it is offline: the fetch fails fast, and a screen
        // with a copy kept on the device shows that copy with the offline note (or the offline error).
        networkMode: 'always',
        retry: false,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
        // Kept as long as the persisted copy, so a restored answer is not dropped before it is read.
        gcTime: OFFLINE_MAX_AGE_MS,
      },
      mutations: { networkMode: 'always', retry: false },
    },
  });
}

export const queryClient = createQueryClient();
