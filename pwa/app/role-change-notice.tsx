import { useEffect, useState } from 'react';
import { ROLE_LABELS } from '../../domain/contract/roles';
import type { RoleChangeNotification } from '../../domain/contract/users';
import { call } from '../lib/data/api-client';
import { useSession } from '../lib/session/session';

/**
 * Tells a signed-in user that an administrator changed their role, then ends the session so the new
 * role applies (SPEC.md §4). The spec mounts it disabled: the server reads roles on every request, so
 * nobody is stuck with a stale role; `enabled` turns it on.
 */
export function RoleChangeNotice({ enabled = false }: { enabled?: boolean }) {
  const { user, signOut } = useSession();
  const [change, setChange] = useState<RoleChangeNotification | null>(null);
  const userId = user?.id;

  useEffect(() => {
    if (!enabled || userId === undefined) return;
    let live = true;
    // Mounted in the frame of every page, outside the data layer that screens load (and disabled).
    call('GET /users/role-change-notifications')
      .then(({ notifications }) => {
        if (live && notifications.length > 0) setChange(notifications[notifications.length - 1]!);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [enabled, userId]);

  if (!enabled || !change) return null;
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
