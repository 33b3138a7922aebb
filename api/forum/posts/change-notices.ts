// Telling members of a change to a workout or event they answered (docs/decisions/0073-cancelled-and-moved.md):
// who answered, what moved, and the message, once per member and change. The change's name in the
// message keys is the post's revision after it (db/queries/reminder-keys.ts changeKey), which is also the
// calendar feeds' SEQUENCE: a retried or racing request, or a second server on the same database,
// cannot queue a member's message twice (the unique index on the key decides).
import { clubName } from '../../club/identity/identity';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { changeKey } from '../../../db/queries/reminder-keys';
import { duties, dutyHolders, eventRsvps, posts, users, waitlistEntries, workoutSignups, type PostRow } from '../../../db/schema';
import { clubToday } from '../../../domain/clock';
import { judgeEdit, type EditVerdict, type Slot } from '../../../domain/moves';
import type { AppDeps } from '../../platform/context';
import { ServiceError } from '../../platform/errors';
import { clubStartInstant } from './start-instants';
import { movedNotice, noticeEmail, type NoticeText } from '../../messaging/mail-templates';
import { tellMember } from '../../messaging/notify';
import type { PostType } from './access';
import { activeMemberWhere } from '../../platform/users';
import { clubTimeZone } from '../../platform/club-time-zone';
import { clubDates, clubRules } from '../../club/settings';

/**
 * Where and when a post happens, as stored: an edit that changes one of these may move it
 * (domain/moves.ts says when), and the members who answered are told. The names are also the
 * request fields an edit form marks.
 */
const WHERE_AND_WHEN = {
  workout: { date: 'workoutDate', time: 'workoutTime', place: 'workoutLocation' },
  event: { date: 'eventDate', time: 'eventTime', place: 'eventLocation' },
} as const satisfies Record<PostType, { date: keyof PostRow; time: keyof PostRow; place: keyof PostRow | null }>;

export function kindOf(post: PostRow): PostType {
  return post.type === 'event' ? 'event' : 'workout';
}

/** The date, time and place of a workout or event, as calendars and notices read them. */
export function whereAndWhen(post: PostRow): { date: string; time: string; place: string } {
  const f = WHERE_AND_WHEN[kindOf(post)];
  const read = (k: keyof PostRow | null) => (k === null ? '' : String(post[k] ?? ''));
  return { date: read(f.date), time: read(f.time), place: read(f.place) };
}

/**
 * How the club's rule (domain/moves.ts) judges an edit of `before` to `after`, now: a workout's with
 * the club's posting rule too, which an event does not have.
 */
function judged(deps: AppDeps, before: PostRow, after: Slot): EditVerdict {
  const kind = kindOf(before);
  return judgeEdit(kind, whereAndWhen(before), after, deps.clock(), clubTimeZone(deps), clubDates(deps), kind === 'workout' ? clubRules(deps) : undefined);
}

/**
 * Before an edit is written: refuses (400) one that would move `post` to a start that has passed, or
 * a workout to an earlier start than the posting rule allows, naming the field to mark
 * (`workoutDate`, `eventTime`…) for the edit form.
 */
export function refuseMoveIntoPast(deps: AppDeps, post: PostRow, after: Slot): void {
  const verdict = judged(deps, post, after);
  if (verdict.allowed) return;
  throw new ServiceError(400, verdict.error, { field: WHERE_AND_WHEN[kindOf(post)][verdict.field] });
}

/** 'Thursday, March 5, 2026 at 6:00 PM' (or the day alone for an all-day event). */
export function whenOf(deps: AppDeps, post: PostRow): string {
  const { date, time } = whereAndWhen(post);
  return clubDates(deps).dateTime(date, time);
}

interface Recipient {
  id: number;
  email: string;
  name: string;
}

/**
 * The members a change of `post` concerns, each once: who answered it (`answeredMembers`) and who
 * holds one of its duties, who count as members today.
 */
function concernedMembers(deps: AppDeps, post: PostRow): Recipient[] {
  const today = clubToday(deps.clock(), clubTimeZone(deps));
  const holders = deps.database.db
    .select({ id: users.id, email: users.email, name: users.name })
    .from(dutyHolders)
    .innerJoin(duties, eq(duties.id, dutyHolders.dutyId))
    .innerJoin(users, eq(users.id, dutyHolders.userId))
    .where(and(eq(duties.place, post.type), eq(duties.placeId, post.id), activeMemberWhere(today)))
    .all();
  const byId = new Map([...answeredMembers(deps, post), ...holders].map((m) => [m.id, m]));
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

/** The members who answered: signed up or waiting (a workout), going or maybe (an event), who count as members today. */
function answeredMembers(deps: AppDeps, post: PostRow): Recipient[] {
  const { db } = deps.database;
  const today = clubToday(deps.clock(), clubTimeZone(deps));
  const member = { id: users.id, email: users.email, name: users.name };
  if (post.type === 'event') {
    return db
      .select(member)
      .from(eventRsvps)
      .innerJoin(users, eq(users.id, eventRsvps.userId))
      .where(and(eq(eventRsvps.postId, post.id), inArray(eventRsvps.status, ['going', 'maybe']), activeMemberWhere(today)))
      .orderBy(users.id)
      .all();
  }
  const signed = db
    .select(member)
    .from(workoutSignups)
    .innerJoin(users, eq(users.id, workoutSignups.userId))
    .where(and(eq(workoutSignups.postId, post.id), activeMemberWhere(today)))
    .all();
  const waiting = db
    .select(member)
    .from(waitlistEntries)
    .innerJoin(users, eq(users.id, waitlistEntries.userId))
    .where(and(eq(waitlistEntries.postId, post.id), activeMemberWhere(today)))
    .all();
  return [...signed, ...waiting].sort((a, b) => a.id - b.id);
}

/** How many members answered (those a cancel would tell), whatever their standing. */
export function answerCount(deps: AppDeps, post: PostRow): number {
  const { db } = deps.database;
  if (post.type === 'event') {
    return db
      .select({ n: sql<number>`count(*)` })
      .from(eventRsvps)
      .where(and(eq(eventRsvps.postId, post.id), inArray(eventRsvps.status, ['going', 'maybe'])))
      .get()!.n;
  }
  const n = (t: typeof workoutSignups | typeof waitlistEntries) =>
    db.select({ n: sql<number>`count(*)` }).from(t).where(eq(t.postId, post.id)).get()!.n;
  return n(workoutSignups) + n(waitlistEntries);
}

/**
 * Tells every member who answered `post` or holds one of its duties (as it is after the change, revision included) except
 * `changedBy`, who made the change and knows of it: a push to each of their devices that takes
 * reminders, an email when none does. Once per member and change: keyed
 * `change:<post>:<revision>:<member>`. Call inside the change's transaction. Answers how many members
 * a message was queued for.
 */
export function tellAnswered(deps: AppDeps, post: PostRow, notice: NoticeText, changedBy: number): number {
  let told = 0;
  for (const m of concernedMembers(deps, post)) {
    if (m.id === changedBy) continue;
    const queued = tellMember(deps, m, {
      kind: 'reminders',
      notice,
      email: () => noticeEmail(clubName(deps), m.email, m.name, notice, deps.env.APP_URL),
      dedupeKey: changeKey(post.id, post.revision, m.id),
    });
    if (queued) told += 1;
  }
  return told;
}

/**
 * After an edit (inside its transaction), when it gave the post a new date, time or place: the post
 * is marked moved (its cards, its page and My week say so to whoever reads them later) and the
 * members who answered hear of it, all but `changedBy`, who made the edit.
 */
export function tellIfMoved(deps: AppDeps, before: PostRow, after: PostRow, changedBy: number): number {
  // The club's rule says whether it moved at all: a started session corrected on its day did not.
  const verdict = judged(deps, before, whereAndWhen(after));
  if (!verdict.allowed || !verdict.moved) return 0;
  deps.database.db.update(posts).set({ movedAt: deps.clock() }).where(eq(posts.id, after.id)).run();
  moveDuties(deps, before, after);
  // A cancelled post's members hear of the new time when it is back on.
  if (after.cancelledAt !== null) return 0;
  return tellAnswered(deps, after, movedNotice(kindOf(after), after.title, whenOf(deps, after), whereAndWhen(after).place, after.id), changedBy);
}


/** A moved session's duties move with it, by as much as its start moved. */
function moveDuties(deps: AppDeps, before: PostRow, after: PostRow): void {
  const tz = clubTimeZone(deps);
  const startOf = (post: PostRow) => {
    const { date, time } = whereAndWhen(post);
    return clubStartInstant(date, time || '00:00', tz);
  };
  const by = startOf(after) - startOf(before);
  if (by === 0) return;
  deps.database.db
    .update(duties)
    .set({ startsAt: sql`${duties.startsAt} + ${by}`, endsAt: sql`${duties.endsAt} + ${by}` })
    .where(and(eq(duties.place, after.type), eq(duties.placeId, after.id)))
    .run();
}
