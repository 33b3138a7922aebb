import { Route, Routes } from 'react-router-dom';
import { lazyNamed } from '../lib/ui/lazy-named';
import { useSession } from '../lib/session/session';
import { useClubRegion } from '../lib/club/club-region';
import { Layout } from './layout';
import { publicReadRoutes } from './public-reads';
import { SETUP_PATH } from '../../domain/contract/club/page-frame';

// Every screen of the app. This part is in every page's first download (the public frame, docs/
// decisions/0138): a visitor's pages, each loaded on demand, and one lazy route for everything else,
// the members' screens with their data layer (member-routes.tsx), which a visitor never downloads.
// Routing is declarative (no data router): it keeps the first download of a public page under budget.

const HomePage = lazyNamed(() => import('../features/public/home-page'), 'HomePage');
const JoinUsPage = lazyNamed(() => import('../features/public/join-us-page'), 'JoinUsPage');
const SchedulePage = lazyNamed(() => import('../features/public/schedule-page'), 'SchedulePage');
const FaqPage = lazyNamed(() => import('../features/public/faq-page'), 'FaqPage');
const PrivacyPage = lazyNamed(() => import('../features/public/privacy-page'), 'PrivacyPage');
const ResourcesPage = lazyNamed(() => import('../features/public/placeholder-pages'), 'ResourcesPage');
const TeamGearPage = lazyNamed(() => import('../features/public/placeholder-pages'), 'TeamGearPage');
const VisitorRacesPage = lazyNamed(() => import('../features/races/visitor-races-page'), 'VisitorRacesPage');
const SetupPage = lazyNamed(() => import('../features/setup/setup-page'), 'SetupPage');
const MemberHome = lazyNamed(() => import('./members/member-home'), 'MemberHome');
const MemberRoutes = lazyNamed(() => import('./members/member-routes'), 'MemberRoutes');

export function AppRoutes() {
  const { user } = useSession();
  // Every screen writes its dates in the club's language: a change of it (the server's first answer on
  // a fresh start, an administrator's edit) draws the routes again, keeping their state.
  useClubRegion();
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
        {!user && publicReadRoutes(<VisitorRacesPage />)}
        <Route path="*" element={<MemberRoutes />} />
      </Route>
    </Routes>
  );
}
