import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading } from '../../components/status';
import { countComments } from '../../lib/offline/comments-db';
import { getOutboxState, pendingCount } from '../../lib/offline/outbox-store';
import { useSession } from '../../lib/session/session';
import { readUser } from '../../lib/session/session-storage';
import { usePageTitle } from '../../lib/ui/use-page-title';

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : `${n} ${many}`;
}

/**
 * /logout: ends the session, then goes to /login. Logging out deletes everything the
 * app kept on this device, so it asks first when that includes unsynced changes or local comments.
 */
export function LogoutPage() {
  usePageTitle('Log out');
  const { signOut } = useSession();
  const navigate = useNavigate();
  const [unsynced] = useState(() => pendingCount(getOutboxState()) + getOutboxState().ops.filter((o) => o.state === 'attention').length);
  const [comments, setComments] = useState<number | null>(null);
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    const user = readUser();
    if (!user) return setComments(0);
    let live = true;
    void countComments(user.id).then((n) => {
      if (live) setComments(n);
    });
    return () => {
      live = false;
    };
  }, []);

  const mustAsk = unsynced > 0 || (comments ?? 0) > 0;
  const go = confirmed || (comments !== null && !mustAsk);

  useEffect(() => {
    if (!go) return;
    let live = true;
    void signOut().then(() => {
      if (live) navigate('/login', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [go, signOut, navigate]);

  if (comments !== null && mustAsk && !confirmed) {
    const lost: string[] = [];
    if (unsynced > 0) lost.push(`${plural(unsynced, 'one change', 'changes')} saved on this device but not synced with the club yet`);
    if (comments > 0) lost.push(`${plural(comments, 'one comment', 'comments')} kept only on this device`);
    return (
      <div className="page page--narrow">
        <h1>Log out?</h1>
        <div className="alert alert--warning" role="alert">
          You have {lost.join(' and ')}. Logging out deletes {unsynced + comments === 1 ? 'it' : 'them'} from this
          device.
        </div>
        <div className="actions">
          <button type="button" className="button button--primary" onClick={() => (unsynced > 0 ? navigate('/sync') : navigate(-1))}>
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
