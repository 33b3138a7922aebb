import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { MembersOnlyPage, RequireRole } from '../components/require-role';
import { lazyNamed } from '../lib/ui/lazy-named';
import { useSession } from '../lib/session/session';
import { useClubRegion } from '../lib/club/club-region';
import { Layout } from './layout';
import { SETUP_PATH } from '../../domain/contract/club/public-pages';

// Every screen of the app. Pages load on demand so a public page ships only what it needs, and
// routing is declarative (no data router): it keeps the first download of a public page under budget.

const HomePage = lazyNamed(() => import('../features/public/home-page'), 'HomePage');
const JoinUsPage = lazyNamed(() => import('../features/public/join-us-page'), 'JoinUsPage');
const SchedulePage = lazyNamed(() => import('../features/public/schedule-page'), 'SchedulePage');
const FaqPage = lazyNamed(() => import('../features/public/faq-page'), 'FaqPage');
const PrivacyPage = lazyNamed(() => import('../features/public/privacy-page'), 'PrivacyPage');
const ResourcesPage = lazyNamed(() => import('../features/public/placeholder-pages'), 'ResourcesPage');
const TeamGearPage = lazyNamed(() => import('../features/public/placeholder-pages'), 'TeamGearPage');
const CoachesExecPage = lazyNamed(() => import('../features/team/coaches-exec-page'), 'CoachesExecPage');
const TeamProfilePage = lazyNamed(() => import('../features/team/team-profile-page'), 'TeamProfilePage');
const RacesPage = lazyNamed(() => import('../features/races/races-page'), 'RacesPage');
const VisitorRacesPage = lazyNamed(() => import('../features/races/visitor-races-page'), 'VisitorRacesPage');
const RaceDetailPage = lazyNamed(() => import('../features/races/race-detail-page'), 'RaceDetailPage');
const ForumPage = lazyNamed(() => import('../features/forum/forum-page'), 'ForumPage');
const WorkoutDetailPage = lazyNamed(() => import('../features/forum/workouts/workout-detail-page'), 'WorkoutDetailPage');
const EventDetailPage = lazyNamed(() => import('../features/forum/events/event-detail-page'), 'EventDetailPage');
const AdminPage = lazyNamed(() => import('../features/admin/admin-page'), 'AdminPage');
const PagesScreen = lazyNamed(() => import('../features/admin/pages/pages-screen'), 'PagesScreen');
const AttendanceReportPage = lazyNamed(() => import('../features/reports/attendance-report-page'), 'AttendanceReportPage');
const MemberAttendancePage = lazyNamed(() => import('../features/reports/member-attendance-page'), 'MemberAttendancePage');
const ProfilePage = lazyNamed(() => import('../features/profile/profile-page'), 'ProfilePage');
const PersonalBests = lazyNamed(() => import('../features/races/records/personal-bests'), 'PersonalBests');
const MyPayments = lazyNamed(() => import('../features/payments/my-payments'), 'MyPayments');
const PaymentsPage = lazyNamed(() => import('../features/payments/payments-page'), 'PaymentsPage');
const PaymentReturnPage = lazyNamed(() => import('../features/payments/payment-return-page'), 'PaymentReturnPage');
const SyncPage = lazyNamed(() => import('../features/sync/sync-page'), 'SyncPage');
const LoginPage = lazyNamed(() => import('../features/auth/login-page'), 'LoginPage');
const LogoutPage = lazyNamed(() => import('../features/auth/logout-page'), 'LogoutPage');
const SetupPage = lazyNamed(() => import('../features/setup/setup-page'), 'SetupPage');
const ResetPasswordPage = lazyNamed(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage');
// Screens that talk to the API sit under the data layer (TanStack Query), which loads with the first
// of them: the static public pages stay small. When nobody is signed in, the public screens that read
// the API are not under it: their reads run on the small runner of lib/data/read.ts, so a visitor's first
// download stays within budget (docs/decisions/0062).
const QueryLayer = lazyNamed(() => import('./query-layer'), 'QueryLayer');
const MemberHome = lazyNamed(() => import('./member-home'), 'MemberHome');

/** Members-only detail pages: a signed-out visitor goes to /login, a pending or rejected user sees why not. */
function MembersOnly({ children }: { children: ReactNode }) {
  return (
    <RequireRole min="member" denied={<MembersOnlyPage />}>
      {children}
    </RequireRole>
  );
}

export function AppRoutes() {
  const { user } = useSession();
  // Every screen writes its dates in the club's language: a change of it (the server's first answer on
  // a fresh start, an administrator's edit) draws the routes again, keeping their state.
  useClubRegion();
  // The screens a visitor can open that read the API; a signed-in user gets them under the data layer.
  const publicReads = (
    <>
      <Route path="/coaches-exec" element={<CoachesExecPage />} />
      <Route path="/profile/:role/:name" element={<TeamProfilePage />} />
      <Route path="/races" element={user ? <RacesPage /> : <VisitorRacesPage />} />
      <Route path="/login" element={<LoginPage />} />
      <Route path="/reset-password" element={<ResetPasswordPage />} />
    </>
  );
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route path="/" element={<HomePage memberHome={<MemberHome />} />} />
        <Route path="/join-us" element={<JoinUsPage />} />
        <Route path="/schedule" element={<SchedulePage />} />
        <Route path="/faq" element={<FaqPage />} />
        <Route path="/privacy" element={<PrivacyPage />} />
        <Route path="/resources" element={<ResourcesPage />} />
        <Route path="/team-gear" element={<TeamGearPage />} />
        <Route path={SETUP_PATH} element={<SetupPage />} />
        {!user && publicReads}
        <Route element={<QueryLayer />}>
          {user && publicReads}
          <Route
            path="/race/:id"
            element={
              <MembersOnly>
                <RaceDetailPage />
              </MembersOnly>
            }
          />
          <Route path="/forum" element={<ForumPage />} />
          <Route
            path="/workout/:id"
            element={
              <MembersOnly>
                <WorkoutDetailPage />
              </MembersOnly>
            }
          />
          <Route
            path="/event/:id"
            element={
              <MembersOnly>
                <EventDetailPage />
              </MembersOnly>
            }
          />
          <Route path="/admin" element={<AdminPage />} />
          <Route path="/admin/pages" element={<PagesScreen />} />
          <Route path="/admin/payments" element={<PaymentsPage />} />
          <Route path="/payments/return" element={<PaymentReturnPage />} />
          <Route path="/attendance" element={<AttendanceReportPage />} />
          <Route path="/attendance/members/:id" element={<MemberAttendancePage />} />
          <Route path="/profile" element={<ProfilePage personalBests={personalBests} payments={myPayments} />} />
          <Route path="/dashboard" element={<DashboardRedirect />} />
          <Route path="/sync" element={<SyncPage />} />
          <Route path="/logout" element={<LogoutPage />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** A member's personal bests on their profile, from the races feature (its own chunk, loaded with the profile). */
function personalBests(userId: number) {
  return (
    <Suspense fallback={null}>
      <PersonalBests userId={userId} />
    </Suspense>
  );
}

/** The member's fees on their profile, from the payments feature (its own chunk, loaded with the profile). */
function myPayments() {
  return (
    <Suspense fallback={null}>
      <MyPayments />
    </Suspense>
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
