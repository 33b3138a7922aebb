import { call } from '../../lib/data/api-client';
import { ApiError } from '../../lib/data/api-error';
import { useRead } from '../../lib/data/read';

/** Whether this club can still be set up: 'open' until it has an account, then 'gone' (the server's 404). */
export function useSetupStatus(): 'checking' | 'open' | 'gone' | 'error' {
  const status = useRead({
    queryKey: ['setup'],
    queryFn: ({ signal }) => call('GET /setup', { signal }),
    retry: false,
    gcTime: 0,
  });
  if (status.data) return 'open';
  if (status.error instanceof ApiError && status.error.status === 404) return 'gone';
  if (status.error) return 'error';
  return 'checking';
}
