import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/**
 * Whether a reset link still works, asked when the reset page opens (the link is not used up). No
 * retries and no refetching: the answer only changes when the link is used, which this page does.
 */
export function useResetCheckQuery(token: string | null) {
  return useQuery({
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
