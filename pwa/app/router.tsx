import { Navigate, createBrowserRouter, isRouteErrorResponse, useRouteError, type RouteObject } from 'react-router-dom';
import { RequireRole } from '../components/require-role';
import { useSession } from '../lib/session';
import { Layout } from './layout';

// Every screen of SPEC.md §2. Pages load on demand so a public page ships only what it needs.
export const routes: RouteObject[] = [
  {
    element: <Layout />,
    errorElement: <RouteError />,
    children: [
      { path: '/', lazy: async () => ({ Component: (await import('../features/public/home-page')).HomePage }) },
      { path: '/join-us', lazy: async () => ({ Component: (await import('../features/public/join-us-page')).JoinUsPage }) },
      { path: '/schedule', lazy: async () => ({ Component: (await import('../features/public/schedule-page')).SchedulePage }) },
      { path: '/faq', lazy: async () => ({ Component: (await import('../features/public/faq-page')).FaqPage }) },
      { path: '/resources', lazy: async () => ({ Component: (await import('../features/public/placeholder-pages')).ResourcesPage }) },
      { path: '/team-gear', lazy: async () => ({ Component: (await import('../features/public/placeholder-pages')).TeamGearPage }) },
      { path: '/coaches-exec', lazy: async () => ({ Component: (await import('../features/team/coaches-exec-page')).CoachesExecPage }) },
      { path: '/profile/:role/:name', lazy: async () => ({ Component: (await import('../features/team/team-profile-page')).TeamProfilePage }) },
      { path: '/races', lazy: async () => ({ Component: (await import('../features/races/races-page')).RacesPage }) },
      { path: '/race/:id', lazy: async () => members((await import('../features/races/race-detail-page')).RaceDetailPage) },
      { path: '/forum', lazy: async () => ({ Component: (await import('../features/forum/forum-page')).ForumPage }) },
      { path: '/workout/:id', lazy: async () => members((await import('../features/forum/workout-detail-page')).WorkoutDetailPage) },
      { path: '/event/:id', lazy: async () => members((await import('../features/forum/event-detail-page')).EventDetailPage) },
      { path: '/admin', lazy: async () => ({ Component: (await import('../features/admin/admin-page')).AdminPage }) },
      { path: '/profile', lazy: async () => ({ Component: (await import('../features/profile/profile-page')).ProfilePage }) },
      { path: '/dashboard', Component: DashboardRedirect },
      { path: '/sync', lazy: async () => ({ Component: (await import('../features/sync/sync-page')).SyncPage }) },
      { path: '/login', lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }) },
      { path: '/logout', lazy: async () => ({ Component: (await import('../features/auth/logout-page')).LogoutPage }) },
      { path: '/reset-password', lazy: async () => ({ Component: (await import('../features/auth/reset-password-page')).ResetPasswordPage }) },
      { path: '*', Component: NotFound },
    ],
  },
];

/** Members-only detail pages: signed-out visitors go to /login (SPEC.md §2). */
function members(Page: () => React.ReactNode) {
  return {
    Component: () => (
      <RequireRole min="member">
        <Page />
      </RequireRole>
    ),
  };
}

/** The spec's own-profile back link points at /dashboard, which is not a screen of its own. */
function DashboardRedirect() {
  const { can } = useSession();
  return <Navigate to={can('member') ? '/forum' : '/'} replace />;
}

function NotFound() {
  return (
    <div className="page page--narrow">
      <h1>Page not found</h1>
      <p>The page you asked for does not exist.</p>
      <a className="button button--primary" href="/">
        Back to Home
      </a>
    </div>
  );
}

function RouteError() {
  const error = useRouteError();
  const offline = typeof navigator !== 'undefined' && !navigator.onLine;
  return (
    <div className="page page--narrow">
      <h1>Something went wrong</h1>
      <p role="alert">
        {isRouteErrorResponse(error)
          ? `${error.status} ${error.statusText}`
          : offline
            ? 'This page has not been saved for offline use yet. Reconnect and try again.'
            : 'The page could not be shown.'}
      </p>
      <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}

export function createRouter() {
  return createBrowserRouter(routes);
}
