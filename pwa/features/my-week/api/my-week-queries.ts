import { call } from '../../../lib/data/api-client';
import { myWeekKey } from '../../../lib/data/keys/post-keys';
import { useRead } from '../../../lib/data/read';

/** The member's coming days, one request; kept on the device like every signed-in read. */
export function useMyWeekQuery() {
  return useRead({ queryKey: myWeekKey, queryFn: ({ signal }) => call('GET /me/week', { signal }), refetchInterval: 60_000 });
}
