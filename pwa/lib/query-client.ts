// The PWA's one QueryClient (DESIGN.md §4). Loaded with the first screen that reads the API, never
// by a static public page, so the first download of a public page stays small.
import { QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { ApiError } from './api-client';

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

/** What a screen needs to say about a read: a kept copy shown offline, and its age. */
export function offlineInfo(
  query: Pick<UseQueryResult<unknown, Error>, 'data' | 'error' | 'dataUpdatedAt'>,
): {
  fromCache: boolean;
  updatedAt: number | null;
} {
  const fromCache = query.data !== undefined && query.error instanceof ApiError && query.error.isNetwork;
  return { fromCache, updatedAt: query.dataUpdatedAt || null };
}

/** The error to show for a read that has nothing on screen. */
export function loadError(query: Pick<UseQueryResult<unknown, Error>, 'data' | 'error'>): ApiError | null {
  if (query.data !== undefined || !query.error) return null;
  return query.error instanceof ApiError ? query.error : new ApiError(0, 'Something went wrong');
}
