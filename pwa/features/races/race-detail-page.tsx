import { useEffect, useId, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { EmptyState, ErrorMessage, Loading } from '../../components/status';
import { useClubToday } from '../../lib/club/club-clock';
import { formatDate, formatMoney } from '../../lib/ui/format';
import { loadError, offlineInfo } from '../../lib/data/read';
import { useSession } from '../../lib/session/session';
import { usePageTitle } from '../../lib/ui/use-page-title';
import { Avatar } from '../../components/avatar';
import { useRaceQuery } from './api/race-queries';
import { CountdownBadge } from './components/countdown-badge';
import { AddToCalendar } from '../../components/download-button';
import { OfflineNote, UnsyncedMark } from '../../components/offline-note';
import { useRaceSignup } from './hooks/use-race-signup';
import { signupsWith } from './race-signups';
import { EntrySection } from './race-weekend/entry-section';
import { LiftsSection } from './race-weekend/lifts-section';
import { ResultsSection } from './race-weekend/results-section';
import { EntryFeeNote } from './components/entry-fee-note';
import { hasRole } from '../../../domain/contract/roles';
import './races.css';

/** A race's page; `sections`: its duties and polls, handed in by the frame (other features', loaded on demand). */
export function RaceDetailPage({ sections }: { sections?: (raceId: number) => ReactNode } = {}) {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const query = useRaceQuery(id);
  const { data, isPending: loading } = query;
  const error = loadError(query);
  const { fromCache, updatedAt } = offlineInfo(query);
  usePageTitle(data?.race.name ?? (error?.status === 404 ? 'Race not found' : 'Race'));
  const goingId = useId();
  const today = useClubToday();

  const signup = useRaceSignup();
  const { forgetQueued } = signup;
  useEffect(() => forgetQueued(), [updatedAt, forgetQueued]);

  const failed = !data && error !== null && error.status !== 404;
  useEffect(() => {
    if (failed) navigate('/races', { replace: true, state: { notice: 'That race could not be loaded. Please try again.' } });
  }, [failed, navigate]);

  if (loading && !data) {
    return (
      <div className="page page--narrow">
        <Loading text="Loading race details..." />
      </div>
    );
  }
  if (!data) {
    if (error?.status !== 404) return null;
    return (
      <div className="page page--narrow race-detail">
        <h1>Race not found</h1>
        <p>This race does not exist or has been deleted.</p>
        <Link className="button button--primary" to="/races">
          Back to Races
        </Link>
      </div>
    );
  }

  const { race } = data;
  const state = signup.stateOf(race.id, data.isSignedUp);
  const going = signupsWith(data.signups, user, state.signedUp);
  const pending = new Set(race.entries.filter((e) => e.paymentPending).map((e) => e.user_id));

  return (
    <div className="page page--narrow race-detail">
      <Link className="race-detail__back" to="/races">
        ← Back to Races
      </Link>
      <OfflineNote fromCache={fromCache} updatedAt={updatedAt} />

      <article className="card race-detail__card">
        <div className="race-card__head">
          <h1 className="race-detail__name">{race.name}</h1>
          <CountdownBadge date={race.date} today={today} />
        </div>
        <dl className="race-detail__facts">
          <div>
            <dt>Date</dt>
            <dd>
              <time dateTime={race.date}>{formatDate(race.date, 'long')}</time>
            </dd>
          </div>
          {race.location && (
            <div>
              <dt>Location</dt>
              <dd>
                {race.location}{' '}
                <a href={`https://www.openstreetmap.org/search?query=${encodeURIComponent(race.location)}`} target="_blank" rel="noreferrer">
                  Map<span className="visually-hidden"> of {race.location} (opens in a new tab)</span>
                </a>
              </dd>
            </div>
          )}
          {race.feeCents ? (
            <div>
              <dt>Entry fee</dt>
              <dd>{formatMoney(race.feeCents, race.feeCurrency ?? '')}</dd>
            </div>
          ) : null}
        </dl>
        {race.description && <p className="race-detail__description">{race.description}</p>}
        <AddToCalendar kind="race" id={race.id} title={race.name} />

        <div className="race-detail__signup">
          <span className={state.signedUp ? 'race-status race-status--going' : 'race-status'}>
            {state.signedUp ? "✓ You're signed up for this race" : 'You are not signed up yet'}
          </span>
          {state.signedUp ? (
            <button type="button" className="button button--ghost" disabled={state.busy} onClick={() => void signup.change(race.id, false)}>
              Cancel Signup
            </button>
          ) : (
            <button type="button" className="button button--primary" disabled={state.busy} onClick={() => void signup.change(race.id, true)}>
              Sign Up for Race
            </button>
          )}
          {state.unsynced && <UnsyncedMark />}
        </div>
        {state.error && <ErrorMessage>{state.error}</ErrorMessage>}
        <EntryFeeNote race={race} signedUp={state.signedUp} />
      </article>

      <section className="card race-detail__going" aria-labelledby={goingId}>
        <h2 id={goingId}>Who&apos;s Going ({going.length})</h2>
        {going.length === 0 ? (
          <EmptyState>No one has signed up yet. Be the first!</EmptyState>
        ) : (
          <ul className="race-goers">
            {going.map((s) => (
              <li key={s.user_id}>
                <Avatar name={s.user_name} url={s.userProfilePictureUrl} size={40} className="race-avatar" />
                <span>
                  {s.user_name}
                  {s.user_id === user?.id && <span className="race-goers__you"> (you)</span>}
                  {pending.has(s.user_id) && <span className="race-goers__pending"> · payment pending</span>}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      {/* The sections read the race as loaded (or as kept on the device): race day works offline once opened. */}
      <EntrySection race={race} myId={user?.id} />
      <LiftsSection race={race} myId={user?.id} />
      <ResultsSection race={race} myId={user?.id} isExec={user ? hasRole(user.role, 'exec') : false} />
      {sections?.(race.id)}
    </div>
  );
}
