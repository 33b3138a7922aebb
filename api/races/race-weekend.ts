// Race weekend: who races what, lifts (seats and bike-rack spots counted apart), who is looking for
// a lift, and the club's results. Every write runs inside the caller's transaction (respondOnce), so
// a place is counted and taken with no other write in between: places are exact under any load.
import { and, asc, eq, gte, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { raceLiftPlaces, raceLifts, raceLiftSeekers, raceResults, races, raceSignups, users, type RaceLiftRow, type RaceRow } from '../../db/schema';
import {
  RACE_DISTANCE_UNKNOWN_ERROR,
  RACE_LIFT_DRIVER_ONLY_ERROR,
  RACE_LIFT_NOT_FOUND_ERROR,
  RACE_MEMBERS_ONLY_ERROR,
  RACE_NO_BIKE_SPOTS_ERROR,
  RACE_NO_SEATS_ERROR,
  RACE_NOT_FOUND_ERROR,
  RACE_ONE_LIFT_ERROR,
  RACE_OWN_LIFT_ERROR,
  liftBelowTaken,
  type RaceEntry,
  type RaceEntryInput,
  type RaceLift,
  type RaceLiftInput,
  type RaceLiftRider,
  type RacePerson,
  type RaceResult,
} from '../../domain/contract/training/races';
import { hasRole, type Role } from '../../domain/contract/roles';
import { clubPlaces, type Finish } from '../../domain/races/race-points';
import { NAMED_SPLITS, splitNamed, splitsForLegs, type NamedSplitAnswer, type StoredSplit } from '../../domain/races/race-results';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';

export type Member = { id: number; role: Role };
type Deps = Pick<AppDeps, 'database'>;

/** What a race answer adds for a member: entries, lifts, seekers and results. */
export interface RaceWeekend {
  entries: RaceEntry[];
  lifts: RaceLift[];
  liftSeekers: RacePerson[];
  results: RaceResult[];
}

export const EMPTY_WEEKEND: RaceWeekend = { entries: [], lifts: [], liftSeekers: [], results: [] };

/** A JSON list of names as stored ([] when it is not one). */
function namesOf(json: string): string[] {
  try {
    const list: unknown = JSON.parse(json);
    return Array.isArray(list) ? list.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

/** The race's distances as stored. */
export function distancesOf(row: Pick<RaceRow, 'distances'>): string[] {
  return namesOf(row.distances);
}

/** The race's legs as stored. */
export function legsOf(row: Pick<RaceRow, 'legs'>): string[] {
  return namesOf(row.legs);
}

/** A result's splits as stored ([] when they are not a list of them). */
export function storedSplitsOf(json: string): StoredSplit[] {
  try {
    const list: unknown = JSON.parse(json);
    if (!Array.isArray(list)) return [];
    return list.filter(
      (s): s is StoredSplit =>
        typeof s === 'object' && s !== null && typeof s.leg === 'string' && (s.seconds === null || typeof s.seconds === 'number'),
    );
  } catch {
    return [];
  }
}

function requireMember(user: Member): void {
  if (!hasRole(user.role, 'member')) throw new ServiceError(403, RACE_MEMBERS_ONLY_ERROR);
}

function raceRow(db: Db, raceId: number): RaceRow {
  const row = db.select().from(races).where(eq(races.id, raceId)).get();
  if (!row) throw new ServiceError(404, RACE_NOT_FOUND_ERROR);
  return row;
}

/** The distance as the race spells it; refused when the race does not list it. */
function raceDistance(row: RaceRow, distance: string): string {
  const known = distancesOf(row).find((d) => d.toLowerCase() === distance.trim().toLowerCase());
  if (known === undefined) throw new ServiceError(400, RACE_DISTANCE_UNKNOWN_ERROR, { field: 'distance' });
  return known;
}

// ---------- Reading ----------

/**
 * Everything race answers add, for several races in a fixed number of queries (never one per race).
 * `entries` come from the signups' own query (an entry is a signup with a distance).
 */
export function weekendsOf(db: Db, raceIds: number[], viewerId: number, entries: Map<number, RaceEntry[]>): Map<number, RaceWeekend> {
  const out = new Map<number, RaceWeekend>();
  for (const id of raceIds) out.set(id, { entries: entries.get(id) ?? [], lifts: [], liftSeekers: [], results: [] });
  if (raceIds.length === 0) return out;

  const lifts = db
    .select({ lift: raceLifts, driverName: users.name })
    .from(raceLifts)
    .innerJoin(users, eq(users.id, raceLifts.driverId))
    .where(inArray(raceLifts.raceId, raceIds))
    .orderBy(asc(raceLifts.leavingAt), asc(raceLifts.id))
    .all();
  const places = lifts.length === 0 ? [] : db
    .select({ liftId: raceLiftPlaces.liftId, userId: raceLiftPlaces.userId, kind: raceLiftPlaces.kind, name: users.name })
    .from(raceLiftPlaces)
    .innerJoin(users, eq(users.id, raceLiftPlaces.userId))
    .where(inArray(raceLiftPlaces.liftId, lifts.map((l) => l.lift.id)))
    .orderBy(asc(raceLiftPlaces.takenAt), asc(raceLiftPlaces.id))
    .all();
  for (const { lift, driverName } of lifts) {
    const mine = places.filter((p) => p.liftId === lift.id);
    out.get(lift.raceId)!.lifts.push(toLift(lift, driverName, mine, viewerId));
  }

  const seekers = db
    .select({ raceId: raceLiftSeekers.raceId, userId: raceLiftSeekers.userId, name: users.name })
    .from(raceLiftSeekers)
    .innerJoin(users, eq(users.id, raceLiftSeekers.userId))
    .where(inArray(raceLiftSeekers.raceId, raceIds))
    .orderBy(asc(raceLiftSeekers.since))
    .all();
  for (const s of seekers) out.get(s.raceId)!.liftSeekers.push({ user_id: s.userId, user_name: s.name });

  for (const r of resultsOf(db, raceIds)) out.get(r.race_id)!.results.push(r);
  return out;
}

function toLift(lift: RaceLiftRow, driverName: string, places: { userId: number; kind: 'seat' | 'bike'; name: string }[], viewerId: number): RaceLift {
  const riders = new Map<number, RaceLiftRider>();
  for (const p of places) {
    const rider = riders.get(p.userId) ?? { user_id: p.userId, user_name: p.name, seat: false, bike: false };
    rider[p.kind] = true;
    riders.set(p.userId, rider);
  }
  const seatsTaken = places.filter((p) => p.kind === 'seat').length;
  const bikeSpotsTaken = places.filter((p) => p.kind === 'bike').length;
  const me = riders.get(viewerId);
  return {
    id: lift.id,
    race_id: lift.raceId,
    driver_id: lift.driverId,
    driver_name: driverName,
    leavingFrom: lift.leavingFrom,
    leavingAt: lift.leavingAt,
    seats: lift.seats,
    bikeSpots: lift.bikeSpots,
    note: lift.note,
    seatsTaken,
    seatsFree: Math.max(0, lift.seats - seatsTaken),
    bikeSpotsTaken,
    bikeSpotsFree: Math.max(0, lift.bikeSpots - bikeSpotsTaken),
    riders: [...riders.values()],
    mySeat: me?.seat ?? false,
    myBike: me?.bike ?? false,
  };
}

/** The results of the given races, by distance then time, with each finisher's place among the club's. */
export function resultsOf(db: Db, raceIds: number[]): RaceResult[] {
  if (raceIds.length === 0) return [];
  const rows = db
    .select({ r: raceResults, name: users.name, date: races.date, legs: races.legs })
    .from(raceResults)
    .innerJoin(users, eq(users.id, raceResults.userId))
    .innerJoin(races, eq(races.id, raceResults.raceId))
    .where(inArray(raceResults.raceId, raceIds))
    .orderBy(asc(raceResults.distance), asc(raceResults.finishSeconds), asc(raceResults.id))
    .all();
  const finishes = rows.map(({ r, date }) => ({ raceId: r.raceId, raceDate: date, userId: r.userId, distance: r.distance, finishSeconds: r.finishSeconds }));
  const places = clubPlaces(finishes);
  return rows.map(({ r, name, legs }, i) => {
    const stored = storedSplitsOf(r.splits);
    const named = Object.fromEntries(NAMED_SPLITS.map((n) => [n.answer, splitNamed(stored, n.leg)])) as Record<NamedSplitAnswer, number | null>;
    return {
      id: r.id,
      race_id: r.raceId,
      user_id: r.userId,
      user_name: name,
      distance: r.distance,
      finishSeconds: r.finishSeconds,
      ...named,
      splits: splitsForLegs(stored, namesOf(legs)),
      placing: r.placing,
      clubPlace: places.get(finishes[i]!)!,
    };
  });
}

/** Finishes as the rules read them: a member's (`userId`), a season's (`from` to `to`, the races' days), or all. */
export function finishesOf(db: Db, where: { userId?: number; from?: string; to?: string }): (Finish & { name: string })[] {
  const conditions = [];
  if (where.userId !== undefined) conditions.push(eq(raceResults.userId, where.userId));
  if (where.from !== undefined) conditions.push(gte(races.date, where.from));
  if (where.to !== undefined) conditions.push(lte(races.date, where.to));
  return db
    .select({ raceId: raceResults.raceId, raceDate: races.date, userId: raceResults.userId, distance: raceResults.distance, finishSeconds: raceResults.finishSeconds, name: users.name })
    .from(raceResults)
    .innerJoin(races, eq(races.id, raceResults.raceId))
    .innerJoin(users, eq(users.id, raceResults.userId))
    .where(conditions.length ? and(...conditions) : undefined)
    .all();
}

// ---------- Entries ----------

/** The caller goes to the race at `distance` (signing them up when they were not). */
export function setEntry(deps: Deps, raceId: number, user: Member, input: RaceEntryInput, now: number): RaceEntry {
  requireMember(user);
  const { db } = deps.database;
  const distance = raceDistance(raceRow(db, raceId), input.distance);
  db.insert(raceSignups)
    .values({ raceId, userId: user.id, signupTime: now, distance, wave: input.wave })
    .onConflictDoUpdate({ target: [raceSignups.raceId, raceSignups.userId], set: { distance, wave: input.wave } })
    .run();
  const name = db.select({ name: users.name }).from(users).where(eq(users.id, user.id)).get()!.name;
  return { user_id: user.id, user_name: name, distance, wave: input.wave };
}

// ---------- Lifts ----------

function liftRow(db: Db, raceId: number, liftId: number): RaceLiftRow {
  const lift = db.select().from(raceLifts).where(and(eq(raceLifts.id, liftId), eq(raceLifts.raceId, raceId))).get();
  if (!lift) throw new ServiceError(404, RACE_LIFT_NOT_FOUND_ERROR);
  return lift;
}

/** The lift as the caller sees it now. */
export function liftFor(db: Db, liftId: number, viewerId: number): RaceLift {
  const lift = db.select().from(raceLifts).where(eq(raceLifts.id, liftId)).get()!;
  const driverName = db.select({ name: users.name }).from(users).where(eq(users.id, lift.driverId)).get()!.name;
  const places = db
    .select({ userId: raceLiftPlaces.userId, kind: raceLiftPlaces.kind, name: users.name })
    .from(raceLiftPlaces)
    .innerJoin(users, eq(users.id, raceLiftPlaces.userId))
    .where(eq(raceLiftPlaces.liftId, liftId))
    .orderBy(asc(raceLiftPlaces.takenAt), asc(raceLiftPlaces.id))
    .all();
  return toLift(lift, driverName, places, viewerId);
}

/**
 * The driver offers a lift to the race: one per driver and race (a second, however alike, is refused;
 * the driver changes the one they offer). Checked and written in the caller's one immediate
 * transaction, so two offers sent at once make one lift.
 */
export function offerLift(deps: Deps, raceId: number, driver: Member, input: RaceLiftInput, now: number): RaceLift {
  requireMember(driver);
  const { db } = deps.database;
  raceRow(db, raceId);
  const offered = db.select({ id: raceLifts.id }).from(raceLifts).where(and(eq(raceLifts.raceId, raceId), eq(raceLifts.driverId, driver.id))).get();
  if (offered) throw new ServiceError(409, RACE_ONE_LIFT_ERROR);
  const row = db
    .insert(raceLifts)
    .values({ raceId, driverId: driver.id, ...input, createdAt: now })
    .returning()
    .get();
  // A driver is not looking for a lift any more.
  db.delete(raceLiftSeekers).where(and(eq(raceLiftSeekers.raceId, raceId), eq(raceLiftSeekers.userId, driver.id))).run();
  return liftFor(db, row.id, driver.id);
}

function requireDriver(lift: RaceLiftRow, user: Member): void {
  if (lift.driverId !== user.id) throw new ServiceError(403, RACE_LIFT_DRIVER_ONLY_ERROR);
}

/** The driver changes the lift; answers the lift before and after (the caller tells riders of a new time). */
export function changeLift(deps: Deps, raceId: number, liftId: number, driver: Member, input: RaceLiftInput): { before: RaceLiftRow; lift: RaceLift } {
  requireMember(driver);
  const { db } = deps.database;
  const before = liftRow(db, raceId, liftId);
  requireDriver(before, driver);
  const taken = (kind: 'seat' | 'bike') =>
    db.select({ n: sql<number>`count(*)` }).from(raceLiftPlaces).where(and(eq(raceLiftPlaces.liftId, liftId), eq(raceLiftPlaces.kind, kind))).get()!.n;
  const tooFew = liftBelowTaken(input, { seats: taken('seat'), bikeSpots: taken('bike') });
  if (tooFew) throw new ServiceError(409, tooFew.error, { field: tooFew.field });
  db.update(raceLifts).set(input).where(eq(raceLifts.id, liftId)).run();
  return { before, lift: liftFor(db, liftId, driver.id) };
}

/** The riders of a lift (anyone with a seat or a bike spot), with what telling them needs. */
export function ridersOf(db: Db, liftId: number): { id: number; email: string; name: string }[] {
  return db
    .selectDistinct({ id: users.id, email: users.email, name: users.name })
    .from(raceLiftPlaces)
    .innerJoin(users, eq(users.id, raceLiftPlaces.userId))
    .where(eq(raceLiftPlaces.liftId, liftId))
    .all();
}

/** The driver withdraws the lift; answers the lift as it was and who rode in it (to be told). */
export function withdrawLift(deps: Deps, raceId: number, liftId: number, driver: Member): { lift: RaceLiftRow; riders: { id: number; email: string; name: string }[] } {
  const { db } = deps.database;
  const lift = liftRow(db, raceId, liftId);
  requireDriver(lift, driver);
  const riders = ridersOf(db, liftId);
  db.delete(raceLifts).where(eq(raceLifts.id, liftId)).run();
  return { lift, riders };
}

/**
 * Takes (or gives back) the caller's seat or bike spot. Counting and taking happen in the caller's
 * one immediate transaction, so the last place goes to one member only. Asking for the state one
 * already has is not an error (the offline outbox may send it twice).
 */
export function setPlace(deps: Deps, raceId: number, liftId: number, user: Member, kind: 'seat' | 'bike', take: boolean, now: number): RaceLift {
  requireMember(user);
  const { db } = deps.database;
  const lift = liftRow(db, raceId, liftId);
  const mine = and(eq(raceLiftPlaces.liftId, liftId), eq(raceLiftPlaces.userId, user.id), eq(raceLiftPlaces.kind, kind));
  if (!take) {
    db.delete(raceLiftPlaces).where(mine).run();
    return liftFor(db, liftId, user.id);
  }
  if (lift.driverId === user.id) throw new ServiceError(409, RACE_OWN_LIFT_ERROR);
  if (db.select({ id: raceLiftPlaces.id }).from(raceLiftPlaces).where(mine).get()) return liftFor(db, liftId, user.id);
  const taken = db
    .select({ n: sql<number>`count(*)` })
    .from(raceLiftPlaces)
    .where(and(eq(raceLiftPlaces.liftId, liftId), eq(raceLiftPlaces.kind, kind)))
    .get()!.n;
  const capacity = kind === 'seat' ? lift.seats : lift.bikeSpots;
  if (taken >= capacity) throw new ServiceError(409, kind === 'seat' ? RACE_NO_SEATS_ERROR : RACE_NO_BIKE_SPOTS_ERROR);
  db.insert(raceLiftPlaces).values({ liftId, userId: user.id, kind, takenAt: now }).run();
  db.delete(raceLiftSeekers).where(and(eq(raceLiftSeekers.raceId, raceId), eq(raceLiftSeekers.userId, user.id))).run();
  return liftFor(db, liftId, user.id);
}

/** The caller says they are (or are no longer) looking for a lift. */
export function setLookingForLift(deps: Deps, raceId: number, user: Member, looking: boolean, now: number): { lookingForLift: boolean } {
  requireMember(user);
  const { db } = deps.database;
  raceRow(db, raceId);
  if (looking) db.insert(raceLiftSeekers).values({ raceId, userId: user.id, since: now }).onConflictDoNothing().run();
  else db.delete(raceLiftSeekers).where(and(eq(raceLiftSeekers.raceId, raceId), eq(raceLiftSeekers.userId, user.id))).run();
  return { lookingForLift: looking };
}

export { raceRow, raceDistance, requireMember };
