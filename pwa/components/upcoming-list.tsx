import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatDate, formatTime } from '../lib/ui/format';
import { EmptyState, LoadError, Loading } from './status';
import './upcoming-list.css';

/** One thing coming up, as a short line: its day (and time), its name as a link, its place. */
export interface UpcomingItem {
  key: string;
  to: string;
  title: string;
  /** Club-local 'YYYY-MM-DD'. */
  date: string;
  /** Club-local 'HH:MM', or '' when it has none. */
  time?: string;
  place?: string;
}

/**
 * A short list of what is coming up (the next events, the next races on a member's Home), with its
 * loading, failed and empty states and a link to the whole list.
 */
export function UpcomingList({
  title,
  items,
  loading,
  error,
  onRetry,
  empty,
  more,
}: {
  title: string;
  items: UpcomingItem[];
  loading: boolean;
  /** Why the read failed (nothing kept to show instead), or null. */
  error: string | null;
  onRetry: () => void;
  empty: ReactNode;
  more: { to: string; label: string };
}) {
  const headingId = useId();
  return (
    <section className="upcoming" aria-labelledby={headingId}>
      <h3 id={headingId} className="upcoming__title">
        {title}
      </h3>
      {loading ? (
        <Loading text={`Loading ${title.toLowerCase()}…`} />
      ) : error !== null ? (
        <LoadError onRetry={onRetry}>{error}</LoadError>
      ) : items.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="upcoming__list">
          {items.map((item) => {
            const time = formatTime(item.time);
            return (
              <li key={item.key} className="upcoming__item">
                <time className="upcoming__when" dateTime={item.time ? `${item.date}T${item.time}` : item.date}>
                  {formatDate(item.date)}
                  {time && ` · ${time}`}
                </time>
                <Link className="upcoming__name" to={item.to}>
                  {item.title}
                </Link>
                {item.place && <span className="upcoming__where">{item.place}</span>}
              </li>
            );
          })}
        </ul>
      )}
      <p className="upcoming__more">
        <Link to={more.to}>{more.label}</Link>
      </p>
    </section>
  );
}
