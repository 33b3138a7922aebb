import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { raceSignups, races, users, type RaceRow } from '../../db/schema';
import {
  RACE_MEMBERS_ONLY_ERROR,
  RACE_NOT_FOUND_ERROR,
  type Race,
  type RaceDetailAnswer,
  type RaceEntry,
  type RaceInput,
  type RaceSignup,
} from '../../domain/contract/training/races';
import { hasRole, type Role } from '../../domain/contract/roles';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { distancesOf, EMPTY_WEEKEND, legsOf, weekendsOf, type RaceWeekend } from './race-weekend';
import { DEFAULT_RACE_LEGS } from '../../domain/races/race-results';

/** What the race functions need: the database (the callers give the time). */
type RaceDeps = Pick<AppDeps, 'database'>;

/** Who is asking: null for a visitor without a token. */
export type RaceViewer = { id: number; role: Role } | null;

const raceNotFound = () => new ServiceError(404, RACE_NOT_FOUND_ERROR);

function isMember(viewer: RaceViewer): viewer is { id: number; role: Role } {
  return viewer !== null && hasRole(viewer.role, 'member');
}

/** Signups of the given races, oldest first, in one query (never one per race); with them, who races what. */
function signupsOf(db: Db, raceIds: number[], entries = new Map<number, RaceEntry[]>()): Map<number, RaceSignup[]> {
  const byRace = new Map<number, RaceSignup[]>();
  if (raceIds.length === 0) return byRace;
  const rows = db
    .select({
      id: raceSignups.id,
      raceId: raceSignups.raceId,
      userId: raceSignups.userId,
      userName: users.name,
      signupTime: raceSignups.signupTime,
      picture: users.profilePictureUrl,
      distance: raceSignups.distance,
      wave: raceSignups.wave,
    })
    .from(raceSignups)
    .innerJoin(users, eq(users.id, raceSignups.userId))
    .where(inArray(raceSignups.raceId, raceIds))
    .orderBy(asc(raceSignups.signupTime), asc(raceSignups.id))
    .all();
  for (const r of rows) {
    const list = byRace.get(r.raceId) ?? [];
    list.push({ id: r.id, user_id: r.userId, user_name: r.userName, signup_time: r.signupTime, userProfilePictureUrl: r.picture });
    byRace.set(r.raceId, list);
    entries.set(r.raceId, [...(entries.get(r.raceId) ?? []), { user_id: r.userId, user_name: r.userName, distance: r.distance, wave: r.wave }]);
  }
  return byRace;
}

function toRace(row: RaceRow, signups: RaceSignup[], viewer: RaceViewer, weekend: RaceWeekend = EMPTY_WEEKEND): Race {
  const base = {
    id: row.id,
    name: row.name,
    date: row.date,
    location: row.location,
    description: row.description,
    distances: distancesOf(row),
    legs: legsOf(row),
  };
  // Members' names stay private: visitors and non-members see the race only.
  if (!isMember(viewer)) {
    return { ...base, signups: [], signupCount: 0, isSignedUp: false, ...EMPTY_WEEKEND, entry: null, lookingForLift: false };
  }
  return {
    ...base,
    signups,
    signupCount: signups.length,
    isSignedUp: signups.some((s) => s.user_id === viewer.id),
    ...weekend,
    entry: weekend.entries.find((e) => e.user_id === viewer.id) ?? null,
    lookingForLift: weekend.liftSeekers.some((s) => s.user_id === viewer.id),
  };
}

function findRace(db: Db, id: number): RaceRow | undefined {
  return db.select().from(races).where(eq(races.id, id)).get();
}

function raceFor(db: Db, row: RaceRow, viewer: RaceViewer): Race {
  if (!isMember(viewer)) return toRace(row, [], viewer);
  const entries = new Map<number, RaceEntry[]>();
  const signups = signupsOf(db, [row.id], entries).get(row.id) ?? [];
  return toRace(row, signups, viewer, weekendsOf(db, [row.id], viewer.id, entries).get(row.id));
}

/** Every race by date (then by creation); signups only for members. */
export function listRaces(deps: RaceDeps, viewer: RaceViewer): Race[] {
  const { db } = deps.database;
  const rows = db.select().from(races).orderBy(asc(races.date), asc(races.id)).all();
  if (!isMember(viewer)) return rows.map((row) => toRace(row, [], viewer));
  const ids = rows.map((r) => r.id);
  const entries = new Map<number, RaceEntry[]>();
  const signups = signupsOf(db, ids, entries);
  const weekends = weekendsOf(db, ids, viewer.id, entries);
  return rows.map((row) => toRace(row, signups.get(row.id) ?? [], viewer, weekends.get(row.id)));
}

/** GET /races/{id} for a member. */
export function getRaceDetail(deps: RaceDeps, raceId: number, viewer: { id: number; role: Role }): RaceDetailAnswer {
  const { db } = deps.database;
  const row = findRace(db, raceId);
  if (!row) throw raceNotFound();
  const race = raceFor(db, row, viewer);
  return { race, signups: race.signups, isSignedUp: race.isSignedUp };
}

export function createRace(deps: RaceDeps, input: RaceInput, creator: { id: number; role: Role }, now: number): Race {
  const row = deps.database.db
    .insert(races)
    .values({
      ...input,
      distances: JSON.stringify(input.distances ?? []),
      legs: JSON.stringify(input.legs ?? DEFAULT_RACE_LEGS),
      createdBy: creator.id,
      createdAt: now,
    })
    .returning()
    .get();
  return toRace(row, [], creator);
}

export function updateRace(deps: RaceDeps, raceId: number, input: RaceInput, editor: { id: number; role: Role }): Race {
  const { db } = deps.database;
  const row = db
    .update(races)
    .set({
      ...input,
      // An edit without distances or legs (an older app's) keeps them.
      distances: input.distances === undefined ? undefined : JSON.stringify(input.distances),
      legs: input.legs === undefined ? undefined : JSON.stringify(input.legs),
      revision: sql`${races.revision} + 1`,
    })
    .where(eq(races.id, raceId))
    .returning()
    .get();
  if (!row) throw raceNotFound();
  return raceFor(db, row, editor);
}

/** Deletes the race and (by cascade) its signups. */
export function deleteRace(deps: RaceDeps, raceId: number): void {
  const gone = deps.database.db.delete(races).where(eq(races.id, raceId)).returning({ id: races.id }).get();
  if (!gone) throw raceNotFound();
}

/**
 * Sets the caller's signup to `signedUp`. Asking for the state one already has is not an error: the
 * offline outbox sends the desired state and may send it twice. Run inside one transaction.
 */
export function setRaceSignup(
  deps: RaceDeps,
  raceId: number,
  user: { id: number; role: Role },
  signedUp: boolean,
  now: number,
): { signedUp: boolean } {
  const { db } = deps.database;
  if (!hasRole(user.role, 'member')) throw new ServiceError(403, RACE_MEMBERS_ONLY_ERROR);
  if (!findRace(db, raceId)) throw raceNotFound();
  if (signedUp) {
    db.insert(raceSignups).values({ raceId, userId: user.id, signupTime: now }).onConflictDoNothing().run();
  } else {
    db.delete(raceSignups)
      .where(and(eq(raceSignups.raceId, raceId), eq(raceSignups.userId, user.id)))
      .run();
  }
  return { signedUp };
}
