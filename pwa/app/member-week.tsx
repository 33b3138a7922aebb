// "My week" on the home page, with the club's announcements pinned above it and the data layer they
// read through: one chunk, loaded only when a signed-in member opens `/` (a visitor's landing page
// downloads none of it).
import { hasRole } from '../../domain/contract/roles';
import { RenewalCard } from '../components/renewal-card';
import { PinnedAnnouncements } from '../features/announcements/pinned-announcements';
import { MyWeekSection } from '../features/my-week/my-week-section';
import { useSession } from '../lib/session/session';
import { QueryLayer } from './query-layer';

/** A member's week; above it, when the membership ends soon or has ended, the way to renew. */
export function MemberWeek() {
  const { user } = useSession();
  return (
    <QueryLayer>
      {hasRole(user?.role, 'member') && <PinnedAnnouncements />}
      <RenewalCard page />
      {hasRole(user?.role, 'member') && <MyWeekSection />}
    </QueryLayer>
  );
}
