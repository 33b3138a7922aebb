import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';

/** The server's own retention settings for the privacy page (public; kept for the visit). */
export function usePrivacyFacts() {
  return useRead({ queryKey: ['privacy'], queryFn: ({ signal }) => call('GET /privacy', { signal }), staleTime: Infinity, retry: false });
}
