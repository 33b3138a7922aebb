// A signed-in member's Home: their week, the club's pinned announcements and what is next for the club,
// with the data layer they read through; one chunk, loaded only when a signed-in user opens `/` (a
// visitor's landing page downloads none of it). The parts come from their features; the frame puts
// them together (features never import each other).
import { hasRole } from '../../../domain/contract/roles';
import { isLapsedMember } from '../../../domain/membership';
import { SectionBoundary } from '../../lib/ui/section-boundary';
import { RenewalCard } from '../../features/profile/renewal-card';
import { PinnedAnnouncements } from '../../features/announcements/pinned-announcements';
import { ComingEvents } from '../../features/forum/coming-events';
import { MyWeekSection } from '../../features/my-week/my-week-section';
import { ComingRaces } from '../../features/races/coming-races';
import { useSession } from '../../lib/session/session';
import { lazyNamed } from '../../lib/ui/lazy-named';
import { QueryLayer } from './query-layer';
import './member-home.css';

// The polls beside the announcements come in a chunk of their own, after Home has painted.
const PollsSection = lazyNamed(() => import('../../features/polls/polls-section'), 'PollsSection');
// What the member owes the club, likewise after Home has painted.
const PaymentsDue = lazyNamed(() => import('../../features/payments/payments-due'), 'PaymentsDue');
// The call for the safety card and waiver, where a membership starts or is renewed: its own chunk too.
const SafetyAsk = lazyNamed(() => import('../../features/safety/safety-ask'), 'SafetyAsk');

/**
 * A member's Home; for a membership that has ended (the account counts as pending), the way to renew
 * only, above the visitor's page; for a new account waiting for approval, the call for the safety card
 * and waiver only. Renewing asks for them beside the renewal card.
 */
export function MemberHome() {
  const { user } = useSession();
  const member = hasRole(user?.role, 'member');
  const waiting = user?.role === 'pending' && !isLapsedMember({ role: user.role, expiryDate: user.expiry_date });
  const safetyAsk = (
    <SectionBoundary what="the safety card and waiver">
      <SafetyAsk />
    </SectionBoundary>
  );
  if (waiting)
    return (
      <QueryLayer>
        <div className="page">{safetyAsk}</div>
      </QueryLayer>
    );
  return (
    <QueryLayer>
      {member && user && (
        <div className="page member-home__head">
          <h1 className="member-home__title">Hi, {firstName(user.name)}</h1>
        </div>
      )}
      {member && (
        <SectionBoundary what="your fees due">
          <PaymentsDue />
        </SectionBoundary>
      )}
      {member && <PinnedAnnouncements />}
      {member && (
        <SectionBoundary what="the polls">
          <PollsSection place="home" />
        </SectionBoundary>
      )}
      <RenewalCard page extra={safetyAsk} />
      {member && <MyWeekSection />}
      {member && (
        <section className="page member-home__next" aria-labelledby="member-home-next">
          <h2 id="member-home-next">Next at the club</h2>
          <div className="member-home__next-lists">
            <ComingEvents />
            <ComingRaces />
          </div>
        </section>
      )}
    </QueryLayer>
  );
}

/** 'Morgan' of 'Morgan Member'; the whole name when it has no space. */
function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] || name;
}
