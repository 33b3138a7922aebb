// What a member's week is made of (api/my-week/my-week.ts): the items they hold a place on or are
// asked about in a range of club dates, and their standing. Named parameters: @user, @today, @last.
import type { Database_ } from '../client';
import { waitlistOrderSql } from './waitlist-order';
import { preparedOnce } from './statements';

// Upcoming workouts the member holds a place or a waitlist spot on, with the waitlist in its order.
const WORKOUTS_SQL = `
  select p.id, p.title, p.workout_type, p.workout_date as date, p.workout_time as time, p.duration_minutes, p.cancel_reason, p.moved_at,
    coalesce(p.workout_location, '') as location,
    exists(select 1 from workout_signups s where s.post_id = p.id and s.user_id = @user) as signed_up,
    (select group_concat(w.user_id, ',' order by ${waitlistOrderSql('w')}) from waitlist_entries w where w.post_id = p.id
       and w.lane_id is (select m.lane_id from waitlist_entries m where m.post_id = p.id and m.user_id = @user)) as waiting,
    coalesce(
      (select l.name from workout_signups s join workout_lanes l on l.id = s.lane_id where s.post_id = p.id and s.user_id = @user),
      (select l.name from waitlist_entries w join workout_lanes l on l.id = w.lane_id where w.post_id = p.id and w.user_id = @user)
    ) as lane
  from posts p
  where p.type = 'workout' and p.workout_date between @today and @last
    and (exists(select 1 from workout_signups s where s.post_id = p.id and s.user_id = @user)
      or exists(select 1 from waitlist_entries w where w.post_id = p.id and w.user_id = @user))`;

// Every event of the coming days: the ones not answered yet are there to be answered.
const EVENTS_SQL = `
  select p.id, p.title, p.event_date as date, coalesce(p.event_time, '') as time, p.duration_minutes,
    coalesce(p.event_location, '') as location, p.cancel_reason, p.moved_at,
    (select r.status from event_rsvps r where r.post_id = p.id and r.user_id = @user) as rsvp
  from posts p
  where p.type = 'event' and p.event_date between @today and @last`;

const RACES_SQL = `
  select r.id, r.name as title, r.date, r.location
  from races r join race_signups s on s.race_id = r.id and s.user_id = @user
  where r.date >= @today`;

const STANDING_SQL = `
  select u.suspended_until, u.expiry_date,
    (select count(*) from absence_log a where a.user_id = u.id and a.created_at >= @termStart) as absences
  from users u where u.id = @user`;

export interface WeekWorkoutRow {
  id: number;
  title: string;
  workout_type: string | null;
  date: string;
  time: string | null;
  duration_minutes: number | null;
  location: string;
  signed_up: number;
  cancel_reason: string | null;
  moved_at: number | null;
  /**
   * The ids of the members waiting, in waitlist order (db/queries/post-queries.ts idsOf reads them): on a
   * workout with lanes, those of the lane the member waits for.
   */
  waiting: string | null;
  /** The lane of the member's place (or the one they wait for) on a workout with lanes. */
  lane: string | null;
}
export interface WeekEventRow {
  id: number;
  title: string;
  date: string;
  time: string;
  duration_minutes: number | null;
  location: string;
  cancel_reason: string | null;
  moved_at: number | null;
  rsvp: string | null;
}
export interface WeekRaceRow {
  id: number;
  title: string;
  date: string;
  location: string;
}
export interface StandingRow {
  suspended_until: number | null;
  expiry_date: string | null;
  absences: number;
}

export interface WeekRange {
  user: number;
  /** First and last club date, inclusive. */
  today: string;
  last: string;
}

export function weekWorkoutRows(database: Database_, range: WeekRange): WeekWorkoutRow[] {
  return preparedOnce(database, WORKOUTS_SQL).all(range) as WeekWorkoutRow[];
}

export function weekEventRows(database: Database_, range: WeekRange): WeekEventRow[] {
  return preparedOnce(database, EVENTS_SQL).all(range) as WeekEventRow[];
}

/** The member's races from `today` on, however far ahead. */
export function upcomingRaceRows(database: Database_, range: Pick<WeekRange, 'user' | 'today'>): WeekRaceRow[] {
  return preparedOnce(database, RACES_SQL).all(range) as WeekRaceRow[];
}

/** The member's suspension and expiry, and the absences counted since `termStart` (epoch ms). */
export function standingRow(database: Database_, user: number, termStart: number): StandingRow | undefined {
  return preparedOnce(database, STANDING_SQL).get({ user, termStart }) as StandingRow | undefined;
}
