import type Database from 'better-sqlite3';
import { and, eq, sql } from 'drizzle-orm';
import { addDays, clubTimeToEpoch, clubToday } from '../../domain/clock';
import type { Db } from '../../db/client';
import { posts, users, type PostRow } from '../../db/schema';
import type { EventPost, RsvpStatus, WorkoutPost, WorkoutType } from '../../domain/contract/forum';
import type { AppDeps, CurrentUser } from '../context';
import { ServiceError, forbidden } from './errors';
import { canManagePost as clubCanManagePost } from '../../domain/rules';
import { calendarDateForFormatting } from '../../domain/calendar-days';

/** Who is acting: enough of CurrentUser for the rules (tests may pass a plain object). */
export type Actor = Pick<CurrentUser, 'id' | 'role'>;

export type PostType = 'workout' | 'event';
export const DELETED_AUTHOR = 'Former member';

// ---------- Club time ----------

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

/** e.g. 'Monday, March 9, 2026': a day in the club's zone, for an item with no time. */
export function formatClubDate(instant: number, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, dateStyle: 'full' }).format(instant);
}

/** e.g. 'Tuesday, March 3, 2026 at 07:00', straight from the stored club-local strings. */
export function describeWorkoutTime(date: string, time: string): string {
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(calendarDateForFormatting(date));
  return `${day} at ${time}`;
}

const startInstants = new Map<string, number>();
const START_INSTANTS_KEPT = 10_000;

/**
 * The instant a club-local date and time starts, worked out once per distinct (zone, date, time):
 * the zone math costs two Intl calls, and a list of 200 workouts has only a few dozen distinct
 * starts. The one place that turns stored club time into an instant for the lists and the rules.
 */
export function clubStartInstant(date: string, time: string, timeZone: string): number {
  const key = `${timeZone}|${date}|${time}`;
  let instant = startInstants.get(key);
  if (instant === undefined) {
    if (startInstants.size >= START_INSTANTS_KEPT) startInstants.clear();
    instant = clubTimeToEpoch(date, time, timeZone);
    startInstants.set(key, instant);
  }
  return instant;
}

export function workoutStart(post: Pick<PostRow, 'workoutDate' | 'workoutTime'>, timeZone: string): number {
  return clubStartInstant(post.workoutDate ?? '1970-01-01', post.workoutTime ?? '00:00', timeZone);
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

/** A post is changed or deleted by its author, an exec or an administrator (domain/rules.ts). */
export function canManagePost(actor: Actor, post: Pick<PostRow, 'userId'>): boolean {
  return clubCanManagePost(actor, post.userId);
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
    series_id: p.seriesId,
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
    event_time: p.eventTime ?? '',
    event_location: p.eventLocation ?? '',
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

/** Past posts stay in the lists this long (their detail pages stay reachable by link). */
export const LIST_PAST_DAYS = 30;

// ---------- The lists: a shared part per change of the data, the caller's fields per request ----------

/** One listed post without the caller's fields, as an object and as the opening of its JSON. */
interface ListedPost<T> {
  base: T;
  /** `JSON.stringify(base)` without its closing brace: the caller's fields and `}` follow. */
  jsonOpen: string;
}

/** The caller's own fields on one post: as an object, and as the JSON that closes the post. */
interface OwnFields<O> {
  fields: O;
  jsonClose: string;
}

type WorkoutOwn = Pick<WorkoutPost, 'isSignedUp' | 'waitlistPosition'>;
type EventOwn = Pick<EventPost, 'myRsvp'>;

/**
 * A whole list as every member sees it, plus, per member with any of their own state in it, that
 * state by position. Built in one statement; valid until the data changes or `validUntil` (the next
 * workout start or club midnight, when posts move from upcoming to past or off the list).
 */
export interface SharedList<T = unknown, O = unknown> {
  type: PostType;
  posts: ListedPost<Omit<T, keyof O>>[];
  /** The caller's fields for a member with none of their own state in the list. */
  none: OwnFields<O>;
  /** Per member: their fields by position in `posts`, and a key that is equal for equal fields. */
  own: Map<number, { key: string; byIndex: Map<number, OwnFields<O>> }>;
  validUntil: number;
}

export type WorkoutList = SharedList<WorkoutPost, WorkoutOwn>;
export type EventList = SharedList<EventPost, EventOwn>;

// Prepared once per database connection: preparing again on every request was a measurable share
// of the list's cost (issue #12). Keyed by connection, so each test database gets its own.
const statementCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

export function preparedOnce(sqlite: Database.Database, source: string): Database.Statement {
  let mine = statementCache.get(sqlite);
  if (!mine) {
    mine = new Map();
    statementCache.set(sqlite, mine);
  }
  let statement = mine.get(source);
  if (!statement) {
    statement = sqlite.prepare(source);
    mine.set(source, statement);
  }
  return statement;
}

// One statement for the whole list, whatever its length (DESIGN.md §6): the members signed up and
// waiting (in waitlist order) come along as comma-separated ids.
const WORKOUT_LIST_SQL = `
  select p.id, p.user_id, u.name as author_name, u.profile_picture_url as author_picture, p.title,
    p.workout_type, p.workout_date, p.workout_time, p.content, p.capacity, p.series_id, p.created_at,
    (select group_concat(s.user_id) from workout_signups s where s.post_id = p.id) as signed_up,
    (select group_concat(w.user_id, ',' order by w.joined_at, w.id)
       from waitlist_entries w where w.post_id = p.id) as waiting,
    exists(select 1 from attendance_submissions a where a.post_id = p.id) as attendance_submitted
  from posts p left join users u on u.id = p.user_id
  where p.type = 'workout' and p.workout_date >= ?
  order by p.workout_date, p.workout_time, p.id`;

const EVENT_LIST_SQL = `
  select p.id, p.user_id, u.name as author_name, u.profile_picture_url as author_picture, p.title,
    p.event_date, p.event_time, p.event_location, p.content, p.created_at,
    (select group_concat(r.user_id || ':' || r.status) from event_rsvps r where r.post_id = p.id) as rsvps
  from posts p left join users u on u.id = p.user_id
  where p.type = 'event' and p.event_date >= ?
  order by p.event_date, coalesce(p.event_time, ''), p.id`;

interface ListRowCommon {
  id: number;
  user_id: number | null;
  author_name: string | null;
  author_picture: string | null;
  title: string;
  content: string;
  created_at: number;
}

interface WorkoutListRow extends ListRowCommon {
  workout_type: string | null;
  workout_date: string | null;
  workout_time: string | null;
  capacity: number | null;
  series_id: string | null;
  signed_up: string | null;
  waiting: string | null;
  attendance_submitted: number;
}

interface EventListRow extends ListRowCommon {
  event_date: string | null;
  event_time: string | null;
  event_location: string | null;
  rsvps: string | null;
}

const ids = (list: string | null): number[] => (list ? list.split(',').map(Number) : []);

function listed<T extends object>(base: T): ListedPost<T> {
  return { base, jsonOpen: JSON.stringify(base).slice(0, -1) };
}

function ownFields<O extends object>(fields: O): OwnFields<O> {
  // Starts with the comma that follows the shared fields, ends the post's object.
  return { fields, jsonClose: `,${JSON.stringify(fields).slice(1)}` };
}

function addOwn<O>(
  own: SharedList<unknown, O>['own'],
  userId: number,
  index: number,
  fields: OwnFields<O>,
): void {
  let mine = own.get(userId);
  if (!mine) {
    mine = { key: '', byIndex: new Map() };
    own.set(userId, mine);
  }
  mine.byIndex.set(index, fields);
}

function keyOwn(own: SharedList['own']): void {
  for (const mine of own.values()) {
    mine.key = [...mine.byIndex].map(([index, f]) => `${index}${f.jsonClose}`).join('|');
  }
}

/** The club date the lists start from (30 days back) and the instant that date next moves. */
function listWindow(now: number, timeZone: string): { horizon: string; nextMidnight: number } {
  const today = clubToday(now, timeZone);
  return {
    horizon: addDays(today, -LIST_PAST_DAYS),
    nextMidnight: clubStartInstant(addDays(today, 1), '00:00', timeZone),
  };
}

/**
 * Workouts that have not started, soonest first, then the ones that have, most recent first (so
 * the list opens on what is next, and last week's sessions stay at hand for attendance).
 */
export function buildWorkoutList(deps: AppDeps, now = deps.clock()): WorkoutList {
  const tz = deps.env.CLUB_TIMEZONE;
  const { horizon, nextMidnight } = listWindow(now, tz);
  const rows = preparedOnce(deps.database.sqlite, WORKOUT_LIST_SQL).all(horizon) as WorkoutListRow[];
  const upcoming: { row: WorkoutListRow; start: number }[] = [];
  const past: { row: WorkoutListRow; start: number }[] = [];
  let validUntil = nextMidnight;
  for (const row of rows) {
    const start = clubStartInstant(row.workout_date ?? '1970-01-01', row.workout_time ?? '00:00', tz);
    if (start > now) {
      upcoming.push({ row, start });
      validUntil = Math.min(validUntil, start);
    } else past.push({ row, start });
  }
  const list: WorkoutList = {
    type: 'workout',
    posts: [],
    none: ownFields({ isSignedUp: false, waitlistPosition: null }),
    own: new Map(),
    validUntil,
  };
  const signedUp = ownFields<WorkoutOwn>({ isSignedUp: true, waitlistPosition: null });
  for (const { row } of [...upcoming, ...past.reverse()]) {
    const index = list.posts.length;
    const signers = ids(row.signed_up);
    const waiting = ids(row.waiting);
    list.posts.push(
      listed({
        id: row.id,
        type: 'workout' as const,
        user_id: row.user_id,
        author_name: row.author_name ?? DELETED_AUTHOR,
        authorProfilePictureUrl: row.author_picture,
        title: row.title,
        workout_type: (row.workout_type ?? 'other') as WorkoutType,
        workout_date: row.workout_date ?? '',
        workout_time: row.workout_time ?? '',
        content: row.content,
        capacity: row.capacity,
        series_id: row.series_id,
        created_at: row.created_at,
        signupCount: signers.length,
        waitlistCount: waiting.length,
        attendanceSubmitted: row.attendance_submitted === 1,
      }),
    );
    for (const userId of signers) addOwn(list.own, userId, index, signedUp);
    waiting.forEach((userId, i) =>
      addOwn(list.own, userId, index, ownFields<WorkoutOwn>({ isSignedUp: false, waitlistPosition: i + 1 })),
    );
  }
  keyOwn(list.own);
  return list;
}

/** Events from today on, soonest first, then past ones, most recent first. */
export function buildEventList(deps: AppDeps, now = deps.clock()): EventList {
  const tz = deps.env.CLUB_TIMEZONE;
  const { horizon, nextMidnight } = listWindow(now, tz);
  const today = clubToday(now, tz);
  const rows = preparedOnce(deps.database.sqlite, EVENT_LIST_SQL).all(horizon) as EventListRow[];
  const upcoming: EventListRow[] = [];
  const past: EventListRow[] = [];
  for (const row of rows) (row.event_date! >= today ? upcoming : past).push(row);
  const list: EventList = {
    type: 'event',
    posts: [],
    none: ownFields<EventOwn>({ myRsvp: null }),
    own: new Map(),
    validUntil: nextMidnight,
  };
  const byStatus = new Map<string, OwnFields<EventOwn>>();
  for (const row of [...upcoming, ...past.reverse()]) {
    const index = list.posts.length;
    const counts: Record<RsvpStatus, number> = { going: 0, maybe: 0, not_going: 0 };
    for (const rsvp of row.rsvps ? row.rsvps.split(',') : []) {
      const [userId, status] = rsvp.split(':') as [string, RsvpStatus];
      counts[status] += 1;
      let fields = byStatus.get(status);
      if (!fields) {
        fields = ownFields<EventOwn>({ myRsvp: status });
        byStatus.set(status, fields);
      }
      addOwn(list.own, Number(userId), index, fields);
    }
    list.posts.push(
      listed({
        id: row.id,
        type: 'event' as const,
        user_id: row.user_id,
        author_name: row.author_name ?? DELETED_AUTHOR,
        authorProfilePictureUrl: row.author_picture,
        title: row.title,
        event_date: row.event_date ?? '',
        event_time: row.event_time ?? '',
        event_location: row.event_location ?? '',
        content: row.content,
        created_at: row.created_at,
        rsvpCounts: counts,
      }),
    );
  }
  keyOwn(list.own);
  return list;
}

export function buildPostList(deps: AppDeps, type: PostType, now = deps.clock()): WorkoutList | EventList {
  return type === 'workout' ? buildWorkoutList(deps, now) : buildEventList(deps, now);
}

/** The list as `userId` sees it, as objects. */
export function personalize<T, O>(list: SharedList<T, O>, userId: number): T[] {
  const mine = list.own.get(userId)?.byIndex;
  return list.posts.map((p, i) => ({ ...p.base, ...(mine?.get(i) ?? list.none).fields }) as T);
}

/** The answer body `{ "posts": [...] }` as `userId` sees it, straight from the prebuilt JSON. */
export function personalizedJson(list: SharedList, userId: number): string {
  const mine = list.own.get(userId)?.byIndex;
  const parts = list.posts.map((p, i) => p.jsonOpen + (mine?.get(i) ?? list.none).jsonClose);
  return `{"posts":[${parts.join(',')}]}`;
}

/** Equal for two members who see the same list (most have the same few of their own fields). */
export function ownKey(list: SharedList, userId: number): string {
  return list.own.get(userId)?.key ?? '';
}

export function listWorkoutPosts(deps: AppDeps, userId: number): WorkoutPost[] {
  return personalize(buildWorkoutList(deps), userId);
}

export function listEventPosts(deps: AppDeps, userId: number): EventPost[] {
  return personalize(buildEventList(deps), userId);
}

/** A fresh, uncached list (the cached answer is api/services/post-list-cache.ts). */
export function listPosts(deps: AppDeps, userId: number, type: PostType): WorkoutPost[] | EventPost[] {
  return type === 'workout' ? listWorkoutPosts(deps, userId) : listEventPosts(deps, userId);
}
