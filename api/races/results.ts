// A race's results: a member enters their own, an exec anyone's, and only for an active member entered
// in the race, from the race's day on (the club's clock). Its reads, its writes, the one mapper from a
// row to the contract's `RaceResult`, and what is read from the results: personal bests and the season
// table (the rules of domain/race-points.ts, with the club's `race-points` numbers and season), and the
// CSV downloads.
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { raceResults, races, users } from '../../db/schema';
import { clubToday } from '../../domain/clock';
import {
  RACE_NOT_ENTERED_ERROR,
  raceNotActiveMessage,
  raceNotEnteredMessage,
  raceResultsNotOpenMessage,
  type RaceResult,
  type RaceResultInput,
  type SeasonTableAnswer,
} from '../../domain/contract/training/races';
import { MEMBER_NOT_FOUND } from '../../domain/contract/members/admin';
import { hasRole } from '../../domain/contract/roles';
import { RACE_RESULT_OTHERS_ERROR, raceLegsCountMessage, raceNoSuchLegMessage } from '../../domain/contract/training/races';
import {
  clubPlaces,
  formatRaceTime,
  personalBests,
  raceSeason,
  raceSeasonOf,
  seasonStartMonthOf,
  seasonTable,
  type Finish,
  type PersonalBest,
} from '../../domain/races/race-points';
import {
  NAMED_SPLITS,
  legIndex,
  resultSplits,
  resultsOpen,
  storedSplits,
  type StoredSplit,
} from '../../domain/races/race-results';
import { documentBody } from '../club/documents';
import { clubDates } from '../club/settings';
import { clubTimeZone } from '../platform/club-time-zone';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { findUserById, roleToday } from '../platform/users';
import { toCsv } from '../reports/csv';
import type { CsvFile } from '../reports/reports';
import { isEntered } from './entries';
import { legsOf, raceDistance, raceRow, requireMember, scopedRead, type Member, type RaceScope } from './race-rows';

// ---------- Reading ----------

/** A result's splits as stored ([] when they are not a list of them). */
export function storedSplitsOf(json: string): StoredSplit[] {
  try {
    const list: unknown = JSON.parse(json);
    if (!Array.isArray(list)) return [];
    return list.filter(
      (s): s is StoredSplit =>
        typeof s === 'object' &&
        s !== null &&
        typeof s.leg === 'string' &&
        (s.seconds === null || typeof s.seconds === 'number'),
    );
  } catch {
    return [];
  }
}

/** Results by distance, then finish time, with who ran them and the race's day. */
const resultRows = scopedRead(
  raceResults.raceId,
  (db) => {
    const { id, raceId, userId, distance, finishSeconds, splits, placing } = raceResults;
    return db
      .select({ id, raceId, userId, name: users.name, raceDate: races.date, distance, finishSeconds, splits, placing })
      .from(raceResults)
      .innerJoin(users, eq(users.id, raceResults.userId))
      .innerJoin(races, eq(races.id, raceResults.raceId))
      .$dynamic();
  },
  asc(raceResults.distance),
  asc(raceResults.finishSeconds),
  asc(raceResults.id),
);
type ResultRow = ReturnType<typeof resultRows>[number];

function toResult(row: ResultRow, legs: readonly string[], clubPlace: number): RaceResult {
  const { splits, named } = resultSplits(storedSplitsOf(row.splits), legs);
  return {
    id: row.id,
    race_id: row.raceId,
    user_id: row.userId,
    user_name: row.name,
    distance: row.distance,
    finishSeconds: row.finishSeconds,
    ...named,
    splits,
    placing: row.placing,
    clubPlace,
  };
}

/**
 * The results of every race, or of one, by race: by distance then time, each finisher with their place
 * among the club's. `legs` holds each race's legs, read once per race.
 */
export function resultsOf(db: Db, scope: RaceScope, legs: ReadonlyMap<number, readonly string[]>): Map<number, RaceResult[]> {
  const rows = resultRows(db, scope);
  const finishes: Finish[] = rows.map((r) => ({ raceId: r.raceId, raceDate: r.raceDate, userId: r.userId, distance: r.distance, finishSeconds: r.finishSeconds }));
  const places = clubPlaces(finishes);
  const byRace = new Map<number, RaceResult[]>();
  rows.forEach((row, i) => {
    const answer = toResult(row, legs.get(row.raceId) ?? [], places.get(finishes[i]!)!);
    const list = byRace.get(answer.race_id);
    if (list) list.push(answer);
    else byRace.set(answer.race_id, [answer]);
  });
  return byRace;
}

/** Finishes as the rules read them: a member's (`userId`), a season's (`from` to `to`, the races' days), or all. */
function finishesOf(db: Db, where: { userId?: number; from?: string; to?: string }): (Finish & { name: string })[] {
  const conditions = [];
  if (where.userId !== undefined) conditions.push(eq(raceResults.userId, where.userId));
  if (where.from !== undefined) conditions.push(gte(races.date, where.from));
  if (where.to !== undefined) conditions.push(lte(races.date, where.to));
  const { raceId, userId, distance, finishSeconds } = raceResults;
  return db
    .select({ raceId, raceDate: races.date, userId, distance, finishSeconds, name: users.name })
    .from(raceResults)
    .innerJoin(races, eq(races.id, raceResults.raceId))
    .innerJoin(users, eq(users.id, raceResults.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .all();
}

/** A member's personal best per distance (the latest marked new when it set one). */
export function personalBestsOf(deps: AppDeps, userId: number): PersonalBest[] {
  return personalBests(finishesOf(deps.database.db, { userId }));
}

/**
 * The season table of the race season starting in `year` ('YYYY'), or with none the season holding the
 * club's today; the season starts in the club's month (Admin → Race points).
 */
export function seasonTableOf(deps: AppDeps, year?: string): SeasonTableAnswer {
  const points = documentBody(deps, 'race-points');
  const startMonth = seasonStartMonthOf(points);
  const season =
    year === undefined
      ? raceSeasonOf(clubToday(deps.clock(), clubTimeZone(deps)), startMonth)
      : raceSeason(Number(year), startMonth);
  const finishes = finishesOf(deps.database.db, { from: season.from, to: season.to });
  const names = new Map(finishes.map((f) => [f.userId, f.name]));
  const table = seasonTable(finishes, points).map((s) => ({
    rank: s.rank,
    user_id: s.userId,
    user_name: names.get(s.userId)!,
    points: s.points,
    races: s.races,
  }));
  return { year: season.year, season: season.name, from: season.from, to: season.to, startMonth, table };
}

// ---------- Writing ----------

/**
 * The result's split per leg of the race. `splits` gives them in the order of the legs; an app that
 * sends none names them (swim, t1, bike, t2, run), each the split of the race's first leg so called.
 */
function splitsFor(legs: readonly string[], input: RaceResultInput): (number | null)[] {
  if (input.splits !== undefined) {
    if (input.splits.length > legs.length) {
      throw new ServiceError(400, raceLegsCountMessage(legs), { field: 'splits' });
    }
    return legs.map((_, i) => input.splits![i] ?? null);
  }
  const splits = legs.map((): number | null => null);
  for (const named of NAMED_SPLITS) {
    const seconds = input[named.field];
    if (seconds === null) continue;
    const at = legIndex(legs, named.leg);
    if (at < 0) throw new ServiceError(400, raceNoSuchLegMessage(named.leg), { field: named.field });
    splits[at] = seconds;
  }
  return splits;
}

/**
 * Who may have a result in the race: the race has been run (its day has come on the club's clock), and
 * `subjectId` is an active member entered in it. Each refusal says which.
 */
function requireResultAllowed(
  deps: AppDeps,
  race: { id: number; date: string },
  subjectId: number,
  by: Member,
  now: number,
): void {
  const { db } = deps.database;
  if (!resultsOpen(race.date, clubToday(now, clubTimeZone(deps))))
    throw new ServiceError(409, raceResultsNotOpenMessage(clubDates(deps).date(race.date, 'long')));
  const subject = findUserById(db, subjectId);
  if (!subject) throw new ServiceError(404, MEMBER_NOT_FOUND);
  if (!hasRole(roleToday(deps, subject), 'member'))
    throw new ServiceError(409, raceNotActiveMessage(subject.name));
  if (!isEntered(db, race.id, subjectId))
    throw new ServiceError(
      409,
      subjectId === by.id ? RACE_NOT_ENTERED_ERROR : raceNotEnteredMessage(subject.name),
    );
}

/** Enters (or corrects) `subjectId`'s result: their own for a member, anyone's for an exec. */
export function enterResult(
  deps: AppDeps,
  raceId: number,
  subjectId: number,
  input: RaceResultInput,
  by: Member,
  now: number,
): RaceResult {
  requireMember(by);
  if (subjectId !== by.id && !hasRole(by.role, 'exec'))
    throw new ServiceError(403, RACE_RESULT_OTHERS_ERROR);
  const { db } = deps.database;
  const race = raceRow(db, raceId);
  const distance = raceDistance(race, input.distance);
  requireResultAllowed(deps, race, subjectId, by, now);
  const legs = legsOf(race);
  const values = {
    distance,
    finishSeconds: input.finishTime!,
    splits: JSON.stringify(storedSplits(legs, splitsFor(legs, input))),
    placing: input.placing,
    enteredBy: by.id,
    enteredAt: now,
  };
  db.insert(raceResults)
    .values({ raceId, userId: subjectId, ...values })
    .onConflictDoUpdate({ target: [raceResults.raceId, raceResults.userId], set: values })
    .run();
  return resultsOf(db, raceId, new Map([[raceId, legs]]))
    .get(raceId)!
    .find((r) => r.user_id === subjectId)!;
}

// ---------- Downloads ----------

const time = (s: number | null) => (s === null ? null : formatRaceTime(s));

export function resultsCsv(deps: AppDeps, raceId: number): CsvFile {
  const { db } = deps.database;
  const race = raceRow(db, raceId);
  const legs = legsOf(race);
  const rows = (resultsOf(db, raceId, new Map([[raceId, legs]])).get(raceId) ?? []).map((r) => [
    r.distance,
    r.clubPlace,
    r.user_name,
    time(r.finishSeconds),
    ...r.splits.map(time),
    r.placing,
  ]);
  return {
    filename: `results-${race.date}-${race.id}.csv`,
    body: toCsv(['Distance', 'Club place', 'Member', 'Finish', ...legs, 'Placing'], rows),
  };
}

export function seasonTableCsv(answer: SeasonTableAnswer): CsvFile {
  return {
    filename: `season-${answer.season.replace('–', '-')}.csv`,
    body: toCsv(
      ['Rank', 'Member', 'Points', 'Races'],
      answer.table.map((r) => [r.rank, r.user_name, r.points, r.races]),
    ),
  };
}
