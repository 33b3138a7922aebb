// A workout's lanes on its page: the lane the member's own pace suggests, signing up into a lane,
// moving to another one, and the roster by lane. What a card shows of them is in lane-lines.tsx, so the
// forum's list does not download this.
import { useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WaitlistEntry, WorkoutLane, WorkoutPost, WorkoutSignup } from '../../../../domain/contract/training/forum';
import { laneSummary, suggestedLane } from '../../../../domain/lanes';
import { PACE_UNIT_TEXT, formatPace, memberPace } from '../../../../domain/paces';
import { paceUnitOf } from '../../../../domain/sports';
import { useClubSports } from '../../../lib/club/club-sports';
import { ErrorMessage, Notice } from '../../../components/status';
import { errorMessage } from '../../../lib/data/api-client';
import { ApiError } from '../../../lib/data/api-error';
import { refreshCopies } from '../../../lib/data/post-cache';
import { performWrite } from '../../../lib/offline/perform-write';
import { useSession } from '../../../lib/session/session';

function bandText(lane: WorkoutLane): string {
  if (lane.pace) return lane.pace;
  if (!lane.paceUnit || (lane.paceFrom === null && lane.paceTo === null)) return '';
  const num = (n: number | null) => (n === null ? '' : formatPace(n, lane.paceUnit!));
  return `${num(lane.paceFrom)}–${num(lane.paceTo)} ${PACE_UNIT_TEXT[lane.paceUnit]}`;
}

/**
 * The lanes on a workout's page: pick one (the suggested lane is chosen at first), then sign up in
 * it, join its waitlist when full, or move to it while holding a place elsewhere.
 */
export function LanePicker({ workout, started }: { workout: WorkoutPost; started: boolean }) {
  const lanes = workout.lanes ?? [];
  const { user } = useSession();
  const queryClient = useQueryClient();
  const unit = paceUnitOf(useClubSports(), workout.workout_type);
  const suggested = suggestedLane(lanes, user?.paces ? memberPace(user.paces, unit) : null);
  const mine = lanes.find((l) => l.mine === 'signed_up') ?? null;
  const waiting = lanes.find((l) => l.mine === 'waitlisted') ?? null;
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [notice, setNotice] = useState('');
  const selectedId = chosen ?? mine?.id ?? waiting?.id ?? suggested?.id ?? lanes[0]?.id ?? null;
  const selected = lanes.find((l) => l.id === selectedId) ?? null;
  const closed = started || workout.cancelled_at !== null;

  async function act() {
    if (!selected) return;
    setBusy(true);
    setError('');
    setNotice('');
    try {
      if (mine) {
        const result = await performWrite({ kind: 'lane-move', workoutId: workout.id, lane: selected.id });
        if (result.status === 'queued') setNotice(`Saved on this device: you move to ${selected.name} when you are back online.`);
        else if (result.answer.moved) setNotice(`You are now in ${selected.name}.`);
        else setNotice(`${selected.name} is full: you are #${result.answer.position} on its waitlist and keep your place in ${mine.name} until one frees.`);
      } else {
        const result = await performWrite({ kind: 'workout-signup', workoutId: workout.id, signedUp: true, waitlistIfFull: true, lane: selected.id });
        if (result.status === 'queued') setNotice(`Saved on this device: your sign-up for ${selected.name} is sent when you are back online.`);
        else if (result.answer.onWaitlist) setNotice(`${selected.name} was full: you are #${result.answer.position} on its waitlist.`);
        else setNotice(`You are signed up in ${selected.name}.`);
      }
    } catch (err) {
      setError(errorMessage(err, 'Could not save your lane. Please try again.'));
      if (err instanceof ApiError && err.status === 409) refreshCopies(queryClient, { workoutId: workout.id });
    } finally {
      setBusy(false);
    }
  }

  const full = selected !== null && selected.capacity !== null && selected.signedUp >= selected.capacity;
  let label = '';
  if (selected && !closed) {
    if (mine && selected.id !== mine.id) label = full ? `Wait for a place in ${selected.name}` : `Move to ${selected.name}`;
    else if (!mine && selected.mine !== 'waitlisted') label = full ? `Join ${selected.name}’s waitlist` : `Sign up in ${selected.name}`;
  }

  return (
    <fieldset className="lane-picker">
      <legend>Lanes</legend>
      {suggested && <p className="lane-picker__hint">Suggested for your pace: {suggested.name}</p>}
      {!suggested && !user?.paces && (
        <p className="lane-picker__hint">Add your paces to your profile and the app suggests a lane.</p>
      )}
      {lanes.map((lane) => {
        const band = bandText(lane);
        return (
          <label key={lane.id} className={`lane-picker__lane${lane.id === selectedId ? ' lane-picker__lane--chosen' : ''}`}>
            <input
              type="radio"
              name={`lane-${workout.id}`}
              value={lane.id}
              checked={lane.id === selectedId}
              onChange={() => setChosen(lane.id)}
              disabled={closed}
            />
            <span className="lane-picker__text">
              <strong>{laneSummary(lane)}</strong>
              {band && <span className="lane-picker__band">{band}</span>}
              {lane.waitlist > 0 && <span>{lane.waitlist} on its waitlist</span>}
              {lane.id === suggested?.id && <span className="lane-picker__badge">Suggested</span>}
              {lane.mine === 'signed_up' && <span className="lane-picker__badge">Your lane</span>}
              {lane.mine === 'waitlisted' && <span className="lane-picker__badge">You are #{lane.waitlistPosition} on its waitlist</span>}
            </span>
          </label>
        );
      })}
      {label && (
        <button type="button" className="button button--accent" onClick={() => void act()} disabled={busy}>
          {label}
        </button>
      )}
      {notice && <Notice tone="success">{notice}</Notice>}
      {error && <ErrorMessage>{error}</ErrorMessage>}
    </fieldset>
  );
}

/** A lane's name by its id, or null (no lane, or one the workout no longer has). */
export function laneNameOf(lanes: readonly WorkoutLane[] | undefined, id: number | null | undefined): string | null {
  return lanes?.find((l) => l.id === id)?.name ?? null;
}

/** 'Ana, Ben (moving from Lane 1)': who waits for a lane, in order, and who of them holds a place in another. */
export function waitingLine(entries: readonly WaitlistEntry[], lanes: readonly WorkoutLane[], signups: readonly WorkoutSignup[]): string {
  return entries
    .map((w) => {
      const from = laneNameOf(lanes, signups.find((s) => s.user_id === w.user_id)?.lane);
      return from ? `${w.user_name} (moving from ${from})` : w.user_name;
    })
    .join(', ');
}

/**
 * The roster or the attendance sheet, one list per lane under the lane's name (members without a
 * lane, if any, last); a workout without lanes is one list, as it always was. Given the `waitlist`
 * (the exec's roster), each lane also says who waits for it.
 */
export function LaneGroups({
  lanes,
  signups,
  waitlist,
  children,
}: {
  lanes: readonly WorkoutLane[] | undefined;
  signups: readonly WorkoutSignup[];
  waitlist?: readonly WaitlistEntry[];
  children: (people: WorkoutSignup[]) => ReactNode;
}) {
  if (!lanes || lanes.length === 0) return <>{children([...signups])}</>;
  const known = new Set(lanes.map((l) => l.id));
  const groups = [
    ...lanes.map((lane) => ({ key: String(lane.id), title: laneSummary({ ...lane, signedUp: signups.filter((s) => s.lane === lane.id).length }), people: signups.filter((s) => s.lane === lane.id) })),
    { key: 'none', title: 'No lane', people: signups.filter((s) => s.lane == null || !known.has(s.lane)) },
  ].filter((g) => g.people.length > 0 || g.key !== 'none');
  return (
    <>
      {groups.map((g) => (
        <section key={g.key} className="lane-group" aria-label={g.title}>
          <h3 className="lane-group__title">{g.title}</h3>
          {g.people.length === 0 ? <p className="hint">Nobody in this lane.</p> : children(g.people)}
          {waitlist && <LaneWaiting lane={g.key} lanes={lanes} signups={signups} waitlist={waitlist} />}
        </section>
      ))}
    </>
  );
}

function LaneWaiting({
  lane,
  lanes,
  signups,
  waitlist,
}: {
  lane: string;
  lanes: readonly WorkoutLane[];
  signups: readonly WorkoutSignup[];
  waitlist: readonly WaitlistEntry[];
}) {
  const waiting = waitlist.filter((w) => String(w.lane) === lane);
  if (waiting.length === 0) return null;
  return (
    <p className="lane-group__waiting">
      <strong>Waiting for {laneNameOf(lanes, waiting[0]!.lane)}:</strong> {waitingLine(waiting, lanes, signups)}
    </p>
  );
}

/** An exec's move of one member to another lane, on the spot (offline too: replayed once). */
export function LaneMoveSelect({ workoutId, person, lanes }: { workoutId: number; person: WorkoutSignup; lanes: readonly WorkoutLane[] }) {
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  async function move(lane: number) {
    setBusy(true);
    setError('');
    try {
      // The exec chose the lane knowing its count (a full lane says so): past capacity is their call.
      await performWrite({ kind: 'lane-move', workoutId, lane, userId: person.user_id, overCapacity: true });
    } catch (err) {
      setError(errorMessage(err, 'Could not move them. Please try again.'));
    } finally {
      setBusy(false);
    }
  }
  return (
    <span className="lane-move">
      <label>
        <span className="visually-hidden">Lane of {person.user_name}</span>
        <select value={person.lane ?? ''} disabled={busy} onChange={(e) => void move(Number(e.target.value))}>
          {lanes.map((lane) => (
            <option key={lane.id} value={lane.id}>
              {lane.name}
              {lane.capacity !== null && lane.signedUp >= lane.capacity && lane.id !== person.lane ? ' (full)' : ''}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <span className="field-error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
