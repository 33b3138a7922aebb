import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { MembersOnlyPage, RequireRole } from '../../components/require-role';
import { lazyNamed } from '../../lib/ui/lazy-named';
import { useSession } from '../../lib/session/session';
import { publicReadRoutes } from '../public-reads';

// The screens of a signed-in user, and every address the public frame (router.tsx) does not know:
// loaded on demand as one route, so a visitor's page carries none of it. They sit under the data
// layer (TanStack Query, the device's copy), which loads with the first of them.

const RacesPage = lazyNamed(() => import('../../features/races/races-page'), 'RacesPage');
const RaceRoute = lazyNamed(() => import('./places/race-route'), 'RaceRoute');
const ForumPage = lazyNamed(() => import('../../features/forum/forum-page'), 'ForumPage');
const WorkoutRoute = lazyNamed(() => import('./places/workout-route'), 'WorkoutRoute');
const EventRoute = lazyNamed(() => import('./places/event-route'), 'EventRoute');
const AdminPage = lazyNamed(() => import('../../features/admin/admin-page'), 'AdminPage');
const PagesScreen = lazyNamed(() => import('../../features/admin/pages/pages-screen'), 'PagesScreen');
const AttendanceReportPage = lazyNamed(() => import('../../features/reports/attendance-report-page'), 'AttendanceReportPage');
const MemberAttendancePage = lazyNamed(() => import('../../features/reports/member-attendance-page'), 'MemberAttendancePage');
const ProfileRoute = lazyNamed(() => import('./profile-route'), 'ProfileRoute');
const PaymentsPage = lazyNamed(() => import('../../features/payments/payments-page'), 'PaymentsPage');
const PaymentReturnPage = lazyNamed(() => import('../../features/payments/payment-return-page'), 'PaymentReturnPage');
const RotaPage = lazyNamed(() => import('../../features/duties/rota-page'), 'RotaPage');
const SyncPage = lazyNamed(() => import('../../features/sync/sync-page'), 'SyncPage');
const LogoutPage = lazyNamed(() => import('../../features/auth/logout-page'), 'LogoutPage');
const QueryLayer = lazyNamed(() => import('./query-layer'), 'QueryLayer');

/** Members-only detail pages: a signed-out visitor goes to /login, a pending or rejected user sees why not. */
function MembersOnly({ children }: { children: ReactNode }) {
  return (
    <RequireRole min="member" denied={<MembersOnlyPage />}>
      {children}
    </RequireRole>
  );
}

export function MemberRoutes() {
  const { user } = useSession();
  return (
    <Routes>
      <Route element={<QueryLayer />}>
        {user && publicReadRoutes(<RacesPage />)}
        <Route
          path="/race/:id"
          element={
            <MembersOnly>
              <RaceRoute />
            </MembersOnly>
          }
        />
        <Route path="/forum" element={<ForumPage />} />
        <Route
          path="/workout/:id"
          element={
            <MembersOnly>
              <WorkoutRoute />
            </MembersOnly>
          }
        />
        <Route
          path="/event/:id"
          element={
            <MembersOnly>
              <EventRoute />
            </MembersOnly>
          }
        />
        <Route path="/admin" element={<AdminPage />} />
        <Route path="/admin/pages" element={<PagesScreen />} />
        <Route path="/admin/payments" element={<PaymentsPage />} />
        <Route path="/payments/return" element={<PaymentReturnPage />} />
        <Route path="/attendance" element={<AttendanceReportPage />} />
        <Route path="/attendance/members/:id" element={<MemberAttendancePage />} />
        <Route path="/profile" element={<ProfileRoute />} />
        <Route path="/dashboard" element={<DashboardRedirect />} />
        <Route
          path="/rota"
          element={
            <MembersOnly>
              <RotaPage />
            </MembersOnly>
          }
        />
        <Route path="/sync" element={<SyncPage />} />
        <Route path="/logout" element={<LogoutPage />} />
      </Route>
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}

/** The own-profile page's back link points at /dashboard, which is not a screen of its own. */
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
