import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Loading } from '../../components/status';
import { useSession } from '../../lib/session';

/** /logout: ends the session, then goes to /login (SPEC.md §2). */
export function LogoutPage() {
  const { signOut } = useSession();
  const navigate = useNavigate();
  useEffect(() => {
    let live = true;
    void signOut().then(() => {
      if (live) navigate('/login', { replace: true });
    });
    return () => {
      live = false;
    };
  }, [signOut, navigate]);
  return <Loading text="Signing out…" />;
}
