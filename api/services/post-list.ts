// The forum lists: a shared part built once per change of the data, and each caller's own fields
// added per request (the cached answers are api/services/post-list-cache.ts).
import { preparedOnce } from '../../db/statements';
import { addDays, clubToday } from '../../domain/clock';
import type { EventPost, RsvpStatus, WorkoutPost, WorkoutType } from '../../domain/contract/forum';
import type { AppDeps } from '../context';
import type { PostType } from './post-access';
import { DELETED_AUTHOR } from './post-reads';
import { clubStartInstant } from './start-instants';

/** Past posts stay in the lists this long (their detail pages stay reachable by link). */
export const LIST_PAST_DAYS = 30;

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
  const rows = preparedOnce(deps.database, WORKOUT_LIST_SQL).all(horizon) as WorkoutListRow[];
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
  const rows = preparedOnce(deps.database, EVENT_LIST_SQL).all(horizon) as EventListRow[];
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
