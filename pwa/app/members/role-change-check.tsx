import { ROLE_LABELS } from '../../../domain/contract/roles';
import { call } from '../../lib/data/api-client';
import { useRead } from '../../lib/data/read';
import { useSession } from '../../lib/session/session';

/**
 * The role-change notice once turned on: one read per signed-in user (the frame sits outside the data
 * layer, so it runs on the small runner of lib/data/read.ts), and the acknowledgement.
 */
export function RoleChangeCheck({ userId }: { userId: number }) {
  const { signOut } = useSession();
  const read = useRead({
    queryKey: ['role-change-notifications', userId],
    queryFn: ({ signal }) => call('GET /users/role-change-notifications', { signal }),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  // A failed read shows nothing: the notice explains a change, it never stands in the way.
  const change = read.data?.notifications.at(-1);
  if (!change) return null;

  async function acknowledge() {
    await call('POST /users/mark-role-notification-read').catch(() => {});
    await signOut();
    window.location.reload();
  }
  return (
    <div className="update-bar" role="alert">
      <span>
        Your role changed from {ROLE_LABELS[change.oldRole] ?? change.oldRole} to {ROLE_LABELS[change.newRole] ?? change.newRole}.
        Sign in again to continue.
      </span>
      <button type="button" className="button button--small button--primary" onClick={() => void acknowledge()}>
        Sign in again
      </button>
    </div>
  );
}
