// Duty rotas (docs/decisions/0151-duties.md): an exec adds duties to a workout, an event or a race;
// members take a place in one tap, give it up until the club's cut-off, after it offer a swap that the
// first eligible member takes; an exec assigns and removes anyone. Every write runs in respondOnce's
// immediate transaction, so the count of places read and the place taken cannot be raced: fifty taps
// on two places fill two.
import { and, asc, eq, gt, isNotNull, isNull, lt, ne } from 'drizzle-orm';
import { duties, dutyHolders, posts, races, users, type DutyRow } from '../../db/schema';
import { addDays } from '../../domain/calendar-days';
import { startInstant } from '../../domain/clock';
import { hasRole } from '../../domain/contract/roles';
import {
  DUTY_ALREADY_HELD_ERROR,
  DUTY_FULL_ERROR,
  DUTY_HOLDER_NOT_FOUND,
  DUTY_KIND_UNKNOWN_ERROR,
  DUTY_NO_SWAP_ERROR,
  DUTY_NOT_ELIGIBLE_ERROR,
  DUTY_NOT_FOUND,
  DUTY_NOT_HELD_ERROR,
  DUTY_NOT_STARTED_ERROR,
  DUTY_OVERLAP_ERROR,
  DUTY_PAST_CUT_OFF_ERROR,
  DUTY_PLACE_NOT_FOUND,
  DUTY_STARTED_ERROR,
  type Duty,
  type NewDuty,
} from '../../domain/contract/training/duties';
import { dutiesOverlap, dutyFull, mayGiveUpDuty, mayHoldDuty, readQualifications, type DutyEligibility, type DutyPlaceKind } from '../../domain/people/duties';
import { EVENT_MINUTES, durationOf, usualMinutes } from '../../domain/durations';
import { clubDuties, clubSports } from '../club/settings';
import { tellMember } from '../messaging/notify';
import { noticeEmail } from '../messaging/mail-templates';
import { clubName } from '../club/identity/identity';
import type { AppDeps } from '../platform/context';
import { ServiceError } from '../platform/errors';
import { clubTimeZone } from '../platform/club-time-zone';

const MINUTE = 60_000;

interface Member {
  id: number;
  role: string;
}

function dutyRow(deps: AppDeps, id: number): DutyRow {
  const row = deps.database.db.select().from(duties).where(eq(duties.id, id)).get();
  if (!row) throw new ServiceError(404, DUTY_NOT_FOUND);
  return row;
}

function qualificationsOf(deps: AppDeps, userId: number): string[] {
  const row = deps.database.db.select({ q: users.qualifications }).from(users).where(eq(users.id, userId)).get();
  return readQualifications(row?.q);
}

function eligible(deps: AppDeps, row: DutyRow, member: Member): boolean {
  return mayHoldDuty(
    { eligibility: row.eligibility as DutyEligibility, qualification: row.qualification },
    { exec: hasRole(member.role, 'exec'), qualifications: qualificationsOf(deps, member.id) },
  );
}

function holdersOf(deps: AppDeps, dutyId: number) {
  return deps.database.db
    .select({ id: users.id, name: users.name, swapOfferedAt: dutyHolders.swapOfferedAt, noShowAt: dutyHolders.noShowAt })
    .from(dutyHolders)
    .innerJoin(users, eq(users.id, dutyHolders.userId))
    .where(eq(dutyHolders.dutyId, dutyId))
    .orderBy(asc(dutyHolders.takenAt), asc(users.id))
    .all();
}

export function toDuty(deps: AppDeps, row: DutyRow, viewer: Member): Duty {
  const holders = holdersOf(deps, row.id);
  const mine = holders.some((h) => h.id === viewer.id);
  const open = !dutyFull(row.places, holders.length) || holders.some((h) => h.swapOfferedAt !== null);
  return {
    id: row.id,
    place: row.place as DutyPlaceKind,
    place_id: row.placeId,
    kind: row.kind,
    places: row.places,
    eligibility: row.eligibility as DutyEligibility,
    qualification: row.qualification,
    starts_at: row.startsAt,
    ends_at: row.endsAt,
    holders: holders.map((h) => ({ id: h.id, name: h.name, swap_offered: h.swapOfferedAt !== null, no_show: h.noShowAt !== null })),
    mine,
    may_take: !mine && open && row.startsAt > deps.clock() && eligible(deps, row, viewer) && !holdsOverlapping(deps, row, viewer.id),
  };
}

/** GET /duties: the duties of a workout, an event or a race, in the order they were added. */
export function dutiesOf(deps: AppDeps, viewer: Member, place: DutyPlaceKind, placeId: number): Duty[] {
  return deps.database.db
    .select()
    .from(duties)
    .where(and(eq(duties.place, place), eq(duties.placeId, placeId)))
    .orderBy(asc(duties.id))
    .all()
    .map((row) => toDuty(deps, row, viewer));
}

/** The span of the session a duty is on: a workout's or a timed event's start and length; a race's or an all-day event's whole day. */
function sessionSpan(deps: AppDeps, place: DutyPlaceKind, id: number): { startsAt: number; endsAt: number } {
  const { db } = deps.database;
  const tz = clubTimeZone(deps);
  const wholeDay = (date: string) => ({ startsAt: startInstant(date, null, tz), endsAt: startInstant(addDays(date, 1), null, tz) });
  if (place === 'race') {
    const race = db.select({ date: races.date }).from(races).where(eq(races.id, id)).get();
    if (!race) throw new ServiceError(404, DUTY_PLACE_NOT_FOUND, { field: 'placeId' });
    return wholeDay(race.date);
  }
  const post = db.select().from(posts).where(and(eq(posts.id, id), eq(posts.type, place))).get();
  if (!post) throw new ServiceError(404, DUTY_PLACE_NOT_FOUND, { field: 'placeId' });
  if (place === 'workout') {
    const startsAt = startInstant(post.workoutDate!, post.workoutTime, tz);
    const minutes = durationOf(usualMinutes(clubSports(deps), post.workoutType ?? ''), post.durationMinutes);
    return { startsAt, endsAt: startsAt + minutes * MINUTE };
  }
  if (!post.eventTime) return wholeDay(post.eventDate!);
  const startsAt = startInstant(post.eventDate!, post.eventTime, tz);
  return { startsAt, endsAt: startsAt + durationOf(EVENT_MINUTES, post.durationMinutes) * MINUTE };
}

/** POST /duties (execs): a kind from the club's list, its time its session's. */
export function addDuty(deps: AppDeps, actor: Member, input: NewDuty): Duty[] {
  if (!clubDuties(deps).kinds.some((k) => k.toLowerCase() === input.kind.toLowerCase())) {
    throw new ServiceError(400, DUTY_KIND_UNKNOWN_ERROR, { field: 'kind' });
  }
  for (const placeId of seriesFrom(deps, input)) {
    deps.database.db
      .insert(duties)
      .values({
        place: input.place,
        placeId,
        kind: input.kind,
        places: input.places,
        eligibility: input.eligibility,
        qualification: input.eligibility === 'qualified' ? input.qualification : null,
        ...sessionSpan(deps, input.place, placeId),
        createdBy: actor.id,
        createdAt: deps.clock(),
      })
      .run();
  }
  return dutiesOf(deps, actor, input.place, input.placeId);
}

/** The sessions a new duty goes on: its own, and with `series` every later workout of its weekly series. */
function seriesFrom(deps: AppDeps, input: NewDuty): number[] {
  if (!input.series || input.place !== 'workout') return [input.placeId];
  const post = deps.database.db.select().from(posts).where(and(eq(posts.id, input.placeId), eq(posts.type, 'workout'))).get();
  if (!post?.seriesId) return [input.placeId];
  const later = deps.database.db
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.seriesId, post.seriesId), eq(posts.type, 'workout'), gt(posts.workoutDate, post.workoutDate!)))
    .orderBy(asc(posts.workoutDate))
    .all()
    .map((p) => p.id);
  return [input.placeId, ...later];
}

/** DELETE /duties/:id (execs). */
export function removeDuty(deps: AppDeps, actor: Member, id: number): Duty[] {
  const row = dutyRow(deps, id);
  deps.database.db.delete(duties).where(eq(duties.id, id)).run();
  return dutiesOf(deps, actor, row.place as DutyPlaceKind, row.placeId);
}

/** Whether a member holds another duty whose time meets this one's. */
function holdsOverlapping(deps: AppDeps, row: DutyRow, userId: number): boolean {
  const others = deps.database.db
    .select({ startsAt: duties.startsAt, endsAt: duties.endsAt })
    .from(dutyHolders)
    .innerJoin(duties, eq(duties.id, dutyHolders.dutyId))
    .where(and(eq(dutyHolders.userId, userId), ne(duties.id, row.id), lt(duties.startsAt, row.endsAt), gt(duties.endsAt, row.startsAt)))
    .all();
  return others.some((o) => dutiesOverlap(o, row));
}

/** A member holds no two duties at the same time. */
function refuseOverlap(deps: AppDeps, row: DutyRow, userId: number): void {
  if (holdsOverlapping(deps, row, userId)) throw new ServiceError(409, DUTY_OVERLAP_ERROR);
}

function isHolder(deps: AppDeps, dutyId: number, userId: number): boolean {
  return (
    deps.database.db
      .select({ id: dutyHolders.userId })
      .from(dutyHolders)
      .where(and(eq(dutyHolders.dutyId, dutyId), eq(dutyHolders.userId, userId)))
      .get() !== undefined
  );
}

function place(deps: AppDeps, row: DutyRow, userId: number, assignedBy: number | null): void {
  deps.database.db.insert(dutyHolders).values({ dutyId: row.id, userId, takenAt: deps.clock(), assignedBy }).run();
}

function refuseStarted(deps: AppDeps, row: DutyRow): void {
  if (row.startsAt <= deps.clock()) throw new ServiceError(409, DUTY_STARTED_ERROR);
}

/**
 * POST /duties/:id/claim: a free place, or, when every place is taken, the place first offered for a
 * swap (whose holder is then told, once, and so is the member who took it).
 */
export function claimDuty(deps: AppDeps, member: Member, id: number): Duty[] {
  const row = dutyRow(deps, id);
  refuseStarted(deps, row);
  if (isHolder(deps, id, member.id)) throw new ServiceError(409, DUTY_ALREADY_HELD_ERROR);
  if (!eligible(deps, row, member)) throw new ServiceError(409, DUTY_NOT_ELIGIBLE_ERROR);
  refuseOverlap(deps, row, member.id);
  const held = holdersOf(deps, id);
  if (!dutyFull(row.places, held.length)) {
    place(deps, row, member.id, null);
  } else {
    const offer = deps.database.db
      .select({ userId: dutyHolders.userId })
      .from(dutyHolders)
      .where(and(eq(dutyHolders.dutyId, id), isNotNull(dutyHolders.swapOfferedAt)))
      .orderBy(asc(dutyHolders.swapOfferedAt))
      .get();
    if (!offer) throw new ServiceError(409, DUTY_FULL_ERROR);
    deps.database.db.delete(dutyHolders).where(and(eq(dutyHolders.dutyId, id), eq(dutyHolders.userId, offer.userId))).run();
    place(deps, row, member.id, null);
    tellSwap(deps, row, offer.userId, member.id);
  }
  return dutiesOf(deps, member, row.place as DutyPlaceKind, row.placeId);
}

/** Both sides of a swap hear of it once (keyed by duty and member): the one who gave it and the one who took it. */
function tellSwap(deps: AppDeps, row: DutyRow, fromId: number, toId: number): void {
  const people = [fromId, toId].map((uid) => deps.database.db.select({ id: users.id, email: users.email, name: users.name }).from(users).where(eq(users.id, uid)).get()!);
  const [from, to] = people as [{ id: number; email: string; name: string }, { id: number; email: string; name: string }];
  const url = row.place === 'race' ? `/race/${row.placeId}` : `/${row.place}/${row.placeId}`;
  const tell = (who: typeof from, title: string, body: string) => {
    const notice = { title, body, url };
    tellMember(deps, who, {
      kind: 'reminders',
      notice,
      email: () => noticeEmail(clubName(deps), who.email, who.name, notice, deps.env.APP_URL),
      dedupeKey: `duty-swap:${row.id}:${fromId}:${toId}:${who.id}`,
    });
  };
  tell(from, `Swap done: ${row.kind}`, `${to.name} took your ${row.kind} duty.`);
  tell(to, `Your duty: ${row.kind}`, `You took ${from.name}'s ${row.kind} duty.`);
}

/** DELETE /duties/:id/claim: given up until the club's cut-off before the start; after it, a swap is asked for instead. */
export function giveUpDuty(deps: AppDeps, member: Member, id: number): Duty[] {
  const row = dutyRow(deps, id);
  if (!isHolder(deps, id, member.id)) throw new ServiceError(409, DUTY_NOT_HELD_ERROR);
  if (!mayGiveUpDuty(row.startsAt, deps.clock(), clubDuties(deps).giveUpHours)) throw new ServiceError(409, DUTY_PAST_CUT_OFF_ERROR);
  deps.database.db.delete(dutyHolders).where(and(eq(dutyHolders.dutyId, id), eq(dutyHolders.userId, member.id))).run();
  return dutiesOf(deps, member, row.place as DutyPlaceKind, row.placeId);
}

/** POST /duties/:id/swap: the holder offers their place; they hold it until someone takes it. Offering again changes nothing. */
export function offerSwap(deps: AppDeps, member: Member, id: number): Duty[] {
  const row = dutyRow(deps, id);
  refuseStarted(deps, row);
  if (!isHolder(deps, id, member.id)) throw new ServiceError(409, DUTY_NOT_HELD_ERROR);
  deps.database.db
    .update(dutyHolders)
    .set({ swapOfferedAt: deps.clock() })
    .where(and(eq(dutyHolders.dutyId, id), eq(dutyHolders.userId, member.id), isNull(dutyHolders.swapOfferedAt)))
    .run();
  return dutiesOf(deps, member, row.place as DutyPlaceKind, row.placeId);
}

/** POST /duties/:id/swap/take: the first offered place, for an eligible member free at that time. */
export function takeSwap(deps: AppDeps, member: Member, id: number): Duty[] {
  dutyRow(deps, id);
  const offered = deps.database.db
    .select({ userId: dutyHolders.userId })
    .from(dutyHolders)
    .where(and(eq(dutyHolders.dutyId, id), isNotNull(dutyHolders.swapOfferedAt)))
    .get();
  if (!offered) throw new ServiceError(409, DUTY_NO_SWAP_ERROR);
  return claimDuty(deps, member, id);
}

/** PUT /duties/:id/holders/:userId (execs): anyone may be put on a duty with a free place, not twice at one time. */
export function assignDuty(deps: AppDeps, actor: Member, id: number, userId: number): Duty[] {
  const row = dutyRow(deps, id);
  if (!deps.database.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).get()) throw new ServiceError(404, DUTY_NOT_FOUND);
  if (!isHolder(deps, id, userId)) {
    refuseOverlap(deps, row, userId);
    if (dutyFull(row.places, holdersOf(deps, id).length)) throw new ServiceError(409, DUTY_FULL_ERROR);
    place(deps, row, userId, actor.id);
  }
  return dutiesOf(deps, actor, row.place as DutyPlaceKind, row.placeId);
}

/** DELETE /duties/:id/holders/:userId (execs): anyone taken off, at any time. */
export function unassignDuty(deps: AppDeps, actor: Member, id: number, userId: number): Duty[] {
  const row = dutyRow(deps, id);
  deps.database.db.delete(dutyHolders).where(and(eq(dutyHolders.dutyId, id), eq(dutyHolders.userId, userId))).run();
  return dutiesOf(deps, actor, row.place as DutyPlaceKind, row.placeId);
}

/**
 * PUT /duties/:id/holders/:userId/no-show (execs): once the duty has started, whether its holder did
 * not turn up. A duty not shown up for is not counted as done on the rota; it is not an absence from
 * the session (attendance counts those).
 */
export function recordNoShow(deps: AppDeps, actor: Member, id: number, userId: number, noShow: boolean): Duty[] {
  const row = dutyRow(deps, id);
  if (!isHolder(deps, id, userId)) throw new ServiceError(404, DUTY_HOLDER_NOT_FOUND);
  if (row.startsAt > deps.clock()) throw new ServiceError(409, DUTY_NOT_STARTED_ERROR);
  deps.database.db
    .update(dutyHolders)
    .set({ noShowAt: noShow ? deps.clock() : null })
    .where(and(eq(dutyHolders.dutyId, id), eq(dutyHolders.userId, userId), noShow ? isNull(dutyHolders.noShowAt) : isNotNull(dutyHolders.noShowAt)))
    .run();
  return dutiesOf(deps, actor, row.place as DutyPlaceKind, row.placeId);
}
