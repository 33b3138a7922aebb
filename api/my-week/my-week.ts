import { addDays, clubTimeToEpoch, clubToday, daysBetween, hasStarted } from '../../domain/clock';
import type { RsvpStatus } from '../../domain/contract/training/forum';
import {
  EXPIRY_NUDGE_DAYS,
  MY_WEEK_DAYS,
  USER_NOT_FOUND,
  type MyWeekAnswer,
  type MyWeekStanding,
  type WeekDuty,
  type WeekItem,
  type WeekOpenDuty,
} from '../../domain/contract/me';
import { and, asc, eq, gt, lte } from 'drizzle-orm';
import { duties, dutyHolders } from '../../db/schema';
import { termOfDate } from '../../domain/calendar';
import { clubTerms } from '../club/terms';
import { EVENT_MINUTES, endOf, usualMinutes } from '../../domain/durations';
import { clubSports } from '../club/settings';
import { isSuspended } from '../../domain/rules';
import { idsOf } from '../../db/queries/post-queries';
import { standingRow, upcomingRaceRows, weekEventRows, weekWorkoutRows } from '../../db/queries/my-week-queries';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { clubTimeZone } from '../platform/club-time-zone';
import { findUserById, roleToday } from '../platform/users';
import { openDutiesFor } from '../duties/rota';

/**
 * The member's coming days (docs/decisions/0041-my-week.md): workouts they are signed up or
 * waitlisted for and every event in the next MY_WEEK_DAYS days, the races they signed up for, in
 * start order (all-day items first on their day), and their standing for the current term.
 */
export function myWeek(deps: AppDeps, userId: number, now = deps.clock()): MyWeekAnswer {
  const tz = clubTimeZone(deps);
  const { database } = deps;
  const sports = clubSports(deps);
  const today = clubToday(now, tz);
  const range = { user: userId, today, last: addDays(today, MY_WEEK_DAYS) };
  const startOf = (date: string, time: string) => clubTimeToEpoch(date, time || '00:00', tz);

  return database.read((): MyWeekAnswer => {
    const items: WeekItem[] = [];
    for (const r of weekWorkoutRows(database, range)) {
      const time = r.time ?? '';
      if (hasStarted({ workout_date: r.date, workout_time: r.time }, now, tz)) continue; // nothing left to do but show up
      const start = startOf(r.date, time);
      const signedUp = r.signed_up === 1;
      const workoutType = r.workout_type ?? 'other';
      items.push({
        kind: 'workout',
        id: r.id,
        title: r.title,
        date: r.date,
        time,
        endTime: endOf(usualMinutes(sports, workoutType), time, r.duration_minutes),
        start,
        workoutType,
        location: r.location,
        status: signedUp ? 'signed_up' : 'waitlisted',
        waitlistPosition: signedUp ? null : idsOf(r.waiting).indexOf(userId) + 1,
        cancelReason: r.cancel_reason,
        movedAt: r.moved_at,
        ...(r.lane !== null && { lane: r.lane }),
      });
    }
    for (const r of weekEventRows(database, range)) {
      const start = startOf(r.date, r.time);
      if (r.time && start <= now) continue;
      items.push({
        kind: 'event',
        id: r.id,
        title: r.title,
        date: r.date,
        time: r.time,
        endTime: endOf(EVENT_MINUTES, r.time, r.duration_minutes),
        start,
        location: r.location,
        rsvp: (r.rsvp as RsvpStatus | null) ?? null,
        cancelReason: r.cancel_reason,
        movedAt: r.moved_at,
      });
    }
    for (const r of upcomingRaceRows(database, { user: userId, today })) {
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
    const until = startOf(range.last, '23:59');
    return {
      items,
      standing: standing(deps, userId, now, today),
      duties: weekDuties(deps, userId, now, until),
      open_duties: weekOpenDuties(deps, userId, now, until),
    };
  });
}

function standing(deps: AppDeps, userId: number, now: number, today: string): MyWeekStanding {
  const term = termOfDate(clubTerms(deps), today);
  const termStart = clubTimeToEpoch(term.start, '00:00', clubTimeZone(deps));
  const row = standingRow(deps.database, userId, termStart);
  if (!row) throw new ServiceError(404, USER_NOT_FOUND);
  const expiresInDays = row.expiry_date ? daysBetween(today, row.expiry_date) : null;
  return {
    term: { key: term.key, label: term.label },
    absencesThisTerm: row.absences,
    suspendedUntil: isSuspended(row.suspended_until, now) ? row.suspended_until : null,
    expiryDate: row.expiry_date,
    expiresInDays,
    renewSoon: expiresInDays !== null && expiresInDays <= EXPIRY_NUDGE_DAYS,
  };
}

/** The duties starting by `until` (epoch ms) that the member may take now, soonest first. */
function weekOpenDuties(deps: AppDeps, userId: number, now: number, until: number): WeekOpenDuty[] {
  const user = findUserById(deps.database.db, userId);
  if (!user) throw new ServiceError(404, USER_NOT_FOUND);
  return openDutiesFor(deps, { id: userId, role: roleToday(deps, user) }, now, until).map((d) => ({
    id: d.id,
    kind: d.kind,
    place: d.place,
    place_id: d.place_id,
    title: d.title,
    starts_at: d.starts_at,
    ends_at: d.ends_at,
    swap: d.holders.length >= d.places,
  }));
}

/** The duties the member holds that have not ended and start by `until` (epoch ms), soonest first. */
function weekDuties(deps: AppDeps, userId: number, now: number, until: number): WeekDuty[] {
  return deps.database.db
    .select({ d: duties, swapOfferedAt: dutyHolders.swapOfferedAt })
    .from(dutyHolders)
    .innerJoin(duties, eq(duties.id, dutyHolders.dutyId))
    .where(and(eq(dutyHolders.userId, userId), gt(duties.endsAt, now), lte(duties.startsAt, until)))
    .orderBy(asc(duties.startsAt), asc(duties.id))
    .all()
    .map(({ d, swapOfferedAt }) => ({
      id: d.id,
      kind: d.kind,
      place: d.place as WeekDuty['place'],
      place_id: d.placeId,
      starts_at: d.startsAt,
      ends_at: d.endsAt,
      swap_offered: swapOfferedAt !== null,
    }));
}
