// The forum lists: a shared part built once per change of the data, and each caller's own fields
// added per request (the cached answers are list-cache.ts).
import { eventRowsFrom, idsOf, rsvpsOf, workoutRowsFrom, type EventPostRow } from '../../../db/queries/post-queries';
import { addDays, clubToday, forumOrder } from '../../../domain/clock';
import type { EventPost, RsvpStatus, WorkoutPost } from '../../../domain/contract/training/forum';
import type { AppDeps } from '../../platform/context';
import type { PostType } from './access';
import {
  NOT_ON_WORKOUT,
  SIGNED_UP,
  rsvpOwn,
  sharedEvent,
  laneOwn,
  laneRollsOf,
  sharedWorkout,
  waitingAt,
  type EventOwn,
  type WorkoutOwn,
} from './answers';
import { clubStartInstant } from './start-instants';
import { clubTimeZone } from '../../platform/club-time-zone';
import { clubSports } from '../../club/settings';

/** No member has this id: the fields of a member with no state in a post. */
const NOBODY = 0;

/** Past posts stay in the lists this long (their detail pages stay reachable by link). */
export const LIST_PAST_DAYS = 30;

/** One listed post without the caller's fields, as an object and as the opening of its JSON. */
interface ListedPost<T> {
  base: T;
  /** `JSON.stringify(base)` without its closing brace: the caller's fields and `}` follow. */
  jsonOpen: string;
  /** The fields of a member with no state in this post, when they differ from the list's `none`. */
  none?: OwnFields<object>;
}

/** The caller's own fields on one post: as an object, and as the JSON that closes the post. */
interface OwnFields<O> {
  fields: O;
  jsonClose: string;
}

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
 * Today's workouts first, started ones included, until club midnight; then the days ahead, soonest
 * first; then past days, most recent first (domain/clock.ts's forumOrder): the list opens on the day
 * the club is living, and last week's sessions stay at hand for attendance.
 */
export function buildWorkoutList(deps: AppDeps, now = deps.clock()): WorkoutList {
  const tz = clubTimeZone(deps);
  const { horizon, nextMidnight } = listWindow(now, tz);
  const rows = workoutRowsFrom(deps.database, horizon);
  const sports = clubSports(deps);
  let validUntil = nextMidnight;
  for (const row of rows) {
    // The answer is also renewed at each start (read on the cached instant: a list of 200 workouts has
    // only a few dozen distinct starts to convert), when a workout turns from open to under way.
    const start = clubStartInstant(row.workout_date ?? '1970-01-01', row.workout_time ?? '00:00', tz);
    if (start > now) validUntil = Math.min(validUntil, start);
  }
  const ordered = forumOrder(rows, (row) => ({ date: row.workout_date ?? '1970-01-01', time: row.workout_time }), clubToday(now, tz));
  const list: WorkoutList = {
    type: 'workout',
    posts: [],
    none: ownFields(NOT_ON_WORKOUT),
    own: new Map(),
    validUntil,
  };
  const signedUp = ownFields(SIGNED_UP);
  for (const row of ordered) {
    const index = list.posts.length;
    const signers = idsOf(row.signed_up);
    const waiting = idsOf(row.waiting);
    const post = listed(sharedWorkout(row, signers.length, waiting.length, sports));
    list.posts.push(post);
    const rolls = laneRollsOf(row);
    if (rolls.length > 0) {
      // A workout with lanes: everyone sees its lanes, each member where they stand in them.
      post.none = ownFields(laneOwn(rolls, NOBODY));
      for (const userId of new Set([...signers, ...waiting])) addOwn(list.own, userId, index, ownFields(laneOwn(rolls, userId)));
      continue;
    }
    for (const userId of signers) addOwn(list.own, userId, index, signedUp);
    waiting.forEach((userId, i) => addOwn(list.own, userId, index, ownFields(waitingAt(i + 1))));
  }
  keyOwn(list.own);
  return list;
}

/** Events from today on, soonest first, then past ones, most recent first. */
export function buildEventList(deps: AppDeps, now = deps.clock()): EventList {
  const tz = clubTimeZone(deps);
  const { horizon, nextMidnight } = listWindow(now, tz);
  const today = clubToday(now, tz);
  const rows = eventRowsFrom(deps.database, horizon);
  const upcoming: EventPostRow[] = [];
  const past: EventPostRow[] = [];
  for (const row of rows) (row.event_date! >= today ? upcoming : past).push(row);
  const list: EventList = {
    type: 'event',
    posts: [],
    none: ownFields(rsvpOwn(null)),
    own: new Map(),
    validUntil: nextMidnight,
  };
  const byStatus = new Map<RsvpStatus, OwnFields<EventOwn>>();
  for (const row of [...upcoming, ...past.reverse()]) {
    const index = list.posts.length;
    const rsvps = rsvpsOf(row);
    for (const [userId, status] of rsvps) {
      let fields = byStatus.get(status);
      if (!fields) {
        fields = ownFields(rsvpOwn(status));
        byStatus.set(status, fields);
      }
      addOwn(list.own, userId, index, fields);
    }
    list.posts.push(listed(sharedEvent(row, rsvps)));
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
  return list.posts.map((p, i) => ({ ...p.base, ...(mine?.get(i) ?? p.none ?? list.none).fields }) as T);
}

/** The answer body `{ "posts": [...] }` as `userId` sees it, straight from the prebuilt JSON. */
export function personalizedJson(list: SharedList, userId: number): string {
  const mine = list.own.get(userId)?.byIndex;
  const parts = list.posts.map((p, i) => p.jsonOpen + (mine?.get(i) ?? p.none ?? list.none).jsonClose);
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

/** A fresh, uncached list (the cached answer is list-cache.ts). */
export function listPosts(deps: AppDeps, userId: number, type: PostType): WorkoutPost[] | EventPost[] {
  return type === 'workout' ? listWorkoutPosts(deps, userId) : listEventPosts(deps, userId);
}
