import { Link } from 'react-router-dom';
import type { Race } from '../../../../domain/contract/training/races';
import { NotSavedOffline, isOfflineError } from '../../../components/offline-note';
import { EmptyState, LoadError, Loading, Notice } from '../../../components/status';
import type { ReadResult } from '../../../lib/data/read';
import type { RaceSignupState } from '../hooks/use-race-signup';
import { RaceCalendar } from './race-calendar';
import { RaceCard } from './race-card';

export type RaceView = 'list' | 'calendar';

interface RaceListingProps {
  read: Pick<ReadResult<unknown>, 'data' | 'error' | 'isPending' | 'refetch'>;
  /** Every race, and the ones the filter shows. */
  races: Race[];
  shown: Race[];
  view: RaceView;
  today: string | null;
  member: boolean;
  signupOf: (race: Race) => RaceSignupState;
  onSignup: (race: Race, signedUp: boolean) => void;
  manageOf?: (race: Race) => { onEdit: () => void; onDelete: () => void; deleting: boolean } | undefined;
}

/** The list or calendar of races, with its loading, offline, error and empty states (visitors and members). */
export function RaceListing({ read, races, shown, view, today, member, signupOf, onSignup, manageOf }: RaceListingProps) {
  const { data, error, isPending, refetch } = read;
  if (isPending && !data) return <Loading text="Loading races..." />;
  if (error && !data && isOfflineError(error)) return <NotSavedOffline onRetry={() => void refetch()} />;
  if (error && !data) return <LoadError onRetry={() => void refetch()}>Failed to load races.</LoadError>;
  if (races.length === 0) return <EmptyState>No races yet.</EmptyState>;
  if (shown.length === 0) return <EmptyState>You are not signed up for any races yet.</EmptyState>;
  if (view === 'calendar') {
    return <RaceCalendar races={shown} today={today} member={member} signupOf={signupOf} onSignup={onSignup} />;
  }
  return (
    <ul className="race-list">
      {shown.map((race) => (
        <li key={race.id}>
          <RaceCard
            race={race}
            today={today}
            member={member}
            signup={signupOf(race)}
            onSignup={(signedUp) => onSignup(race, signedUp)}
            manage={manageOf?.(race)}
          />
        </li>
      ))}
    </ul>
  );
}

/** The heading of the races page (visitors and members). */
export function RacesIntro() {
  return (
    <div>
      <h1>Races</h1>
      <p className="lead">Races the club is targeting this season. Train together, race together.</p>
    </div>
  );
}

/** List view / Calendar view. */
export function ViewSwitch({ view, onChange }: { view: RaceView; onChange: (view: RaceView) => void }) {
  return (
    <div className="segmented" role="group" aria-label="View">
      <button type="button" aria-pressed={view === 'list'} onClick={() => onChange('list')}>
        List view
      </button>
      <button type="button" aria-pressed={view === 'calendar'} onClick={() => onChange('calendar')}>
        Calendar view
      </button>
    </div>
  );
}

/** Why a visitor or a pending account sees no sign-up buttons, and what to do. */
export function VisitorNotice({ signedIn }: { signedIn: boolean }) {
  if (signedIn) {
    return <Notice>Signing up for races opens once your club membership is active.</Notice>;
  }
  return (
    <Notice>
      Club members can see who is going and sign up for races. <Link to="/login">Sign in</Link> or{' '}
      <Link to="/join-us">find out how to join</Link>.
    </Notice>
  );
}
