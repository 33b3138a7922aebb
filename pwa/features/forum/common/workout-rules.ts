import type {
  EventPost,
  EventRsvp,
  RsvpStatus,
  WorkoutPost,
  WorkoutSignup,
} from '../../../../domain/contract/training/forum';
import { daysBetween, hasStarted } from '../../../../domain/clock';
import { isFull } from '../../../../domain/rules';
import { clubTimeZone } from '../../../lib/club/club-zone';
import { formatDate, formatWeekday } from '../../../lib/ui/format';
import { signupsWithMe, type Me } from '../../../lib/data/my-signup';
import { rsvpStanding, workoutStanding, type DesiredSignup } from '../../../lib/data/post-actions';
import { shiftRsvpCounts } from '../../../lib/data/post-cache';
import { RSVP_LABELS, waitlistPositionText } from '../../../parts/posts/post-parts';

export { RSVP_LABELS, waitlistPositionText };

/** A workout as the screen shows it: the server's answer with any not-yet-synced choice laid over it. */
export interface WorkoutView {
  workout: WorkoutPost;
  signedUp: boolean;
  /** 1-based, null when not on the waitlist; 0 when joined on this device and the place is not known yet. */
  waitlistPosition: number | null;
  signupCount: number;
  waitlistCount: number;
  full: boolean;
  unsynced: boolean;
}

/** The member's place (with any waiting choice, post-actions.ts) and the counts that move with it. */
export function workoutView(workout: WorkoutPost, desired: DesiredSignup = {}): WorkoutView {
  const standing = workoutStanding(
    { signedUp: workout.isSignedUp, waitlistPosition: workout.waitlistPosition },
    desired,
  );
  const signupCount = workout.signupCount + step(workout.isSignedUp, standing.signedUp);
  const waitlistCount =
    workout.waitlistCount + step(workout.waitlistPosition !== null, standing.waitlistPosition !== null);
  return {
    workout,
    ...standing,
    signupCount: Math.max(0, signupCount),
    waitlistCount: Math.max(0, waitlistCount),
    full: isFull(workout.capacity, signupCount),
  };
}

const step = (was: boolean, now: boolean) => (was === now ? 0 : now ? 1 : -1);

export function capacityText(signupCount: number, capacity: number | null): string {
  return capacity === null ? 'Unlimited' : `${signupCount}/${capacity} spots filled`;
}

/**
 * The one line of state on a forum card: '4 of 12 · 2 waiting', '12 of 12 · 3 waiting',
 * '2 of 2 · you are 3rd on the waitlist', '5 signed up' when there is no limit. It never says
 * 'Full': the disabled Full button under it does, once.
 */
export function cardStateText(view: WorkoutView): string {
  const capacity = view.workout.capacity;
  if (capacity === null) return `${view.signupCount} signed up`;
  const head = `${view.signupCount} of ${capacity}`;
  const position = waitlistPositionText(view.waitlistPosition);
  if (position) return `${head} · you are ${position}`;
  return view.waitlistCount > 0 ? `${head} · ${view.waitlistCount} waiting` : head;
}

export interface DayGroup<T> {
  date: string;
  /** 'Today', 'Tomorrow', a weekday within the week ahead, else the date ('Mon, Dec 7, 2026'). */
  label: string;
  /** The date written out, beside a relative label ('Mon, Nov 23, 2026'); null when the label is the date. */
  detail: string | null;
  items: T[];
}

/** A day's heading on the club's calendar, relative to the club's today (null while unknown). */
export function dayLabel(date: string, today: string | null): { label: string; detail: string | null } {
  const written = formatDate(date);
  if (!today) return { label: written, detail: null };
  const ahead = daysBetween(today, date);
  if (ahead === 0) return { label: 'Today', detail: written };
  if (ahead === 1) return { label: 'Tomorrow', detail: written };
  if (ahead > 1 && ahead < 7) {
    return { label: formatWeekday(date), detail: formatDate(date, 'medium') };
  }
  return { label: written, detail: null };
}

/** Consecutive items of one club date under one heading, in the list's own order. */
export function groupByDay<T>(
  items: readonly T[],
  dateOf: (item: T) => string,
  today: string | null,
): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const date = dateOf(item);
    const last = groups.at(-1);
    if (last && last.date === date) last.items.push(item);
    else groups.push({ date, ...dayLabel(date, today), items: [item] });
  }
  return groups;
}

/**
 * domain/clock.ts's hasStarted on this device's copy of the club's zone: once a workout has started
 * its list is the attendance roster. While the device does not know the zone it claims nothing
 * (false) and the server has the last word.
 */
export function startedOnClubClock(
  workout: { workout_date: string; workout_time: string },
  now: number,
  zone = clubTimeZone(),
): boolean {
  return zone ? hasStarted(workout, now, zone) : false;
}

/** The member's answer (with any waiting one, post-actions.ts) and the counts that move with it. */
export function eventView(event: EventPost, desired: { status: RsvpStatus | null } | undefined) {
  const { myRsvp, unsynced } = rsvpStanding(event, desired);
  return { myRsvp, counts: shiftRsvpCounts(event.rsvpCounts, event.myRsvp, myRsvp), unsynced };
}

/**
 * Compares the waitlist places remembered from the last list with the new list: a workout where the
 * user was waitlisted and is now signed up means the server promoted them.
 */
export function detectPromotions(
  previous: Record<string, number>,
  workouts: readonly WorkoutPost[],
): { promoted: WorkoutPost[]; positions: Record<string, number> } {
  const promoted = workouts.filter((w) => w.isSignedUp && previous[String(w.id)] !== undefined);
  const positions: Record<string, number> = {};
  for (const w of workouts) if (w.waitlistPosition !== null) positions[String(w.id)] = w.waitlistPosition;
  return { promoted, positions };
}

/** "Who's Coming" with the member's own (possibly not yet synced) choice applied. */
export function rosterWith(signups: WorkoutSignup[], me: Me, signedUp: boolean): WorkoutSignup[] {
  return signupsWithMe(signups, me, signedUp);
}

/** The RSVP lists with the member's own (possibly not yet synced) answer applied, as for the roster. */
export function rsvpsWith(rsvps: EventRsvp[], me: Me, status: RsvpStatus | null): EventRsvp[] {
  if (!me) return rsvps;
  const mine = rsvps.find((r) => r.user_id === me.id);
  if ((mine?.status ?? null) === status) return rsvps;
  const others = rsvps.filter((r) => r.user_id !== me.id);
  if (status === null) return others;
  const now = Date.now();
  return [
    ...others,
    {
      id: -me.id,
      user_id: me.id,
      user_name: me.name,
      status,
      rsvp_time: now,
      signed_up_at: now,
      userProfilePictureUrl: me.profilePictureUrl,
    },
  ];
}
