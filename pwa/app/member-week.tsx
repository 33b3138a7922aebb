// "My week" on the home page, with the club's announcements pinned above it and the data layer both
// read through: one chunk, loaded only when a signed-in member opens `/` (a visitor's landing page
// downloads none of it).
import { PinnedAnnouncements } from '../features/announcements/pinned-announcements';
import { MyWeekSection } from '../features/my-week/my-week-section';
import { QueryLayer } from './query-layer';

export function MemberWeek() {
  return (
    <QueryLayer>
      <PinnedAnnouncements />
      <MyWeekSection />
    </QueryLayer>
  );
}
