// Workouts and events as their answers need them: the post, its author, and who is signed up, waiting
// or has answered, in one statement whatever the number of posts (a correlated subquery per list
// column, never a query per post). The people come along as comma-separated lists.
import type { RsvpStatus } from '../../domain/contract/training/forum';
import type { Database_ } from '../client';
import { waitlistOrderSql } from './waitlist-order';
import { preparedOnce } from './statements';

interface PostRowCommon {
  id: number;
  user_id: number | null;
  /** null once the author's account is deleted. */
  author_name: string | null;
  author_picture: string | null;
  title: string;
  content: string;
  created_at: number;
  cancelled_at: number | null;
  cancel_reason: string | null;
  moved_at: number | null;
}

export interface WorkoutPostRow extends PostRowCommon {
  workout_type: string | null;
  workout_date: string | null;
  workout_time: string | null;
  capacity: number | null;
  workout_location: string | null;
  /** The length an exec gave it (minutes), or null: its type's usual length. */
  duration_minutes: number | null;
  series_id: string | null;
  /** The ids of the members signed up: read with `idsOf`. */
  signed_up: string | null;
  /** The ids of the members waiting, in waitlist order: read with `idsOf`. */
  waiting: string | null;
  /** The lanes as a JSON array of [id, name, pace, from, to, unit, capacity], in order; null: none. */
  lanes: string | null;
  /** `<lane id>:<member id>` per place in a lane: read with `lanePairsOf`. */
  lane_signed: string | null;
  /** `<lane id>:<member id>` per lane waitlist entry, in waitlist order. */
  lane_waiting: string | null;
  attendance_submitted: number;
  /** Members marked present, and marked at all, in the submitted attendance (0 before it). */
  attendance_present: number;
  attendance_marked: number;
}

export interface EventPostRow extends PostRowCommon {
  event_date: string | null;
  event_time: string | null;
  event_location: string | null;
  duration_minutes: number | null;
  fee_cents: number;
  fee_currency: string;
  /** `<member id>:<status>` per RSVP: read with `rsvpsOf`. */
  rsvps: string | null;
}

const WORKOUT_SELECT = `
  select p.id, p.user_id, u.name as author_name, u.profile_picture_url as author_picture, p.title,
    p.workout_type, p.workout_date, p.workout_time, p.workout_location, p.duration_minutes, p.content, p.capacity, p.series_id, p.created_at,
    p.cancelled_at, p.cancel_reason, p.moved_at,
    (select group_concat(s.user_id) from workout_signups s where s.post_id = p.id) as signed_up,
    (select group_concat(w.user_id, ',' order by ${waitlistOrderSql('w')})
       from waitlist_entries w where w.post_id = p.id) as waiting,
    (select json_group_array(json_array(l.id, l.name, l.pace, l.pace_from, l.pace_to, l.pace_unit, l.capacity) order by l.position)
       from workout_lanes l where l.post_id = p.id having count(*) > 0) as lanes,
    (select group_concat(s.lane_id || ':' || s.user_id) from workout_signups s
       where s.post_id = p.id and s.lane_id is not null) as lane_signed,
    (select group_concat(w.lane_id || ':' || w.user_id, ',' order by ${waitlistOrderSql('w')})
       from waitlist_entries w where w.post_id = p.id and w.lane_id is not null) as lane_waiting,
    exists(select 1 from attendance_submissions a where a.post_id = p.id) as attendance_submitted,
    (select count(*) from attendance_records r where r.post_id = p.id and r.present = 1) as attendance_present,
    (select count(*) from attendance_records r where r.post_id = p.id) as attendance_marked
  from posts p left join users u on u.id = p.user_id
  where p.type = 'workout'`;

const EVENT_SELECT = `
  select p.id, p.user_id, u.name as author_name, u.profile_picture_url as author_picture, p.title,
    p.event_date, p.event_time, p.event_location, p.duration_minutes, p.fee_cents, p.fee_currency, p.content, p.created_at, p.cancelled_at, p.cancel_reason, p.moved_at,
    (select group_concat(r.user_id || ':' || r.status) from event_rsvps r where r.post_id = p.id) as rsvps
  from posts p left join users u on u.id = p.user_id
  where p.type = 'event'`;

const WORKOUTS_FROM_SQL = `${WORKOUT_SELECT} and p.workout_date >= ? order by p.workout_date, p.workout_time, p.id`;
const WORKOUT_SQL = `${WORKOUT_SELECT} and p.id = ?`;
const EVENTS_FROM_SQL = `${EVENT_SELECT} and p.event_date >= ? order by p.event_date, coalesce(p.event_time, ''), p.id`;
const EVENT_SQL = `${EVENT_SELECT} and p.id = ?`;

/** Workouts on `fromDate` or later, by date, time and id. */
export function workoutRowsFrom(database: Database_, fromDate: string): WorkoutPostRow[] {
  return preparedOnce(database, WORKOUTS_FROM_SQL).all(fromDate) as WorkoutPostRow[];
}

export function workoutRow(database: Database_, id: number): WorkoutPostRow | undefined {
  return preparedOnce(database, WORKOUT_SQL).get(id) as WorkoutPostRow | undefined;
}

/** Events on `fromDate` or later, by date, time (all-day first) and id. */
export function eventRowsFrom(database: Database_, fromDate: string): EventPostRow[] {
  return preparedOnce(database, EVENTS_FROM_SQL).all(fromDate) as EventPostRow[];
}

export function eventRow(database: Database_, id: number): EventPostRow | undefined {
  return preparedOnce(database, EVENT_SQL).get(id) as EventPostRow | undefined;
}

/** The member ids of a `signed_up` or `waiting` column, in its order. */
export function idsOf(list: string | null): number[] {
  return list ? list.split(',').map(Number) : [];
}

/** A `lane_signed` or `lane_waiting` column as [lane id, member id], in its order. */
export function lanePairsOf(list: string | null): [number, number][] {
  if (!list) return [];
  return list.split(',').map((pair) => {
    const [lane, user] = pair.split(':');
    return [Number(lane), Number(user)];
  });
}

/** An event's RSVPs as [member id, status]. */
export function rsvpsOf(row: Pick<EventPostRow, 'rsvps'>): [number, RsvpStatus][] {
  if (!row.rsvps) return [];
  return row.rsvps.split(',').map((rsvp) => {
    const [userId, status] = rsvp.split(':') as [string, RsvpStatus];
    return [Number(userId), status];
  });
}
