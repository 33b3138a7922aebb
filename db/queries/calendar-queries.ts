// The calendar feeds' entries (api/calendar/calendar.ts): workouts, events and races as one row
// shape, for the club's feed, a member's feed and a single entry's .ics file.
import type { Database_ } from '../client';
import { preparedOnce } from './statements';

export type EntryKind = 'workout' | 'event' | 'race';

const WORKOUT_COLUMNS = `p.id, p.title, p.content as description, p.workout_date as date, p.workout_time as time,
  p.workout_type, p.duration_minutes,
  coalesce(p.workout_location, '') as location, p.revision, p.updated_at, p.cancelled_at, p.cancel_reason`;
const EVENT_COLUMNS = `p.id, p.title, p.content as description, p.event_date as date, coalesce(p.event_time, '') as time,
  null as workout_type, p.duration_minutes,
  coalesce(p.event_location, '') as location, p.revision, p.updated_at, p.cancelled_at, p.cancel_reason`;
const RACE_COLUMNS = `r.id, r.name as title, r.description, r.date, '' as time, null as workout_type, null as duration_minutes,
  r.location, r.revision, null as updated_at, null as cancelled_at, null as cancel_reason`;
// A deleted workout or event (api/forum/posts/tombstones.ts), published as cancelled, for its kind's usual length.
const TOMBSTONE_COLUMNS = `t.post_id as id, t.title, '' as description, t.date, t.time, null as workout_type, null as duration_minutes,
  t.location, t.revision, t.deleted_at as updated_at, t.deleted_at as cancelled_at, null as cancel_reason`;

export interface EntryRow {
  id: number;
  title: string;
  description: string;
  date: string;
  time: string | null;
  /** A workout's type, for its usual length; null for an event, a race or a deleted item. */
  workout_type: string | null;
  /** The length an exec gave it (minutes), or null: its kind's usual length. */
  duration_minutes: number | null;
  location: string;
  revision: number;
  updated_at: number | null;
  /** Set when cancelled (or deleted: a tombstone). */
  cancelled_at: number | null;
  cancel_reason: string | null;
  rsvp?: string;
  waitlisted?: number;
  /** A member's feed: the lane of their place (or the lane they wait for), on a workout with lanes. */
  lane_name?: string | null;
}

/**
 * The public feed: workouts and races from `from` (a club date) on, and the workouts deleted since
 * `deletedSince` (epoch ms) as tombstones.
 */
export function clubFeedRows(database: Database_, from: string, deletedSince: number): { workouts: EntryRow[]; races: EntryRow[] } {
  return {
    workouts: [
      ...(preparedOnce(database, `select ${WORKOUT_COLUMNS} from posts p where p.type = 'workout' and p.workout_date >= ?`).all(from) as EntryRow[]),
      ...(preparedOnce(
        database,
        `select ${TOMBSTONE_COLUMNS} from post_tombstones t where t.type = 'workout' and t.date >= ? and t.deleted_at >= ?`,
      ).all(from, deletedSince) as EntryRow[]),
    ],
    races: preparedOnce(database, `select ${RACE_COLUMNS} from races r where r.date >= ?`).all(from) as EntryRow[],
  };
}

/**
 * A member's feed from `from` on: the workouts they are signed up or waiting for (`waitlisted` set
 * for the latter), the events they answered (with their `rsvp`) and the races they signed up for.
 */
export function personalFeedRows(
  database: Database_,
  user: number,
  from: string,
  deletedSince: number,
): { workouts: EntryRow[]; events: EntryRow[]; races: EntryRow[]; deleted: (EntryRow & { type: 'workout' | 'event' })[] } {
  const args = { user, from };
  return {
    workouts: preparedOnce(
      database,
      `select ${WORKOUT_COLUMNS}, not exists(select 1 from workout_signups s where s.post_id = p.id and s.user_id = @user) as waitlisted,
       coalesce(
         (select l.name from workout_signups s join workout_lanes l on l.id = s.lane_id where s.post_id = p.id and s.user_id = @user),
         (select l.name from waitlist_entries w join workout_lanes l on l.id = w.lane_id where w.post_id = p.id and w.user_id = @user)
       ) as lane_name
     from posts p where p.type = 'workout' and p.workout_date >= @from
       and (exists(select 1 from workout_signups s where s.post_id = p.id and s.user_id = @user)
         or exists(select 1 from waitlist_entries w where w.post_id = p.id and w.user_id = @user))`,
    ).all(args) as EntryRow[],
    events: preparedOnce(
      database,
      `select ${EVENT_COLUMNS}, r.status as rsvp from posts p join event_rsvps r on r.post_id = p.id and r.user_id = @user
     where p.type = 'event' and p.event_date >= @from`,
    ).all(args) as EntryRow[],
    races: preparedOnce(
      database,
      `select ${RACE_COLUMNS} from races r join race_signups s on s.race_id = r.id and s.user_id = @user where r.date >= @from`,
    ).all(args) as EntryRow[],
    // What the member had in this feed before it was deleted.
    deleted: preparedOnce(
      database,
      `select ${TOMBSTONE_COLUMNS}, t.type from post_tombstones t join post_tombstone_members m on m.post_id = t.post_id and m.user_id = @user
     where t.date >= @from and t.deleted_at >= @deletedSince`,
    ).all({ ...args, deletedSince }) as (EntryRow & { type: 'workout' | 'event' })[],
  };
}

/** A duty a member holds, with what its session is (its title, revision, place and whether it was cancelled). */
export interface DutyEntryRow {
  id: number;
  kind: string;
  place: EntryKind;
  place_id: number;
  starts_at: number;
  ends_at: number;
  title: string;
  location: string;
  revision: number;
  updated_at: number | null;
  cancelled_at: number | null;
  cancel_reason: string | null;
  /** A race's, or an event's with no time: the whole day. */
  all_day: number;
}

/**
 * The duties `user` holds that start from `from` (epoch ms) on, on a session that is still there (a
 * deleted one's duties leave the feed with it).
 */
export function personalDutyRows(database: Database_, user: number, from: number): DutyEntryRow[] {
  return preparedOnce(
    database,
    `select d.id, d.kind, d.place, d.place_id, d.starts_at, d.ends_at,
       coalesce(p.title, r.name) as title, coalesce(p.workout_location, p.event_location, r.location, '') as location,
       coalesce(p.revision, r.revision, 0) as revision, p.updated_at, p.cancelled_at, p.cancel_reason,
       (d.place = 'race' or (d.place = 'event' and p.event_time is null)) as all_day
     from duty_holders h join duties d on d.id = h.duty_id
     left join posts p on d.place in ('workout', 'event') and p.id = d.place_id and p.type = d.place
     left join races r on d.place = 'race' and r.id = d.place_id
     where h.user_id = @user and d.starts_at >= @from and (p.id is not null or r.id is not null)`,
  ).all({ user, from }) as DutyEntryRow[];
}

const SINGLE_SQL: Record<EntryKind, string> = {
  workout: `select ${WORKOUT_COLUMNS} from posts p where p.type = 'workout' and p.id = ?`,
  event: `select ${EVENT_COLUMNS} from posts p where p.type = 'event' and p.id = ?`,
  race: `select ${RACE_COLUMNS} from races r where r.id = ?`,
};

/** One entry; for a workout or event deleted since `deletedSince`, its tombstone. */
export function entryRow(database: Database_, kind: EntryKind, id: number, deletedSince: number): EntryRow | undefined {
  const row = preparedOnce(database, SINGLE_SQL[kind]).get(id) as EntryRow | undefined;
  if (row || kind === 'race') return row;
  return preparedOnce(
    database,
    `select ${TOMBSTONE_COLUMNS} from post_tombstones t where t.type = ? and t.post_id = ? and t.deleted_at >= ?`,
  ).get(kind, id, deletedSince) as EntryRow | undefined;
}
