import { useEffect, type ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router-dom';
import type { Role } from '../../domain/contract/roles';
import { useSession } from '../lib/session/session';
import { openedFromOutside, rememberReturnPath } from '../lib/session/return-to';
import { usePageTitle } from '../lib/ui/use-page-title';
import { ClubEmailLink } from './club-email-link';

/** The notice a signed-in user below member sees instead of members' content (pending accounts wait for approval). */
export function MembershipNotice() {
  const { user } = useSession();
  if (user?.role === 'rejected') {
    return (
      <div className="alert alert--warning membership-notice" role="status">
        <h2>Membership not approved</h2>
        <p>
          Your membership application was not approved. Write to <ClubEmailLink /> if you think this is a mistake.
        </p>
      </div>
    );
  }
  return (
    <div className="alert alert--warning membership-notice" role="status">
      <h2>Your membership is pending</h2>
      <p>
        Access to the forum, workouts and races needs an active membership. Please email your membership receipt
        to <ClubEmailLink />. Once an administrator activates your account you will get
        an email, and everything opens the next time you open the app.
      </p>
      <p>
        <Link to="/join-us">How to join</Link> · <Link to="/logout">Log out</Link>
      </p>
    </div>
  );
}

/**
 * A members-only screen (a workout, event or race page) as a pending or rejected user sees it: a page
 * of its own, with its title and heading, and the membership notice.
 */
export function MembersOnlyPage() {
  usePageTitle('Members only');
  return (
    <div className="page page--narrow">
      <h1>Members only</h1>
      <MembershipNotice />
    </div>
  );
}

/**
 * Signed-out visitors go to /login; signed-in users below `min` see the membership notice (or, with
 * `denied`, whatever the screen wants to show them).
 */
export function RequireRole({ min, children, denied }: { min: Role; children: ReactNode; denied?: ReactNode }) {
  const { user, can, endedReason } = useSession();
  const location = useLocation();
  const here = location.pathname + location.search;
  const waiting = !!user && user.role === 'pending' && !can(min);
  const arrived = openedFromOutside(location);
  // A pending account opened a members' link: it opens by itself once the account is approved. Only a
  // link the app was opened at is kept: a page tapped inside the app while waiting never replaces it.
  useEffect(() => {
    if (waiting && arrived) rememberReturnPath(here);
  }, [waiting, arrived, here]);
  if (!user) {
    // The sign-in page says what the link is and brings the reader back to it (lib/session/return-to.ts).
    const params = new URLSearchParams();
    if (endedReason) params.set('reason', endedReason);
    params.set('next', here);
    return <Navigate to={`/login?${params.toString()}`} replace state={{ from: location.pathname }} />;
  }
  if (!can(min)) return <>{denied ?? <MembershipNotice />}</>;
  return <>{children}</>;
}
