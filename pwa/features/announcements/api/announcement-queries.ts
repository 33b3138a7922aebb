import { call } from '../../../lib/data/api-client';
import { announcementsKey } from '../../../lib/data/keys/post-keys';
import { useRead } from '../../../lib/data/read';

// A dismissal is one of the writes the device's outbox carries (lib/offline/sync-action.ts): sent with
// performWrite, kept and replayed when it cannot reach the club, and put in the kept list by the data
// layer (lib/data/post-cache.ts) once the club has it.

/** The club's current announcements, newest first; kept on the device like every signed-in read. */
export function useAnnouncementsQuery() {
  return useRead({ queryKey: announcementsKey, queryFn: ({ signal }) => call('GET /announcements', { signal }), refetchInterval: 5 * 60_000 });
}
