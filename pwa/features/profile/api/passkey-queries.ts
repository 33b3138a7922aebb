import { call } from '../../../lib/data/api-client';
import { useRead } from '../../../lib/data/read';

export const passkeysKey = ['me', 'passkeys'] as const;

export function usePasskeysQuery(enabled: boolean) {
  return useRead({ queryKey: passkeysKey, queryFn: ({ signal }) => call('GET /passkeys', { signal }), enabled });
}
