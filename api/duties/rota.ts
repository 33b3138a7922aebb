// The rota: one term's duties on one screen, open ones first, and how many duties each member has done
// in it (one not shown up for is not done), so the load is fair to see.
import { and, asc, eq, gt, gte, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import { duties, dutyHolders, posts, races, users, type DutyRow } from '../../db/schema';
import { addDays } from '../../domain/calendar-days';
import { termFromId, termOfDate } from '../../domain/calendar';
import { clubDateTimeOf } from '../../domain/region/club-format';
import { clubToday, startInstant } from '../../domain/clock';
import { DUTY_TERM_NOT_FOUND, type RotaAnswer, type RotaDuty } from '../../domain/contract/training/duties';
import { dutyFull } from '../../domain/people/duties';
import { clubTerms } from '../club/terms';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { clubTimeZone } from '../platform/club-time-zone';
import { toDuty } from './duties';

/** The title of each duty's workout or event, or its race's name ('' when its session is gone). */
export function sessionTitles(deps: AppDeps, rows: readonly DutyRow[]): (row: DutyRow) => string {
  const { db } = deps.database;
  const postIds = rows.filter((r) => r.place !== 'race').map((r) => r.placeId);
  const raceIds = rows.filter((r) => r.place === 'race').map((r) => r.placeId);
  const titles = new Map<string, string>();
  if (postIds.length) for (const p of db.select({ id: posts.id, title: posts.title }).from(posts).where(inArray(posts.id, postIds)).all()) titles.set(`post:${p.id}`, p.title);
  if (raceIds.length) for (const r of db.select({ id: races.id, name: races.name }).from(races).where(inArray(races.id, raceIds)).all()) titles.set(`race:${r.id}`, r.name);
  return (row) => titles.get(`${row.place === 'race' ? 'race' : 'post'}:${row.placeId}`) ?? '';
}

/**
 * The duties starting after `now` and by `until` that `viewer` may take now (a free place or a swap
 * on offer, eligible, free at that time), soonest first, each with its session's title.
 */
export function openDutiesFor(deps: AppDeps, viewer: { id: number; role: string }, now: number, until: number): RotaDuty[] {
  const tz = clubTimeZone(deps);
  const rows = deps.database.db.select().from(duties).where(and(gt(duties.startsAt, now), lte(duties.startsAt, until))).orderBy(asc(duties.startsAt), asc(duties.id)).all();
  const titleOf = sessionTitles(deps, rows);
  return rows
    .map((row) => ({ ...toDuty(deps, row, viewer), title: titleOf(row), date: clubDateTimeOf(row.startsAt, tz).date }))
    .filter((d) => d.may_take);
}

/** GET /duties/rota: the term named (or today's), its duties by start with the open ones first, and the members' counts of duties done. */
export function rotaOf(deps: AppDeps, viewer: { id: number; role: string }, termId: string | undefined): RotaAnswer {
  const tz = clubTimeZone(deps);
  const terms = clubTerms(deps);
  const term = termId ? termFromId(terms, termId) : termOfDate(terms, clubToday(deps.clock(), tz));
  if (!term) throw new ServiceError(404, DUTY_TERM_NOT_FOUND);
  const from = startInstant(term.start, null, tz);
  const to = startInstant(addDays(term.end, 1), null, tz);
  const { db } = deps.database;
  const rows = db.select().from(duties).where(and(gte(duties.startsAt, from), lt(duties.startsAt, to))).orderBy(asc(duties.startsAt), asc(duties.id)).all();
  const titleOf = sessionTitles(deps, rows);
  const list: RotaDuty[] = rows.map((row) => ({
    ...toDuty(deps, row, viewer),
    title: titleOf(row),
    date: clubDateTimeOf(row.startsAt, tz).date,
  }));
  const open = (d: RotaDuty) => !dutyFull(d.places, d.holders.length) || d.holders.some((h) => h.swap_offered);
  const done = db
    .select({ id: users.id, name: users.name, count: sql<number>`count(*)` })
    .from(dutyHolders)
    .innerJoin(duties, eq(duties.id, dutyHolders.dutyId))
    .innerJoin(users, eq(users.id, dutyHolders.userId))
    .where(and(gte(duties.startsAt, from), lt(duties.startsAt, to), lt(duties.endsAt, deps.clock()), isNull(dutyHolders.noShowAt)))
    .groupBy(users.id)
    .orderBy(sql`count(*) desc`, asc(users.name))
    .all();
  return {
    term: { id: term.id, label: term.label, start: term.start, end: term.end },
    duties: [...list.filter(open), ...list.filter((d) => !open(d))],
    done,
  };
}
