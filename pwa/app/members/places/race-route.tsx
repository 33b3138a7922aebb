import { RaceDetailPage } from '../../../features/races/race-detail-page';
import { placeSections } from './place-sections';

const raceSections = (id: number) => placeSections('race', id);

/** /race/:id: a race's page, with what the other features add to it. */
export function RaceRoute() {
  return <RaceDetailPage sections={raceSections} />;
}
