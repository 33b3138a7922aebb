// "My week" on the home page, with the data layer it reads through: one chunk, loaded only when a
// signed-in member opens `/` (a visitor's landing page downloads none of it).
import { MyWeekSection } from '../features/my-week/my-week-section';
import { QueryLayer } from './query-layer';

export function MemberWeek() {
  return (
    <QueryLayer>
      <MyWeekSection />
    </QueryLayer>
  );
}
