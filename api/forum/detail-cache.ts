// A workout's and an event's page answer, built once per change of the data and reused by every
// request until then, as the lists are (docs/decisions/0030-forum-list-cache.md,
// docs/decisions/0107-page-answers-built-once.md). Each post is read once without a caller; each
// member's answer is that read with their own fields, which the read itself tells (who is signed up,
// who waits and in what order, who answered what), kept per distinct own fields.
import type { Database_ } from '../../db/client';
import { dataVersion } from '../../db/queries/statements';
import type { EventDetailAnswer, WorkoutDetailAnswer } from '../../domain/contract/training/forum';
import type { AppDeps } from '../platform/context';
import { prebuiltJson, type PrebuiltJson } from '../platform/middleware/etag';
import { eventDetail } from './events';
import {
  NOT_ON_WORKOUT,
  SIGNED_UP,
  laneOwn,
  laneRoll,
  rsvpOwn,
  waitingAt,
  type EventOwn,
  type WorkoutOwn,
} from './posts/answers';
import { workoutDetail } from './workouts/workouts';

/** No member has this id: a post read for nobody carries no one's own fields. */
const NOBODY = 0;
/** Posts kept per kind; past it the oldest go (a page is read again on need). */
const POSTS_KEPT = 512;
/** Distinct answers kept per post (most members share "no own state"). */
const ANSWERS_KEPT = 64;

interface CachedPost<D> {
  detail: D;
  answers: Map<string, PrebuiltJson>;
}

interface DetailCache {
  /** The data version the kept answers were read at: any write anywhere starts afresh. */
  version: string;
  workouts: Map<number, CachedPost<WorkoutDetailAnswer>>;
  events: Map<number, CachedPost<EventDetailAnswer>>;
}

// Per connection, so each test database has its own pages.
const caches = new WeakMap<Database_, DetailCache>();

function currentCache(database: Database_): DetailCache {
  const version = dataVersion(database);
  let cache = caches.get(database);
  if (!cache || cache.version !== version) {
    cache = { version, workouts: new Map(), events: new Map() };
    caches.set(database, cache);
  }
  return cache;
}

function keep<T>(map: Map<string | number, T>, key: string | number, value: T, limit: number): T {
  if (map.size >= limit) map.delete(map.keys().next().value!);
  map.set(key, value);
  return value;
}

/** The caller's answer from a post read for nobody: the same body with their own fields in it. */
function personal<D, O>(post: CachedPost<D>, own: O, withOwn: (detail: D, own: O) => D): PrebuiltJson {
  const key = JSON.stringify(own);
  return post.answers.get(key) ?? keep(post.answers, key, prebuiltJson(JSON.stringify(withOwn(post.detail, own))), ANSWERS_KEPT);
}

function workoutOwn(detail: WorkoutDetailAnswer, userId: number): WorkoutOwn {
  const lanes = detail.workout.lanes;
  if (lanes && lanes.length > 0) {
    const people = (list: readonly { user_id: number; lane?: number | null }[], id: number) =>
      list.filter((p) => p.lane === id).map((p) => p.user_id);
    return laneOwn(
      lanes.map(({ mine: _mine, waitlistPosition: _position, signedUp: _n, waitlist: _w, ...lane }) =>
        laneRoll(lane, people(detail.signups, lane.id), people(detail.waitlist, lane.id)),
      ),
      userId,
    );
  }
  if (detail.signups.some((s) => s.user_id === userId)) return SIGNED_UP;
  const position = detail.waitlist.findIndex((w) => w.user_id === userId) + 1;
  return position > 0 ? waitingAt(position) : NOT_ON_WORKOUT;
}

/** `GET /forum/workouts/:id` for `userId`, prebuilt (body, ETag, gzip); 404 when there is no such workout. */
export function workoutDetailAnswer(deps: AppDeps, userId: number, id: number): PrebuiltJson {
  const cache = currentCache(deps.database);
  const post =
    cache.workouts.get(id) ??
    keep(cache.workouts, id, { detail: workoutDetail(deps, NOBODY, id), answers: new Map() }, POSTS_KEPT);
  return personal(post, workoutOwn(post.detail, userId), (detail, own) => ({
    ...detail,
    workout: { ...detail.workout, ...own },
  }));
}

/** `GET /forum/events/:id` for `userId`, prebuilt; 404 when there is no such event. */
export function eventDetailAnswer(deps: AppDeps, userId: number, id: number): PrebuiltJson {
  const cache = currentCache(deps.database);
  const post =
    cache.events.get(id) ??
    keep(cache.events, id, { detail: eventDetail(deps, NOBODY, id), answers: new Map() }, POSTS_KEPT);
  const mine = post.detail.rsvps.find((r) => r.user_id === userId);
  return personal<EventDetailAnswer, EventOwn>(post, rsvpOwn(mine ? mine.status : null), (detail, own) => ({
    ...detail,
    event: { ...detail.event, ...own },
  }));
}
