import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';

/**
 * Whether a reset link still works, asked when the reset page opens (the link is not used up). No
 * retries and no refetching: the answer only changes when the link is used, which this page does.
 * A visitor's read (lib/data/read.ts): the reset page carries no data layer.
 */
export function useResetCheckQuery(token: string | null) {
  return useRead({
    queryKey: ['reset-check', token],
    queryFn: ({ signal }) => call('POST /auth/reset-password/check', { body: { token: token ?? '' }, signal }),
    enabled: Boolean(token),
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
