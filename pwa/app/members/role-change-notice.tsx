import { lazyNamed } from '../../lib/ui/lazy-named';
import { useSession } from '../../lib/session/session';
import { SectionBoundary } from '../../lib/ui/section-boundary';

// The check reads the API, so it loads only when turned on: the frame of every page stays free of reads.
const RoleChangeCheck = lazyNamed(() => import('./role-change-check'), 'RoleChangeCheck');

/**
 * Tells a signed-in user that an administrator changed their role, then ends the session so the new
 * role applies. The frame mounts it turned off: the server reads the role on every request, so nobody
 * acts with a stale one, and the notice would only explain a sign-out; `enabled` turns it on.
 */
export function RoleChangeNotice({ enabled = false }: { enabled?: boolean }) {
  const { user } = useSession();
  if (!enabled || !user) return null;
  return (
    <SectionBoundary what="the notice of your new role">
      <RoleChangeCheck userId={user.id} />
    </SectionBoundary>
  );
}
