import { useId } from 'react';
import { Link } from 'react-router-dom';
import type { EventPost, RsvpStatus, WorkoutPost } from '../../../domain/contract/forum';
import { RSVP_STATUSES } from '../../../domain/contract/forum';
import type { MyWeekAnswer, MyWeekStanding, WeekEvent, WeekItem, WeekRace, WeekWorkout } from '../../../domain/contract/me';
import { OfflineNote, UnsyncedMark } from '../../components/offline-note';
import { EmptyState, ErrorMessage, LoadError, Loading, Notice } from '../../components/status';
import { formatDate, formatDateTime, formatTime } from '../../lib/ui/format';
import { useRsvp } from './rsvp-buttons';
import { useSignupActions } from './use-signup-actions';
import { RSVP_LABELS, WORKOUT_TYPE_LABELS, waitlistPositionText } from './workout-rules';
import { useMyWeekQuery } from './api/my-week-queries';
import './forum.css';
import './my-week.css';

type SetWeek = ReturnType<typeof useMyWeekQuery>['setData'];

/** "My week" at the top of the home page for a member (issue 14): what is next for me, and my standing. */
export function MyWeekSection() {
  const week = useMyWeekQuery();
  return (
    <section className="page my-week" aria-labelledby="my-week-title">
      <h2 id="my-week-title" className="my-week__title">
        My week
      </h2>
      {week.loading ? (
        <Loading text="Loading your week…" />
      ) : week.error || !week.data ? (
        <LoadError onRetry={() => void week.refetch()}>Could not load your week: {week.error?.message ?? 'Something went wrong'}</LoadError>
      ) : (
        <WeekBody data={week.data} setData={week.setData} reload={week.reload} fromCache={week.fromCache} updatedAt={week.updatedAt} />
      )}
    </section>
  );
}

function WeekBody({
  data,
  setData,
  reload,
  fromCache,
  updatedAt,
}: {
  data: MyWeekAnswer;
  setData: SetWeek;
  reload: () => void;
  fromCache: boolean;
  updatedAt: number | null;
}) {
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
              {item.kind === 'workout' ? (
                <WorkoutItem item={item} setData={setData} reload={reload} />
              ) : item.kind === 'event' ? (
                <EventItem item={item} setData={setData} reload={reload} />
              ) : (
                <RaceItem item={item} />
              )}
            </li>
          ))}
        </ol>
      )}
    </>
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
  const time = formatTime(item.time);
  return (
    <p className="my-week__when">
      <time dateTime={item.time ? `${item.date}T${item.time}` : item.date}>
        {formatDate(item.date)}
        {time ? ` · ${time}` : item.kind === 'race' ? '' : ' · all day'}
      </time>
    </p>
  );
}

function Head({ item, to, badge }: { item: WeekItem; to: string; badge: string }) {
  return (
    <div className="my-week__head">
      <When item={item} />
      <span className={`badge forum-type forum-type--${item.kind === 'workout' ? (item as WeekWorkout).workoutType : item.kind}`}>{badge}</span>
      <h3 className="my-week__name">
        <Link to={to}>{item.title || 'Untitled'}</Link>
      </h3>
    </div>
  );
}

/** The forum's own signup hooks and modal take a post: the fields they read, from the week's item. */
function asWorkoutPost(item: WeekWorkout): WorkoutPost {
  return {
    id: item.id,
    type: 'workout',
    user_id: null,
    author_name: '',
    authorProfilePictureUrl: null,
    title: item.title,
    workout_type: item.workoutType,
    workout_date: item.date,
    workout_time: item.time,
    content: '',
    capacity: null,
    created_at: 0,
    signupCount: item.status === 'signed_up' ? 1 : 0,
    waitlistCount: item.status === 'waitlisted' ? 1 : 0,
    isSignedUp: item.status === 'signed_up',
    waitlistPosition: item.waitlistPosition,
    attendanceSubmitted: false,
    series_id: null,
  };
}

function changeItem(setData: SetWeek, kind: WeekItem['kind'], id: number, change: (item: WeekItem) => WeekItem | null) {
  setData((week) =>
    week && {
      ...week,
      items: week.items.flatMap((i) => (i.kind === kind && i.id === id ? (change(i) ?? []) : [i])),
    },
  );
}

function WorkoutItem({ item, setData, reload }: { item: WeekWorkout; setData: SetWeek; reload: () => void }) {
  const actions = useSignupActions(
    asWorkoutPost(item),
    (id, change) =>
      changeItem(setData, 'workout', id, (i) => {
        const w = i as WeekWorkout;
        const signedUp = change.isSignedUp ?? w.status === 'signed_up';
        const position = change.waitlistPosition !== undefined ? change.waitlistPosition : w.waitlistPosition;
        if (signedUp) return { ...w, status: 'signed_up', waitlistPosition: null };
        return position === null ? null : { ...w, status: 'waitlisted', waitlistPosition: position };
      }),
    reload,
  );
  const view = actions.view;
  const signedUp = view?.signedUp ?? false;
  const position = view?.waitlistPosition ?? null;
  const gone = !signedUp && position === null;
  return (
    <>
      <Head item={item} to={`/workout/${item.id}`} badge={WORKOUT_TYPE_LABELS[item.workoutType] ?? 'Workout'} />
      <div className="my-week__row">
        <p className="my-week__status">
          {gone ? 'Cancelled' : signedUp ? 'Signed up' : `Waitlist: ${waitlistPositionText(position)}`}
        </p>
        {signedUp && (
          <button type="button" className="button button--small button--danger" disabled={actions.busy} onClick={actions.askCancel}>
            Cancel<span className="visually-hidden"> signup for {item.title}</span>
          </button>
        )}
        {!signedUp && position !== null && (
          <button type="button" className="button button--small" disabled={actions.busy} onClick={actions.leaveWaitlist}>
            Leave waitlist<span className="visually-hidden"> for {item.title}</span>
          </button>
        )}
      </div>
      {view?.unsynced && <UnsyncedMark />}
      {actions.notice && <Notice tone="warning">{actions.notice}</Notice>}
      {actions.error && <ErrorMessage>{actions.error}</ErrorMessage>}
      {actions.modal}
    </>
  );
}

function asEventPost(item: WeekEvent): EventPost {
  return {
    id: item.id,
    type: 'event',
    user_id: null,
    author_name: '',
    authorProfilePictureUrl: null,
    title: item.title,
    event_date: item.date,
    event_time: item.time,
    event_location: item.location,
    content: '',
    created_at: 0,
    rsvpCounts: { going: 0, maybe: 0, not_going: 0 },
    myRsvp: item.rsvp,
  };
}

function EventItem({ item, setData, reload }: { item: WeekEvent; setData: SetWeek; reload: () => void }) {
  const groupId = useId();
  const rsvp = useRsvp(
    asEventPost(item),
    (id, change) =>
      changeItem(setData, 'event', id, (i) => (change.myRsvp !== undefined ? { ...(i as WeekEvent), rsvp: change.myRsvp } : i)),
    reload,
  );
  const mine: RsvpStatus | null = rsvp.view?.myRsvp ?? null;
  return (
    <>
      <Head item={item} to={`/event/${item.id}`} badge="Event" />
      {item.location && <p className="my-week__where">{item.location}</p>}
      <div className="my-week__row">
        <p className="my-week__status" id={groupId}>
          {mine ? `Your answer: ${RSVP_LABELS[mine]}` : 'Not answered yet'}
        </p>
        <div className="forum-rsvp__buttons my-week__rsvp" role="group" aria-label={`Your RSVP for ${item.title}`}>
          {RSVP_STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              className={`forum-rsvp__button forum-rsvp__button--${s}`}
              aria-pressed={mine === s}
              disabled={rsvp.busy}
              onClick={() => void rsvp.choose(s)}
            >
              {RSVP_LABELS[s]}
            </button>
          ))}
        </div>
      </div>
      {rsvp.view?.unsynced && <UnsyncedMark />}
      {rsvp.error && <ErrorMessage>{rsvp.error}</ErrorMessage>}
    </>
  );
}

function RaceItem({ item }: { item: WeekRace }) {
  return (
    <>
      <Head item={item} to={`/race/${item.id}`} badge="Race" />
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
