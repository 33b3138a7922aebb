import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { RSVP_STATUSES, type RsvpStatus } from '../../../domain/contract/training/forum';
import type { MyWeekAnswer, MyWeekStanding, WeekEvent, WeekItem, WeekOpenDuty, WeekRace, WeekWorkout } from '../../../domain/contract/me';
import { pendingFor, performWrite, usePendingWrites, type SyncAction } from '../../lib/offline/perform-write';
import { OfflineNote, UnsyncedMark, NotSavedOffline, SavedAge, isOfflineError } from '../../components/offline-note';
import { EVENT_BADGE, KindBadge, MovedMark, RACE_BADGE, RSVP_LABELS, TypeBadge, waitlistPositionText } from '../../parts/posts/post-parts';
import { useSignupFlow } from '../../parts/posts/signup-flow';
import { EmptyState, ErrorMessage, LoadError, Loading, Notice } from '../../components/status';
import { useRsvpWrite } from '../../lib/data/post-actions';
import { errorMessage } from '../../lib/data/api-client';
import { loadError, offlineInfo } from '../../lib/data/read';
import { formatDate, formatDateTime, formatTimeRange } from '../../lib/ui/format';
import { useKept } from '../../lib/data/offline-set';
import { forumKeys } from '../../lib/data/keys/post-keys';
import { useMyWeekQuery } from './api/my-week-queries';
import './my-week.css';

/** "My week" at the top of the home page for a member: what is next for me, and my standing. */
export function MyWeekSection() {
  const week = useMyWeekQuery();
  const { fromCache, updatedAt } = offlineInfo(week);
  const forumKept = useKept(forumKeys.workouts());
  return (
    <section className="page my-week" aria-labelledby="my-week-title">
      <h2 id="my-week-title" className="my-week__title">
        My week
      </h2>
      {week.isPending ? (
        <Loading text="Loading your week…" />
      ) : !week.data && isOfflineError(week.error) ? (
        <NotSavedOffline
          text="Your week was not saved on this device."
          offer={forumKept ? <Link to="/forum">Open the forum</Link> : undefined}
          onRetry={() => void week.refetch()}
        />
      ) : !week.data ? (
        <LoadError onRetry={() => void week.refetch()}>Could not load your week: {errorMessage(loadError(week), 'Something went wrong')}</LoadError>
      ) : (
        <WeekBody data={week.data} fromCache={fromCache} updatedAt={updatedAt} />
      )}
    </section>
  );
}

function WeekBody({ data, fromCache, updatedAt }: { data: MyWeekAnswer; fromCache: boolean; updatedAt: number | null }) {
  return (
    <>
      <Standing standing={data.standing} />
      <OfflineNote fromCache={fromCache} updatedAt={updatedAt} />
      {data.items.length === 0 ? (
        <EmptyState>
          Nothing on your week yet — browse the <Link to="/forum">forum</Link> for workouts and events, or the{' '}
          <Link to="/races">races</Link>.
        </EmptyState>
      ) : (
        <ol className="my-week__list">
          {data.items.map((item) => (
            <li key={`${item.kind}-${item.id}`} className="card my-week__item">
              {item.kind === 'workout' ? <WorkoutItem item={item} savedAt={fromCache ? updatedAt : null} /> : item.kind === 'event' ? <EventItem item={item} /> : <RaceItem item={item} />}
            </li>
          ))}
        </ol>
      )}
      {data.duties && data.duties.length > 0 && (
        <ul className="my-week__duties" aria-label="My duties">
          {data.duties.map((d) => (
            <li key={d.id}>
              <Link to={d.place === 'race' ? `/race/${d.place_id}` : `/${d.place}/${d.place_id}`}>{d.kind}</Link> · {formatDateTime(d.starts_at)}
              {d.swap_offered && ' · swap asked for'}
            </li>
          ))}
        </ul>
      )}
      {data.open_duties && data.open_duties.length > 0 && <OpenDuties duties={data.open_duties} />}
    </>
  );
}

/** The duties of the coming days the member may take, each in one tap (through the outbox, so offline too). */
function OpenDuties({ duties }: { duties: WeekOpenDuty[] }) {
  const headingId = useId();
  const pending = usePendingWrites();
  const [error, setError] = useState('');
  return (
    <section className="my-week__open-duties" aria-labelledby={headingId}>
      <h3 id={headingId}>Open duties you can take</h3>
      <ul>
        {duties.map((d) => {
          const href = d.place === 'race' ? `/race/${d.place_id}` : `/${d.place}/${d.place_id}`;
          const waiting = pendingFor(pending, 'duty-claim', d.id)?.taken || pendingFor(pending, 'duty-swap', d.id)?.step === 'take';
          const take = () => {
            setError('');
            const where = { duty: d.kind, at: href };
            const action: SyncAction = d.swap ? { kind: 'duty-swap', dutyId: d.id, step: 'take', ...where } : { kind: 'duty-claim', dutyId: d.id, taken: true, ...where };
            performWrite(action).catch((err: unknown) => setError(errorMessage(err, 'Could not take the duty')));
          };
          return (
            <li key={d.id} className="my-week__open-duty">
              <span>
                {d.kind}: <Link to={href}>{d.title}</Link> · {formatDateTime(d.starts_at)}
                {d.swap && ' · offered for a swap'}
              </span>
              {waiting ? (
                <UnsyncedMark />
              ) : (
                <button type="button" className="button button--primary button--small" onClick={take}>
                  {d.swap ? 'Take the swap' : 'Take this duty'}
                  <span className="visually-hidden">
                    {' '}
                    {d.kind}, {d.title}
                  </span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </section>
  );
}

function Standing({ standing }: { standing: MyWeekStanding }) {
  const { absencesThisTerm, suspendedUntil, expiryDate, expiresInDays, renewSoon, term } = standing;
  return (
    <div className="my-week__standing">
      <p className="my-week__standing-line">
        <span>
          <strong>{absencesThisTerm}</strong> {absencesThisTerm === 1 ? 'absence' : 'absences'} in {term.label}
        </span>
        {expiryDate && (
          <span>
            Membership until <strong>{formatDate(expiryDate, 'medium')}</strong>
          </span>
        )}
      </p>
      {suspendedUntil !== null && (
        <Notice tone="warning">Workout sign-ups are suspended until {formatDateTime(suspendedUntil)}.</Notice>
      )}
      {renewSoon && expiresInDays !== null && (
        <Notice tone="warning">
          {expiresInDays < 0
            ? 'Your membership has expired.'
            : expiresInDays === 0
              ? 'Your membership ends today.'
              : `Your membership ends in ${expiresInDays} ${expiresInDays === 1 ? 'day' : 'days'}.`}{' '}
          Renew with the club to keep signing up — see <Link to="/join-us">Join us</Link>.
        </Notice>
      )}
    </div>
  );
}

function When({ item }: { item: WeekItem }) {
  const time = formatTimeRange(item.time, item.endTime);
  return (
    <p className="my-week__when">
      <time dateTime={item.time ? `${item.date}T${item.time}` : item.date}>
        {formatDate(item.date)}
        {time ? ` · ${time}` : item.kind === 'race' ? '' : ' · all day'}
      </time>{' '}
      <MovedMark at={item.movedAt} />
    </p>
  );
}

function Head({ item, to }: { item: WeekItem; to: string }) {
  return (
    <div className="my-week__head">
      <When item={item} />
      {item.kind === 'workout' ? (
        <TypeBadge type={item.workoutType} />
      ) : (
        <KindBadge colour={item.kind === 'event' ? EVENT_BADGE : RACE_BADGE}>{item.kind === 'event' ? 'Event' : 'Race'}</KindBadge>
      )}
      <h3 className="my-week__name">
        <Link to={to}>{item.title || 'Untitled'}</Link>
      </h3>
      {item.cancelReason != null && (
        <p className="my-week__cancelled">
          <strong>Cancelled</strong>: {item.cancelReason}
        </p>
      )}
    </div>
  );
}

/**
 * A workout of the week: the member's place on it, with Cancel (through the warning) or Leave
 * waitlist. A waitlist place shown from a copy kept on the device says how old it is.
 */
function WorkoutItem({ item, savedAt }: { item: WeekWorkout; savedAt: number | null }) {
  const actions = useSignupFlow({
    workoutId: item.id,
    signedUp: item.status === 'signed_up',
    waitlistPosition: item.waitlistPosition,
    workout: { title: item.title, workout_date: item.date, workout_time: item.time },
  });
  const view = actions.standing;
  const signedUp = view?.signedUp ?? false;
  const position = view?.waitlistPosition ?? null;
  const gone = !signedUp && position === null;
  return (
    <>
      <Head item={item} to={`/workout/${item.id}`} />
      {item.location && <p className="my-week__where">{item.location}</p>}
      <div className="my-week__row">
        <p className="my-week__status">
          {gone ? 'Cancelled' : signedUp ? 'Signed up' : `Waitlist: ${waitlistPositionText(position)}`}
          {item.lane && !gone && ` · ${item.lane}`}
        </p>
        {signedUp && item.cancelReason == null && (
          <button type="button" className="button button--ghost button--cancel" disabled={actions.busy} onClick={actions.askCancel}>
            Cancel<span className="visually-hidden"> signup for {item.title}</span>
          </button>
        )}
        {signedUp && item.cancelReason != null && (
          <button type="button" className="button button--small" disabled={actions.busy} onClick={actions.takeNameOff}>
            Take my name off<span className="visually-hidden"> {item.title}</span>
          </button>
        )}
        {!signedUp && position !== null && (
          <button type="button" className="button button--small" disabled={actions.busy} onClick={actions.leaveWaitlist}>
            Leave waitlist<span className="visually-hidden"> for {item.title}</span>
          </button>
        )}
      </div>
      {!signedUp && position !== null && <SavedAge fromCache={savedAt !== null} updatedAt={savedAt} />}
      {view?.unsynced && <UnsyncedMark />}
      {actions.notice && <Notice tone="warning">{actions.notice}</Notice>}
      {actions.error && <ErrorMessage>{actions.error}</ErrorMessage>}
      {actions.modal}
    </>
  );
}

/** An event of the week: the member's answer, changed in place. */
function EventItem({ item }: { item: WeekEvent }) {
  const groupId = useId();
  const rsvp = useRsvpWrite({ eventId: item.id, myRsvp: item.rsvp });
  const mine: RsvpStatus | null = rsvp.standing?.myRsvp ?? null;
  return (
    <>
      <Head item={item} to={`/event/${item.id}`} />
      {item.location && <p className="my-week__where">{item.location}</p>}
      <div className="my-week__row">
        <p className="my-week__status" id={groupId}>
          {mine ? `Your answer: ${RSVP_LABELS[mine]}` : 'Not answered yet'}
        </p>
        <div className="rsvp-choice my-week__rsvp" role="group" aria-label={`Your RSVP for ${item.title}`}>
          {RSVP_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              className={`rsvp-choice__button rsvp-choice__button--${s}`}
              aria-pressed={mine === s}
              disabled={rsvp.busy || item.cancelReason != null}
              onClick={() => {
                // Tapping the current answer keeps it, as on the forum.
                if (mine !== s) void rsvp.setRsvp(s);
              }}
            >
              {RSVP_LABELS[s]}
            </button>
          ))}
        </div>
      </div>
      {rsvp.standing?.unsynced && <UnsyncedMark />}
      {rsvp.error && <ErrorMessage>{rsvp.error}</ErrorMessage>}
    </>
  );
}

function RaceItem({ item }: { item: WeekRace }) {
  return (
    <>
      <Head item={item} to={`/race/${item.id}`} />
      {item.location && <p className="my-week__where">{item.location}</p>}
      <div className="my-week__row">
        <p className="my-week__status">Signed up</p>
        <Link className="button button--small button--ghost" to={`/race/${item.id}`}>
          View race<span className="visually-hidden"> {item.title}</span>
        </Link>
      </div>
    </>
  );
}
