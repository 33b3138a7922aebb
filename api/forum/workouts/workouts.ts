import { and, asc, count, eq, sql } from 'drizzle-orm';
import { clubName } from '../../club/identity/identity';
import { hasStarted } from '../../../domain/clock';
import type { Db } from '../../../db/client';
import { waitlistOrder, waitlistUpTo } from '../../../db/queries/waitlist-order';
import { absenceLog, posts, users, waitlistEntries, workoutSignups, type PostRow } from '../../../db/schema';
import {
  ALREADY_SIGNED_UP_ERROR,
  capacityBelowSignupsMessage,
  fullWorkoutError,
  WORKOUT_NOT_FOUND,
  WORKOUT_NOT_FULL_ERROR,
  WORKOUT_STARTED_ERROR,
  type SignupAnswer,
  type WaitlistAnswer,
  type WaitlistEntry,
  type WorkoutDetailAnswer,
  type WorkoutPost,
  type WorkoutSignup,
} from '../../../domain/contract/training/forum';
import { type NewWorkout, type WorkoutUpdate } from '../../../domain/contract/training/forum-schemas';
import { FORMER_MEMBER } from '../../../domain/contract/members/privacy';
import { clubDates, clubRules, clubSports } from '../../club/settings';
import { paceUnitOf } from '../../../domain/sports';
import { chosenWorkoutType } from './workout-types';
import type { AppDeps } from '../../platform/context';
import { ServiceError } from '../../platform/errors';
import { newWorkoutNotice, placeFreedNotice, waitlistPromotionEmail } from '../../messaging/mail-templates';
import { pushNewWorkout } from '../../messaging/notifications';
import { tellMember } from '../../messaging/notify';
import { assertNotCancelled, requireWorkout, type Actor } from '../posts/access';
import { refuseMoveIntoPast, tellIfMoved } from '../posts/change-notices';
import { loadWorkoutPost } from '../posts/reads';
import { clubWorkout, workoutStart } from '../posts/start-instants';
import {
  isLateCancel,
  isSuspended,
  startsSuspension,
  suspendedUntilText,
  suspensionEndsAt,
  waitlistPromotions,
} from '../../../domain/rules';
import { storedDuration } from '../../../domain/durations';
import { postingProblem } from '../../../domain/moves';
import {
  capacityOf,
  givePlace,
  inLane,
  laneOfRequest,
  lanesOf,
  placeFull,
  placesTaken,
  refuseSignupIntoOtherLane,
  saveLanes,
  waitingFor,
  type LaneRow,
} from './lanes';
import { clubTimeZone } from '../../platform/club-time-zone';
import { refuseUnsignedSignup } from '../../safety/cards';

export type AbsenceReason = 'late-cancel' | 'no-show';

// ---------- Reading ----------

function loadWorkoutOr404(deps: AppDeps, userId: number, id: number): WorkoutPost {
  const workout = loadWorkoutPost(deps, userId, id);
  if (!workout) throw new ServiceError(404, WORKOUT_NOT_FOUND);
  return workout;
}

function signupRows(db: Db, postId: number): WorkoutSignup[] {
  return db
    .select({
      id: workoutSignups.id,
      user_id: workoutSignups.userId,
      // A deleted account's place in a workout that had started stays, without a name.
      user_name: sql<string>`coalesce(${users.name}, ${FORMER_MEMBER})`,
      signup_time: workoutSignups.signupTime,
      userProfilePictureUrl: users.profilePictureUrl,
      lane: workoutSignups.laneId,
    })
    .from(workoutSignups)
    .leftJoin(users, eq(users.id, workoutSignups.userId))
    .where(eq(workoutSignups.postId, postId))
    .orderBy(asc(workoutSignups.signupTime), asc(workoutSignups.id))
    .all()
    .map(withLane);
}

/** A row's lane is in the answer only on a workout with lanes (the rows of others are as they were). */
function withLane<R extends { lane?: number | null }>(row: R): R {
  if (row.lane !== null) return row;
  const { lane: _none, ...rest } = row;
  return rest as R;
}

function waitlistRows(db: Db, postId: number): WaitlistEntry[] {
  return db
    .select({
      id: waitlistEntries.id,
      user_id: waitlistEntries.userId,
      user_name: users.name,
      joined_at: waitlistEntries.joinedAt,
      userProfilePictureUrl: users.profilePictureUrl,
      lane: waitlistEntries.laneId,
    })
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(eq(waitlistEntries.postId, postId))
    .orderBy(...waitlistOrder)
    .all()
    .map(withLane);
}

export function workoutDetail(deps: AppDeps, userId: number, id: number): WorkoutDetailAnswer {
  const { db } = deps.database;
  // One read transaction, so the counts on the card and the two lists agree with each other.
  return deps.database.read(() => {
    const workout = loadWorkoutOr404(deps, userId, id);
    return { workout, signups: signupRows(db, id), waitlist: waitlistRows(db, id) };
  });
}

export function listSignups(deps: AppDeps, id: number): WorkoutSignup[] {
  requireWorkout(deps.database.db, id);
  return signupRows(deps.database.db, id);
}

export function listWaitlist(deps: AppDeps, id: number): WaitlistEntry[] {
  requireWorkout(deps.database.db, id);
  return waitlistRows(deps.database.db, id);
}

function signupCount(db: Db, postId: number): number {
  return db.select({ n: count() }).from(workoutSignups).where(eq(workoutSignups.postId, postId)).get()!.n;
}

function isSignedUp(db: Db, postId: number, userId: number): boolean {
  return !!db
    .select({ id: workoutSignups.id })
    .from(workoutSignups)
    .where(and(eq(workoutSignups.postId, postId), eq(workoutSignups.userId, userId)))
    .get();
}

/** 1-based place on the waitlist (in waitlist order; on a workout with lanes, the lane's), or null. */
export function waitlistPosition(db: Db, postId: number, userId: number): number | null {
  const mine = db
    .select({ id: waitlistEntries.id, joinedAt: waitlistEntries.joinedAt, laneId: waitlistEntries.laneId })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.postId, postId), eq(waitlistEntries.userId, userId)))
    .get();
  if (!mine) return null;
  // Counted in SQL (a storm puts a thousand on one list): the entries at or before this one.
  return db
    .select({ n: count() })
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.postId, postId), inLane(mine.laneId), waitlistUpTo(mine)))
    .get()!.n;
}

// ---------- Absences and suspension ----------

export interface AbsenceResult {
  counted: boolean;
  absences: number;
  /** Set when this absence started a suspension. */
  suspendedUntil: number | null;
}

/**
 * Counts one absence for a workout, at most once per member and workout (the unique index on
 * absence_log decides); every third absence suspends sign-ups for a week. Call inside a transaction.
 */
export function countAbsence(
  deps: AppDeps,
  userId: number,
  postId: number,
  reason: AbsenceReason,
  now: number,
): AbsenceResult {
  const { db } = deps.database;
  // A deleted account (its place in a started workout stays) has no absences to count.
  if (!db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()) {
    return { counted: false, absences: 0, suspendedUntil: null };
  }
  const logged = db
    .insert(absenceLog)
    .values({ userId, postId, reason, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: absenceLog.id })
    .all();
  if (logged.length === 0) {
    const row = db.select({ absences: users.absences }).from(users).where(eq(users.id, userId)).get();
    return { counted: false, absences: row?.absences ?? 0, suspendedUntil: null };
  }
  const { absences } = db
    .update(users)
    .set({ absences: sql`${users.absences} + 1` })
    .where(eq(users.id, userId))
    .returning({ absences: users.absences })
    .get()!;
  let suspendedUntil: number | null = null;
  const rules = clubRules(deps);
  if (startsSuspension(rules, absences)) {
    suspendedUntil = suspensionEndsAt(rules, now);
    db.update(users).set({ suspendedUntil }).where(eq(users.id, userId)).run();
  }
  return { counted: true, absences, suspendedUntil };
}

function assertNotSuspended(deps: AppDeps, userId: number, now: number): void {
  const row = deps.database.db
    .select({ suspendedUntil: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, userId))
    .get();
  const until = row?.suspendedUntil ?? null;
  if (until !== null && isSuspended(until, now)) {
    const when = clubDates(deps).instant(until, clubTimeZone(deps), 'long');
    // 409, not 403: the account is fine, its state refuses this one action (and a 403 would end the
    // session in the PWA).
    throw new ServiceError(409, suspendedUntilText(clubRules(deps), when), { suspendedUntil: until });
  }
}

// ---------- Waitlist promotion ----------

/**
 * Gives the free places to the waitlist, first come first served, and tells each member promoted.
 * A workout without lanes is one pool of places (lane null); a workout with lanes is one pool per
 * lane, each with its own capacity and waitlist. Who of a pool's waitlist gets its places is
 * `waitlistPromotions` (a suspended member keeps their place but is passed over). Nobody is promoted
 * once the workout has started (the place is of no use any more). Answers who was promoted, in order.
 * Call inside a transaction.
 */
export function fillFromWaitlist(deps: AppDeps, post: PostRow, now: number): number[] {
  const { db } = deps.database;
  const promoted: number[] = [];
  // Nobody is moved onto a cancelled workout: the places are filled if it is back on.
  if (post.cancelledAt !== null || hasStarted(clubWorkout(post), now, clubTimeZone(deps)))
    return promoted;
  const lanes = lanesOf(db, post.id);
  const pools: (LaneRow | null)[] = lanes.length > 0 ? lanes : [null];
  // A member waiting to move to another lane keeps their place until moved; the move frees it, so
  // the pools are gone through again until nobody moves.
  for (let changed = true; changed; ) {
    changed = false;
    for (const lane of pools) {
      const queue = waitingFor(db, post.id, lane);
      for (const entry of waitlistPromotions(queue, capacityOf(post, lane), placesTaken(db, post.id, lane), now)) {
        givePlace(db, post.id, entry, lane, now);
        tellPlaceFreed(deps, post, entry, lane);
        promoted.push(entry.userId);
        changed = true;
      }
    }
  }
  return promoted;
}

/** Tells a member promoted from a waitlist (into `lane`, on a workout with lanes) that they have a place. */
function tellPlaceFreed(
  deps: AppDeps,
  post: PostRow,
  member: { userId: number; name: string; email: string },
  lane: LaneRow | null,
): void {
  const when = clubDates(deps).dateTime(post.workoutDate!, post.workoutTime);
  // The lane is named with the workout, so the notice and the email say where the place is.
  const title = lane ? `${post.title} (${lane.name})` : post.title;
  // Urgent: the member has to know in time to come, so the email goes whatever their devices.
  tellMember(
    deps,
    { id: member.userId, email: member.email },
    {
      kind: 'placeFreed',
      notice: placeFreedNotice(title, when, post.id),
      email: () =>
        waitlistPromotionEmail(clubName(deps), member.email, member.name, title, when, `${deps.env.APP_URL}/workout/${post.id}`),
      urgency: 'urgent',
    },
  );
}

// ---------- Sign-up and cancel ----------

export interface SignupOptions {
  /** A full workout puts the member on its waitlist instead of refusing (the answer says which). */
  waitlistIfFull?: boolean;
  /** The lane, on a workout with lanes (required there). */
  lane?: number;
}

/**
 * Signs up or cancels. `desired` undefined (a request with no body) toggles; true/false sets the state,
 * and setting the current state changes nothing. The checks and the writes (capacity, suspension,
 * promotion, absence, the waitlist place of a full workout) run in one immediate transaction, so
 * capacity can never be exceeded and waitlist places are given in the order the requests commit.
 */
export function setSignup(
  deps: AppDeps,
  actor: Actor,
  workoutId: number,
  desired?: boolean,
  options: SignupOptions = {},
): SignupAnswer {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const post = requireWorkout(db, workoutId);
    const current = isSignedUp(db, post.id, actor.id);
    const want = desired ?? !current;
    if (want && current && options.lane !== undefined) refuseSignupIntoOtherLane(db, post, actor.id, options.lane);
    // A workout with lanes is asked for a lane to sign up in; cancelling needs none.
    const lane = want && !current ? laneOfRequest(db, post, options.lane) : null;
    // Asked with waitlistIfFull, every answer to a sign-up says where the member stands.
    const placed = (signedUp: boolean, position: number | null): SignupAnswer =>
      options.waitlistIfFull && want ? { signedUp, onWaitlist: position !== null, position } : { signedUp };
    if (want === current) return placed(current, null);
    if (want && options.waitlistIfFull) {
      // Already waiting on a full workout: the same place again, as joining twice answers.
      const waiting = waitlistPosition(db, post.id, actor.id);
      // On a workout with lanes, only a wait for the lane asked for is the same place.
      const sameLane = lane === null || heldLaneOfEntry(db, post.id, actor.id) === lane.id;
      if (waiting !== null && sameLane && placeFull(db, post, lane)) return placed(false, waiting);
    }

    const now = deps.clock();
    // After the start the list is the attendance roster: it no longer changes either way.
    if (hasStarted(clubWorkout(post), now, clubTimeZone(deps)))
      throw new ServiceError(409, WORKOUT_STARTED_ERROR);
    const start = workoutStart(post, clubTimeZone(deps));

    if (want) {
      assertNotCancelled(post);
      assertNotSuspended(deps, actor.id, now);
      refuseUnsignedSignup(deps, actor.id);
      if (placeFull(db, post, lane)) {
        if (!options.waitlistIfFull) throw new ServiceError(409, fullWorkoutError(lane ? lane.capacity! : post.capacity!));
        return placed(false, enterWaitlist(db, post.id, actor.id, now, lane));
      }
      db.insert(workoutSignups).values({ postId: post.id, userId: actor.id, signupTime: now, laneId: lane?.id ?? null }).run();
      db.delete(waitlistEntries)
        .where(and(eq(waitlistEntries.postId, post.id), eq(waitlistEntries.userId, actor.id)))
        .run();
      return placed(true, null);
    }

    db.delete(workoutSignups)
      .where(and(eq(workoutSignups.postId, post.id), eq(workoutSignups.userId, actor.id)))
      .run();
    const answer: SignupAnswer = { signedUp: false };
    // Taking one's name off a cancelled workout is no absence (and frees no place while it is off).
    if (post.cancelledAt === null && isLateCancel(clubRules(deps), start, now)) {
      const absence = countAbsence(deps, actor.id, post.id, 'late-cancel', now);
      answer.absenceCounted = absence.counted;
      answer.absences = absence.absences;
      answer.suspendedUntil = absence.suspendedUntil;
    }
    fillFromWaitlist(deps, post, now);
    return answer;
  });
}

// ---------- Waitlist ----------

/** Joining is only for a full workout the member is not on; joining twice answers the same place. */
export function joinWaitlist(deps: AppDeps, actor: Actor, workoutId: number, laneId?: number): WaitlistAnswer {
  return deps.database.tx(() => {
    const { db } = deps.database;
    const post = requireWorkout(db, workoutId);
    const lane = laneOfRequest(db, post, laneId);
    const already = waitlistPosition(db, post.id, actor.id);
    if (already !== null && !lane) return { onWaitlist: true, position: already };
    if (already !== null && heldLaneOfEntry(db, post.id, actor.id) === lane?.id) {
      return { onWaitlist: true, position: already, lane: lane.id };
    }
    // On a workout with lanes, a member with a place waits for another lane with lane moves.
    if (isSignedUp(db, post.id, actor.id)) throw new ServiceError(409, ALREADY_SIGNED_UP_ERROR);
    assertNotCancelled(post);
    const now = deps.clock();
    if (hasStarted(clubWorkout(post), now, clubTimeZone(deps)))
      throw new ServiceError(409, WORKOUT_STARTED_ERROR);
    // A suspended member could otherwise reach the list by promotion.
    assertNotSuspended(deps, actor.id, now);
    if (!placeFull(db, post, lane)) throw new ServiceError(409, WORKOUT_NOT_FULL_ERROR);
    const position = enterWaitlist(db, post.id, actor.id, now, lane);
    return lane ? { onWaitlist: true, position, lane: lane.id } : { onWaitlist: true, position };
  });
}

/** The lane a member's waitlist entry is for, or null. */
function heldLaneOfEntry(db: Db, postId: number, userId: number): number | null {
  return (
    db
      .select({ lane: waitlistEntries.laneId })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.postId, postId), eq(waitlistEntries.userId, userId)))
      .get()?.lane ?? null
  );
}

/**
 * Puts a member at the end of a full workout's (or full lane's) waitlist, leaving any other lane's;
 * answers their place. Call inside a transaction.
 */
function enterWaitlist(db: Db, postId: number, userId: number, now: number, lane: LaneRow | null = null): number {
  db.delete(waitlistEntries).where(and(eq(waitlistEntries.postId, postId), eq(waitlistEntries.userId, userId))).run();
  db.insert(waitlistEntries).values({ postId, userId, joinedAt: now, laneId: lane?.id ?? null }).run();
  return waitlistPosition(db, postId, userId)!;
}

export function leaveWaitlist(deps: AppDeps, actor: Actor, workoutId: number): WaitlistAnswer {
  return deps.database.tx(() => {
    const { db } = deps.database;
    requireWorkout(db, workoutId);
    db.delete(waitlistEntries)
      .where(and(eq(waitlistEntries.postId, workoutId), eq(waitlistEntries.userId, actor.id)))
      .run();
    return { onWaitlist: false, position: null };
  });
}

// ---------- Creating and editing ----------

/**
 * Refuses (400, naming `workoutDate` or `workoutTime`) a new workout, or a weekly series' first one,
 * that starts sooner than the club's posting rule allows (Admin → Rules, domain/rules.ts).
 */
export function refuseTooSoon(deps: AppDeps, input: Pick<NewWorkout, 'workoutDate' | 'workoutTime'>): void {
  const problem = postingProblem(clubRules(deps), { date: input.workoutDate, time: input.workoutTime }, deps.clock(), clubTimeZone(deps));
  if (problem) throw new ServiceError(400, problem.error, { field: problem.field === 'date' ? 'workoutDate' : 'workoutTime' });
}

export function createWorkout(deps: AppDeps, actor: Actor, input: NewWorkout): WorkoutPost {
  return deps.database.tx(() => {
    const { db } = deps.database;
    refuseTooSoon(deps, input);
    const now = deps.clock();
    const workoutType = chosenWorkoutType(deps, input.workoutType);
    const { id } = db
      .insert(posts)
      .values({
        userId: actor.id,
        type: 'workout',
        title: input.title,
        content: input.content,
        workoutType,
        workoutDate: input.workoutDate,
        workoutTime: input.workoutTime,
        // No end time given: null, the usual length of its type.
        durationMinutes: storedDuration(input.workoutTime, input.workoutEndTime) ?? null,
        workoutLocation: input.workoutLocation ?? '',
        capacity: input.capacity,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: posts.id })
      .get();
    saveLanes(db, requireWorkout(db, id), paceUnitOf(clubSports(deps), workoutType), input.lanes);
    pushNewWorkout(
      deps,
      actor.id,
      newWorkoutNotice(input.title, clubDates(deps).dateTime(input.workoutDate, input.workoutTime), id, 0),
    );
    return loadWorkoutOr404(deps, actor.id, id);
  });
}

/**
 * The writes of `actor`'s edit, for a workout already checked: call inside a transaction. `nameDate`
 * puts the workout's date in a refusal (an edit of a series reaches workouts the exec is not looking at).
 */
export function applyWorkoutUpdate(
  deps: AppDeps,
  actor: Actor,
  post: PostRow,
  input: WorkoutUpdate,
  nameDate = false,
): void {
  const { db } = deps.database;
  refuseMoveIntoPast(deps, post, {
    date: input.workoutDate,
    time: input.workoutTime,
    place: input.workoutLocation ?? post.workoutLocation ?? '',
  });
  const signedUp = signupCount(db, post.id);
  // With lanes, the capacity is the sum of the lanes' (each checked against its own sign-ups).
  const laned = input.lanes !== undefined ? input.lanes.length > 0 : lanesOf(db, post.id).length > 0;
  if (!laned && input.capacity !== null && input.capacity < signedUp) {
    const on = nameDate ? ` on ${post.workoutDate}` : '';
    throw new ServiceError(409, capacityBelowSignupsMessage(signedUp, on));
  }
  const now = deps.clock();
  const workoutType = chosenWorkoutType(deps, input.workoutType, post.workoutType);
  const updated = db
    .update(posts)
    .set({
      title: input.title,
      content: input.content,
      workoutType,
      workoutDate: input.workoutDate,
      workoutTime: input.workoutTime,
      // Left out of the request (an older app): the place it had stays, and so does its length.
      ...(input.workoutLocation !== undefined && { workoutLocation: input.workoutLocation }),
      ...(input.workoutEndTime !== undefined && {
        durationMinutes: storedDuration(input.workoutTime, input.workoutEndTime),
      }),
      ...(!laned && { capacity: input.capacity }),
      // The calendar feeds' SEQUENCE: a change reaches subscribed calendars.
      revision: sql`${posts.revision} + 1`,
      updatedAt: now,
    })
    .where(eq(posts.id, post.id))
    .returning()
    .get()!;
  saveLanes(db, updated, paceUnitOf(clubSports(deps), workoutType), input.lanes, nameDate ? ` on ${post.workoutDate}` : '');
  fillFromWaitlist(deps, requireWorkout(db, post.id), now);
  tellIfMoved(deps, post, updated, actor.id);
}

// ---------- Member deletion ----------

/**
 * A member leaving the club: every waitlist place goes, and the places in workouts that have not
 * started are freed (no absence counted) and offered to the waitlist as usual. Places in workouts that
 * have started stay: they are the club's record of who came. Call inside a transaction.
 */
export function releaseComingPlaces(deps: AppDeps, userId: number): void {
  const { db } = deps.database;
  const now = deps.clock();
  const tz = clubTimeZone(deps);
  db.delete(waitlistEntries).where(eq(waitlistEntries.userId, userId)).run();
  const held = db
    .select({ post: posts })
    .from(workoutSignups)
    .innerJoin(posts, eq(posts.id, workoutSignups.postId))
    .where(eq(workoutSignups.userId, userId))
    .all()
    .map((r) => r.post)
    .filter((post) => !hasStarted(clubWorkout(post), now, tz));
  for (const post of held) {
    db.delete(workoutSignups)
      .where(and(eq(workoutSignups.postId, post.id), eq(workoutSignups.userId, userId)))
      .run();
    fillFromWaitlist(deps, post, now);
  }
}
