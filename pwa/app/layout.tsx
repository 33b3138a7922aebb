import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Loading } from '../components/status';
import { CharterModal } from '../features/charter/charter-modal';
import { setUnauthorizedHandler } from '../lib/api-client';
import { useSession } from '../lib/session';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { UpdateBar } from './update-bar';

/** The frame of every page: navbar, main, footer, the global charter modal. */
export function Layout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signOut } = useSession();

  // Scroll to the top on every route change (SPEC.md §2).
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [location.pathname]);

  // A 401/403 from a non-auth call ends the session (SPEC.md §4).
  useEffect(() => {
    setUnauthorizedHandler((reason) => {
      // Leave the guarded page first, so its own redirect to a bare /login cannot win the race.
      navigate(`/login?reason=${reason}`, { replace: true });
      void signOut(reason);
    });
    return () => setUnauthorizedHandler(null);
  }, [signOut, navigate]);

  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Navbar />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <UpdateBar />
      <CharterModal />
    </>
  );
}
