import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { SectionBoundary } from '../lib/ui/section-boundary';
import { Loading } from '../components/status';
import { setUnauthorizedHandler } from '../lib/session/unauthorized';
import { ACCOUNT_DELETED_PATH, useSession } from '../lib/session/session';
import { usePageDescription } from '../lib/ui/use-page-title';
import { useScrollMemory } from '../lib/ui/scroll-memory';
import { lazyNamed } from '../lib/ui/lazy-named';
import { Footer } from './footer';
import { Navbar } from './navbar';
import { watchForUpdate } from './service-worker';

// Loaded on demand to keep a public page's first download small: what the frame does for someone
// signed in, and the bar that offers a new version when one waits.
const MemberFrame = lazyNamed(() => import('./members/member-frame'), 'MemberFrame');
const UpdateBar = lazyNamed(() => import('./update-bar'), 'UpdateBar');

/** True once a new version of the app waits; the service worker is registered when the page is idle. */
function useUpdateWaiting(): boolean {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    const register = () => watchForUpdate(() => setWaiting(true));
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(register, { timeout: 3000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(register, 1500);
    return () => clearTimeout(id);
  }, []);
  return waiting;
}

/** The frame of every page: navbar, main, footer, and what a signed-in user's frame adds. */
export function Layout() {
  const location = useLocation();
  const navigate = useNavigate();
  const { signOut } = useSession();
  usePageDescription(location.pathname);

  // A new page opens at its top, as a full page load would; Back returns to where the reader was.
  useScrollMemory();

  // A 401/403 from a non-auth call ends the session (lib/data/api-client.ts): the server no longer
  // takes this token, or this role, so staying signed in would only show errors. Registered here, with
  // the frame, so it is in place before the session's first read of the account.
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
        <SectionBoundary page what="this page" fallback={<Loading />} key={location.pathname}>
          <Outlet />
          <ScreenShown />
        </SectionBoundary>
      </main>
      <Footer />
      <FrameExtras />
    </>
  );
}

/**
 * Marks the page as the app's once its screen is drawn, or taken over from the server's HTML: its
 * buttons work from then on (the browser tests and the bench wait for it). Beside the screen, inside
 * its boundary, so it commits with the screen and not before.
 */
function ScreenShown() {
  useEffect(() => {
    document.documentElement.dataset.app = 'started';
  }, []);
  return null;
}

/**
 * The update bar (when a new version waits) and a signed-in user's part of the frame, in a component
 * of their own: what they wait for re-renders this only, never the frame. A re-render of the frame reaching
 * the page's boundary before its code has arrived would make React draw the page afresh instead of
 * taking over the HTML the server rendered (hydration).
 */
function FrameExtras() {
  const { user } = useSession();
  const updateWaiting = useUpdateWaiting();
  return (
    <>
      <SectionBoundary what="the update notice">{updateWaiting && <UpdateBar />}</SectionBoundary>
      <SectionBoundary what="your account's notices">{user && <MemberFrame />}</SectionBoundary>
    </>
  );
}
