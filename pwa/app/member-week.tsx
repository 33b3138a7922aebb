// "My week" on the home page, with the data layer it reads through: one chunk, loaded only when a
// signed-in member opens `/` (a visitor's landing page downloads none of it).
import { hasRole } from '../../domain/contract/roles';
import { RenewalCard } from '../components/renewal-card';
import { MyWeekSection } from '../features/my-week/my-week-section';
import { useSession } from '../lib/session/session';
import { QueryLayer } from './query-layer';

/** A member's week; above it, when the membership ends soon or has ended, the way to renew. */
export function MemberWeek() {
  const { user } = useSession();
  return (
    <QueryLayer>
      <RenewalCard page />
      {hasRole(user?.role, 'member') && <MyWeekSection />}
    </QueryLayer>
  );
}
