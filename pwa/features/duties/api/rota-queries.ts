import { call } from '../../../lib/data/api-client';
import { dutiesKey } from '../../../lib/data/keys/post-keys';
import { useRead } from '../../../lib/data/read';

/** One term's rota (today's term unless named); under the duties' keys, so a claim anywhere reads it again. */
export function useRotaQuery(term: string | null) {
  return useRead({
    queryKey: [...dutiesKey, 'rota', term],
    queryFn: ({ signal }) => call('GET /duties/rota', { ...(term ? { query: { term } } : {}), signal }),
  });
}
