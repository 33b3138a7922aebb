import { SectionBoundary } from '../../../lib/ui/section-boundary';
import { lazyNamed } from '../../../lib/ui/lazy-named';

// What the duties, polls, safety and payments features add to a workout's, an event's or a race's
// page, each its own chunk loaded with the page that shows it. These live with the pages' routes, not
// with the members' router, so the forum's first download carries none of their loaders.

const DutiesSection = lazyNamed(() => import('../../../features/duties/duties-section'), 'DutiesSection');
const DutySheet = lazyNamed(() => import('../../../features/duties/duty-sheet'), 'DutySheet');
const PollsSection = lazyNamed(() => import('../../../features/polls/polls-section'), 'PollsSection');
const RosterCash = lazyNamed(() => import('../../../features/payments/roster-cash'), 'RosterCash');
const RosterSafety = lazyNamed(() => import('../../../features/safety/roster-safety'), 'RosterSafety');

/** The duties, the polls and the roster's safety list of a place, each standing alone if its code cannot load. */
export function placeSections(place: 'workout' | 'event' | 'race', id: number) {
  return (
    <>
      <SectionBoundary what="the duties">
        <DutiesSection place={place} placeId={id} />
      </SectionBoundary>
      <SectionBoundary what="the polls">
        <PollsSection place={place} placeId={id} />
      </SectionBoundary>
      <SectionBoundary what="the safety list">
        <RosterSafety place={place} placeId={id} />
      </SectionBoundary>
    </>
  );
}

/** A workout's page adds who on its roster owes for the term, for whoever handles payments. */
export const workoutSections = (id: number) => (
  <>
    {placeSections('workout', id)}
    <SectionBoundary what="who owes">
      <RosterCash workoutId={id} />
    </SectionBoundary>
  </>
);

/** The duty holders on a workout's attendance sheet, each marked when they did not show up. */
export const workoutSheetExtras = (id: number) => (
  <SectionBoundary what="the duty holders">
    <DutySheet workoutId={id} />
  </SectionBoundary>
);
