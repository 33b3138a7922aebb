import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading } from '../../components/status';
import { getOutboxState, pendingCount } from '../../lib/outbox-store';
import { useSession } from '../../lib/session';
import { usePageTitle } from '../../lib/use-page-title';

/** /logout: ends the session, then goes to /login (SPEC.md §2); asks first if work is unsynced. */
export function LogoutPage() {
  usePageTitle('Log out');
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [unsynced] = useState(() => pendingCount(getOutboxState()) + getOutboxState().ops.filter((o) => o.state === 'attention').length);
  const [confirmed, setConfirmed] = useState(unsynced === 0);

  useEffect(() => {
    if (!confirmed) return;
    let live = true;
    void signOut().then(() => {
      if (live) navigate('/login', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [confirmed, signOut, navigate]);

  if (!confirmed) {
    return (
      <div className="page page--narrow">
        <h1>Log out?</h1>
        <div className="alert alert--warning" role="alert">
          {unsynced === 1 ? 'One change is' : `${unsynced} changes are`} saved on this device but not synced with the club
          yet. Logging out deletes {unsynced === 1 ? 'it' : 'them'}.
        </div>
        <div className="actions">
          <button type="button" className="button button--primary" onClick={() => navigate('/sync')}>
            Stay signed in
          </button>
          <button type="button" className="button button--danger" onClick={() => setConfirmed(true)}>
            Log out anyway
          </button>
        </div>
      </div>
    );
  }
  return <Loading text="Signing out…" />;
}
