import { addDays, clubTimeToEpoch, clubToday, daysBetween } from '../../domain/clock';
import type { RsvpStatus, WorkoutType } from '../../domain/contract/forum';
import {
  EXPIRY_NUDGE_DAYS,
  MY_WEEK_DAYS,
  type MyWeekAnswer,
  type MyWeekStanding,
  type WeekItem,
} from '../../domain/contract/me';
import { termOfDate } from '../../domain/calendar';
import { idsOf } from '../../db/post-queries';
import { waitlistOrderSql } from '../../db/queries';
import { preparedOnce } from '../../db/statements';
import type { AppDeps } from '../context';
import { ServiceError } from './errors';

// Upcoming workouts the member holds a place or a waitlist spot on, with the waitlist in its order.
const WORKOUTS_SQL = `
  select p.id, p.title, p.workout_type, p.workout_date as date, p.workout_time as time,
    exists(select 1 from workout_signups s where s.post_id = p.id and s.user_id = @user) as signed_up,
    (select group_concat(w.user_id, ',' order by ${waitlistOrderSql('w')}) from waitlist_entries w where w.post_id = p.id) as waiting
  from posts p
  where p.type = 'workout' and p.workout_date between @today and @last
    and (exists(select 1 from workout_signups s where s.post_id = p.id and s.user_id = @user)
      or exists(select 1 from waitlist_entries w where w.post_id = p.id and w.user_id = @user))`;

// Every event of the coming days: the ones not answered yet are there to be answered.
const EVENTS_SQL = `
  select p.id, p.title, p.event_date as date, coalesce(p.event_time, '') as time, coalesce(p.event_location, '') as location,
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

interface WorkoutRow {
  id: number;
  title: string;
  workout_type: string | null;
  date: string;
  time: string | null;
  signed_up: number;
  waiting: string | null;
}
interface EventRow {
  id: number;
  title: string;
  date: string;
  time: string;
  location: string;
  rsvp: string | null;
}
interface RaceRow {
  id: number;
  title: string;
  date: string;
  location: string;
}
interface StandingRow {
  suspended_until: number | null;
  expiry_date: string | null;
  absences: number;
}

/**
 * The member's coming days (docs/decisions/0041-14-my-week.md): workouts they are signed up or
 * waitlisted for and every event in the next MY_WEEK_DAYS days, the races they signed up for, in
 * start order (all-day items first on their day), and their standing for the current term.
 */
export function myWeek(deps: AppDeps, userId: number, now = deps.clock()): MyWeekAnswer {
  const tz = deps.env.CLUB_TIMEZONE;
  const { database } = deps;
  const today = clubToday(now, tz);
  const range = { user: userId, today, last: addDays(today, MY_WEEK_DAYS) };
  const startOf = (date: string, time: string) => clubTimeToEpoch(date, time || '00:00', tz);

  return database.read((): MyWeekAnswer => {
    const items: WeekItem[] = [];
    for (const r of preparedOnce(database, WORKOUTS_SQL).all(range) as WorkoutRow[]) {
      const time = r.time ?? '';
      const start = startOf(r.date, time);
      if (start <= now) continue; // started: nothing left to do but show up
      const signedUp = r.signed_up === 1;
      items.push({
        kind: 'workout',
        id: r.id,
        title: r.title,
        date: r.date,
        time,
        start,
        workoutType: (r.workout_type ?? 'other') as WorkoutType,
        status: signedUp ? 'signed_up' : 'waitlisted',
        waitlistPosition: signedUp ? null : idsOf(r.waiting).indexOf(userId) + 1,
      });
    }
    for (const r of preparedOnce(database, EVENTS_SQL).all(range) as EventRow[]) {
      const start = startOf(r.date, r.time);
      if (r.time && start <= now) continue;
      items.push({
        kind: 'event',
        id: r.id,
        title: r.title,
        date: r.date,
        time: r.time,
        start,
        location: r.location,
        rsvp: (r.rsvp as RsvpStatus | null) ?? null,
      });
    }
    for (const r of preparedOnce(database, RACES_SQL).all({ user: userId, today }) as RaceRow[]) {
      items.push({
        kind: 'race',
        id: r.id,
        title: r.title,
        date: r.date,
        time: '',
        start: startOf(r.date, ''),
        location: r.location,
      });
    }
    const kindOrder = { race: 0, event: 1, workout: 2 } as const;
    items.sort((a, b) => a.start - b.start || kindOrder[a.kind] - kindOrder[b.kind] || a.id - b.id);
    return { items, standing: standing(deps, userId, now, today) };
  });
}

function standing(deps: AppDeps, userId: number, now: number, today: string): MyWeekStanding {
  const term = termOfDate(today);
  const termStart = clubTimeToEpoch(term.start, '00:00', deps.env.CLUB_TIMEZONE);
  const row = preparedOnce(deps.database, STANDING_SQL).get({ user: userId, termStart }) as
    StandingRow | undefined;
  if (!row) throw new ServiceError(404, 'User not found');
  const expiresInDays = row.expiry_date ? daysBetween(today, row.expiry_date) : null;
  return {
    term: { key: term.key, label: term.label },
    absencesThisTerm: row.absences,
    suspendedUntil: row.suspended_until !== null && row.suspended_until > now ? row.suspended_until : null,
    expiryDate: row.expiry_date,
    expiresInDays,
    renewSoon: expiresInDays !== null && expiresInDays <= EXPIRY_NUDGE_DAYS,
  };
}
