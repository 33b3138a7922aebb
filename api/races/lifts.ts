// Lifts to a race: a driver's offer with its seats and bike-rack spots (counted apart), the places
// riders take, and who is looking for a lift. Its reads, its writes and the one mapper from rows to the
// contract's `RaceLift` live here. Every write runs inside the caller's transaction (respondOnce), so a
// place is counted and taken with no other write in between: places are exact under any load.
import { and, asc, eq, getTableColumns, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { raceLiftPlaces, raceLifts, raceLiftSeekers, users, type RaceLiftRow } from '../../db/schema';
import {
  RACE_LIFT_DRIVER_ONLY_ERROR,
  RACE_LIFT_NOT_FOUND_ERROR,
  RACE_NO_BIKE_SPOTS_ERROR,
  RACE_NO_SEATS_ERROR,
  RACE_ONE_LIFT_ERROR,
  RACE_OWN_LIFT_ERROR,
  liftBelowTaken,
  type RaceLift,
  type RaceLiftInput,
  type RaceLiftRider,
  type RacePerson,
} from '../../domain/contract/training/races';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { findUserById } from '../platform/users';
import { tellLiftMoved, tellLiftWithdrawn, type Rider } from './lift-notices';
import { raceRow, requireMember, scopedRead, type Member, type RaceScope } from './race-rows';

type Deps = Pick<AppDeps, 'database'>;
type Place = { liftId: number; userId: number; kind: 'seat' | 'bike'; name: string };

/** What a race answer holds of its lifts, as every member sees them (`liftSeenBy` adds the caller's own places). */
export interface RaceLifts {
  lifts: RaceLift[];
  liftSeekers: RacePerson[];
}

// ---------- Reading ----------

/** Lifts by when they leave, with their drivers' names. */
const liftRows = scopedRead(
  raceLifts.raceId,
  (db) => db.select({ ...getTableColumns(raceLifts), driverName: users.name }).from(raceLifts).innerJoin(users, eq(users.id, raceLifts.driverId)).$dynamic(),
  asc(raceLifts.leavingAt),
  asc(raceLifts.id),
);
type LiftRow = ReturnType<typeof liftRows>[number];

/** The places taken in the lifts, first taken first, with their riders' names (a lift's race is its scope). */
const placeRows = scopedRead(
  raceLifts.raceId,
  (db) =>
    db
      .select({ liftId: raceLiftPlaces.liftId, userId: raceLiftPlaces.userId, kind: raceLiftPlaces.kind, name: users.name })
      .from(raceLiftPlaces)
      .innerJoin(raceLifts, eq(raceLifts.id, raceLiftPlaces.liftId))
      .innerJoin(users, eq(users.id, raceLiftPlaces.userId))
      .$dynamic(),
  asc(raceLiftPlaces.takenAt),
  asc(raceLiftPlaces.id),
);

/** Who is looking for a lift, who asked first first. */
const seekerRows = scopedRead(
  raceLiftSeekers.raceId,
  (db) => db.select({ raceId: raceLiftSeekers.raceId, userId: raceLiftSeekers.userId, name: users.name }).from(raceLiftSeekers).innerJoin(users, eq(users.id, raceLiftSeekers.userId)).$dynamic(),
  asc(raceLiftSeekers.since),
  asc(raceLiftSeekers.userId),
);

/** A lift as every member sees it: the caller's own places (`mySeat`, `myBike`) are `liftSeenBy`'s. */
function toLift(lift: LiftRow, places: readonly Place[]): RaceLift {
  const riders = new Map<number, RaceLiftRider>();
  let seatsTaken = 0;
  let bikeSpotsTaken = 0;
  for (const p of places) {
    const rider = riders.get(p.userId) ?? { user_id: p.userId, user_name: p.name, seat: false, bike: false };
    rider[p.kind] = true;
    riders.set(p.userId, rider);
    if (p.kind === 'seat') seatsTaken += 1;
    else bikeSpotsTaken += 1;
  }
  return {
    id: lift.id,
    race_id: lift.raceId,
    driver_id: lift.driverId,
    driver_name: lift.driverName,
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
    mySeat: false,
    myBike: false,
  };
}

/** The lift as `viewerId` sees it: with their own seat and bike spot in it. */
export function liftSeenBy(lift: RaceLift, viewerId: number): RaceLift {
  const me = lift.riders.find((r) => r.user_id === viewerId);
  return me ? { ...lift, mySeat: me.seat, myBike: me.bike } : lift;
}

/** The lifts and lift seekers of every race, or of one, by race: three queries. */
export function liftsOf(db: Db, scope: RaceScope): Map<number, RaceLifts> {
  const byRace = new Map<number, RaceLifts>();
  const of = (raceId: number) => {
    let race = byRace.get(raceId);
    if (!race) {
      race = { lifts: [], liftSeekers: [] };
      byRace.set(raceId, race);
    }
    return race;
  };
  const lifts = liftRows(db, scope);
  if (lifts.length > 0) {
    const places = new Map<number, Place[]>();
    for (const p of placeRows(db, scope)) {
      const list = places.get(p.liftId);
      if (list) list.push(p);
      else places.set(p.liftId, [p]);
    }
    for (const lift of lifts) of(lift.raceId).lifts.push(toLift(lift, places.get(lift.id) ?? []));
  }
  for (const s of seekerRows(db, scope)) of(s.raceId).liftSeekers.push({ user_id: s.userId, user_name: s.name });
  return byRace;
}

/** The lift as the caller sees it now. */
function liftFor(db: Db, raceId: number, liftId: number, viewerId: number): RaceLift {
  const lift = liftsOf(db, raceId).get(raceId)!.lifts.find((l) => l.id === liftId)!;
  return liftSeenBy(lift, viewerId);
}

function liftRow(db: Db, raceId: number, liftId: number): RaceLiftRow {
  const lift = db
    .select()
    .from(raceLifts)
    .where(and(eq(raceLifts.id, liftId), eq(raceLifts.raceId, raceId)))
    .get();
  if (!lift) throw new ServiceError(404, RACE_LIFT_NOT_FOUND_ERROR);
  return lift;
}

/** The riders of a lift (anyone with a seat or a bike spot), with what telling them needs. */
function ridersOf(db: Db, liftId: number): Rider[] {
  return db
    .selectDistinct({ id: users.id, email: users.email, name: users.name })
    .from(raceLiftPlaces)
    .innerJoin(users, eq(users.id, raceLiftPlaces.userId))
    .where(eq(raceLiftPlaces.liftId, liftId))
    .all();
}

function taken(db: Db, liftId: number, kind: 'seat' | 'bike'): number {
  return db
    .select({ n: sql<number>`count(*)` })
    .from(raceLiftPlaces)
    .where(and(eq(raceLiftPlaces.liftId, liftId), eq(raceLiftPlaces.kind, kind)))
    .get()!.n;
}

// ---------- Writing ----------

/**
 * The driver offers a lift to the race: one per driver and race (a second, however alike, is refused;
 * the driver changes the one they offer). Checked and written in the caller's one immediate
 * transaction, so two offers sent at once make one lift.
 */
export function offerLift(deps: Deps, raceId: number, driver: Member, input: RaceLiftInput, now: number): RaceLift {
  requireMember(driver);
  const { db } = deps.database;
  raceRow(db, raceId);
  const offered = db
    .select({ id: raceLifts.id })
    .from(raceLifts)
    .where(and(eq(raceLifts.raceId, raceId), eq(raceLifts.driverId, driver.id)))
    .get();
  if (offered) throw new ServiceError(409, RACE_ONE_LIFT_ERROR);
  const row = db
    .insert(raceLifts)
    .values({ raceId, driverId: driver.id, ...input, createdAt: now })
    .returning()
    .get();
  // A driver is not looking for a lift any more.
  db.delete(raceLiftSeekers).where(and(eq(raceLiftSeekers.raceId, raceId), eq(raceLiftSeekers.userId, driver.id))).run();
  return liftFor(db, raceId, row.id, driver.id);
}

function requireDriver(lift: RaceLiftRow, user: Member): void {
  if (lift.driverId !== user.id) throw new ServiceError(403, RACE_LIFT_DRIVER_ONLY_ERROR);
}

/** The driver changes the lift; its riders hear of a new time. */
export function changeLift(deps: AppDeps, raceId: number, liftId: number, driver: Member, input: RaceLiftInput): RaceLift {
  requireMember(driver);
  const { db } = deps.database;
  const before = liftRow(db, raceId, liftId);
  requireDriver(before, driver);
  const tooFew = liftBelowTaken(input, { seats: taken(db, liftId, 'seat'), bikeSpots: taken(db, liftId, 'bike') });
  if (tooFew) throw new ServiceError(409, tooFew.error, { field: tooFew.field });
  db.update(raceLifts).set(input).where(eq(raceLifts.id, liftId)).run();
  tellLiftMoved(deps, before, input.leavingAt, findUserById(db, driver.id)!.name, raceRow(db, raceId).name, ridersOf(db, liftId));
  return liftFor(db, raceId, liftId, driver.id);
}

/** The driver withdraws the lift; everyone who rode in it is told. */
export function withdrawLift(deps: AppDeps, raceId: number, liftId: number, driver: Member): void {
  const { db } = deps.database;
  const lift = liftRow(db, raceId, liftId);
  requireDriver(lift, driver);
  const riders = ridersOf(db, liftId);
  db.delete(raceLifts).where(eq(raceLifts.id, liftId)).run();
  tellLiftWithdrawn(deps, lift, findUserById(db, driver.id)!.name, raceRow(db, raceId).name, riders);
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
    return liftFor(db, raceId, liftId, user.id);
  }
  if (lift.driverId === user.id) throw new ServiceError(409, RACE_OWN_LIFT_ERROR);
  if (db.select({ id: raceLiftPlaces.id }).from(raceLiftPlaces).where(mine).get()) return liftFor(db, raceId, liftId, user.id);
  const capacity = kind === 'seat' ? lift.seats : lift.bikeSpots;
  if (taken(db, liftId, kind) >= capacity) throw new ServiceError(409, kind === 'seat' ? RACE_NO_SEATS_ERROR : RACE_NO_BIKE_SPOTS_ERROR);
  db.insert(raceLiftPlaces).values({ liftId, userId: user.id, kind, takenAt: now }).run();
  db.delete(raceLiftSeekers).where(and(eq(raceLiftSeekers.raceId, raceId), eq(raceLiftSeekers.userId, user.id))).run();
  return liftFor(db, raceId, liftId, user.id);
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
