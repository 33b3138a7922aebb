import { daysBetween } from '../../../../domain/clock';
import { countdownText } from '../countdown';

/** The countdown text, coloured by how near the race is; nothing until the club's clock is known. */
export function CountdownBadge({ date, today }: { date: string; today: string | null }) {
  if (today === null) return null;
  const days = daysBetween(today, date);
  const tone = days < 0 ? 'past' : days <= 1 ? 'now' : days <= 14 ? 'soon' : 'later';
  return <span className={`race-countdown race-countdown--${tone}`}>{countdownText(date, today)}</span>;
}
