import { call } from '../../lib/data/api-client';
import { ApiError } from '../../lib/data/api-error';
import { useRead } from '../../lib/data/read';

/**
 * Whether this club can still be set up: 'open' until it has an account, then 'gone' (the server's 404).
 * `key`: the one-time key of a setup link a host sent (`/setup?key=…`), which a club the host created asks for.
 */
export function useSetupStatus(key: string | undefined): 'checking' | 'open' | 'gone' | 'error' {
  const status = useRead({
    queryKey: ['setup', key ?? null],
    queryFn: ({ signal }) => call('GET /setup', key ? { signal, query: { key } } : { signal }),
    retry: false,
    gcTime: 0,
  });
  if (status.data) return 'open';
  if (status.error instanceof ApiError && status.error.status === 404) return 'gone';
  if (status.error) return 'error';
  return 'checking';
}

