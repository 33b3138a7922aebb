import { Avatar } from '../../../components/avatar';
import type { EventPost } from '../../../../domain/contract/training/forum';
import { formatDate, formatTimeRange } from '../../../lib/ui/format';

export function Author({ name, url }: { name: string; url: string | null | undefined }) {
  const shown = name || 'Unknown member';
  return (
    <span className="forum-author">
      <Avatar name={shown} url={url} size={40} className="forum-avatar forum-avatar--medium" />
      <span>
        <span className="visually-hidden">Posted by </span>
        {shown}
      </span>
    </span>
  );
}

/** The live 'n/max' counter under a long text field; turns red past the limit. */
export function CharCounter({ id, value, max }: { id: string; value: string; max: number }) {
  const over = value.length > max;
  return (
    <p id={id} className={`field-hint forum-counter${over ? ' field-hint--bad' : ''}`}>
      {value.length}/{max}
      {over && <span className="visually-hidden"> characters, over the limit</span>}
    </p>
  );
}

/** A workout's or an event's place on a line of its own (nothing when it has none). */
export function PlaceLine({ place }: { place: string | undefined }) {
  if (!place) return null;
  return (
    <span className="forum-where">
      <span className="visually-hidden">Place: </span>
      {place}
    </span>
  );
}

/** An event's date, with its time when it has one, and its place on a line of its own. */
export function EventWhenWhere({
  event,
  style = 'short',
}: {
  event: Pick<EventPost, 'event_date' | 'event_time' | 'event_location'> & Partial<Pick<EventPost, 'event_end_time'>>;
  style?: 'short' | 'long';
}) {
  const time = formatTimeRange(event.event_time, event.event_end_time);
  return (
    <>
      <span className="forum-when">
        {formatDate(event.event_date, style)}
        {time && ` · ${time}`}
      </span>
      <PlaceLine place={event.event_location} />
    </>
  );
}
