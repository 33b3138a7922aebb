import { Suspense, type ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { MembersOnlyPage, RequireRole } from '../../components/require-role';
import { lazyNamed } from '../../lib/ui/lazy-named';
import { useSession } from '../../lib/session/session';
import { publicReadRoutes } from '../public-reads';

// The screens of a signed-in user, and every address the public frame (router.tsx) does not know:
// loaded on demand as one route, so a visitor's page carries none of it. They sit under the data
// layer (TanStack Query, the device's copy), which loads with the first of them.

const RacesPage = lazyNamed(() => import('../../features/races/races-page'), 'RacesPage');
const RaceDetailPage = lazyNamed(() => import('../../features/races/race-detail-page'), 'RaceDetailPage');
const ForumPage = lazyNamed(() => import('../../features/forum/forum-page'), 'ForumPage');
const WorkoutDetailPage = lazyNamed(() => import('../../features/forum/workouts/workout-detail-page'), 'WorkoutDetailPage');
const EventDetailPage = lazyNamed(() => import('../../features/forum/events/event-detail-page'), 'EventDetailPage');
const AdminPage = lazyNamed(() => import('../../features/admin/admin-page'), 'AdminPage');
const PagesScreen = lazyNamed(() => import('../../features/admin/pages/pages-screen'), 'PagesScreen');
const AttendanceReportPage = lazyNamed(() => import('../../features/reports/attendance-report-page'), 'AttendanceReportPage');
const MemberAttendancePage = lazyNamed(() => import('../../features/reports/member-attendance-page'), 'MemberAttendancePage');
const ProfilePage = lazyNamed(() => import('../../features/profile/profile-page'), 'ProfilePage');
const PersonalBests = lazyNamed(() => import('../../features/races/records/personal-bests'), 'PersonalBests');
const MyPayments = lazyNamed(() => import('../../features/payments/my-payments'), 'MyPayments');
const PaymentsPage = lazyNamed(() => import('../../features/payments/payments-page'), 'PaymentsPage');
const PaymentReturnPage = lazyNamed(() => import('../../features/payments/payment-return-page'), 'PaymentReturnPage');
const RotaPage = lazyNamed(() => import('../../features/duties/rota-page'), 'RotaPage');
const DutiesSection = lazyNamed(() => import('../../features/duties/duties-section'), 'DutiesSection');
const DutySheet = lazyNamed(() => import('../../features/duties/duty-sheet'), 'DutySheet');
const PollsSection = lazyNamed(() => import('../../features/polls/polls-section'), 'PollsSection');
const RosterCash = lazyNamed(() => import('../../features/payments/roster-cash'), 'RosterCash');
const RosterSafety = lazyNamed(() => import('../../features/safety/roster-safety'), 'RosterSafety');
const MySafety = lazyNamed(() => import('../../features/safety/my-safety'), 'MySafety');
const SafetyAsk = lazyNamed(() => import('../../features/safety/safety-ask'), 'SafetyAsk');
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
              <RaceDetailPage sections={raceSections} />
            </MembersOnly>
          }
        />
        <Route path="/forum" element={<ForumPage />} />
        <Route
          path="/workout/:id"
          element={
            <MembersOnly>
              <WorkoutDetailPage sections={workoutSections} sheetExtras={workoutSheetExtras} />
            </MembersOnly>
          }
        />
        <Route
          path="/event/:id"
          element={
            <MembersOnly>
              <EventDetailPage sections={eventSections} />
            </MembersOnly>
          }
        />
        <Route path="/admin" element={<AdminPage />} />
        <Route path="/admin/pages" element={<PagesScreen />} />
        <Route path="/admin/payments" element={<PaymentsPage />} />
        <Route path="/payments/return" element={<PaymentReturnPage />} />
        <Route path="/attendance" element={<AttendanceReportPage />} />
        <Route path="/attendance/members/:id" element={<MemberAttendancePage />} />
        <Route path="/profile" element={<ProfilePage personalBests={personalBests} payments={myPayments} safety={mySafety} renewalExtra={safetyAsk} />} />
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

/** The member's safety card and this term's waiver on their profile, from the safety feature (its own chunk). */
function mySafety() {
  return (
    <Suspense fallback={null}>
      <MySafety />
    </Suspense>
  );
}

/** What renewing asks for beside the renewal card: the safety card and this term's waiver (the safety feature's own chunk). */
function safetyAsk() {
  return (
    <Suspense fallback={null}>
      <SafetyAsk />
    </Suspense>
  );
}

/**
 * What the duties and polls features add to a workout's, an event's or a race's page: each its own
 * chunk, loaded with the page that shows it.
 */
function placeSections(place: 'workout' | 'event' | 'race', id: number) {
  return (
    <Suspense fallback={null}>
      <DutiesSection place={place} placeId={id} />
      <PollsSection place={place} placeId={id} />
      <RosterSafety place={place} placeId={id} />
    </Suspense>
  );
}

/** A workout's page adds who on its roster owes for the term, for whoever handles payments (the payments feature's own chunk). */
const workoutSections = (id: number) => (
  <>
    {placeSections('workout', id)}
    <Suspense fallback={null}>
      <RosterCash workoutId={id} />
    </Suspense>
  </>
);
/** The duty holders on a workout's attendance sheet, each marked when they did not show up. */
const workoutSheetExtras = (id: number) => (
  <Suspense fallback={null}>
    <DutySheet workoutId={id} />
  </Suspense>
);
const eventSections = (id: number) => placeSections('event', id);
const raceSections = (id: number) => placeSections('race', id);

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
