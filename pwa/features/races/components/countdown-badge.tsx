import { daysBetween } from '../../../../api/contract/dates';
import { countdownText } from '../countdown';

/** The countdown text, coloured by how near the race is. */
export function CountdownBadge({ date, today }: { date: string; today: string }) {
  const days = daysBetween(today, date);
  const tone = days < 0 ? 'past' : days <= 1 ? 'now' : days <= 14 ? 'soon' : 'later';
  return <span className={`race-countdown race-countdown--${tone}`}>{countdownText(date, today)}</span>;
}
