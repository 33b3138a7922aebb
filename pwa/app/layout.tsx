import { Suspense, lazy, useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Loading } from '../components/status';
import { setUnauthorizedHandler } from '../lib/data/api-client';
import { ACCOUNT_DELETED_PATH, useSession } from '../lib/session/session';
import { canOpenNow, forgetReturnPath, peekReturnPath } from '../lib/session/return-to';
import { usePageDescription } from '../lib/ui/use-page-title';
import { useScrollMemory } from '../lib/ui/scroll-memory';
import { PageErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { RoleChangeNotice } from './role-change-notice';

// Both load on demand to keep a public page's first download small: the charter only for a signed-in
// user who has not accepted it, the service-worker bar once the page is idle.
const CharterModal = lazy(async () => ({ default: (await import('./charter-in-frame')).CharterInFrame }));
const UpdateBar = lazy(async () => ({ default: (await import('./update-bar')).UpdateBar }));

function useIdle(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    const done = () => setIdle(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(done, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(done, 1500);
    return () => clearTimeout(id);
  }, []);
  return idle;
}

/** The frame of every page: navbar, main, footer, the global charter modal. */
export function Layout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signOut } = useSession();
  usePageDescription(location.pathname);

  // A new page opens at its top, as a full page load would; Back returns to where the reader was.
  useScrollMemory();

  // A 401/403 from a non-auth call ends the session (lib/data/api-client.ts): the server no longer
  // takes this token, or this role, so staying signed in would only show errors.
  useEffect(() => {
    setUnauthorizedHandler((reason) => {
      if (reason === 'account-deleted') {
        // The account is gone (another device, an administrator): nothing is kept for a next sign-in.
        navigate(ACCOUNT_DELETED_PATH, { replace: true });
        void signOut();
        return;
      }
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
      {/* At least a screen tall, so the footer starts below the fold and a page that loads on
          demand grows into the space instead of pushing the footer down (layout shift). */}
      <main id="main" tabIndex={-1}>
        <PageErrorBoundary key={location.pathname}>
          <Suspense fallback={<Loading />}>
            <Outlet />
            <PageStarted />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <Footer />
      {/* Mounted turned off: role-change-notice.tsx says why. */}
      <RoleChangeNotice />
      <FrameExtras />
    </>
  );
}

/**
 * Marks the document once the page in the frame works: its effect runs when the boundary around the
 * page has committed, which for a server-rendered page means after its code arrived and React took
 * over its HTML (a tap before that does nothing). Browser tests wait on `html[data-app="started"]`.
 */
function PageStarted() {
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);
  return null;
}

/**
 * The update bar (once the page is idle), the charter modal and the opening of a kept link, in a
 * component of their own: the idle
 * timer re-renders this only, never the frame. A re-render of the frame reaching the page's boundary
 * before its code has arrived would make React draw the page afresh instead of taking over the HTML
 * the server rendered (hydration).
 */
function FrameExtras() {
  const { user } = useSession();
  const navigate = useNavigate();
  const idle = useIdle();

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
    <Suspense fallback={null}>
      {idle && <UpdateBar />}
      {user && !user.charterAccepted && <CharterModal />}
    </Suspense>
  );
}
