import { and, eq, gte, sql } from 'drizzle-orm';
import { addDays, clubToday } from '../contract/dates';
import type { Db } from '../../db/client';
import { posts, users, type PostRow } from '../../db/schema';
import type { EventPost, RsvpStatus, WorkoutPost, WorkoutType } from '../contract/forum';
import { hasRole } from '../contract/roles';
import type { AppDeps, CurrentUser } from '../context';
import { ServiceError, forbidden } from './errors';

/** Who is acting: enough of CurrentUser for the rules (tests may pass a plain object). */
export type Actor = Pick<CurrentUser, 'id' | 'role'>;

export type PostType = 'workout' | 'event';
export const DELETED_AUTHOR = 'Former member';

// ---------- Club time ----------

const offsetFormatters = new Map<string, Intl.DateTimeFormat>();

/** How far the zone's wall clock is ahead of UTC at `instant`, in ms. */
function zoneOffset(instant: number, timeZone: string): number {
  let fmt = offsetFormatters.get(timeZone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    offsetFormatters.set(timeZone, fmt);
  }
  const part: Record<string, number> = {};
  for (const p of fmt.formatToParts(instant)) if (p.type !== 'literal') part[p.type] = Number(p.value);
  const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant of a club-local date and time. Dates and times are stored as the club sees them
 * (DESIGN.md §2), so the 24-hour rule needs the real instant, DST included.
 */
export function clubTimeToEpoch(date: string, time: string, timeZone: string): number {
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Two rounds settle the offset, also next to a DST change.
  let instant = wall - zoneOffset(wall, timeZone);
  instant = wall - zoneOffset(instant, timeZone);
  return instant;
}

/** e.g. 'Monday, March 9, 2026 at 10:00 AM', in the club's zone: for messages people read. */
export function formatClubDateTime(
  instant: number,
  timeZone: string,
  dateStyle: 'full' | 'long' = 'full',
): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle, timeStyle: 'short' })
    .format(instant)
    .replace(/[\u202f\u00a0]/g, ' ');
}

/** e.g. 'Tuesday, March 3, 2026 at 07:00', straight from the stored club-local strings. */
export function describeWorkoutTime(date: string, time: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(new Date(`${date}T12:00:00Z`));
  return `${day} at ${time}`;
}

export function workoutStart(post: Pick<PostRow, 'workoutDate' | 'workoutTime'>, timeZone: string): number {
  return clubTimeToEpoch(post.workoutDate ?? '1970-01-01', post.workoutTime ?? '00:00', timeZone);
}

// ---------- Finding posts and who may change them ----------

export function findPost(db: Db, id: number): PostRow | undefined {
  return db.select().from(posts).where(eq(posts.id, id)).get();
}

export function requirePost(db: Db, id: number): PostRow {
  const post = findPost(db, id);
  if (!post) throw new ServiceError(404, 'Post not found');
  return post;
}

export function requireWorkout(db: Db, id: number): PostRow {
  const post = db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.type, 'workout')))
    .get();
  if (!post) throw new ServiceError(404, 'Workout not found');
  return post;
}

export function requireEvent(db: Db, id: number): PostRow {
  const post = db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), eq(posts.type, 'event')))
    .get();
  if (!post) throw new ServiceError(404, 'Event not found');
  return post;
}

/** SPEC.md §6: a post is changed or deleted by its author, an exec or an administrator. */
export function canManagePost(actor: Actor, post: Pick<PostRow, 'userId'>): boolean {
  return post.userId === actor.id || hasRole(actor.role, 'exec');
}

export function assertCanManagePost(actor: Actor, post: PostRow): void {
  if (!canManagePost(actor, post)) {
    const what = post.type === 'event' ? 'event' : 'workout';
    throw forbidden(
      `Only the author of this ${what}, executives and administrators can change or delete it.`,
    );
  }
}

export function deletePost(deps: AppDeps, actor: Actor, id: number): { message: string } {
  return deps.database.tx(() => {
    const post = requirePost(deps.database.db, id);
    assertCanManagePost(actor, post);
    // Signups, waitlist, RSVPs and attendance go with it (ON DELETE CASCADE); absences already
    // counted stay on the members' records.
    deps.database.db.delete(posts).where(eq(posts.id, id)).run();
    return { message: post.type === 'event' ? 'Event deleted' : 'Workout deleted' };
  });
}

// ---------- Reading posts with the caller's computed fields, in one query ----------

// Correlated subqueries keep the whole list to a single statement, whatever its length (DESIGN.md §6).
function workoutSelection(userId: number) {
  return {
    post: posts,
    authorName: users.name,
    authorPicture: users.profilePictureUrl,
    signupCount: sql<number>`(select count(*) from workout_signups s where s.post_id = ${posts.id})`,
    waitlistCount: sql<number>`(select count(*) from waitlist_entries w where w.post_id = ${posts.id})`,
    isSignedUp: sql<number>`exists(select 1 from workout_signups s where s.post_id = ${posts.id} and s.user_id = ${userId})`,
    // Position = entries that joined before me (ties broken by id), me included; 0 when not on it.
    waitlistPosition: sql<number>`(select count(*) from waitlist_entries w
      join waitlist_entries me on me.post_id = w.post_id and me.user_id = ${userId}
      where w.post_id = ${posts.id}
        and (w.joined_at < me.joined_at or (w.joined_at = me.joined_at and w.id <= me.id)))`,
    attendanceSubmitted: sql<number>`exists(select 1 from attendance_submissions a where a.post_id = ${posts.id})`,
  };
}

type WorkoutSelected = {
  post: PostRow;
  authorName: string | null;
  authorPicture: string | null;
  signupCount: number;
  waitlistCount: number;
  isSignedUp: number;
  waitlistPosition: number;
  attendanceSubmitted: number;
};

function toWorkoutPost(r: WorkoutSelected): WorkoutPost {
  const p = r.post;
  return {
    id: p.id,
    type: 'workout',
    user_id: p.userId,
    author_name: r.authorName ?? DELETED_AUTHOR,
    authorProfilePictureUrl: r.authorPicture,
    title: p.title,
    workout_type: (p.workoutType ?? 'other') as WorkoutType,
    workout_date: p.workoutDate ?? '',
    workout_time: p.workoutTime ?? '',
    content: p.content,
    capacity: p.capacity,
    created_at: p.createdAt,
    signupCount: Number(r.signupCount),
    waitlistCount: Number(r.waitlistCount),
    isSignedUp: Boolean(r.isSignedUp),
    waitlistPosition: r.waitlistPosition > 0 ? Number(r.waitlistPosition) : null,
    attendanceSubmitted: Boolean(r.attendanceSubmitted),
  };
}

function eventSelection(userId: number) {
  const count = (status: RsvpStatus) =>
    sql<number>`(select count(*) from event_rsvps r where r.post_id = ${posts.id} and r.status = ${status})`;
  return {
    post: posts,
    authorName: users.name,
    authorPicture: users.profilePictureUrl,
    going: count('going'),
    maybe: count('maybe'),
    notGoing: count('not_going'),
    myRsvp: sql<
      string | null
    >`(select r.status from event_rsvps r where r.post_id = ${posts.id} and r.user_id = ${userId})`,
  };
}

type EventSelected = {
  post: PostRow;
  authorName: string | null;
  authorPicture: string | null;
  going: number;
  maybe: number;
  notGoing: number;
  myRsvp: string | null;
};

function toEventPost(r: EventSelected): EventPost {
  const p = r.post;
  return {
    id: p.id,
    type: 'event',
    user_id: p.userId,
    author_name: r.authorName ?? DELETED_AUTHOR,
    authorProfilePictureUrl: r.authorPicture,
    title: p.title,
    event_date: p.eventDate ?? '',
    content: p.content,
    created_at: p.createdAt,
    rsvpCounts: { going: Number(r.going), maybe: Number(r.maybe), not_going: Number(r.notGoing) },
    myRsvp: (r.myRsvp as RsvpStatus | null) ?? null,
  };
}

/** One workout with the caller's computed fields, or undefined. */
export function loadWorkoutPost(db: Db, userId: number, id: number): WorkoutPost | undefined {
  const row = db
    .select(workoutSelection(userId))
    .from(posts)
    .leftJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, id), eq(posts.type, 'workout')))
    .get();
  return row ? toWorkoutPost(row) : undefined;
}

export function loadEventPost(db: Db, userId: number, id: number): EventPost | undefined {
  const row = db
    .select(eventSelection(userId))
    .from(posts)
    .leftJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.id, id), eq(posts.type, 'event')))
    .get();
  return row ? toEventPost(row) : undefined;
}

/**
 * Workouts that have not started, soonest first, then the ones that have, most recent first (so
 * the list opens on what is next, and last week's sessions stay at hand for attendance).
 */
/** Past posts stay in the lists this long (their detail pages stay reachable by link). */
export const LIST_PAST_DAYS = 30;

function listHorizon(deps: AppDeps): string {
  return addDays(clubToday(deps.clock(), deps.env.CLUB_TIMEZONE), -LIST_PAST_DAYS);
}

export function listWorkoutPosts(deps: AppDeps, userId: number): WorkoutPost[] {
  const rows = deps.database.db
    .select(workoutSelection(userId))
    .from(posts)
    .leftJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.type, 'workout'), gte(posts.workoutDate, listHorizon(deps))))
    .orderBy(posts.workoutDate, posts.workoutTime, posts.id)
    .all();
  const now = deps.clock();
  const tz = deps.env.CLUB_TIMEZONE;
  const upcoming: WorkoutPost[] = [];
  const past: WorkoutPost[] = [];
  for (const row of rows) {
    (workoutStart(row.post, tz) > now ? upcoming : past).push(toWorkoutPost(row));
  }
  return [...upcoming, ...past.reverse()];
}

/** Events from today on, soonest first, then past ones, most recent first. */
export function listEventPosts(deps: AppDeps, userId: number): EventPost[] {
  const rows = deps.database.db
    .select(eventSelection(userId))
    .from(posts)
    .leftJoin(users, eq(users.id, posts.userId))
    .where(and(eq(posts.type, 'event'), gte(posts.eventDate, listHorizon(deps))))
    .orderBy(posts.eventDate, posts.id)
    .all();
  const today = clubToday(deps.clock(), deps.env.CLUB_TIMEZONE);
  const upcoming: EventPost[] = [];
  const past: EventPost[] = [];
  for (const row of rows) (row.post.eventDate! >= today ? upcoming : past).push(toEventPost(row));
  return [...upcoming, ...past.reverse()];
}
