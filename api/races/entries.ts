// A race entry: a member going to a race, and at which distance and wave. Stored as a row of
// `race_signups` (the table keeps the name of the first apps): signing up makes the row with no
// distance yet, entering a distance fills it in (signing up when they were not). Its reads, its writes
// and the one mapper from a row to the contract's answers (the race's `signups` and `entries`) live here.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { raceSignups, races, users } from '../../db/schema';
import type { RaceEntry, RaceEntryInput, RaceSignup } from '../../domain/contract/training/races';
import type { AppDeps } from '../platform/context';
import { refuseUnsignedSignup } from '../safety/cards';
import { forgetRelease, paidFor } from '../payments/entries/holds';
import { raceDistance, raceRow, requireMember, scopedRead, type Member, type RaceScope } from './race-rows';

type Deps = Pick<AppDeps, 'database'>;

/** Whether the entry's race has a fee and the entrant has not paid it (1) or not (0). */
const entryFeeUnpaid = sql<number>`(${races.feeCents} > 0 and not ${paidFor('race', sql`${raceSignups.raceId}`, sql`${raceSignups.userId}`)})`;

/** Entries, oldest first, with who made them. */
const entryRows = scopedRead(
  raceSignups.raceId,
  (db) =>
    db
      .select({
        id: raceSignups.id,
        raceId: raceSignups.raceId,
        userId: raceSignups.userId,
        userName: users.name,
        signupTime: raceSignups.signupTime,
        picture: users.profilePictureUrl,
        distance: raceSignups.distance,
        wave: raceSignups.wave,
        unpaid: entryFeeUnpaid,
      })
      .from(raceSignups)
      .innerJoin(users, eq(users.id, raceSignups.userId))
      .innerJoin(races, eq(races.id, raceSignups.raceId))
      .$dynamic(),
  asc(raceSignups.signupTime),
  asc(raceSignups.id),
);
type EntryRow = ReturnType<typeof entryRows>[number];

/** A race's entries as its answer gives them twice: who signed up (`signups`), and who races what (`entries`). */
export interface RaceEntries {
  signups: RaceSignup[];
  entries: RaceEntry[];
  /** The entrants whose entry fee is unpaid, with when each entered. */
  unpaid: Map<number, number>;
}

function toSignup(row: EntryRow): RaceSignup {
  return { id: row.id, user_id: row.userId, user_name: row.userName, signup_time: row.signupTime, userProfilePictureUrl: row.picture };
}

function toEntry(row: EntryRow): RaceEntry {
  return { user_id: row.userId, user_name: row.userName, distance: row.distance, wave: row.wave };
}

/** The entries of every race, or of one, by race: one query, each row mapped once. */
export function entriesOf(db: Db, scope: RaceScope): Map<number, RaceEntries> {
  const byRace = new Map<number, RaceEntries>();
  for (const row of entryRows(db, scope)) {
    let race = byRace.get(row.raceId);
    if (!race) {
      race = { signups: [], entries: [], unpaid: new Map() };
      byRace.set(row.raceId, race);
    }
    race.signups.push(toSignup(row));
    race.entries.push(toEntry(row));
    if (row.unpaid === 1) race.unpaid.set(row.userId, row.signupTime);
  }
  return byRace;
}

/** Whether the member is entered in the race (signed up, with or without a distance). */
export function isEntered(db: Db, raceId: number, userId: number): boolean {
  const row = db
    .select({ id: raceSignups.id })
    .from(raceSignups)
    .where(and(eq(raceSignups.raceId, raceId), eq(raceSignups.userId, userId)))
    .get();
  return row !== undefined;
}

/** A new entry by a member without this term's waiver, where the club does not allow it, is refused (one already entered keeps theirs). */
export function refuseUnsignedEntry(deps: AppDeps, raceId: number, userId: number): void {
  if (!isEntered(deps.database.db, raceId, userId)) refuseUnsignedSignup(deps, userId);
}

/**
 * Sets the caller's signup to `signedUp`. Asking for the state one already has is not an error: the
 * offline outbox sends the desired state and may send it twice. Run inside one transaction.
 */
export function setRaceSignup(deps: Deps, raceId: number, user: Member, signedUp: boolean, now: number): { signedUp: boolean } {
  const { db } = deps.database;
  requireMember(user);
  raceRow(db, raceId);
  if (signedUp) {
    const made = db.insert(raceSignups).values({ raceId, userId: user.id, signupTime: now }).onConflictDoNothing().run().changes;
    if (made === 1) forgetRelease(db, raceId, user.id);
  } else {
    db.delete(raceSignups)
      .where(and(eq(raceSignups.raceId, raceId), eq(raceSignups.userId, user.id)))
      .run();
  }
  return { signedUp };
}

/** The caller goes to the race at `distance` (signing them up when they were not). */
export function setEntry(deps: Deps, raceId: number, user: Member, input: RaceEntryInput, now: number): RaceEntry {
  requireMember(user);
  const { db } = deps.database;
  const distance = raceDistance(raceRow(db, raceId), input.distance);
  forgetRelease(db, raceId, user.id);
  db.insert(raceSignups)
    .values({ raceId, userId: user.id, signupTime: now, distance, wave: input.wave })
    .onConflictDoUpdate({
      target: [raceSignups.raceId, raceSignups.userId],
      set: { distance, wave: input.wave },
    })
    .run();
  return entriesOf(db, raceId).get(raceId)!.entries.find((e) => e.user_id === user.id)!;
}
