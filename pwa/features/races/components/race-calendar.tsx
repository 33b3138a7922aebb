import { useId, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Race } from '../../../../domain/contract/training/races';
import { ErrorMessage } from '../../../components/status';
import type { RaceSignupState } from '../hooks/use-race-signup';
import { CountdownBadge } from './countdown-badge';
import { UnsyncedMark } from '../../../components/offline-note';
import { formatDayOfMonth, formatMonth, formatWeekday } from '../../../lib/ui/format';

/** 'March 2027' for '2027-03-…'. */
export function monthLabel(date: string): string {
  return formatMonth(date);
}

/** Races (already sorted by date) grouped by calendar month. */
export function groupByMonth(races: Race[]): { key: string; label: string; races: Race[] }[] {
  const groups: { key: string; label: string; races: Race[] }[] = [];
  for (const race of races) {
    const key = race.date.slice(0, 7);
    const last = groups.at(-1);
    if (last?.key === key) last.races.push(race);
    else groups.push({ key, label: monthLabel(race.date), races: [race] });
  }
  return groups;
}

interface RaceCalendarProps {
  races: Race[];
  today: string | null;
  member: boolean;
  signupOf: (race: Race) => RaceSignupState;
  onSignup: (race: Race, signedUp: boolean) => void;
}

export function RaceCalendar({ races, today, member, signupOf, onSignup }: RaceCalendarProps) {
  return (
    <div className="race-calendar">
      {groupByMonth(races).map((group) => (
        <MonthSection key={group.key} label={group.label}>
          {group.races.map((race) => (
            <li key={race.id}>
              <CalendarEntry race={race} today={today} member={member} signup={signupOf(race)} onSignup={(v) => onSignup(race, v)} />
            </li>
          ))}
        </MonthSection>
      ))}
    </div>
  );
}

function MonthSection({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="race-month" aria-labelledby={id}>
      <h2 id={id} className="race-month__title">
        {label}
      </h2>
      <ul className="race-month__list">{children}</ul>
    </section>
  );
}

interface EntryProps {
  race: Race;
  today: string | null;
  member: boolean;
  signup: RaceSignupState;
  onSignup: (signedUp: boolean) => void;
}

function CalendarEntry({ race, today, member, signup, onSignup }: EntryProps) {
  const titleId = useId();
  return (
    <article className="race-entry" aria-labelledby={titleId}>
      <time className="race-entry__day" dateTime={race.date}>
        <span className="race-entry__weekday">{formatWeekday(race.date, 'short')}</span>
        <span className="race-entry__date">{formatDayOfMonth(race.date)}</span>
      </time>
      <div className="race-entry__body">
        <h3 id={titleId} className="race-entry__name">
          {member ? <Link to={`/race/${race.id}`}>{race.name}</Link> : race.name}
        </h3>
        {race.location && <p className="race-entry__location">{race.location}</p>}
        <CountdownBadge date={race.date} today={today} />
        {signup.error && <ErrorMessage>{signup.error}</ErrorMessage>}
      </div>
      {member && (
        <div className="race-entry__signup">
          <span className="race-entry__count">{race.signupCount} going</span>
          <button
            type="button"
            className={`button button--small ${signup.signedUp ? 'button--ghost' : 'button--primary'}`}
            disabled={signup.busy}
            onClick={() => onSignup(!signup.signedUp)}
          >
            {signup.signedUp ? 'Cancel' : 'Going?'}
          </button>
          {signup.unsynced && <UnsyncedMark />}
        </div>
      )}
    </article>
  );
}
