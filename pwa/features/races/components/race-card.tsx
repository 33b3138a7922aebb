import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { Race } from '../../../../domain/contract/training/races';
import { ErrorMessage } from '../../../components/status';
import { formatDate, formatMoney } from '../../../lib/ui/format';
import { daysBetween } from '../../../../domain/clock';
import type { RaceSignupState } from '../hooks/use-race-signup';
import { CountdownBadge } from './countdown-badge';
import { UnsyncedMark } from '../../../components/offline-note';

interface RaceCardProps {
  /** The race with the member's shown signup state already applied. */
  race: Race;
  today: string | null;
  /** Member features: count, status, sign-up button, link to the detail page. */
  member: boolean;
  signup: RaceSignupState;
  onSignup: (signedUp: boolean) => void;
  /** Exec and administrator controls. */
  manage?: { onEdit: () => void; onDelete: () => void; deleting: boolean };
}

export function RaceCard({ race, today, member, signup, onSignup, manage }: RaceCardProps) {
  const titleId = useId();
  const past = today !== null && daysBetween(today, race.date) < 0;
  return (
    <article className={`card race-card${past ? ' race-card--past' : ''}`} aria-labelledby={titleId}>
      <div className="race-card__head">
        <h2 id={titleId} className="race-card__name">
          {member ? <Link to={`/race/${race.id}`}>{race.name}</Link> : race.name}
        </h2>
        <CountdownBadge date={race.date} today={today} />
      </div>
      <p className="race-card__meta">
        <time dateTime={race.date}>{formatDate(race.date, 'long')}</time>
        {race.location && <span className="race-card__location">{race.location}</span>}
      </p>
      {race.description && <p className="race-card__description">{race.description}</p>}
      {race.feeCents ? <p className="race-card__fee">Entry fee {formatMoney(race.feeCents, race.feeCurrency ?? '')}</p> : null}

      {member && (
        <div className="race-card__signup">
          <div className="race-card__status">
            <span className="race-card__count">{race.signupCount} signed up</span>
            <span className={signup.signedUp ? 'race-status race-status--going' : 'race-status'}>
              {signup.signedUp ? "✓ You're going" : 'Not signed up'}
            </span>
            {signup.unsynced && <UnsyncedMark />}
          </div>
          <button
            type="button"
            className={`button button--small ${signup.signedUp ? 'button--ghost' : 'button--primary'}`}
            disabled={signup.busy}
            onClick={() => onSignup(!signup.signedUp)}
          >
            {signup.signedUp ? 'Cancel Signup' : 'Sign Up'}
          </button>
        </div>
      )}
      {signup.error && <ErrorMessage>{signup.error}</ErrorMessage>}

      {manage && (
        <div className="race-card__manage">
          <button type="button" className="button button--small" onClick={manage.onEdit}>
            Edit
          </button>
          <button type="button" className="button button--small button--danger" onClick={manage.onDelete} disabled={manage.deleting}>
            {manage.deleting ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      )}
    </article>
  );
}
