import { EventDetailPage } from '../../../features/forum/events/event-detail-page';
import { placeSections } from './place-sections';

const eventSections = (id: number) => placeSections('event', id);

/** /event/:id: the forum's page of an event, with what the other features add to it. */
export function EventRoute() {
  return <EventDetailPage sections={eventSections} />;
}
