// Results: a member enters their own, an exec anyone's; personal bests and the season table are
// the rules of domain/race-points.ts over the stored finishes, with the club's `race-points` numbers.
import { eq } from 'drizzle-orm';
import { raceResults, users } from '../../db/schema';
import type { RaceResult, RaceResultInput, SeasonTableAnswer } from '../../domain/contract/races';
import { hasRole } from '../../domain/contract/roles';
import { formatRaceTime, personalBests, seasonTable, type PersonalBest } from '../../domain/race-points';
import { documentBody } from '../club/documents';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { toCsv } from '../reports/csv';
import type { CsvFile } from '../reports/reports';
import { finishesOf, raceDistance, raceRow, requireMember, resultsOf, type Member } from './race-weekend';

/** Enters (or corrects) `subjectId`'s result: their own for a member, anyone's for an exec. */
export function enterResult(deps: AppDeps, raceId: number, subjectId: number, input: RaceResultInput, by: Member, now: number): RaceResult {
  requireMember(by);
  if (subjectId !== by.id && !hasRole(by.role, 'exec')) throw new ServiceError(403, 'Only an exec can enter someone else\'s result');
  const { db } = deps.database;
  const distance = raceDistance(raceRow(db, raceId), input.distance);
  if (!db.select({ id: users.id }).from(users).where(eq(users.id, subjectId)).get()) throw new ServiceError(404, 'Member not found');
  const values = {
    distance,
    finishSeconds: input.finishTime!,
    swimSeconds: input.swim,
    t1Seconds: input.t1,
    bikeSeconds: input.bike,
    t2Seconds: input.t2,
    runSeconds: input.run,
    placing: input.placing,
    enteredBy: by.id,
    enteredAt: now,
  };
  db.insert(raceResults)
    .values({ raceId, userId: subjectId, ...values })
    .onConflictDoUpdate({ target: [raceResults.raceId, raceResults.userId], set: values })
    .run();
  return resultsOf(db, [raceId]).find((r) => r.user_id === subjectId)!;
}

/** A member's personal best per distance (the latest marked new when it set one). */
export function personalBestsOf(deps: AppDeps, userId: number): PersonalBest[] {
  return personalBests(finishesOf(deps.database.db, { userId }));
}

/** The season table of `year` ('YYYY': the races of that calendar year). */
export function seasonTableOf(deps: AppDeps, year: string): SeasonTableAnswer {
  const finishes = finishesOf(deps.database.db, { year });
  const names = new Map(finishes.map((f) => [f.userId, f.name]));
  const table = seasonTable(finishes, documentBody(deps, 'race-points')).map((s) => ({
    rank: s.rank,
    user_id: s.userId,
    user_name: names.get(s.userId)!,
    points: s.points,
    races: s.races,
  }));
  return { year, table };
}

const time = (s: number | null) => (s === null ? null : formatRaceTime(s));

export function resultsCsv(deps: AppDeps, raceId: number): CsvFile {
  const race = raceRow(deps.database.db, raceId);
  const rows = resultsOf(deps.database.db, [raceId]).map((r) => [
    r.distance,
    r.clubPlace,
    r.user_name,
    time(r.finishSeconds),
    time(r.swimSeconds),
    time(r.t1Seconds),
    time(r.bikeSeconds),
    time(r.t2Seconds),
    time(r.runSeconds),
    r.placing,
  ]);
  return {
    filename: `results-${race.date}-${race.id}.csv`,
    body: toCsv(['Distance', 'Club place', 'Member', 'Finish', 'Swim', 'T1', 'Bike', 'T2', 'Run', 'Placing'], rows),
  };
}

export function seasonTableCsv(answer: SeasonTableAnswer): CsvFile {
  return {
    filename: `season-${answer.year}.csv`,
    body: toCsv(['Rank', 'Member', 'Points', 'Races'], answer.table.map((r) => [r.rank, r.user_name, r.points, r.races])),
  };
}
