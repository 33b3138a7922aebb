import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../lib/session/session';
import { canOpenNow, forgetReturnPath, peekReturnPath } from '../../lib/session/return-to';
import { RoleChangeNotice } from './role-change-notice';
import { SectionBoundary } from '../../lib/ui/section-boundary';
import { lazyNamed } from '../../lib/ui/lazy-named';

// The charter only for a signed-in user who has not accepted it.
const CharterModal = lazyNamed(() => import('./charter-in-frame'), 'CharterInFrame');

/**
 * What the frame does for someone signed in (layout.tsx mounts it then, so a visitor's page never
 * downloads it): the opening of a kept link, the global charter modal, the role-change notice.
 */
export function MemberFrame() {
  const { user } = useSession();
  const navigate = useNavigate();

  // A link opened before signing in (or while waiting for approval) opens once the reader may see it:
  // right after the charter, or on the first load after an administrator approved the account.
  const role = user?.role;
  const charterAccepted = user?.charterAccepted;
  useEffect(() => {
    const path = peekReturnPath();
    if (!path || !role) return;
    if (canOpenNow({ role, charterAccepted: !!charterAccepted }, path)) {
      forgetReturnPath();
      navigate(path, { replace: true });
    }
  }, [role, charterAccepted, navigate]);

  return (
    <>
      {/* Mounted turned off: role-change-notice.tsx says why. */}
      <RoleChangeNotice />
      {user && !user.charterAccepted && (
        <SectionBoundary what="the club charter">
          <CharterModal />
        </SectionBoundary>
      )}
    </>
  );
}
