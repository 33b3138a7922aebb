import { Link } from 'react-router-dom';
import { useSession } from '../../lib/session/session';
import { describeReturnPath, peekReturnPath } from '../../lib/session/return-to';
import { ClubEmailLink } from '../../components/club-email-link';

/**
 * Home for a new account that accepted the charter and waits for approval: where it stands, what
 * happens next and how to reach the club. Approval applies on the next load of the app (the session
 * re-reads the account), so nothing here asks to sign out and in again.
 */
export function ApprovalWait() {
  const { user } = useSession();
  if (!user || user.role !== 'pending' || !user.charterAccepted) return null;
  const waitingLink = describeReturnPath(peekReturnPath());
  return (
    <section className="page approval-wait" aria-labelledby="approval-wait-title">
      <div className="card approval-wait__card">
        <h2 id="approval-wait-title">Your account is waiting for approval</h2>
        <p>
          Welcome, {user.name}. The club approves new accounts once it has your membership receipt from the athletic
          centre.
        </p>
        <h3>What happens next</h3>
        <ol className="approval-wait__steps">
          <li>
            Email your membership receipt to <ClubEmailLink /> from {user.email}.
          </li>
          <li>An administrator approves your account and you get an email.</li>
          <li>
            Open the app again: the forum, workouts and races are there
            {waitingLink ? `, and the link you opened (${waitingLink.what}) opens by itself` : ''}.
          </li>
        </ol>
        <p className="hint">
          Questions? Write to <ClubEmailLink />, or read <Link to="/join-us">how to join</Link> and the{' '}
          <Link to="/faq">FAQ</Link>.
        </p>
      </div>
    </section>
  );
}
