import { SectionBoundary } from '../../lib/ui/section-boundary';
import { ProfilePage } from '../../features/profile/profile-page';
import { lazyNamed } from '../../lib/ui/lazy-named';

// What the races, payments and safety features add to a member's own profile, each its own chunk
// loaded with the profile: with the profile's route, not the members' router, so the forum's first
// download carries none of their loaders.

const PersonalBests = lazyNamed(() => import('../../features/races/records/personal-bests'), 'PersonalBests');
const MyPayments = lazyNamed(() => import('../../features/payments/my-payments'), 'MyPayments');
const MySafety = lazyNamed(() => import('../../features/safety/my-safety'), 'MySafety');
const SafetyAsk = lazyNamed(() => import('../../features/safety/safety-ask'), 'SafetyAsk');

function personalBests(userId: number) {
  return (
    <SectionBoundary what="your personal bests">
      <PersonalBests userId={userId} />
    </SectionBoundary>
  );
}

function myPayments() {
  return (
    <SectionBoundary what="your fees">
      <MyPayments />
    </SectionBoundary>
  );
}

function mySafety() {
  return (
    <SectionBoundary what="your safety card">
      <MySafety />
    </SectionBoundary>
  );
}

/** What renewing asks for beside the renewal card: the safety card and this term's waiver. */
function safetyAsk() {
  return (
    <SectionBoundary what="the safety card and waiver">
      <SafetyAsk />
    </SectionBoundary>
  );
}

/** /profile: the member's own profile, with what the other features add to it. */
export function ProfileRoute() {
  return <ProfilePage personalBests={personalBests} payments={myPayments} safety={mySafety} renewalExtra={safetyAsk} />;
}
