// A workout's lanes on the server: saving them with the workout, picking the lane a request names,
// counting each lane's places and reading its waitlist (a workout without lanes is the one pool with
// lane null), and moving members between lanes. The rules themselves are domain/lanes.ts and, for
// filling a pool, domain/rules.ts; every function here that writes runs inside the caller's
// transaction.
import { and, asc, count, eq, isNull, notInArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { waitlistOrder } from '../../../db/queries/waitlist-order';
import { users, waitlistEntries, workoutLanes, workoutSignups, posts, type PostRow } from '../../../db/schema';
import type { LaneInput } from '../../../domain/contract/training/forum-schemas';
import { LANE_FULL_TEXT, NO_SUCH_LANE_TEXT, laneBandProblem, laneRequiredText, signedUpInLaneText } from '../../../domain/lanes';
import type { PaceUnit } from '../../../domain/paces';
import { isFull } from '../../../domain/rules';
import { ServiceError } from '../../platform/errors';
import { laneCapacityBelowSignupsMessage, laneInUseMessage, NO_LANES_ERROR } from '../../../domain/contract/training/forum';

export type LaneRow = typeof workoutLanes.$inferSelect;

export function lanesOf(db: Db, postId: number): LaneRow[] {
  return db.select().from(workoutLanes).where(eq(workoutLanes.postId, postId)).orderBy(asc(workoutLanes.position)).all();
}

/**
 * The lane a request names on `post`: null for a workout without lanes (which takes none, as
 * installed apps send none); a 400 naming the lanes when a workout with lanes is asked without one.
 */
export function laneOfRequest(db: Db, post: PostRow, laneId: number | undefined): LaneRow | null {
  const lanes = lanesOf(db, post.id);
  if (lanes.length === 0) {
    if (laneId !== undefined) throw new ServiceError(400, NO_LANES_ERROR, { field: 'lane' });
    return null;
  }
  if (laneId === undefined) {
    throw new ServiceError(400, laneRequiredText(lanes), {
      field: 'lane',
      lanes: lanes.map((l) => ({ id: l.id, name: l.name })),
    });
  }
  const lane = lanes.find((l) => l.id === laneId);
  if (!lane) throw new ServiceError(400, NO_SUCH_LANE_TEXT, { field: 'lane' });
  return lane;
}

/** The signed-up count of a lane (or of the whole workout, for a workout without lanes). */
export function placesTaken(db: Db, postId: number, lane: LaneRow | null): number {
  const where = lane
    ? and(eq(workoutSignups.postId, postId), eq(workoutSignups.laneId, lane.id))
    : eq(workoutSignups.postId, postId);
  return db.select({ n: count() }).from(workoutSignups).where(where).get()!.n;
}

/** True when the lane (or the workout without lanes) has no free place. */
export function placeFull(db: Db, post: PostRow, lane: LaneRow | null): boolean {
  return isFull(capacityOf(post, lane), placesTaken(db, post.id, lane));
}

/** The capacity of a lane (or of a workout without lanes); null is no limit. */
export function capacityOf(post: PostRow, lane: LaneRow | null): number | null {
  return lane ? lane.capacity : post.capacity;
}

/** The lane a member holds a place in, or null (no place, or a workout without lanes). */
export function heldLane(db: Db, postId: number, userId: number): number | null {
  return (
    db
      .select({ lane: workoutSignups.laneId })
      .from(workoutSignups)
      .where(and(eq(workoutSignups.postId, postId), eq(workoutSignups.userId, userId)))
      .get()?.lane ?? null
  );
}

/**
 * A sign-up from a member who already holds a place, naming a lane: the lane they hold is the same
 * place again (a replay answers as before), another lane of the workout is refused with 409 saying how
 * to move, since a sign-up never moves anyone and an app would read its answer as a move. A workout
 * without lanes takes such a request as it always did.
 */
export function refuseSignupIntoOtherLane(db: Db, post: PostRow, userId: number, laneId: number): void {
  const lanes = lanesOf(db, post.id);
  if (lanes.length === 0) return;
  const held = heldLane(db, post.id, userId);
  if (held === laneId) return;
  if (!lanes.some((l) => l.id === laneId)) throw new ServiceError(400, NO_SUCH_LANE_TEXT, { field: 'lane' });
  const name = lanes.find((l) => l.id === held)?.name ?? null;
  throw new ServiceError(409, signedUpInLaneText(name, post.id), { field: 'lane', lane: held });
}

/** The condition for a lane's entries (or, for a workout without lanes, those without a lane). */
export function inLane(laneId: number | null) {
  return laneId === null ? isNull(waitlistEntries.laneId) : eq(waitlistEntries.laneId, laneId);
}

/** A workout's capacity is the sum of its lanes' (none when any lane has no limit). */
function totalCapacity(lanes: readonly { capacity: number | null }[]): number | null {
  return lanes.some((l) => l.capacity === null) ? null : lanes.reduce((sum, l) => sum + l.capacity!, 0);
}

/**
 * Saves a workout's lanes: inserts new ones, updates those named by id, removes the rest (a lane
 * someone holds a place in or waits for cannot go, nor shrink below its sign-ups). Sets the
 * workout's capacity to the sum. `inputs` undefined keeps what it has (an older app's edit).
 */
export function saveLanes(db: Db, post: PostRow, unit: PaceUnit | null, inputs: LaneInput[] | undefined, on = ''): void {
  if (inputs === undefined) return;
  // The band's bounds depend on the unit, which the workout's type decides: checked here, not by the schema.
  const band = laneBandProblem(inputs, unit);
  if (band) throw new ServiceError(400, band.message, { field: band.field });
  const existing = lanesOf(db, post.id);
  const kept = inputs.filter((l) => l.id !== undefined).map((l) => l.id!);
  for (const id of kept) {
    if (!existing.some((l) => l.id === id)) throw new ServiceError(400, NO_SUCH_LANE_TEXT, { field: 'lanes' });
  }
  const removed = existing.filter((l) => !kept.includes(l.id));
  for (const lane of removed) {
    const busy =
      placesTaken(db, post.id, lane) +
      db.select({ n: count() }).from(waitlistEntries).where(eq(waitlistEntries.laneId, lane.id)).get()!.n;
    if (busy > 0) {
      throw new ServiceError(409, laneInUseMessage(lane.name, on), {
        field: 'lanes',
      });
    }
  }
  if (removed.length > 0) {
    db.delete(workoutLanes)
      .where(and(eq(workoutLanes.postId, post.id), notInArray(workoutLanes.id, kept.length > 0 ? kept : [0])))
      .run();
  }
  inputs.forEach((input, position) => {
    const values = {
      position,
      name: input.name,
      pace: input.pace,
      paceFrom: unit ? input.paceFrom : null,
      paceTo: unit ? input.paceTo : null,
      paceUnit: unit,
      capacity: input.capacity,
    };
    if (input.id === undefined) {
      db.insert(workoutLanes).values({ postId: post.id, ...values }).run();
      return;
    }
    const lane = existing.find((l) => l.id === input.id)!;
    const taken = placesTaken(db, post.id, lane);
    if (input.capacity !== null && input.capacity < taken) {
      throw new ServiceError(409, laneCapacityBelowSignupsMessage(input.name, on, taken), {
        field: 'lanes',
      });
    }
    db.update(workoutLanes).set(values).where(eq(workoutLanes.id, lane.id)).run();
  });
  if (inputs.length > 0) {
    db.update(posts).set({ capacity: totalCapacity(inputs) }).where(eq(posts.id, post.id)).run();
  }
}

/**
 * An edit of a series names the lanes of the workout the exec opened; each later workout has lanes
 * of its own, matched by their place in the order (a lane new to the series is new to each).
 */
export function siblingLanes(db: Db, opened: PostRow, sibling: PostRow, inputs: LaneInput[] | undefined): LaneInput[] | undefined {
  if (inputs === undefined) return undefined;
  const openedIds = lanesOf(db, opened.id).map((l) => l.id);
  const siblingIds = lanesOf(db, sibling.id).map((l) => l.id);
  return inputs.map((input) => {
    if (input.id === undefined) return input;
    const id = siblingIds[openedIds.indexOf(input.id)];
    const { id: _opened, ...rest } = input;
    return id === undefined ? rest : { ...rest, id };
  });
}

/** One waitlisted member a pool may promote. */
export interface QueueEntry {
  entryId: number;
  userId: number;
  name: string;
  email: string;
  suspendedUntil: number | null;
}

/** The waitlist of a lane (or of a workout without lanes), in waitlist order. */
export function waitingFor(db: Db, postId: number, lane: LaneRow | null): QueueEntry[] {
  return db
    .select({
      entryId: waitlistEntries.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      suspendedUntil: users.suspendedUntil,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(and(eq(waitlistEntries.postId, postId), inLane(lane?.id ?? null)))
    .orderBy(...waitlistOrder)
    .all();
}

/**
 * Gives a waitlisted member a place in `lane` (or in a workout without lanes): a member waiting to
 * move keeps their sign-up and has its lane changed, anyone else is signed up.
 */
export function givePlace(db: Db, postId: number, entry: QueueEntry, lane: LaneRow | null, now: number): void {
  db.delete(waitlistEntries).where(eq(waitlistEntries.id, entry.entryId)).run();
  const laneId = lane?.id ?? null;
  const moved = db
    .update(workoutSignups)
    .set({ laneId })
    .where(and(eq(workoutSignups.postId, postId), eq(workoutSignups.userId, entry.userId)))
    .returning({ id: workoutSignups.id })
    .all();
  if (moved.length === 0) db.insert(workoutSignups).values({ postId, userId: entry.userId, signupTime: now, laneId }).run();
}

export interface LaneMoveResult {
  /** Moved now, or waiting for a place in the lane (keeping the current one). */
  moved: boolean;
  lane: number;
  /** 1-based place on the lane's waitlist when waiting. */
  position: number | null;
  /** The lane left, whose place is now free. */
  from: number;
}

/**
 * Moves a member who holds a place to another lane: into a free place at once, or (a member's own
 * move into a full lane) onto that lane's waitlist keeping the place they have. An exec's move may go
 * past the lane's capacity (`overCapacity`); without it a full lane refuses the exec.
 */
export function moveToLane(
  db: Db,
  post: PostRow,
  userId: number,
  lane: LaneRow,
  now: number,
  mode: 'member' | 'exec' | 'exec-over-capacity',
  position: (laneId: number) => number,
): LaneMoveResult | null {
  const from = heldLane(db, post.id, userId);
  if (from === null) return null;
  if (from === lane.id) {
    db.delete(waitlistEntries).where(and(eq(waitlistEntries.postId, post.id), eq(waitlistEntries.userId, userId))).run();
    return { moved: true, lane: lane.id, position: null, from };
  }
  if (mode !== 'exec-over-capacity' && isFull(lane.capacity, placesTaken(db, post.id, lane))) {
    if (mode === 'exec') throw new ServiceError(409, LANE_FULL_TEXT, { field: 'lane' });
    db.delete(waitlistEntries).where(and(eq(waitlistEntries.postId, post.id), eq(waitlistEntries.userId, userId))).run();
    db.insert(waitlistEntries).values({ postId: post.id, userId, joinedAt: now, laneId: lane.id }).run();
    return { moved: false, lane: lane.id, position: position(lane.id), from };
  }
  db.update(workoutSignups)
    .set({ laneId: lane.id })
    .where(and(eq(workoutSignups.postId, post.id), eq(workoutSignups.userId, userId)))
    .run();
  db.delete(waitlistEntries).where(and(eq(waitlistEntries.postId, post.id), eq(waitlistEntries.userId, userId))).run();
  return { moved: true, lane: lane.id, position: null, from };
}
